"""Ascend C wrappers: TBE-registered Python files that only hand an Ascend C kernel source to tbe.tikcpp.compile_op.

The kernel source is named by string assignments next to the compile_op call (`ascendc_src_file = "x.cpp"`,
`ascendc_src_dir = "x"`); the candidates follow the lookup order such wrappers use, relative to the impl folder.
"""

from __future__ import annotations

from dataclasses import dataclass

from astroid import nodes

from op_migrate.analyzers.tbe.imports import ImportScope

_COMPILE = ("tbe.tikcpp.compile_op", "tbe.tikcpp.compile_op.compile_op")


@dataclass(frozen=True)
class AscendcWrapper:
    """The kernel an Ascend C wrapper compiles."""

    op_type: str | None
    kernel_file: str | None
    candidates: tuple[str, ...]  # "ascendc/..." relative to the folder above the wrapper's, "./x" next to it
    line: int

    def to_json(self) -> dict:
        return {"op_type": self.op_type, "kernel_file": self.kernel_file, "candidates": list(self.candidates), "line": self.line}


def compile_op_call(calls: list, scope: ImportScope) -> nodes.Call | None:
    for call in calls:
        if scope.qualify(call.func) in _COMPILE:
            return call
    return None


def read_wrapper(call: nodes.Call) -> AscendcWrapper:
    function = call.scope()
    strings: dict[str, str] = {}
    for assign in function.nodes_of_class(nodes.Assign):
        target = assign.targets[0] if len(assign.targets) == 1 else None
        if isinstance(target, nodes.AssignName) and isinstance(assign.value, nodes.Const) and isinstance(assign.value.value, str):
            strings.setdefault(target.name, assign.value.value)
    source = strings.get("ascendc_src_file")
    directory = strings.get("ascendc_src_dir")
    extra = strings.get("ascendc_src_dir_ex", directory)
    candidates = []
    if source:
        stem = source.rsplit(".", 1)[0]
        for folder, name in ((extra, source), (directory, source), (directory, f"{directory}.cpp"), (extra, f"{extra}.cpp"), (stem, source)):
            if folder and name:
                candidates.append(f"ascendc/{folder}/{name}")
        candidates.insert(2, f"./{source}")
    return AscendcWrapper(op_type=strings.get("op_type"), kernel_file=source, candidates=tuple(dict.fromkeys(candidates)),
                          line=call.lineno)
