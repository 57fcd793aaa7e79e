"""Building the reach index: lex every file, scan the files that matter, propagate reachability by layers."""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.aclnn.messages import MESSAGES
from op_migrate.analyzers.aclnn.reach_files import SOURCE_SUFFIXES, FileSet, framework_sources
from op_migrate.analyzers.aclnn.reach_model import LaunchSite, ReachDef
from op_migrate.analyzers.aclnn.reach_lex import IDENT_BYTES, free_call_lines, included_names, mask
from op_migrate.analyzers.aclnn.reach_scan import Definition, Site, file_definitions
from op_migrate.analyzers.aclnn.reach_tiling import NAMESPACE as TILING_NAMESPACE
from op_migrate.analyzers.aclnn.reach_tiling import PREFIX as TILING_PREFIX
from op_migrate.analyzers.aclnn.reach_tiling import TilingSight
from op_migrate.analyzers.cxx.model import CxxUnit
from op_migrate.analyzers.cxx.source import MAX_SOURCE_BYTES
from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.route.macros import LAUNCH_MACROS

# A file holding one of these may hold a launch site (LAUNCH_MACROS, `l0op::`, aclnnInner calls): it is scanned.
_SEED_MARKERS = (b"l0op", b"aclnnInner", b"ADD_TO_LAUNCHER_LIST", b"KernelLauncher")
assert all(any(marker in name.encode("ascii") for marker in _SEED_MARKERS) for name in LAUNCH_MACROS)
_SOURCE_INCLUDES = (b'.cpp"', b'.cc"', b'.cxx"', b'.c"', b".cpp>", b".cc>")
_USING_L0 = (b"using namespace l0op", b"using l0op::")
_NO_NAMES: frozenset[bytes] = frozenset()
_INCLUDED_SOURCE = re.compile(rb'#\s*include\s*["<]([^">\n]+\.(?:cpp|cc|cxx|c))[">]')


