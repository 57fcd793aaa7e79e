"""A memory plan evaluated at one Case: bytes, live-at-peak with call sites, GPU reference and gap, traffic and time."""

from __future__ import annotations

from dataclasses import dataclass

from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.memory import gpu
from op_migrate.analyzers.memory.allocator import EXECUTOR_RULE, AllocationRule, cuda_block_bytes
from op_migrate.analyzers.memory.case import Case, dtype_bytes
from op_migrate.analyzers.memory.lifetime import memory_curve
from op_migrate.analyzers.memory.messages import MESSAGES
from op_migrate.analyzers.memory.model import MemoryPlan, bind, evaluate_peak
from op_migrate.analyzers.memory.traffic import TaskTraffic, predicted_time, profile_for
from op_migrate.analyzers.memory.units import human_bytes

DEFAULT_GAP_THRESHOLD = 0.05


@dataclass(frozen=True)
class Evaluation:
    """The evaluated memory document of one route at one case (`document` is the JSON under "memory")."""

    document: dict
    findings: tuple[Finding, ...]
    curve: tuple[tuple[int, int], ...]  # (program position, live bytes)
    blocks: dict


def evaluate(
    plan_: MemoryPlan,
    case: Case,
    *,
    soc: str | None = None,
    rule: AllocationRule = EXECUTOR_RULE,
    threshold: float = DEFAULT_GAP_THRESHOLD,
    measure_gpu: bool = False,
) -> Evaluation:
    """Evaluate `plan_` at `case`; an incomplete case gives a document with "evaluated": false and its findings."""
    env, findings = bind(plan_, case)
    base = {
        "schema": "op-migrate/memory@1",
        "case": case.text(),
        "label": case.label,
        "formula": plan_.formula,
        "formula_with_may": plan_.formula_with_may,
        "upper_bound_formula": plan_.upper_bound_formula,
        "allocation_rule": rule.describe(),
    }
    if env is None:
        return Evaluation({**base, "evaluated": False}, tuple(findings), (), {})
    result = evaluate_peak(plan_, env, rule)
    blocks = dict(result.blocks)
    route = plan_.route
    by_id = {t.id: t for t in route.tensors}
    logical = {t.id: plan_.table.size[t.id].evaluate(env) if t.effect != "param" else 0 for t in route.tensors}
    exposed = {t.id: _exposed_bytes(plan_, t.id, env) for t in route.tensors}
    findings += _view_bound_findings(plan_, exposed, case)
    undecided = [i for i in plan_.intervals if i.may]
    if undecided and not route.facts.shapes:
        findings.append(MESSAGES.make("memory-guards-undecided-for-case", entry=plan_.entry, case=case.label or case.text(),
                                      count=len(undecided), peak=human_bytes(result.peak_bytes),
                                      peak_may=human_bytes(result.peak_with_may_bytes)))
    live = [
        {"id": sid, "bytes": blocks[sid], "file": by_id[sid].file, "line": by_id[sid].line, "producer": by_id[sid].producer}
        for sid in result.live
    ]
    params_bytes = _params_bytes(plan_, case)
    npu_total = params_bytes + result.peak_bytes
    traffic = _traffic(plan_, exposed)
    profile = profile_for(soc)
    gpu_doc, gpu_total, gap = _gpu(plan_, case, npu_total, measure_gpu, threshold, findings)
    document = {
        **base,
        "evaluated": True,
        "label_kind": "predicted",
        "peak_bytes": result.peak_bytes,
        "peak_with_may_bytes": result.peak_with_may_bytes,
        "upper_bound_bytes": result.upper_bound_bytes,
        "logical_peak_bytes": plan_.peak_expr.evaluate(env),
        "live_at_peak": live,
        "params_bytes": params_bytes,
        "npu_total_bytes": npu_total,
        "gpu_reference_bytes": gpu_total,
        "gpu_reference": gpu_doc,
        "gap": gap,
        "gap_with_may": (abs(params_bytes + result.peak_with_may_bytes - gpu_total) / gpu_total) if gpu_total else None,
        "gap_threshold": threshold,
        "tasks": sum(1 for t in route.tasks if not t.may),
        "may_tasks": sum(1 for t in route.tasks if t.may),
        "traffic_bytes": sum(t.read_bytes + t.write_bytes for t in traffic if not t.may),
        "task_traffic": [t.to_json() for t in traffic],
        "predicted_time_s": predicted_time(traffic, profile) if profile else None,
        "profile": profile.to_json() if profile else None,
        "symbols": {name: env[name] for name, _ in plan_.symbols if name in env},
        "tensors": [
            {"id": t.id, "effect": t.effect, "storage": plan_.table.storage[t.id], "logical_bytes": logical[t.id],
             "exposed_bytes": exposed[t.id], "counted_bytes": blocks.get(t.id, 0), "may": t.may}
            for t in route.tensors
        ],
    }
    # Every program position, not only where a storage starts or ends: the chart draws the live bytes at each step.
    positions = list(range(max([len(route.events)] + [i.end + 1 for i in plan_.intervals])))
    curve = tuple(zip(positions, memory_curve(plan_.intervals, positions, blocks)))
    return Evaluation(document, tuple(findings), curve, blocks)


