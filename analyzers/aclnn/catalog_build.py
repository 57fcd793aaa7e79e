"""Build an L0 catalog of a checkout (`migrate catalog build`): each l0op definition walked once per (SoC, dtype).

Every definition that is not a stand-in is walked as its own entry: once with no facts, which gives every launch it
can make (op type, launcher, the guards in its own parameter names), then once per SoC of platforms.toml and dtype
of DTYPES, which gives the table row of launches made ("K") or made under a guard those facts leave open ("K?").
SoCs of one arch that disagree leave that launch open. The returned tensor gives the effect, shape and dtype rule.
The document is read back by generated_catalog.load_catalog (schema op-migrate/l0-catalog@1).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.aclnn.chain import ChainProgram
from op_migrate.analyzers.aclnn.generated_catalog import SCHEMA
from op_migrate.analyzers.aclnn.l0_index import L0Index
from op_migrate.analyzers.aclnn.messages import MESSAGES
from op_migrate.analyzers.cxx.model import CxxUnit, Function
from op_migrate.analyzers.route import platforms
from op_migrate.analyzers.route.facts import facts_for
from op_migrate.analyzers.route.model import Facts, Route
from op_migrate.analyzers.route.values import TensorRef
from op_migrate.analyzers.route.walk import RouteWalk

# The dtypes a table row is built for: those op_api support lists name for AI Core and AI CPU kernels.
DTYPES = ("float16", "float32", "bfloat16", "float64", "int8", "uint8", "int16", "int32", "int64", "bool",
          "complex64")


_TENSOR_RESULT = re.compile(r"\baclTensor\s*\*")
_SEVERAL = re.compile(r"\b(?:tuple|pair|array|vector)\s*<|aclTensorList")


@dataclass(frozen=True)
class BuildResult:
    """The catalog document and what could not go into it (name, where, why)."""

    document: dict
    skipped: tuple[tuple[str, str, str], ...]
    not_ops: int = 0  # l0op functions that are no op: static, returning no tensor, or several


def build_catalog(root: Path, index: L0Index, tool: str, progress: Callable[[int, int], None] | None = None) -> BuildResult:
    """The catalog of every l0op definition of `root` (the index's first root)."""
    program = ChainProgram(index)
    socs = tuple(platforms.socs().values())
    definitions = index.own_definitions()
    ops, skipped, not_ops = [], [], 0
    for done, (unit, function, stand_in) in enumerate(definitions, 1):
        where = f"{os.path.relpath(unit.path, root)}:{function.line}"
        returns = " ".join(function.return_type.split())
        if function.is_static or not _TENSOR_RESULT.search(returns) or _SEVERAL.search(returns):
            # File-local helpers, predicates and multi-output ops: nothing a call from another repository reaches
            # through this catalog's one-result rules.
            not_ops += 1
        elif stand_in:
            skipped.append((function.short_name, where, stand_in))
        else:
            entry, why = _entry(program, unit, function, socs, where)
            if entry is None:
                skipped.append((function.short_name, where, why))
            else:
                ops.append(entry)
        if progress is not None:
            progress(done, len(definitions))
    ops.sort(key=lambda op: (op["name"], op["arity"], op["definition"]))
    document = {"schema": SCHEMA, "root": str(root), "tool": tool, "ops": ops}
    return BuildResult(document, tuple(skipped), not_ops)


def _walk(program: ChainProgram, unit: CxxUnit, function: Function, facts: Facts) -> tuple[Route, object]:
    walk = RouteWalk(program, facts, MESSAGES)
    route = walk.run(unit, function)
    return route, walk.returned()


def _entry(program, unit: CxxUnit, function: Function, socs, where: str) -> tuple[dict | None, str]:
    route, returned = _walk(program, unit, function, Facts())
    if not route.complete:
        reasons = "; ".join(f"{r.symbol}: {r.message}" for r in route.incomplete_reasons[:2])
        return None, f"its own walk is incomplete ({reasons})"
    if not isinstance(returned, TensorRef):
        return None, "the walk cannot tell which tensor it returns"
    if returned.others or returned.hosts:
        # Cast and Contiguous do this: the built-in catalog says when; a generated entry cannot.
        return None, "returns its input on some paths and another tensor on others"
    params = [p.name for p in function.params]
    launches: list[tuple[str, str, int, tuple[str, ...]]] = []
    for task in route.tasks:
        key = (task.op, task.launcher, task.line, task.guards)
        if key not in launches:
            launches.append(key)
    effect, shape, dtype, writes = _result_rule(route, returned, params)
    if effect == "alloc":
        dtype = _dtype_rule(program, unit, function, params)
    reads = sorted({params.index(t) for task in route.tasks for t in task.reads if t in params})
    document = {
        "name": function.short_name, "arity": len(function.params), "definition": where, "effect": effect,
        "reads": reads, "writes": writes, "shape": shape, "dtype": dtype,
        "launches": [{"op": op, "launcher": launcher, "guards": list(guards)} for op, launcher, _, guards in launches],
    }
    if launches:
        document["table"] = _table(program, unit, function, socs, launches)
    return document, ""


def _table(program, unit, function, socs, launches) -> list[dict]:
    by_arch: dict[str, dict[str, set[str]]] = {}
    for soc in socs:
        arch = soc.arch
        for dtype in DTYPES:
            route, _ = _walk(program, unit, function, facts_for(soc.name, (("*", dtype),), (), (), (), ()))
            picks = set()
            for task in route.tasks:
                index = _launch_index(launches, task)
                if index is not None:
                    picks.add(f"{index}?" if task.may or not route.complete else str(index))
            cell = by_arch.setdefault(arch, {})
            if dtype in cell:
                cell[dtype] = _agree(cell[dtype], picks)
            else:
                cell[dtype] = picks
    rows = []
    for arch, cells in sorted(by_arch.items()):
        values = {frozenset(picks) for picks in cells.values()}
        if len(values) == 1:
            rows.append({"arch": arch, "dtype": "*", "launches": _ordered(next(iter(values)))})
            continue
        rows.extend({"arch": arch, "dtype": dtype, "launches": _ordered(picks)} for dtype, picks in cells.items())
    return rows


def _launch_index(launches, task) -> int | None:
    for index, (op, launcher, line, _) in enumerate(launches):
        if (op, launcher, line) == (task.op, task.launcher, task.line):
            return index
    return None


def _agree(left: set[str], right: set[str]) -> set[str]:
    """Two SoCs of one arch: a launch both make decided stays decided; one only one of them makes is open."""
    decided = {p for p in left & right if not p.endswith("?")}
    every = {p.rstrip("?") for p in left | right}
    return decided | {f"{p}?" for p in every if p not in decided}


def _ordered(picks) -> list[str]:
    return sorted(picks, key=lambda pick: int(pick.rstrip("?")))


def _result_rule(route: Route, returned, params: list[str]) -> tuple[str, str, str, int | None]:
    """(effect, shape, dtype, writes) of the catalog entry from the tensor the definition returns."""
    if not isinstance(returned, TensorRef) or returned.others or returned.hosts:
        return "alloc", "unknown", "same:0", None
    by_id = {t.id: t for t in route.tensors}
    tensor = by_id.get(returned.id)
    if tensor is None:
        return "alloc", "unknown", "same:0", None
    if tensor.effect == "param":
        return "view", f"same:{params.index(tensor.id)}", f"same:{params.index(tensor.id)}", None
    dtype = "same:0"
    if tensor.effect == "write" and tensor.base in params:
        index = params.index(tensor.base)
        return "write", f"same:{index}", f"same:{index}", index
    effect = "view" if tensor.effect in ("view", "alias") else "alloc"
    return effect, _shape_rule(tensor, params, by_id), dtype, None


def _shape_rule(tensor, params: list[str], by_id: dict) -> str:
    rule = tensor.shape
    refs = [_param_of(ref, by_id) for ref in rule.refs]
    if rule.rule in ("same", "param") and refs and refs[0] in params and not rule.text:
        return f"same:{params.index(refs[0])}"
    if rule.rule == "broadcast" and refs and all(ref in params for ref in refs):
        return "broadcast:" + ",".join(str(params.index(ref)) for ref in refs)
    if rule.rule == "literal" and len(rule.dims) == 1 and rule.dims[0] in params:
        return f"literal:{params.index(rule.dims[0])}"
    return "unknown"


def _param_of(ref: str, by_id: dict) -> str:
    """A tensor id followed through views and same-shape tensors to the parameter it was made from."""
    seen = set()
    while ref in by_id and by_id[ref].effect != "param" and ref not in seen:
        seen.add(ref)
        tensor = by_id[ref]
        if tensor.shape.rule != "same" or not tensor.shape.refs:
            break
        ref = tensor.shape.refs[0]
    return ref


def _dtype_rule(program, unit: CxxUnit, function: Function, params: list[str]) -> str:
    """same:K when the result takes parameter K's dtype under two different assignments, a dtype name when it is
    the same fixed one under both, else "unknown" (the applier then leaves the result's dtype unknown)."""
    seen = []
    for shift in (0, 1):
        dtypes = tuple((name, _DISTINCT[(i + shift) % len(_DISTINCT)]) for i, name in enumerate(params))
        route, returned = _walk(program, unit, function, facts_for(None, dtypes, (), (), (), ()))
        tensor = None
        if isinstance(returned, TensorRef) and not returned.others and not returned.hosts:
            tensor = next((t for t in route.tensors if t.id == returned.id), None)
        seen.append((dict(dtypes), tensor.dtype if tensor is not None and tensor.dtype != "unknown" else None))
    (first, a), (second, b) = seen
    for index, name in enumerate(params):
        if a is not None and a == first[name] and b == second[name]:
            return f"same:{index}"
    if a is not None and a == b and a in DTYPES + ("uint8",):
        return a
    return "unknown"


_DISTINCT = ("float16", "int32", "float32", "int8", "int64", "bfloat16", "int16", "float64")
