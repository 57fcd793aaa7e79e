"""The capability sources of a CANN install or open tree: AI Core op-info per SoC, AI CPU configs, REG_OP headers.

Each file is read at most once per run, whatever the number of operators asked about.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.proto.aicpu import read_aicpu_config
from op_migrate.analyzers.proto.model import AicpuKernel, OpInfo, Proto
from op_migrate.analyzers.proto.platform_facts import PlatformFacts, read_platform_facts
from op_migrate.analyzers.proto.opinfo import OpInfoError, entry_of, read_ini_entries, read_json_entries, soc_of
from op_migrate.analyzers.proto.regop import find_protos
from op_migrate.analyzers.proto.type_sets import TypeSets, find_type_sets

# Relative to a CANN install ($ASCEND_HOME_PATH), to its opp folder ($ASCEND_OPP_PATH) and to the open trees.
OPINFO_GLOBS = (
    "opp/built-in/op_impl/ai_core/tbe/config/*/aic-*-ops-info*.json",
    "built-in/op_impl/ai_core/tbe/config/*/aic-*-ops-info*.json",
    "opp/built-in/op_impl/ai_core/tbe/op_info_cfg/ai_core/*/aic-*-ops-info*.ini",
    "opp/op_info_cfg/ai_core/*/aic-*-ops-info*.ini",
    "ops/built-in/tbe/op_info_cfg/ai_core/*/aic-*-ops-info*.ini",
    "built-in/tbe/op_info_cfg/ai_core/*/aic-*-ops-info*.ini",
)
AICPU_GLOBS = (
    "opp/built-in/op_impl/aicpu/*/config/*.json",
    "built-in/op_impl/aicpu/*/config/*.json",
    "*/*/op_kernel_aicpu/*.json",
    "experimental/*/*/op_kernel_aicpu/*.json",
)
PROTO_GLOBS = (
    "opp/built-in/op_proto/inc/*.h",
    "opp/built-in/op_graph/inc/*.h",
    "built-in/op_proto/inc/*.h",
    "built-in/op_graph/inc/*.h",
    "ops/built-in/op_proto/inc/*.h",
    "*/*/op_graph/*.h",
    "experimental/*/*/op_graph/*.h",
)
_REG_NAME = re.compile(rb"REG_OP\(\s*(\w+)\s*\)")
# A top-level key of a JSON op-info / AI CPU config (`    "Add": {`, indented once or not at all), an ini section.
_ENTRY_START = re.compile(r'^(?: {0,4}|\t)"([\w.]+)"\s*:\s*\{|^\[([\w.]+)\]\s*$')


@dataclass(frozen=True)
class SourceProblem:
    """A capability source that could not be read."""

    path: str
    reason: str


class CapabilitySources:
    """Lazily indexed op-info, AI CPU and prototype files under the roots."""

    def __init__(self, roots: list[Path]) -> None:
        self.roots = [Path(root) for root in roots]
        self.problems: list[SourceProblem] = []
        self._opinfo_files = _found(self.roots, OPINFO_GLOBS)
        self._aicpu_files = _found(self.roots, AICPU_GLOBS)
        self._proto_files = _found(self.roots, PROTO_GLOBS)
        self._opinfo_entries: dict[Path, dict] = {}
        self._aicpu: dict[str, list[AicpuKernel]] | None = None
        self._proto_index: dict[str, list[Path]] | None = None
        self._protos: dict[Path, dict[str, Proto]] = {}
        self._type_sets: TypeSets | None = None
        self._name_indexes: tuple[dict, dict] | None = None
        self._platform: PlatformFacts | None = None
        self._entry_lines: dict[str, dict[str, int]] = {}

    @property
    def socs(self) -> list[str]:
        """Every SoC that has an AI Core op-info file, sorted."""
        return sorted({soc_of(str(path)) for path in self._opinfo_files})

    def fingerprint(self) -> str:
        """Size and modification time of every file the sources would read: a cache of their results keys on it."""
        digest = hashlib.sha256()
        for path in [*self._opinfo_files, *self._aicpu_files, *self._proto_files]:
            try:
                stat = path.stat()
                state = f"{stat.st_size}\0{stat.st_mtime_ns}"
            except OSError as error:  # a dangling link: its reading fails the same way, and is reported then
                state = f"unreadable {error.errno}"
            digest.update(f"{path}\0{state}\0".encode("utf-8", "surrogateescape"))
        # The type sets by content: graph/types.h is not among the files above; the platform tables likewise.
        digest.update(repr((self.type_sets.source, sorted(self.type_sets.sets.items()))).encode("utf-8", "surrogateescape"))
        digest.update(repr(self.platform.fingerprint()).encode("utf-8", "surrogateescape"))
        return digest.hexdigest()

    @property
    def platform(self) -> PlatformFacts:
        """What each SoC supports (platform_config .ini, the DSL and TIK support tables), read once."""
        if self._platform is None:
            self._platform = read_platform_facts(self.roots)
        return self._platform

    @property
    def opinfo_files(self) -> list[Path]:
        return list(self._opinfo_files)

    @property
    def aicpu_files(self) -> list[Path]:
        return list(self._aicpu_files)

    @property
    def type_sets(self) -> TypeSets:
        if self._type_sets is None:
            self._type_sets = find_type_sets(self.roots)
        return self._type_sets

    def aicore(self, op_type: str) -> dict[str, OpInfo]:
        """SoC -> the op's AI Core op-info entry (the first file of a SoC that has the op)."""
        found: dict[str, OpInfo] = {}
        for path in self._opinfo_files:
            soc = soc_of(str(path))
            if soc in found:
                continue
            raw = self._entries(path).get(op_type)
            if isinstance(raw, dict):
                found[soc] = entry_of(op_type, str(path), raw)
        return dict(sorted(found.items()))

    def aicore_entries(self) -> dict[str, dict]:
        """SoC -> {op type -> raw entry}: every op of every SoC (corpus mode reads flags such as opFile from it)."""
        merged: dict[str, dict] = {}
        for path in self._opinfo_files:
            entries = merged.setdefault(soc_of(str(path)), {})
            for op_type, raw in self._entries(path).items():
                entries.setdefault(op_type, raw)
        return merged

    def knows(self, op_type: str) -> bool:
        """True when an AI Core op-info entry, an AI CPU kernel or a REG_OP names this op type."""
        return bool(self.aicore(op_type) or self.aicpu(op_type) or self.proto(op_type))

    def canonical_op_type(self, op_type: str, module: str) -> tuple[str, str] | None:
        """(the op type as the install spells it, how it was found) for an op type the install does not know:
        the op-info's opFile naming this module, else the one known name that differs only in case
        (conv2d.py -> Conv2d -> Conv2D). None when neither finds one."""
        if self.knows(op_type):
            return None
        by_module, by_lower = self._indexes()
        named = sorted(by_module.get(module, ()))
        if named:
            same = [name for name in named if name.lower() == op_type.lower()]
            return (same or named)[0], f"the op-info names {module}.py for it (opFile)"
        spelt = sorted(by_lower.get(op_type.lower(), ()))
        if len(spelt) == 1:
            return spelt[0], "the install spells it so"
        return None

    def _indexes(self) -> tuple[dict, dict]:
        """(opFile module -> op types, lower-case op type -> op types) over every op-info, AI CPU and REG_OP name."""
        if self._name_indexes is None:
            by_module: dict[str, set[str]] = {}
            names: set[str] = set()
            for entries in self.aicore_entries().values():
                for op_type, raw in entries.items():
                    names.add(op_type)
                    op_file = raw.get("opFile") if isinstance(raw, dict) else None
                    if isinstance(op_file, dict) and op_file.get("value"):
                        by_module.setdefault(str(op_file["value"]), set()).add(op_type)
            self.aicpu("")  # builds the AI CPU index
            self.proto("")  # builds the REG_OP index
            names |= set(self._aicpu or {}) | set(self._proto_index or {})
            by_lower: dict[str, set[str]] = {}
            for name in names:
                by_lower.setdefault(name.lower(), set()).add(name)
            self._name_indexes = (by_module, by_lower)
        return self._name_indexes

    def aicpu(self, op_type: str) -> list[AicpuKernel]:
        """The op's AI CPU kernels, one per config file that declares it."""
        if self._aicpu is None:
            self._aicpu = {}
            for path in self._aicpu_files:
                try:
                    kernels = read_aicpu_config(path.read_text(encoding="utf-8", errors="replace"), str(path))
                except (OpInfoError, OSError) as error:
                    self.problems.append(SourceProblem(str(path), str(error)))
                    continue
                for name, kernel in kernels.items():
                    self._aicpu.setdefault(name, []).append(kernel)
        return list(self._aicpu.get(op_type, ()))

    def proto(self, op_type: str) -> Proto | None:
        """REG_OP(op_type) with its named type sets expanded; None when no header defines it."""
        if self._proto_index is None:
            self._proto_index = {}
            for header in self._proto_files:
                try:
                    data = header.read_bytes()
                except OSError as error:
                    self.problems.append(SourceProblem(str(header), error.strerror or str(error)))
                    continue
                for match in _REG_NAME.finditer(data):
                    names = self._proto_index.setdefault(match.group(1).decode("ascii", "replace"), [])
                    if header not in names:
                        names.append(header)
        for header in self._proto_index.get(op_type, ()):
            if header not in self._protos:
                # Every REG_OP of a header at once: a corpus asks for most of them.
                text = header.read_text(encoding="utf-8", errors="replace")
                protos = self._protos[header] = {}
                for proto in find_protos(text, str(header), None, self.type_sets):
                    protos.setdefault(proto.op_type, proto)
            if op_type in self._protos[header]:
                return self._protos[header][op_type]
        return None

    def entry_line(self, path: str, op_type: str) -> int | None:
        """The line where a JSON / ini op-info or AI CPU config file starts the op's entry."""
        lines = self._entry_lines.get(path)
        if lines is None:
            lines = self._entry_lines[path] = {}
            try:
                text = Path(path).read_text(encoding="utf-8", errors="replace")
            except OSError:
                return None
            for number, line in enumerate(text.splitlines(), 1):
                found = _ENTRY_START.match(line)
                if found:
                    lines.setdefault(found.group(1) or found.group(2), number)
        return lines.get(op_type)

    def _entries(self, path: Path) -> dict:
        if path not in self._opinfo_entries:
            try:
                text = path.read_text(encoding="utf-8", errors="replace")
                entries = read_json_entries(text) if path.suffix == ".json" else read_ini_entries(text)
            except (OpInfoError, OSError) as error:
                self.problems.append(SourceProblem(str(path), str(error)))
                entries = {}
            self._opinfo_entries[path] = entries
        return self._opinfo_entries[path]


def _found(roots: list[Path], patterns: tuple[str, ...]) -> list[Path]:
    found: list[Path] = []
    for root in roots:
        for pattern in patterns:
            for path in sorted(root.glob(pattern)):
                if path.is_file() and path not in found:
                    found.append(path)
    return found


class UnknownSoc(ValueError):
    """A --soc name that names no SoC of the roots (or of platforms.toml when no op-info was found)."""


def select_socs(requested: tuple[str, ...], known: list[str]) -> list[str]:
    """The op-info spellings of the requested SoCs (any case), in the order given; unknown names are refused."""
    by_lower = {soc.lower(): soc for soc in known}
    chosen, unknown = [], []
    for name in requested:
        soc = by_lower.get(name.lower())
        if soc is None:
            unknown.append(name)
        elif soc not in chosen:
            chosen.append(soc)
    if unknown:
        raise UnknownSoc(f"unknown SoC {', '.join(repr(u) for u in unknown)} (known: {', '.join(known)})")
    return chosen