def _exposed_bytes(plan_: MemoryPlan, tensor_id: str, env: dict[str, int]) -> int:
    """Bytes a tensor exposes to its readers (views and params included), whatever storage it sits on."""
    count = plan_.table.count[tensor_id].evaluate(env)
    width = plan_.table.exposed_width.get(tensor_id)
    if width is None:
        width = plan_.table.exposed_width[tensor_id] = _exposed_width(plan_, tensor_id)
    return count * (width if isinstance(width, int) else env.get(width, 0))


def _exposed_width(plan_: MemoryPlan, tensor_id: str) -> int | str:
    """Bytes per element as an int, or the width symbol to look up per case (cached on the plan's table)."""
    tensor = plan_.tensor_by_id[tensor_id]
    if tensor.shape.rule == "packed_bits":
        return 1
    width = dtype_bytes(tensor.dtype) if tensor.dtype else None
    if width is not None:
        return width
    if tensor.effect == "param":
        return f"S_{tensor.shape.refs[0] if tensor.shape.refs else tensor.name}"
    return f"S_{tensor.dtype}" if f"S_{tensor.dtype}" in plan_.table.widths else "S"


def _view_bound_findings(plan_: MemoryPlan, exposed: dict[str, int], case: Case) -> list[Finding]:
    findings = []
    for tensor in plan_.route.tensors:
        if tensor.effect not in ("view", "alias"):
            continue
        storage = plan_.table.storage[tensor.id]
        if storage == tensor.id or plan_.route.tensor(storage).effect == "param":
            continue
        if exposed[tensor.id] > exposed[storage]:
            findings.append(MESSAGES.make("memory-view-exceeds-storage", path=tensor.file, line=tensor.line, tensor=tensor.id,
                                          view_bytes=exposed[tensor.id], base_bytes=exposed[storage], base=storage))
    return findings


def _params_bytes(plan_: MemoryPlan, case: Case) -> int:
    """The entry's own tensors: inputs at their logical bytes, outputs as the framework allocates them.

    Outputs are allocated before the call by the framework's caching allocator; the model assumes it counts
    like CUDA's (cuda_block_bytes), so an NPU route that only writes its output matches the GPU reference.
    """
    dtype = next((t.dtype for t in case.tensors if t.dtype), None)
    counted: set[int] = set()
    total = 0
    inputs = plan_.table.inputs
    outputs = tuple(name for name in plan_.table.outputs if name not in inputs)
    for name, is_output in [(n, False) for n in inputs] + [(n, True) for n in outputs]:
        tensor = case.get(name)
        if tensor is None or id(tensor) in counted:
            continue
        counted.add(id(tensor))
        size = tensor.count * (dtype_bytes(tensor.dtype or dtype or "") or 0)
        # An in-place entry's selfRef exists before the call: it is the caller's tensor, not a new allocation.
        total += cuda_block_bytes(size) if is_output and name != "selfRef" else size
    return total


def _traffic(plan_: MemoryPlan, exposed: dict[str, int]) -> tuple[TaskTraffic, ...]:
    return tuple(
        TaskTraffic(task.index, task.op, task.launcher, sum(exposed.get(r, 0) for r in task.reads),
                    sum(exposed.get(w, 0) for w in task.writes), task.may, task.file, task.line)
        for task in plan_.route.tasks
    )


def _gpu(plan_: MemoryPlan, case: Case, npu_total: int, measure_gpu: bool, threshold: float,
         findings: list[Finding]) -> tuple[dict | None, int | None, float | None]:
    """The GPU reference document, its total bytes and the gap (None when there is no reference)."""
    reference = gpu.reference_for(plan_.entry)
    if reference is None:
        findings.append(MESSAGES.make("memory-no-gpu-reference", entry=plan_.entry))
        return None, None, None
    result = None
    why_not = ""
    if measure_gpu:
        available, why_not = gpu.cuda_available()
        if available:
            result = gpu.measure(reference, case)
    if result is None:
        result = gpu.predict(reference, case)
        if result is None:
            return None, None, None
        if measure_gpu:
            result = gpu.GpuReference(result.torch, result.baseline_bytes, result.delta_bytes, result.total_bytes,
                                      "predicted", result.rule, (result.note + "; " if result.note else "") + f"not measured: {why_not}")
    gap = abs(npu_total - result.total_bytes) / result.total_bytes if result.total_bytes else None
    if gap is not None and gap > threshold:
        findings.append(MESSAGES.make("memory-gap-above-threshold", entry=plan_.entry, npu=human_bytes(npu_total),
                                      gpu=human_bytes(result.total_bytes),
                                      gap=gap, threshold=threshold))
    return result.to_json(), result.total_bytes, gap
