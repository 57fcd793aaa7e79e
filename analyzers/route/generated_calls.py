"""Calls of generated two-phase APIs in a route walk: `aclnnInner<Op>GetWorkspaceSize(...)` is declared, never
defined, in a repository; opbuild generates it from the op's OpDef, and it launches that op's AI Core kernel
(analyzers/aclnn/opdefs.py reads the OpDef: ports in order and the SoCs it is configured for)."""

from __future__ import annotations

import re

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route import platforms
from op_migrate.analyzers.route.model import Site
from op_migrate.analyzers.route.values import Status, TensorList, TensorRef

GENERATED_API = re.compile(r"^aclnnInner(\w+)GetWorkspaceSize$")


class GeneratedCalls:
    """Methods of RouteWalk; it supplies program, frame, facts, value(), _task(), _written() and the step view."""

    def generated_call(self, op: str, callee: str, expr: Expr):
        """The launch a generated API makes: its op on AI_CORE, reading its input tensors and writing its outputs.
        Without the op's OpDef in reach what it launches is unknown (the route is incomplete); on a SoC the OpDef
        has no AI Core config for, the generated API has no kernel and the call fails."""
        args = [self.value(arg) for arg in expr.children]
        info = self.program.opdef(op) if hasattr(self.program, "opdef") else None
        if info is None:
            self._incomplete("route-generated-api-unknown", expr.line, api=callee, op=op)
            return Status(True)
        soc = platforms.socs().get(self.facts.soc or "")
        if soc is not None and info.socs and not set(soc.opdef_names) & set(info.socs):
            self.note_failure(expr, f"{op}'s OpDef ({info.path.rsplit('/', 1)[-1]}:{info.line}) configures no AI "
                                    f"Core kernel for {soc.name} (only {', '.join(info.socs)})", text=callee)
            return Status(False)
        roles = info.roles(len(args)) or ("input",) * len(args)
        given = self._port_dtypes(info, roles, args)
        soc_names = soc.opdef_names if soc else ()
        if info.kernel_for(soc_names, given) is False and (soc is not None or not info.socs):
            listed = ", ".join(f"{port} {dtype}" for port, dtype in given.items())
            self.note_failure(expr, f"predicted: no dtype column of {op}'s OpDef ({info.path.rsplit('/', 1)[-1]}:"
                                    f"{info.line}) takes {listed}, so the generated API finds no kernel", text=callee)
            return Status(False)
        # A port given a tensor that may be nullptr counts too: where it is there, its dtype does.
        passed = {port for port, _ in _tensor_ports(info, roles, args)}
        unread = sorted(passed & info.typed_ports(soc_names) - set(given))
        if unread:
            # A tensor whose dtype the walk does not know may rule out every column: the call holds if one takes it.
            self.open_check(f"{op}'s OpDef ({info.path.rsplit('/', 1)[-1]}:{info.line}) has a kernel column for the "
                            f"dtypes of {', '.join(unread)}", expr.line)
        reads = [value.id for value, role in zip(args, roles) if role == "input" and isinstance(value, TensorRef)]
        reads += [m for value, role in zip(args, roles) if role == "input" and isinstance(value, TensorList)
                  for m in value.members]
        writes = [value.id for value, role in zip(args, roles) if role == "output" and isinstance(value, TensorRef)]
        unnamed = [text for value, role, arg in zip(args, roles, expr.children) if role == "input"
                   and (text := self.unnamed_read(value, arg.text)) is not None]
        site = self.frame.l0_site or Site(self.frame.function.name, self.frame.unit.path, expr.line)
        guarded = soc is None and info.socs
        if guarded:
            guard = f"{op}'s OpDef configures an AI Core kernel for the SoC ({', '.join(info.socs)})"
            self._note_unknown(guard)
            saved = self.frame.guards, self.frame.may
            self.frame.guards, self.frame.may = self.frame.guards + (guard,), True
        try:
            self._generated_launch(op, expr, site, reads, writes, unnamed)
        finally:
            if guarded:
                self.frame.guards, self.frame.may = saved
        return Status(True)

    def _port_dtypes(self, info, roles, args) -> dict[str, str]:
        """OpDef port -> the dtype of the tensor the call gives it (ports given no tensor or an unknown dtype left
        out)."""
        given = {}
        for port, value in _tensor_ports(info, roles, args):
            dtype = self.book.ref_dtype(value) if not value.nullable else None
            if dtype:
                given[port] = dtype
        return given

    def _generated_launch(self, op: str, expr: Expr, site: Site, reads, writes, unnamed=()) -> None:
        macro = Site(self.frame.function.name, self.frame.unit.path, expr.line)
        self.as_step(op, expr, lambda: self._task(op, "AI_CORE", site, tuple(reads),
                                                  tuple(self._written(writes, op, site)), macro=macro, unnamed=unnamed))


def _tensor_ports(info, roles, args):
    """(OpDef port, tensor) for each argument of the generated call that is a tensor, in port order."""
    ports, outputs = iter(info.inputs), iter(info.outputs)
    for role, value in zip(roles, args):
        port = next(ports, None) if role == "input" else next(outputs, None) if role == "output" else None
        if port and isinstance(value, TensorRef):
            yield port, value
