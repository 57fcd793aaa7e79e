"""Rules against one route: forbidden tasks and tensors, required launches, `may` and undecided sizes."""

from __future__ import annotations

import fnmatch

from op_migrate.analyzers.policy.messages import MESSAGES
from op_migrate.analyzers.policy.model import MatrixPoint, Policy, Rule
from op_migrate.analyzers.policy.parse import Platforms
from op_migrate.analyzers.policy.sizes import UNKNOWN, SizeResolver
from op_migrate.analyzers.policy.verdict import Violation
from op_migrate.analyzers.route.model import Route, Site, Task, Tensor


def check_route(policy: Policy, point: MatrixPoint, route: Route, platforms: Platforms | None = None) -> tuple[Violation, ...]:
    """Every violation of the policy's rules that apply at `point` on `route`, in route order per rule."""
    platforms = platforms or Platforms()
    sizes = SizeResolver(route, point.facts())
    found: list[Violation] = []
    for rule in policy.rules:
        if not rule.when.admits(point):
            continue
        if rule.kind == "require":
            found.extend(_require(rule, point, route, sizes))
        elif rule.on_tensors:
            found.extend(_forbid_tensors(rule, point, route, sizes, platforms))
        else:
            found.extend(_forbid_tasks(rule, point, route, sizes))
    return tuple(found)


def op_matches(pattern: str | None, name: str) -> bool:
    """Exact name or glob, against the full name and its last `::` component (l0op::Cast matches Cast)."""
    if pattern is None:
        return True
    return fnmatch.fnmatchcase(name, pattern) or fnmatch.fnmatchcase(name.split("::")[-1], pattern)


def _size_state(rule: Rule, size: str) -> str:
    """'yes' when the size class matches, 'no' when it does not, 'undecided' when the size is unknown."""
    if rule.size == "any":
        return "yes"
    if size == UNKNOWN:
        return "undecided"
    return "yes" if size == rule.size else "no"


def _task_matches(rule: Rule, task: Task) -> bool:
    # A policy names the op as the chain calls it (l0op::DropoutDoMask) or as it launches (DropOutDoMask); a launcher
    # the facts leave undecided ("AI_CORE|AI_CPU", route/catalog_apply.py) may be either.
    named = op_matches(rule.op, task.op) or (task.l0 is not None and op_matches(rule.op, task.l0))
    return named and (rule.launcher is None or rule.launcher in task.launcher.split("|"))


def _undecided(task: Task) -> bool:
    """A task under an undecided guard, or one whose launcher the facts do not decide."""
    return task.may or "|" in task.launcher


def _forbid_tasks(rule: Rule, point: MatrixPoint, route: Route, sizes: SizeResolver):
    for task in route.tasks:
        if not _task_matches(rule, task):
            continue
        size = sizes.task_class(task.writes)
        state = _size_state(rule, size)
        if state == "no" or ((_undecided(task) or state == "undecided") and rule.allow_may):
            continue
        why = _qualifiers(rule, _undecided(task), state, size)
        yield Violation(
            symbol="policy-forbidden-task",
            rule=rule.name,
            point=point,
            message=MESSAGES.make("policy-forbidden-task", op=task.op, launcher=task.launcher, rule=rule.describe(),
                                  why=why).message,
            op=task.op,
            launcher=task.launcher,
            file=task.file,
            line=task.line,
            guards=task.guards,
            may=_undecided(task),
            size=size,
            call_path=task.call_path,
        )


