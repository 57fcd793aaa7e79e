"""Route and memory evidence for package-pr: the op's built-in policy on its own op_api, before/after memory."""

from __future__ import annotations

import functools
from pathlib import Path

from op_migrate.analyzers.memory import Case, evaluate, plan
from op_migrate.analyzers.memory.case import TensorCase
from op_migrate.analyzers.policy import PolicyError, evaluate as evaluate_policy, load_policy
from op_migrate.analyzers.policy.adapters import ChainRouteSource, EngineUnavailable, memory_source
from op_migrate.analyzers.memory.allocator import EXECUTOR_RULE
from op_migrate.reports.design_doc import Bilingual, GateRow
from op_migrate.reports.memory_terms import figures
from op_migrate.reports.memory_chart import chart_data, lifetime_svg

MAX_ROUTE_ROWS = 12  # the design document shows a sample; the full matrix is the verify-route report


@functools.lru_cache(maxsize=8)
def policy_verdict(policy_name: str, op_api: str, repo_root: str):
    """(policy, verdict, source) for the policy on op_api; raises PolicyError or EngineUnavailable."""
    policy = load_policy(policy_name)
    source = ChainRouteSource((Path(op_api),), Path(repo_root), label=op_api)
    try:
        memory = memory_source()
    except EngineUnavailable:
        memory = None
    return policy, evaluate_policy(policy, source, memory=memory), source


def policy_gate(policy_name: str, op_api: Path) -> GateRow:
    """Every point of the policy passes on the op's own op_api (L0 callees resolved beside the op folders)."""
    if not op_api.is_dir():
        return GateRow("route-policy", False, f"no op_api folder at {op_api}", f"{op_api} 下没有 op_api 目录")
    try:
        _, verdict, _ = policy_verdict(policy_name, str(op_api), str(op_api.parent.parent))
    except (PolicyError, EngineUnavailable) as error:
        return GateRow("route-policy", False, f"{policy_name}: {error}", f"策略 {policy_name} 无法评估：{error}")
    points = len(verdict.results)
    if verdict.passed:
        return GateRow("route-policy", True, f"{policy_name}: {points} of {points} routes pass",
                       f"策略 {policy_name}：{points} 条 route 全部通过")
    failing = [r for r in verdict.results if r.status != "pass"]
    first = failing[0]
    why = first.violations[0].message if first.violations else "; ".join(first.problems) or first.status
    return GateRow("route-policy", False, f"{policy_name}: {len(failing)} of {points} routes fail; first: {why}",
                   f"策略 {policy_name}：{points} 条 route 中 {len(failing)} 条未通过；第一条：{why}")


def route_table(policy_name: str, op_api: Path) -> dict:
    """The rows of the design document's route table (first points of the matrix, with their launches)."""
    policy, verdict, source = policy_verdict(policy_name, str(op_api), str(op_api.parent.parent))
    rows = []
    for result in verdict.results[:MAX_ROUTE_ROWS]:
        point = result.point
        route = source.route(point.entry, point.facts())
        tasks = [{"op": t.op, "launcher": t.launcher, "may": t.may} for t in route.tasks] if route else []
        case = f"{point.entry} {point.case}" + (f" {point.scalar_label()}" if point.scalars else "")
        rows.append({"soc": point.soc, "dtype": point.dtype_label(), "case": case,
                     "passed": result.status == "pass", "tasks": tasks})
    return {"policy": policy.name, "passed": verdict.passed, "rows": rows,
            "shown": len(rows), "total": len(verdict.results)}


def memory_points(policy_name: str, op_api: Path) -> list:
    """The policy's matrix points at its memory cases (every case when the policy names none)."""
    policy, verdict, _ = policy_verdict(policy_name, str(op_api), str(op_api.parent.parent))
    memory_cases = set(policy.memory.cases) if policy.memory and policy.memory.cases else None
    return [r.point for r in verdict.results if memory_cases is None or r.point.case in memory_cases]


def memory_comparison(policy_name: str, op_api: Path, before: Path, point=None) -> tuple[dict, tuple[tuple[str, bytes], ...]]:
    """Before/after memory at `point` (default: the policy's first memory case), with lifetime charts."""
    _, _, after_source = policy_verdict(policy_name, str(op_api), str(op_api.parent.parent))
    before_source = ChainRouteSource((before,), _repo_root_of(before), label=str(before))
    if point is None:
        points = memory_points(policy_name, op_api)
        if not points:
            raise ValueError(f"policy {policy_name} has no case to evaluate memory at")
        point = points[0]
    facts = point.facts()
    case = Case(tuple(TensorCase(name, dims, facts.dtype_of(name)) for name, dims in point.shapes), label=point.case)
    rows, charts, files = [], [], []
    for stage, source in (("before", before_source), ("after", after_source)):
        route = source.route(point.entry, facts)
        if route is None:
            raise ValueError(f"{stage}: entry {point.entry} not found")
        memory_plan = plan(route)
        evaluation = evaluate(memory_plan, case, soc=point.soc)
        document = evaluation.document
        rows.extend(_memory_rows(stage, document))
        if document.get("evaluated"):
            name = f"memory_{stage}.svg"
            files.append((name, lifetime_svg(chart_data(memory_plan, evaluation, f"{stage}: {point.entry}")).encode()))
            charts.append({"stage": stage, "file": name})
    return {"case": f"{point.entry} {point.case} {point.dtype_label()}", "soc": point.soc,
            "rule": Bilingual(EXECUTOR_RULE.describe("en"), EXECUTOR_RULE.describe("zh")),
            "rows": rows, "charts": charts}, tuple(files)


def _memory_rows(stage: str, document: dict) -> list[dict]:
    """Exact figures for what the facts decide; a second, conservative row when undecided branches add tasks.

    The figures and their names are reports/memory_terms.figures(): the same as `migrate analyze` JSON's.
    """
    if not document.get("evaluated"):
        return [{"stage": stage, "may": 0, "formula": document["formula"], "npu_total_bytes": None, "peak_bytes": None,
                 "params_bytes": None, "gpu_reference_bytes": None, "gap": None, "launches": None,
                 "traffic_bytes": None}]
    rows = [{"stage": stage, "may": 0, "formula": document["formula"], **figures(document),
             "launches": document["tasks"], "traffic_bytes": document["traffic_bytes"]}]
    may = document.get("may_tasks", 0)
    if may:
        may_traffic = sum(t["read_bytes"] + t["write_bytes"] for t in document.get("task_traffic", []) if t.get("may"))
        rows.append({"stage": stage, "may": may, "formula": document["formula_with_may"],
                     **figures(document, with_may=True), "launches": document["tasks"] + may,
                     "traffic_bytes": document["traffic_bytes"] + may_traffic})
    return rows


def _repo_root_of(path: Path) -> Path | None:
    for parent in [path, *path.parents]:
        if (parent / "math").is_dir() or (parent / "experimental").is_dir():
            return parent
    return None
