"""OpDef registrations of the repository roots (`class Op : public OpDef { ... }; OP_ADD(Op);` in op_host/*_def.cpp):
what a generated two-phase API `aclnnInner<Op>GetWorkspaceSize` launches.

opbuild generates `aclnnInner<Op>GetWorkspaceSize` from the OpDef (ACLNNTYPE aclnn_inner): its parameters are the
OpDef's inputs, then its attributes, then its outputs, then `workspaceSize` and `executor`, and it launches the op's
AI Core kernel on the SoCs its `AICore().AddConfig(...)` lists. The definitions are read with patterns, not parsed:
an OpDef body is a flat list of `this->Input("x")...` chains.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.aclnn.stand_ins import STAND_IN_FOLDERS
from op_migrate.analyzers.route.platforms import dtype_name

_CLASS = re.compile(rb"class\s+(\w+)\s*:\s*public\s+(?:ops::)?OpDef\b")
_PORT = re.compile(rb"this\s*->\s*(Input|Output|Attr)\s*\(\s*\"(\w+)\"")
_CONFIG = re.compile(rb"this\s*->\s*AICore\s*\(\s*\)\s*\.\s*AddConfig\s*\(\s*\"(\w+)\"\s*(?:,\s*(\w+)\s*)?\)")
# `this->Input("x")...;` or `config310P.Input("x")...;`: one port's chain up to its `;`.
_PORT_CHAIN = re.compile(rb"(this\s*->|\b\w+\s*\.)\s*(Input|Output)\s*\(\s*\"(\w+)\"\s*\)([^;]*);")
_DTYPES = re.compile(rb"\.\s*(DataType|DataTypeList)\s*\(\s*\{([^}]*)\}")
_SKIP = frozenset({".git", "build", "build_out", "output", "op_kernel", "examples", "docs"}) | STAND_IN_FOLDERS


@dataclass(frozen=True)
class OpDefInfo:
    """One OpDef: its op type, ports in order, and the SoCs (op-info spelling, `ascend910b`) its AI Core config lists."""

    op: str
    path: str
    line: int
    inputs: tuple[str, ...]
    attrs: tuple[str, ...]
    outputs: tuple[str, ...]
    socs: tuple[str, ...]
    # Per config ("this" for the OpDef's own ports, else the OpAICoreConfig object's name): port -> its dtype
    # columns (a tuple: column i of every port goes together) or the dtypes it takes in any column (a frozenset).
    dtypes: tuple[tuple[str, tuple[tuple[str, object], ...]], ...] = ()
    soc_configs: tuple[tuple[str, str], ...] = ()  # (SoC as AddConfig names it, config name)

    def kernel_for(self, soc_names: tuple[str, ...], given: dict[str, str]) -> bool | None:
        """Whether a kernel column takes the given dtypes (port -> dtype) on the SoC: True, False, or None when the
        OpDef does not say (no dtype columns read)."""
        table = self._table(soc_names)
        ports = {port: spec for port, spec in table.items() if port in given}
        if not ports:
            return None
        if any(isinstance(spec, frozenset) and given[port] not in spec for port, spec in ports.items()):
            return False
        columns = [spec for spec in ports.values() if isinstance(spec, tuple)]
        if not columns:
            return True
        width = min(len(column) for column in columns)
        return any(all(spec[index] == given[port] for port, spec in ports.items() if isinstance(spec, tuple))
                   for index in range(width))

    def typed_ports(self, soc_names: tuple[str, ...]) -> frozenset[str]:
        """The ports whose dtypes the SoC's kernel columns list (kernel_for decides on these)."""
        return frozenset(self._table(soc_names))

    def _table(self, soc_names: tuple[str, ...]) -> dict:
        """port -> dtype spec of the config the SoC uses (its own, else the op's "this")."""
        configs = dict(self.soc_configs)
        name = next((configs[soc] for soc in soc_names if soc in configs), "this")
        tables = dict(self.dtypes)
        return dict(tables.get(name) or tables.get("this") or ())

    def roles(self, arity: int) -> tuple[str, ...] | None:
        """The role of each argument of the generated GetWorkspaceSize ("input", "attr", "output", then the two
        trailing ones), or None when the call's arity is not the OpDef's."""
        roles = ("input",) * len(self.inputs) + ("attr",) * len(self.attrs) + ("output",) * len(self.outputs)
        roles += ("workspace", "executor")
        return roles if len(roles) == arity else None


class OpDefIndex:
    """The OpDefs of repository roots (the first root that registers an op type wins), read on first need."""

    def __init__(self, roots: Sequence[Path]) -> None:
        self.roots = tuple(Path(root) for root in roots)
        self._found: dict[str, OpDefInfo] | None = None

    def find(self, op: str) -> OpDefInfo | None:
        if self._found is None:
            self._found = {}
            for root in self.roots:
                for path in _def_files(root):
                    for info in read_opdefs(path):
                        self._found.setdefault(info.op, info)
        return self._found.get(op)


def read_opdefs(path: Path) -> list[OpDefInfo]:
    """The OpDef classes of one source file."""
    try:
        data = path.read_bytes()
    except OSError:
        return []
    found = []
    starts = [match for match in _CLASS.finditer(data)]
    for index, match in enumerate(starts):
        end = starts[index + 1].start() if index + 1 < len(starts) else len(data)
        body = data[match.end():end]
        ports = {"Input": [], "Output": [], "Attr": []}
        for kind, name in _PORT.findall(body):
            ports[kind.decode()].append(name.decode())
        configs = _CONFIG.findall(body)
        found.append(OpDefInfo(op=match.group(1).decode(), path=str(path), line=data.count(b"\n", 0, match.start()) + 1,
                               inputs=tuple(ports["Input"]), attrs=tuple(ports["Attr"]),
                               outputs=tuple(ports["Output"]),
                               socs=tuple(dict.fromkeys(soc.decode() for soc, _ in configs)),
                               dtypes=_dtype_tables(body),
                               soc_configs=tuple((soc.decode(), cfg.decode() or "this") for soc, cfg in configs)))
    return found


def _dtype_tables(body: bytes) -> tuple:
    """The dtype columns of each config's ports (see OpDefInfo.dtypes)."""
    tables: dict[str, dict[str, object]] = {}
    for owner, _kind, port, chain in _PORT_CHAIN.findall(body):
        config = "this" if owner.startswith(b"this") else owner.rstrip(b". \t\n").decode()
        for form, listed in _DTYPES.findall(chain):
            names = tuple(dtype_name(token.strip().decode()) for token in listed.split(b",") if token.strip())
            if any(name is None for name in names):
                continue  # a dtype the platform table does not know: this port's columns stay unread
            spec = names if form == b"DataType" else frozenset(names)
            tables.setdefault(config, {})[port.decode()] = spec
    return tuple((config, tuple(ports.items())) for config, ports in tables.items())


def _def_files(root: Path) -> list[Path]:
    found = []
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d.lower() not in _SKIP)
        found.extend(Path(directory) / name for name in sorted(files) if name.endswith("_def.cpp"))
    return found