class _Build:
    """The state of one build: lexed files, scanned definitions, layers."""

    def __init__(self, files: FileSet, parse: Callable[[Path], CxxUnit] | None) -> None:
        self.files = files
        self.parse = parse
        self.findings: list[Finding] = []
        self.names: list[frozenset[bytes]] = []  # per file not scanned yet, its identifiers as lexed
        # One bytes object per distinct name, shared by every file's and definition's set (ops-nn's roots: 1.5 M
        # identifiers lexed and 1.1 M names used by definitions, 190 k distinct; a copy each was ~140 MB of the build).
        self.pool: dict[bytes, bytes] = {}
        self.included_sources: set[str] = set()  # basenames of sources some file #includes: not file-local
        self.headers: dict[str, list[int]] | None = None  # header file name, or folder + "/" -> file ids
        self.header_cache: dict[int, frozenset[bytes]] = {}
        self.scanned: set[int] = set()
        self.defs: list[tuple[int, Definition]] = []
        # Per definition: its node name and the node names its body may use. A definition in namespace l0op is the
        # node `l0op::X` (C++ finds it unqualified only from inside that namespace or under `using namespace l0op`);
        # one with internal linkage in a source file is `X@<file id>`, used only from that file.
        self.keys: list[bytes] = []
        self.refs: list[frozenset[bytes]] = []
        self.tiling = TilingSight(files.paths)  # a definition in `namespace optiling` is the node `optiling::X`
        self.left_out = framework_sources(files)

    def read(self, fid: int) -> bytes | None:
        path = self.files.paths[fid]
        try:
            with open(path, "rb") as handle:
                data = handle.read()
        except OSError as error:
            self.findings.append(MESSAGES.make("reach-file-unreadable", path=path, line=None,
                                               reason=error.strerror or str(error)))
            return None
        if len(data) > MAX_SOURCE_BYTES:
            self.findings.append(MESSAGES.make("reach-file-unreadable", path=path, line=None,
                                               reason=f"{len(data)} bytes, over the {MAX_SOURCE_BYTES} limit"))
            return None
        return data

    def lex(self) -> None:
        """Scan the files that may hold a launch site (the seeds); keep every other file's identifier set."""
        for fid in range(len(self.files.paths)):
            if fid in self.left_out:
                self.names.append(frozenset())  # never scanned: no definitions, no uses
                continue
            data = self.read(fid)
            if data is None:
                self.names.append(frozenset())
                continue
            if any(marker in data for marker in _SEED_MARKERS):
                self.names.append(frozenset())
                self.scan_one(fid, data)
            else:
                self.names.append(self.shared(data.translate(IDENT_BYTES).split()))
            if any(marker in data for marker in _SOURCE_INCLUDES):
                self.included_sources.update(os.path.basename(m.decode("utf-8", "replace"))
                                             for m in _INCLUDED_SOURCE.findall(data))

    def using(self, names: set[bytes]) -> list[int]:
        """The files not scanned yet whose identifiers include one of `names`."""
        return [fid for fid, found in enumerate(self.names) if fid not in self.scanned and not found.isdisjoint(names)]

    def scan(self, fids) -> int:
        """Scan `fids` (those not scanned yet); the index of their first definition in self.defs."""
        first = len(self.defs)
        for fid in sorted(set(fids) - self.scanned):
            self.scanned.add(fid)  # once, even when it cannot be read
            self.names[fid] = _NO_NAMES  # using() asks only about files not scanned
            data = self.read(fid)
            if data is not None:
                self.scan_one(fid, data)
        return first

    def shared(self, words) -> frozenset[bytes]:
        """`words` as a set of the pool's objects (C-level: map over the pool, no Python call per word)."""
        words = words if isinstance(words, frozenset) else frozenset(words)
        new = words.difference(self.pool)  # set - dict: a lookup per word (`- pool.keys()` copies the pool)
        if new:
            self.pool.update(zip(new, new))
        return frozenset(map(self.pool.__getitem__, words))

    def scan_one(self, fid: int, data: bytes) -> None:
        self.scanned.add(fid)
        path = self.files.paths[fid]
        masked = mask(data)  # once for the scan and the tiling sight
        scanned = file_definitions(path, data, self.parse, self.shared, masked)
        if scanned.unbalanced is not None:
            self.findings.append(MESSAGES.make("reach-braces-unbalanced", path=path, line=scanned.unbalanced))
        self.add(fid, scanned.definitions, any(using in data for using in _USING_L0), data, masked[0])

    def add(self, fid: int, definitions, sees_l0: bool, data: bytes, masked: bytes | None = None) -> None:
        """Record a file's definitions with their node names and the node names their bodies may use."""
        path = self.files.paths[fid]
        local = path.endswith(SOURCE_SUFFIXES) and os.path.basename(path) not in self.included_sources
        suffix = b"@%d" % fid
        keys = []
        declared = None
        tiling_names = self.tiling.names(path, data, masked)
        for definition in definitions:
            space = b"l0op::" if "l0op" in definition.qualifier else \
                TILING_PREFIX if TILING_NAMESPACE in definition.qualifier else b""
            key = space + definition.name.encode("ascii", "replace")
            linkage = definition.linkage
            if linkage == "c-unnamed" and local:
                declared = self.header_names(fid, data) if declared is None else declared
                linkage = "external" if definition.name.encode("ascii", "replace") in declared else "internal"
            keys.append(key + suffix if local and linkage != "external" else key)
        internal = {key[:-len(suffix)] for key in keys if key.endswith(suffix)}
        for definition, key in zip(definitions, keys):
            refs = definition.refs
            if tiling_names:
                refs = refs | {TILING_PREFIX + r for r in refs if any(r in names for names in tiling_names)}
            if "l0op" in definition.qualifier or sees_l0:
                refs = refs | {b"l0op::" + r for r in refs if not r.startswith(TILING_PREFIX)}
            if any(site.kind == "l0op" for site in definition.sites):  # `l0op::X(...)` of a helper is a call
                refs = refs | {site.name.encode("ascii") for site in definition.sites if site.kind == "l0op"}
            if internal:
                refs = refs | {r + suffix for r in refs & internal}
            self.defs.append((fid, definition))
            self.keys.append(key)
            self.refs.append(refs if refs is definition.refs else self.shared(refs))

    def header_names(self, fid: int, data: bytes) -> frozenset[bytes]:
        """The identifiers of the headers with `extern "C"` a source file includes (by file name) or has beside it: a
        function of an unnamed namespace in `extern "C"` that one of them declares is that global C function."""
        if self.headers is None:
            self.headers = {}
            for index, path in enumerate(self.files.paths):
                if not path.endswith(SOURCE_SUFFIXES):
                    self.headers.setdefault(os.path.basename(path), []).append(index)
                    self.headers.setdefault(os.path.dirname(path) + os.sep, []).append(index)
        wanted = set(included_names(data))
        wanted.add(os.path.dirname(self.files.paths[fid]) + os.sep)
        found: set[bytes] = set()
        for index in {index for key in wanted for index in self.headers.get(key, ())}:
            if index not in self.header_cache:
                header = self.read(index) or b""  # only a header with C declarations can declare a C function
                self.header_cache[index] = (frozenset(header.translate(IDENT_BYTES).split()) if b'extern "C"' in header
                                            else frozenset())
            found |= self.header_cache[index]
        return frozenset(found)


