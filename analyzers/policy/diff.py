"""Before/after diff of one route: launches and allocations removed or added, peak/traffic/launch deltas."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Callable

from op_migrate.analyzers.model import JsonModel
from op_migrate.analyzers.policy.model import MatrixPoint
from op_migrate.analyzers.policy.sizes import UNKNOWN, SizeResolver
from op_migrate.analyzers.route.model import Route, Tensor


@dataclass(frozen=True)
class MemoryFigures(JsonModel):
    """Peak and HBM traffic of a route at a case, from the memory model; `basis` says how they were obtained."""

    peak_bytes: int | None
    traffic_bytes: int | None
    basis: str
    gpu_reference_bytes: int | None = None  # counted like peak_bytes (memory_terms' one definition of the peak)


@dataclass(frozen=True)
class CountedKey(JsonModel):
    """A (label, count) pair: a task as op@launcher[size], or an allocation as producer:dtype[dims]."""

    key: str
    count: int


@dataclass(frozen=True)
class RouteDiff(JsonModel):
    """How one matrix point's route changed; None figures mean unknown (route or memory model missing)."""

    point: MatrixPoint
    before_found: bool
    after_found: bool
    removed_tasks: tuple[CountedKey, ...] = ()
    added_tasks: tuple[CountedKey, ...] = ()
    removed_tensors: tuple[CountedKey, ...] = ()
    added_tensors: tuple[CountedKey, ...] = ()
    launches_before: int | None = None
    launches_after: int | None = None
    peak_before: int | None = None
    peak_after: int | None = None
    traffic_before: int | None = None
    traffic_after: int | None = None
    memory_basis: str = ""

    @property
    def launch_delta(self) -> int | None:
        return _delta(self.launches_before, self.launches_after)

    @property
    def peak_delta(self) -> int | None:
        return _delta(self.peak_before, self.peak_after)

    @property
    def traffic_delta(self) -> int | None:
        return _delta(self.traffic_before, self.traffic_after)

    def to_json(self) -> dict:
        document = {
            "entry": self.point.entry,
            "facts": self.point.facts_json(),
            "before_found": self.before_found,
            "after_found": self.after_found,
            "tasks_removed": [k.to_json() for k in self.removed_tasks],
            "tasks_added": [k.to_json() for k in self.added_tasks],
            "tensors_removed": [k.to_json() for k in self.removed_tensors],
            "tensors_added": [k.to_json() for k in self.added_tensors],
        }
        document["launches"] = {"before": self.launches_before, "after": self.launches_after, "delta": self.launch_delta}
        document["peak_bytes"] = {"before": self.peak_before, "after": self.peak_after, "delta": self.peak_delta}
        document["traffic_bytes"] = {
            "before": self.traffic_before, "after": self.traffic_after, "delta": self.traffic_delta}
        document["memory_basis"] = self.memory_basis
        return document


def task_key(op: str, launcher: str, size: str = UNKNOWN, may: bool = False) -> str:
    """op@launcher, with the size class when known (a constant BroadcastTo is not an output-sized one), `?` if may."""
    return f"{op}@{launcher}" + (f"[{size}]" if size != UNKNOWN else "") + ("?" if may else "")


def _task_keys(route: Route | None, point: MatrixPoint) -> Counter:
    if route is None:
        return Counter()
    sizes = SizeResolver(route, point.facts())
    return Counter(task_key(t.op, t.launcher, sizes.task_class(t.writes), t.may) for t in route.tasks)


def tensor_key(tensor: Tensor, sizes: SizeResolver) -> str:
    """producer:dtype[dims] under the case; the shape rule's text when the dims are unknown."""
    shape = sizes.shape(tensor.id)
    dims = "x".join(str(d) for d in shape) if shape is not None else f"{tensor.shape.rule}?"
    return f"{tensor.producer}:{tensor.dtype}[{dims}]"


def _alloc_keys(route: Route | None, point: MatrixPoint) -> Counter:
    if route is None:
        return Counter()
    sizes = SizeResolver(route, point.facts())
    return Counter(tensor_key(t, sizes) for t in route.tensors if t.effect == "alloc")


def diff_routes(
    point: MatrixPoint,
    before: Route | None,
    after: Route | None,
    figures: Callable[[Route, MatrixPoint], MemoryFigures | None] | None = None,
) -> RouteDiff:
    """Compare two routes of the same point; tasks by op, launcher and size class, allocations by producer, dtype, shape."""
    tasks_before = _task_keys(before, point)
    tasks_after = _task_keys(after, point)
    allocs_before = _alloc_keys(before, point)
    allocs_after = _alloc_keys(after, point)
    memory_before = figures(before, point) if figures and before else None
    memory_after = figures(after, point) if figures and after else None
    basis = (memory_after or memory_before).basis if (memory_after or memory_before) else "memory model not available"
    return RouteDiff(
        point=point,
        before_found=before is not None,
        after_found=after is not None,
        removed_tasks=_counted(tasks_before - tasks_after),
        added_tasks=_counted(tasks_after - tasks_before),
        removed_tensors=_counted(allocs_before - allocs_after),
        added_tensors=_counted(allocs_after - allocs_before),
        launches_before=len(before.tasks) if before else None,
        launches_after=len(after.tasks) if after else None,
        peak_before=memory_before.peak_bytes if memory_before else None,
        peak_after=memory_after.peak_bytes if memory_after else None,
        traffic_before=memory_before.traffic_bytes if memory_before else None,
        traffic_after=memory_after.traffic_bytes if memory_after else None,
        memory_basis=basis,
    )


def _counted(counter: Counter) -> tuple[CountedKey, ...]:
    return tuple(CountedKey(key=key, count=count) for key, count in sorted(counter.items()))


def _delta(before: int | None, after: int | None) -> int | None:
    return None if before is None or after is None else after - before
