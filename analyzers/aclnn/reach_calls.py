"""The launch-relevant places of one function: the launches written in it and the uses of names that reach one."""

from __future__ import annotations

import bisect
import re
from collections import OrderedDict
from pathlib import Path

from op_migrate.analyzers.aclnn.reach_model import LaunchSite, ReachCall, ReachChain
from op_migrate.analyzers.aclnn.reach_lex import mask
from op_migrate.analyzers.aclnn.reach_scan import Definition, file_definitions
from op_migrate.analyzers.aclnn.reach_tiling import PREFIX as TILING_PREFIX
from op_migrate.analyzers.route.macros import LAUNCH_MACROS

_WORD = re.compile(rb"([A-Za-z_]\w*)(\s*::)?")
_FIRST_ARGUMENT = re.compile(rb"\s*\(\s*([A-Za-z_]\w*)?")
_LAUNCHERS = {name.encode("ascii"): kind for name, kind in LAUNCH_MACROS.items()}
_CACHED_FILES = 32


class CallCache(OrderedDict):
    """path -> (masked bytes, line starts, definitions) of the files asked about most recently; `parse` reads the
    files whose braces do not balance, as in the build."""

    def __init__(self, parse=None) -> None:
        super().__init__()
        self.parse = parse

    def file(self, path: str):
        if path in self:
            self.move_to_end(path)
            return self[path]
        try:
            data = Path(path).read_bytes()
        except OSError:
            return None
        masked = mask(data)[0]
        starts = [0] + [m.end() for m in re.finditer(rb"\n", masked)]
        self[path] = (masked, starts, file_definitions(path, data, self.parse).definitions)
        if len(self) > _CACHED_FILES:
            self.popitem(last=False)
        return self[path]


def calls_of(index, cache: CallCache, path: str, function_name: str, line: int):
    """See ReachIndex.sites_in."""
    loaded = cache.file(path)
    if loaded is None:
        return None
    masked, starts, definitions = loaded
    definition = _definition(definitions, function_name, line)
    if definition is None:
        return None
    reaching = index.reaching_bytes
    in_l0 = "l0op" in definition.qualifier
    sees_l0 = in_l0 or b"using namespace l0op" in masked or b"using l0op::" in masked
    own = definition.name.encode("ascii", "replace")
    found: list[ReachCall] = []
    start, end = definition.span
    skip_to = -1
    l0_next = False
    for match in _WORD.finditer(masked, start, end):
        word, qualified = match.group(1), match.group(2)
        at = match.start()
        if at < skip_to:
            continue
        here = bisect.bisect_right(starts, at)
        if l0_next:
            l0_next = False
            name = word.decode("ascii")
            if name in index.l0_helpers:  # `l0op::IsAiCoreSupport(x)`: a call, reaching what the helper reaches
                chain = index.reaches(name, "l0op", path)
                if chain is not None:
                    found.append(ReachCall(here, "l0op::" + name, "l0op::" + name, chain))
                continue
            site = LaunchSite("l0op", "l0op::" + name, path, here)
            found.append(ReachCall(here, _callee(masked, at, match.end(1)), site.name, ReachChain((), site)))
            continue
        if qualified:
            l0_next = word == b"l0op"
            continue
        if word in _LAUNCHERS:
            argument = _FIRST_ARGUMENT.match(masked, match.end())
            op = argument.group(1) if argument is not None and argument.group(1) else word
            skip_to = argument.end() if argument is not None else -1  # the op name is not a call
            site = LaunchSite(_LAUNCHERS[word], op.decode("ascii"), path, here)
            found.append(ReachCall(here, word.decode("ascii"), site.name, ReachChain((), site)))
            continue
        name = word.decode("ascii", "replace")
        if name in index.generated:
            site = LaunchSite("generated", name, path, here)
            found.append(ReachCall(here, _callee(masked, at, match.end(1)), name, ReachChain((), site)))
        elif in_l0 and name in index.l0_names and _free_call(masked, at, match.end(1)):
            site = LaunchSite("l0op", "l0op::" + name, path, here)
            found.append(ReachCall(here, name, site.name, ReachChain((), site)))
        elif word != own and (word in reaching or (sees_l0 and b"l0op::" + word in reaching) or
                              (TILING_PREFIX + word in reaching and index.tiling.sees_name(path, word))):
            callee = _callee(masked, at, match.end(1))
            qualifier = callee.rsplit("::", 1)[0].lstrip("&") if "::" in callee else None
            chain = index.reaches(name, qualifier, path) or (index.reaches(name, "l0op", path) if sees_l0 else None)
            if chain is not None:
                found.append(ReachCall(here, callee, name, chain))
    return tuple(found)


def _definition(definitions: tuple[Definition, ...], function_name: str, line: int) -> Definition | None:
    """The function definition of that name whose lines hold `line`, else the one starting nearest to it."""
    parts = function_name.split("::")
    named = [d for d in definitions if d.kind == "function" and d.name == parts[-1]
             and all(p in d.qualifier for p in parts[:-1] if p)]
    holding = [d for d in named if d.line <= line <= d.end_line]
    if holding:
        return min(holding, key=lambda d: d.end_line - d.line)
    return min(named, key=lambda d: abs(d.line - line)) if named else None


def _free_call(text: bytes, start: int, end: int) -> bool:
    """`Name(` with no `.`, `->` or `::` before it."""
    before = text[max(0, start - 2):start].rstrip()
    return text[end:end + 64].lstrip()[:1] == b"(" and not before.endswith((b".", b"->", b":"))


def _callee(text: bytes, start: int, end: int) -> str:
    """The name with the receivers and qualifiers written before it: `aclnnOp.ProcessL0`, `graph->Execute`,
    `&Class::Method`."""
    index = start
    while True:
        before = text[max(0, index - 200):index]
        stripped = before.rstrip()
        for joiner in (b"::", b".", b"->"):
            if stripped.endswith(joiner):
                head = stripped[:-len(joiner)].rstrip()
                word = re.search(rb"[A-Za-z_]\w*$", head)
                if word is None:
                    break
                index = index - len(before) + word.start()
                break
        else:
            break
        if word is None:
            break
    prefix = text[max(0, index - 1):index]
    if prefix == b"&":
        index -= 1
    return re.sub(rb"\s+", b"", text[index:end]).decode("ascii", "replace")