@dataclass
class Built:
    """What propagate() gives the index."""

    defs: dict[str, list[ReachDef]]
    l0_names: frozenset[str]  # `namespace l0op` functions that launch
    l0_helpers: frozenset[str]  # `namespace l0op` functions that do not (`l0op::IsAiCoreSupport`): not launches
    generated: frozenset[str]
    findings: list[Finding]
    stats: dict


def propagate(files: FileSet, parse) -> Built:
    """Lex, scan the seeds, then scan what uses a reaching name, layer by layer, to a fixpoint."""
    build = _Build(files, parse)
    build.lex()
    launches = _Launches(build)
    defs, keys, refs = build.defs, build.keys, build.refs
    layer_of: list[int | None] = []
    sites: dict[int, tuple[Site, ...]] = {}
    reach: dict[bytes, int] = {}
    frontier: set[bytes] = set()
    layer = 0
    first = 0
    while True:
        marked: list[int] = []
        for index in range(first, len(defs)):  # newly scanned: any reaching name counts
            own = launches.of(index)
            hit = [reach[r] for r in refs[index] if r in reach]
            if own:
                sites[index] = own
            layer_of.append(0 if own else min(hit) + 1 if hit else None)
            if layer_of[index] is not None:
                marked.append(index)
        for index in waiting if frontier else ():
            if not refs[index].isdisjoint(frontier):
                layer_of[index] = layer
                marked.append(index)
        frontier = {keys[index] for index in marked} - reach.keys()
        if not frontier:
            break
        for name in frontier:
            reach[name] = layer
        layer += 1
        waiting = [i for i, value in enumerate(layer_of) if value is None]
        first = build.scan(build.using({_token(name) for name in frontier} - {b""}))
    stats = {"files": len(files.paths), "scanned": len(build.scanned), "definitions": len(defs),
             "reaching": len(reach), "layers": layer}
    return Built(_compact(files, build, layer_of, sites, reach), frozenset(launches.l0_names),
                 frozenset(launches.l0_defined - launches.l0_names), frozenset(launches.generated),
                 sorted(build.findings, key=Finding.sort_key), stats)


