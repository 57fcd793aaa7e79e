"""Live ranges over a route's program order, the peak as a max of live sums, and an independent event replay."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping

from op_migrate.analyzers.memory.expr import MaxExpr, Poly
from op_migrate.analyzers.memory.sizes import SizeTable
from op_migrate.analyzers.route.model import Route


@dataclass(frozen=True)
class Interval:
    """A storage's live range in program positions (inclusive) under the executor's reuse."""

    storage: str
    start: int
    end: int
    may: bool


def program_positions(route: Route) -> tuple[dict[str, int], dict[int, int]]:
    """Position of each create step (by tensor id) and each launch (by task index), in program order.

    Routes without events (or with tensors/tasks the events miss) fall back to task order, creations first.
    """
    created: dict[str, int] = {}
    launched: dict[int, int] = {}
    for position, event in enumerate(route.events):
        if event.kind == "create" and event.tensor is not None:
            created.setdefault(event.tensor, position)
        elif event.kind == "launch" and event.task is not None:
            launched.setdefault(event.task, position)
    next_position = len(route.events)
    for task in route.tasks:
        if task.index not in launched:
            launched[task.index] = next_position
            next_position += 1
    return created, launched


def live_intervals(route: Route, table: SizeTable) -> tuple[Interval, ...]:
    """One interval per allocated storage: from its producing task (or creation) to its last use by any task.

    Uses through a view, alias or write-into count for the storage underneath, so a CreateView alias keeps
    its base alive until the alias's last reader.
    """
    created, launched = program_positions(route)
    touches: dict[str, list[tuple[int, bool]]] = {}
    for task in route.tasks:
        position = launched[task.index]
        for tensor_id in task.writes:
            touches.setdefault(table.storage.get(tensor_id, tensor_id), []).append((position, True))
        for tensor_id in task.reads:
            touches.setdefault(table.storage.get(tensor_id, tensor_id), []).append((position, False))
    # A write-into tensor also uses its target storage at the position the tensor is created.
    for tensor in route.tensors:
        if tensor.effect in ("view", "alias", "write") and tensor.id in created:
            storage = table.storage.get(tensor.id, tensor.id)
            if storage != tensor.id:
                touches.setdefault(storage, []).append((created[tensor.id], False))
    intervals = []
    for tensor in route.tensors:
        if tensor.effect != "alloc" or table.storage.get(tensor.id, tensor.id) != tensor.id:
            continue
        uses = touches.get(tensor.id, [])
        writes = [p for p, is_write in uses if is_write]
        fallback = created.get(tensor.id, min((p for p, _ in uses), default=0))
        start = min(writes) if writes else fallback
        if not writes and uses:
            start = min(start, min(p for p, _ in uses))
        end = max([start] + [p for p, _ in uses])
        intervals.append(Interval(tensor.id, start, end, tensor.may))
    return tuple(intervals)


def live_sets(intervals: tuple[Interval, ...], include_may: bool = False) -> list[tuple[int, tuple[str, ...]]]:
    """(position, storages live there) for every position where some storage starts; maximal sets only.

    A set contained in another is dropped: under any non-negative size rule it cannot hold the peak alone.
    """
    chosen = [i for i in intervals if include_may or not i.may]
    points = sorted({i.start for i in chosen})
    sets = [(p, tuple(i.storage for i in chosen if i.start <= p <= i.end)) for p in points]
    maximal = []
    for index, (position, members) in enumerate(sets):
        as_set = set(members)
        if any(set(other) > as_set or (set(other) == as_set and j < index) for j, (_, other) in enumerate(sets) if j != index):
            continue
        maximal.append((position, members))
    return maximal


def peak_formula(sets: list[tuple[int, tuple[str, ...]]], sizes: Mapping[str, Poly]) -> MaxExpr:
    """max over program points of the live sums, dominated candidates removed."""
    sums = []
    for _, members in sets:
        total = Poly()
        for storage in members:
            total = total + sizes[storage]
        sums.append(total)
    return MaxExpr.of(sums)


def peak_bytes(
    sets: list[tuple[int, tuple[str, ...]]], block_bytes: Mapping[str, int]
) -> tuple[int, int | None, tuple[str, ...]]:
    """(peak, position, storages live there) under already-applied block sizes; earliest position on ties."""
    best, best_position, best_members = 0, None, ()
    for position, members in sets:
        total = sum(block_bytes[m] for m in members)
        if total > best or best_position is None:
            best, best_position, best_members = total, position, members
    return best, best_position, best_members


def replay_peak(intervals: tuple[Interval, ...], block: Callable[[str], int], include_may: bool = False) -> int:
    """Walk alloc/free events in program order and return the highest running total (the reference)."""
    events: dict[int, list[tuple[int, int]]] = {}
    for interval in intervals:
        if interval.may and not include_may:
            continue
        size = block(interval.storage)
        events.setdefault(interval.start, []).append((0, size))
        events.setdefault(interval.end, []).append((1, -size))
    current = peak = 0
    for position in sorted(events):
        for kind, delta in sorted(events[position]):
            if kind == 0:
                current += delta
                peak = max(peak, current)
        for kind, delta in events[position]:
            if kind == 1:
                current += delta
    return peak


def memory_curve(intervals: tuple[Interval, ...], positions: list[int], block: Mapping[str, int], include_may: bool = False) -> list[int]:
    """Live bytes at each position (for the memory-over-time chart)."""
    return [
        sum(block[i.storage] for i in intervals if (include_may or not i.may) and i.start <= p <= i.end) for p in positions
    ]