def _forbid_tensors(rule: Rule, point: MatrixPoint, route: Route, sizes: SizeResolver, platforms: Platforms):
    for tensor in route.tensors:
        if not _tensor_matches(rule, tensor, platforms):
            continue
        size = sizes.tensor_class(tensor)
        state = _size_state(rule, size)
        if state == "no" or ((tensor.may or state == "undecided") and rule.allow_may):
            continue
        yield Violation(
            symbol="policy-forbidden-tensor",
            rule=rule.name,
            point=point,
            message=MESSAGES.make("policy-forbidden-tensor", tensor=tensor.name, effect=tensor.effect,
                                  dtype=tensor.dtype, rule=rule.describe(),
                                  why=_qualifiers(rule, tensor.may, state, size)).message,
            op=tensor.producer,
            launcher=None,
            file=tensor.file,
            line=tensor.line,
            guards=tensor.guards,
            may=tensor.may,
            tensor=tensor.name,
            size=size,
            call_path=_tensor_path(route, tensor),
        )


def _tensor_matches(rule: Rule, tensor: Tensor, platforms: Platforms) -> bool:
    if rule.effect is not None and tensor.effect != rule.effect:
        return False
    if rule.shape is not None and tensor.shape.rule != rule.shape:
        return False
    if rule.dtype is not None and platforms.dtypes.get(str(tensor.dtype).lower().split("::")[-1]) != rule.dtype:
        return False
    return op_matches(rule.op, tensor.producer)


def _tensor_path(route: Route, tensor: Tensor) -> tuple[Site, ...]:
    """The call path of the task that writes the tensor first, when there is one (the allocation is on it)."""
    for task in route.tasks:
        if tensor.id in task.writes:
            return task.call_path
    return ()


def _require(rule: Rule, point: MatrixPoint, route: Route, sizes: SizeResolver):
    certain, uncertain = [], []
    for task in route.tasks:
        if not _task_matches(rule, task):
            continue
        state = _size_state(rule, sizes.task_class(task.writes))
        if state == "yes" and not _undecided(task):
            certain.append(task)
        elif state != "no":
            uncertain.append(task)
    # branches cover the requirement only where each launches it for sure (not on a launcher the facts leave open)
    guarded = [task.guards for task in uncertain if "|" not in task.launcher]
    if certain or (uncertain and rule.allow_may) or _covers_every_branch(guarded):
        return
    why = "only under an undecided guard or size" if uncertain else "no matching launch on this route"
    site = _entry_site(route)
    yield Violation(
        symbol="policy-required-missing",
        rule=rule.name,
        point=point,
        message=MESSAGES.make("policy-required-missing", rule=rule.describe(), why=why).message,
        op=rule.op,
        launcher=rule.launcher,
        file=site.file if site else None,
        line=site.line if site else None,
        guards=uncertain[0].guards if uncertain else (),
        may=bool(uncertain),
        call_path=uncertain[0].call_path if uncertain else ((site,) if site else ()),
    )


def _covers_every_branch(guard_chains) -> bool:
    """True when the guard chains, taken together, leave no way around them (G and !(G) under one prefix)."""
    covered = set(guard_chains)
    grew = True
    while grew and () not in covered:
        grew = False
        for chain in list(covered):
            if chain and chain[:-1] not in covered and any(chain[:-1] + (other,) in covered for other in _negations(chain[-1])):
                covered.add(chain[:-1])
                grew = True
    return () in covered


def _negations(guard: str) -> tuple[str, ...]:
    """The spellings route evaluation uses for the negation of a guard text."""
    text = guard.strip()
    if text.startswith("!(") and text.endswith(")"):
        return (text[2:-1],)
    if text.startswith("!") and not text.startswith("!("):
        return (text[1:],)
    return (f"!({text})", f"!{text}")


def _entry_site(route: Route) -> Site | None:
    """Where the entry function is, taken from the first call path that starts in it."""
    for task in route.tasks:
        if task.call_path:
            return task.call_path[0]
    return None


def _qualifiers(rule: Rule, may: bool, state: str, size: str) -> str:
    notes = []
    if may:
        notes.append("under an undecided guard")
    if state == "undecided":
        notes.append("size undecided")
    elif rule.size != "any":
        notes.append(f"{size}-sized")
    return ", ".join(notes) or "decided by the facts"
