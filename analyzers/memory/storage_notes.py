"""Why a tensor of a route costs no memory of its own: the view, in-place write or ViewCopy re-pointing behind it."""

from __future__ import annotations

import os

from op_migrate.analyzers.route.model import Route, Tensor


def storage_notes(route: Route, storage: dict[str, str]) -> dict[str, str]:
    """For each non-parameter tensor that shares another's storage, the reason in the route's own terms."""
    by_id = {t.id: t for t in route.tensors}
    repointed = _repointing_steps(route)
    notes: dict[str, str] = {}
    for tensor in route.tensors:
        owner = storage.get(tensor.id, tensor.id)
        if tensor.effect == "param" or owner == tensor.id:
            continue
        owner_name = by_id[owner].name if owner in by_id else owner
        step = next((repointed[t] for t in _chain(tensor, by_id) if t in repointed), None)
        if tensor.effect in ("view", "alias"):
            notes[tensor.id] = f"a view of {tensor.base}: shares {owner_name}'s storage"
        elif step is not None:
            notes[tensor.id] = (
                f"{step.op}({', '.join(step.args[:2])}) at {os.path.basename(step.file)}:{step.line} makes it {owner_name}'s storage "
                f"(no copy): no memory beyond {owner_name}"
            )
        else:
            notes[tensor.id] = f"{tensor.producer} writes into {owner_name}'s storage"
    return notes


def _repointing_steps(route: Route) -> dict:
    """Tensor id -> the ViewCopy step that re-pointed its storage at an output."""
    return {tensor_id: step for step in route.steps if step.effect == "re-point" for tensor_id in step.inputs[:1]}


def _chain(tensor: Tensor, by_id: dict[str, Tensor]) -> list[str]:
    ids, seen, current = [], set(), tensor
    while current is not None and current.id not in seen:
        seen.add(current.id)
        ids.append(current.id)
        current = by_id.get(current.base) if current.base else None
    return ids