def _token(name: bytes) -> bytes:
    """The lexed token of the files that may use node `name`; b"" when they are all scanned already (a node internal
    to a file, an `l0op::` node: only `namespace l0op` files and `using namespace l0op` files see it, all seeds)."""
    if b"@" in name or name.startswith(b"l0op::"):
        return b""
    name = name.removeprefix(TILING_PREFIX)
    if name.startswith(b"~"):
        return name[1:]  # a destructor runs where its class is named
    return b"operator" if name.startswith(b"operator") else name


class _Launches:
    """Which written launches count, decided once the seeds are scanned (every L0 definition is in a seed)."""

    def __init__(self, build: _Build) -> None:
        self.build = build
        self.defined = {d.name for _, d in build.defs}
        l0 = [d for _, d in build.defs if d.kind == "function" and "l0op" in d.qualifier]
        # A struct of namespace l0op (`l0op::ConvBackpropParams params{...}`) is no launch either: what
        # its constructor reaches, it reaches as a name.
        self.l0_defined = {d.name for d in l0} | {d.name for _, d in build.defs
                                                  if d.kind in ("class", "variable") and "l0op" in d.qualifier}
        self.generated: set[str] = set()
        # L0 names: `namespace l0op` functions that launch (a launcher macro, an aclnnInner call, an `l0op::X` use of
        # an X no root defines or of an L0 name, an unqualified call of an L0 name), to a fixpoint. The helpers of
        # those files (`IsAiCoreSupport`) are not: `l0op::IsAiCoreSupport(x)` is a call, not a launch.
        self.l0_names: set[str] = set()
        while True:
            more = {d.name for d in l0 if d.name not in self.l0_names and (
                any(self.counts(s) for s in d.sites) or not d.free_calls.isdisjoint(self.l0_names))}
            if not more:
                break
            self.l0_names |= more

    def counts(self, site: Site) -> bool:
        if site.kind == "generated":
            return site.name not in self.defined
        if site.kind == "l0op":
            return site.name[6:] not in self.l0_defined or site.name[6:] in self.l0_names
        return True

    def of(self, index: int) -> tuple[Site, ...]:
        """The launches of one definition; inside namespace l0op its unqualified calls of L0 names count too (their
        lines are read again from the file: there are few)."""
        fid, definition = self.build.defs[index]
        own = [s for s in definition.sites if self.counts(s)]
        self.generated.update(s.name for s in own if s.kind == "generated")
        calls = definition.free_calls & self.l0_names
        if calls:
            masked = mask(self.build.read(fid) or b"")[0]
            start, end = definition.span
            own += [Site("l0op", "l0op::" + name, line) for name, line in
                    free_call_lines(masked[start:end], masked.count(b"\n", 0, start) + 1, calls)]
        return tuple(sorted(own, key=lambda s: s.line))


def _compact(files: FileSet, build: _Build, layer_of, sites, reach):
    """Every definition of a reaching name, in root/file/line order, with its launches, the reaching names it uses
    and its next hop toward a launch."""
    kept: dict[str, list] = {}
    for index, (fid, definition) in enumerate(build.defs):
        key = build.keys[index]
        if key not in reach:
            continue
        value = layer_of[index]
        path = files.paths[fid]
        own = tuple(LaunchSite(s.kind, s.name, path, s.line) for s in sites.get(index, ()))
        launched = {s.name for s in own if s.kind == "l0op"}  # an `l0op::X` launch is not followed into X
        calls = sorted({r.split(b"@")[0].decode("ascii", "replace") for r in build.refs[index] if r in reach}
                       - launched)
        nxt = None
        if value:
            nxt = min(r for r in build.refs[index] if reach.get(r) == value - 1).split(b"@")[0].decode("ascii")
        name, internal = key.split(b"@")[0].decode("ascii", "replace"), b"@" in key
        kept.setdefault(name, []).append((fid, definition.line, ReachDef(
            name, definition.qualifier, path, definition.line, value, nxt, internal, own,
            tuple(calls))))
    return {name: [d for _, _, d in sorted(items, key=lambda item: item[:2])] for name, items in kept.items()}
