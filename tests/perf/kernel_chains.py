"""The launches of an operator's original chain and of ours at a shape, from the memory model's routes (the same
before/after sources as the ops' memory reports), and the bytes each kernel cannot avoid moving (its HBM roofline)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path

OPS = Path(__file__).resolve().parents[2] / "ops"

# op -> (route policy, the original chain's source, the memory case whose entry and dtypes are used, our op type)
CHAINS = {
    "floor_mod": ("floor_mod-native", OPS / "floor_mod/tests/portable/memory", "broadcast-both", "FloorMod"),
    "gcd": ("gcd-native", OPS / "gcd/tests/portable/memory", "broadcast-both", "Gcd"),
    "reduce_all": ("reduce_all-native", OPS / "reduce_all/tests/portable/memory", "reduce-last", "ReduceAll"),
    "bernoulli": ("bernoulli-dav2201", OPS / "bernoulli/tests/portable/route_fixtures", "n-4096x1024", "Bernoulli"),
}
SOC = "Ascend910B"


@dataclass(frozen=True)
class Launch:
    """One launch of a chain: its op type and the HBM bytes it reads and writes (logical tensor bytes)."""

    op: str
    read_bytes: int
    write_bytes: int


def chain_launches(op: str, shapes: dict[str, tuple[int, ...]], dtype: str | None,
                   case_name: str | None = None) -> dict[str, list[Launch]]:
    """{"before": [...], "after": [...]} at `shapes` (tensor name -> dims; the case's own where absent), for the
    memory case's entry point (CHAINS, or `case_name`) with the dtype label `dtype` (the case's first when None).
    Raises ValueError when the model has no route."""
    from op_migrate.analyzers.memory import Case, evaluate, plan
    from op_migrate.analyzers.memory.case import TensorCase
    from op_migrate.analyzers.policy.adapters import ChainRouteSource
    from op_migrate.migrate import route_check

    policy, before, default_case, _ = CHAINS[op]
    case_name = case_name or default_case
    op_api = OPS / op / "op_api"
    points = [p for p in route_check.memory_points(policy, op_api) if p.soc == SOC and p.case == case_name]
    point = next((p for p in points if dtype is None or p.dtype_label() == dtype), None)
    if point is None:
        raise ValueError(f"{policy} has no {case_name} case for dtype {dtype} on {SOC}")
    facts = point.facts()
    names = [name for name, _ in point.shapes]
    case = Case(tuple(TensorCase(name, tuple(shapes.get(name, dims)), facts.dtype_of(name))
                      for name, dims in point.shapes), label=case_name)
    unknown = set(shapes) - set(names)
    if unknown:
        raise ValueError(f"{op}: the case has no tensor named {sorted(unknown)}")
    _, _, after = route_check.policy_verdict(policy, str(op_api), str(op_api.parent.parent))
    result = {}
    for stage, source in (("before", ChainRouteSource((before,), None, label=str(before))), ("after", after)):
        route = source.route(point.entry, facts)
        if route is None:
            raise ValueError(f"{op} {stage}: no route for {point.entry}")
        document = evaluate(plan(route), case, soc=point.soc).document
        result[stage] = [Launch(t["op"], t["read_bytes"], t["write_bytes"]) for t in document["task_traffic"]
                         if not t["may"]]
    return result


def must_move(op: str, shapes: dict[str, tuple[int, ...]], elem_bytes: int) -> int:
    """Bytes our kernel cannot avoid moving: every input element read once, every output element written once
    (Bernoulli: the packed mask, 16 bytes per 128 outputs as DSAGenBitMask writes it, and the output)."""
    if op == "bernoulli":
        n = math.prod(shapes["self"])
        return math.ceil(n / 128) * 16 + n * elem_bytes
    if op == "reduce_all":
        return math.prod(shapes["self"]) * elem_bytes + math.prod(shapes["out"]) * 1
    return sum(math.prod(dims) for dims in shapes.values()) * elem_bytes
