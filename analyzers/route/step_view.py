"""The step view of a route walk: one node per L0 call of the entry point (framework helpers included), with the
launches the facts make it issue and what it did otherwise (a view, its input, a re-pointed output)."""

from __future__ import annotations

from dataclasses import dataclass, field

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route.caller_names import substitute
from op_migrate.analyzers.route.l0_semantics import framework_helpers
from op_migrate.analyzers.route.model import Step
from op_migrate.analyzers.route.resolution import Resolution
from op_migrate.analyzers.route.values import TensorList, TensorRef


@dataclass
class OpenStep:
    """A step being walked: filled in when its call returns."""

    index: int
    op: str
    kind: str
    function: str
    file: str
    line: int
    resolution: str
    definition: str | None
    args: tuple[str, ...]
    may: bool
    guards: tuple[str, ...]
    inputs: tuple[str, ...]  # tensor ids among the arguments
    mark: int  # tensors in the book when the call began
    repointed: bool = False
    tasks: list[int] = field(default_factory=list)
    result: str | None = None
    effect: str = ""
    tensors: tuple[str, ...] = ()


class StepView:
    """Methods of RouteWalk that keep Route.steps; they use its frame, book and steps list."""

    def _open_step(self, op: str, expr: Expr, resolution: Resolution | None, args) -> OpenStep:
        frame = self.frame
        kind = "launch" if resolution is None else ("helper" if op in framework_helpers() else "op")
        step = OpenStep(
            index=len(self.steps), op=op, kind=kind, function=frame.function.name, file=frame.unit.path,
            line=expr.line, resolution=resolution.kind if resolution else "",
            definition=resolution.where if resolution else None,
            args=tuple(substitute(" ".join(a.text.split()), frame.names) for a in expr.children),
            may=frame.may, guards=frame.guards,
            inputs=_input_ids(args), mark=self.book.count(),
        )
        self.steps.append(step)
        return step

    def _step_result(self, step: OpenStep, result) -> None:
        """What the call did under the facts, said in one word (see Step.effect)."""
        if step.tasks:
            step.effect = "launch"
        elif step.resolution == "unresolved":
            step.effect = "unknown"
        elif step.repointed:
            step.effect = "re-point"
        elif isinstance(result, TensorRef):
            created = self.book.index(result.id) >= step.mark and self.book.effect(result.id) is not None
            effect = self.book.effect(result.id)
            if result.id in step.inputs or not created:
                step.effect = "returns-input"
            else:
                step.effect = effect if effect in ("view", "alias", "write") else "alloc"
        else:
            step.effect = "none"
        step.result = result.id if isinstance(result, TensorRef) else None
        step.tensors = self.book.created_since(step.mark)

    def finished_steps(self) -> tuple[Step, ...]:
        return tuple(
            Step(index=s.index, op=s.op, kind=s.kind, function=s.function, file=s.file, line=s.line,
                 resolution=s.resolution, definition=s.definition, args=s.args, inputs=s.inputs,
                 tasks=tuple(s.tasks),
                 tensors=s.tensors,
                 result=s.result, effect=s.effect, may=s.may, guards=s.guards)
            for s in self.steps
        )


def _input_ids(args) -> tuple[str, ...]:
    """The tensors a call is given: every tensor a variable argument may hold, the elements of a tensor list."""
    ids: list[str] = []
    for arg in args:
        held = arg.ids if isinstance(arg, TensorRef) else arg.members if isinstance(arg, TensorList) else ()
        ids.extend(tensor_id for tensor_id in held if tensor_id not in ids)
    return tuple(ids)
