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

_CLASS = re.compile(rb"class\s+(\w+)\s*:\s*public\s+(?:ops::)?OpDef\b")
_PORT = re.compile(rb"this\s*->\s*(Input|Output|Attr)\s*\(\s*\"(\w+)\"")
_CONFIG = re.compile(rb"this\s*->\s*AICore\s*\(\s*\)\s*\.\s*AddConfig\s*\(\s*\"(\w+)\"")
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
        found.append(OpDefInfo(op=match.group(1).decode(), path=str(path), line=data.count(b"\n", 0, match.start()) + 1,
                               inputs=tuple(ports["Input"]), attrs=tuple(ports["Attr"]),
                               outputs=tuple(ports["Output"]),
                               socs=tuple(dict.fromkeys(s.decode() for s in _CONFIG.findall(body)))))
    return found


def _def_files(root: Path) -> list[Path]:
    found = []
    for directory, subdirs, files in os.walk(root):
        subdirs[:] = sorted(d for d in subdirs if d.lower() not in _SKIP)
        found.extend(Path(directory) / name for name in sorted(files) if name.endswith("_def.cpp"))
    return found
