"""Catalog L0 ops applied in a route walk: effects, launchers, the framework helpers' layout rules, generated tables.

The helper rules are the ones of ops-math's definitions (shared reference framework_helpers.md), for chains whose
roots do not hold them: Contiguous launches a copy only for a non-contiguous input; Cast only when the dtype
changes; ViewCopy(x, y) nothing when x and y are one storage, re-points a contiguous workspace x at a contiguous y
when the SoC has move-align or y's view fills its storage (a device copy otherwise), a TensorMove for a
user-owned x, a ViewCopy kernel otherwise.
"""

from __future__ import annotations

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route import platforms
from op_migrate.analyzers.route.l0_semantics import CatalogOp
from op_migrate.analyzers.route.model import ShapeRule, Site
from op_migrate.analyzers.route.values import UNKNOWN, DType, TensorList, TensorRef


class CatalogApply:
    """Methods of RouteWalk (through L0Effects) that apply a CatalogOp to argument values."""

    def _apply_catalog(self, op: CatalogOp, args, expr: Expr, site: Site):
        def arg(index):
            return args[index] if index < len(args) else UNKNOWN

        source = arg(0)
        if op.effect == "mixed":
            verdict, guard = self._mixed_verdict(op, args)
            if verdict is False:
                if isinstance(source, TensorRef) and op.when.startswith("not-contiguous"):
                    return TensorRef(self._create(op.name, "view", *self._shape_dtype(op, args, expr), site,
                                                  base=source.id, key=self.book.shape(source.id).key))
                return source
            if verdict is None:
                return self._under(guard, lambda: self._alloc_and_launch(op, args, expr, site))
            return self._alloc_and_launch(op, args, expr, site)
        if op.effect == "view":
            if not isinstance(source, TensorRef):
                return source
            shape, dtype = self._shape_dtype(op, args, expr)
            return TensorRef(self._create(op.name, "view", shape, dtype, site, base=source.id))
        if op.effect == "write":
            target = arg(op.writes if op.writes is not None else 1)
            if not isinstance(target, TensorRef):
                return self._alloc_and_launch(op, args, expr, site)
            if op.when.startswith("copy-to") and isinstance(source, TensorRef):
                return self._copy_to(op, source, target, site, expr)

            def write():
                self._write_launch(op, op.name, self._launcher(op, args), target, self._reads(op, args), site)
                return target

            if op.when.startswith("copy-to"):
                # A copy whose source the walk lost may re-point the output instead of launching (hand check B6b).
                return self._under(f"{op.name}: its source is unknown (a copy or a re-point)", write)
            return write()
        return self._alloc_and_launch(op, args, expr, site)

    def _under(self, guard: str, action):
        """Run `action` under an undecided guard: what it creates and launches is `may`."""
        self._note_unknown(guard)
        saved = self.frame.guards, self.frame.may
        self.frame.guards, self.frame.may = self.frame.guards + (guard,), True
        try:
            return action()
        finally:
            self.frame.guards, self.frame.may = saved

    def _mixed_verdict(self, op: CatalogOp, args) -> tuple[bool | None, str]:
        """Whether the costly half of a mixed op happens: True, False, or None with the guard text."""
        kind, _, rest = op.when.partition(":")
        indices = [int(part) for part in rest.split(":") if part]
        if kind == "dtype-differs" and len(indices) == 2:
            source = args[indices[0]] if indices[0] < len(args) else UNKNOWN
            target = args[indices[1]] if indices[1] < len(args) else UNKNOWN
            have = DType(self.book.ref_dtype(source)) if isinstance(source, TensorRef) else DType(None)
            want = target if isinstance(target, DType) else DType(None)
            if have.name and want.name:
                return have.name != want.name, f"{op.name}: dtype {have.name} -> {want.name}"
            return None, f"{op.name}: input dtype differs from {want.name or 'the target dtype'}"
        if kind == "not-contiguous" and indices:
            source = args[indices[0]] if indices[0] < len(args) else UNKNOWN
            if isinstance(source, TensorRef):
                contiguous = self.book.contiguous(source)
                if contiguous is None:
                    return None, f"{op.name}: input not contiguous"
                return not contiguous, ""
            return False, ""
        return None, f"{op.name}: {op.when}"

    def _copy_to(self, op: CatalogOp, source: TensorRef, target: TensorRef, site: Site, expr: Expr):
        """ViewCopy(x, y) by the layout facts (see the module docstring)."""
        alternatives = source.ids
        plans = {tensor_id: self._copy_plan(TensorRef(tensor_id), target) for tensor_id in alternatives}
        if source.hosts and set(plans.values()) != {"tensor-move"}:
            # One arm holds a tensor made from host data (contiguous, not a workspace tensor: a TensorMove).
            argument = self.caller_text(" ".join(expr.children[0].text.split()))
            self._under(f"{op.name}: {argument} is not a tensor made from host data",
                        lambda: self._copy_to(op, TensorRef(source.id, source.others), target, site, expr))
            return target
        if len(set(plans.values())) == 1:
            self._apply_copy(op, plans[source.id], alternatives, target, site, expr)
            return target
        # x may be one of several tensors (after an undecided branch) that copy differently: each under its guard.
        argument = self.caller_text(" ".join(expr.children[0].text.split()))
        for tensor_id in alternatives:
            guard = f"{op.name}: {argument} is {self.book.name(tensor_id)}"
            self._under(guard, lambda t=tensor_id: self._apply_copy(op, plans[t], (t,), target, site, expr))
        return target

    def _copy_plan(self, source: TensorRef, target: TensorRef) -> str:
        """What ViewCopy does for one x: same | re-point | device-copy | device-copy? | tensor-move | view-copy | ?."""
        book = self.book
        if book.data(source) is not None and book.data(source) == book.data(target):
            return "same"
        both = _all_true(book.contiguous(source), book.contiguous(target))
        workspace = book.workspace(source)
        if both is True and workspace is True:
            align = platforms.platform_predicate("SupportMoveAlign", self.facts.soc)
            if align is True or book.fills_storage(target):  # y's view is its whole storage: no move-align needed
                return "re-point"
            return "device-copy?" if align is None else "device-copy"
        if both is True and workspace is False:
            return "tensor-move"
        if both is False:
            return "view-copy"
        return "?"

    def _apply_copy(self, op: CatalogOp, plan: str, sources: tuple[str, ...], target: TensorRef, site: Site,
                    expr: Expr) -> None:
        reads = tuple(sources)
        if plan == "same":
            return
        if plan == "re-point":
            for tensor_id in sources:
                if self.certain_for(tensor_id):
                    self.book.repoint(tensor_id, target.id)
                    if self.current_step is not None:
                        self.current_step.repointed = True
            return
        if plan == "device-copy?":
            guard = f"{op.name}: !SupportMoveAlign() (the SoC is unknown)"
            self._under(guard, lambda: self._write_launch(op, "CopyNpuToNpu", "COPY", target, reads, site))
            return
        if plan == "?":
            guard = f"{op.name}: the layout of {self.caller_text(' '.join(expr.children[0].text.split()))} is not known"
            self._under(guard, lambda: self._write_launch(op, "ViewCopy", "AI_CORE", target, reads, site))
            return
        kernel, launcher = {"device-copy": ("CopyNpuToNpu", "COPY"), "tensor-move": ("TensorMove", "AI_CORE"),
                            "view-copy": ("ViewCopy", "AI_CORE")}[plan]
        self._write_launch(op, kernel, launcher, target, reads, site)

    def _write_launch(self, op: CatalogOp, kernel: str, launcher: str, target: TensorRef, reads, site: Site):
        written = self._create(op.name, "write", ShapeRule("same", (target.id,)), self.book.ref_dtype(target),
                               site, base=target.id)
        self._task(kernel, launcher, site, tuple(reads), (written,))

    def _alloc_and_launch(self, op: CatalogOp, args, expr: Expr, site: Site):
        shape, dtype = self._shape_dtype(op, args, expr)
        tensor = self._create(op.name, "alloc", shape, dtype, site)
        reads, unnamed = self._reads(op, args), self._unnamed_reads(op, args, expr)
        if op.table or op.launches:
            self._table_launches(op, args, site, reads, tensor, unnamed)
        else:
            self._task(op.name, self._launcher(op, args), site, reads, (tensor,), unnamed=unnamed)
        return TensorRef(tensor)

    def _table_launches(self, op: CatalogOp, args, site: Site, reads, tensor: str, unnamed=()) -> None:
        """A generated catalog's launches for the facts' arch and the first tensor argument's dtype."""
        first = next((a for a in args if isinstance(a, TensorRef)), None)
        dtype = self.book.ref_dtype(first) if first is not None else None
        row = _row(op, self.facts.arch, dtype)
        if row is None:
            picks = [f"{index}?" for index in range(len(op.launches))]
        else:
            picks = list(row)
        for pick in picks:
            kernel, launcher, guards = op.launches[int(pick.rstrip("?"))]
            if pick.endswith("?"):
                text = " && ".join(guards) or f"{op.name}: launch not decided by arch and dtype"
                self._under(self.caller_text(text),
                            lambda k=kernel, lc=launcher: self._task(k, lc, site, reads, (tensor,), unnamed=unnamed))
            else:
                self._task(kernel, launcher, site, reads, (tensor,), unnamed=unnamed)

    def _reads(self, op: CatalogOp, args) -> tuple[str, ...]:
        """The tensors a catalog op reads, then the elements of tensor lists it reads."""
        # Every tensor a variable argument may hold (after undecided branches or rounds of a loop).
        reads = list(dict.fromkeys(tensor_id for i in op.reads if i < len(args) and isinstance(args[i], TensorRef)
                                   for tensor_id in args[i].ids))
        for index in op.reads:
            value = args[index] if index < len(args) else None
            if isinstance(value, TensorList):
                reads.extend(member for member in value.members if member not in reads)
        return tuple(reads)

    def _unnamed_reads(self, op: CatalogOp, args, expr: Expr) -> tuple[str, ...]:
        """The inputs of a catalog op the walk cannot name, as the caller wrote them."""
        texts = (self.unnamed_read(args[i], expr.children[i].text) for i in op.reads
                 if i < len(args) and i < len(expr.children))
        return tuple(text for text in texts if text is not None)

    def _launcher(self, op: CatalogOp, args) -> str:
        launcher = op.launchers[0] if op.launchers else "UNKNOWN"
        if op.regbase_aicore_dtypes:
            return self._regbase_launcher(op, args, launcher)
        if op.aicpu_dtypes and args and isinstance(args[0], TensorRef):
            dtype = self.book.ref_dtype(args[0])
            if dtype is None:
                return f"{launcher}|AI_CPU"
            if dtype in op.aicpu_dtypes:
                return "AI_CPU"
        return launcher

    def _regbase_launcher(self, op: CatalogOp, args, launcher: str) -> str:
        """AI_CORE on a RegBase arch for the dtypes its lists hold, else `launcher`; both ("A|B") when unknown."""
        arch = platforms.arches().get(self.facts.arch or "")
        if arch is not None and not arch.regbase:
            return launcher
        verdicts = []
        for index, dtypes in op.regbase_aicore_dtypes:
            value = args[index] if index < len(args) else None
            dtype = self.book.ref_dtype(value) if isinstance(value, TensorRef) else None
            verdicts.append(None if dtype is None else dtype in dtypes)
        if arch is not None and all(v is True for v in verdicts):
            return "AI_CORE"
        if any(v is False for v in verdicts):
            return launcher
        return f"{launcher}|AI_CORE"

    def _shape_dtype(self, op: CatalogOp, args, expr: Expr):
        return self.book.rule_for(op, args, expr)


def _all_true(*values) -> bool | None:
    if any(value is False for value in values):
        return False
    return True if all(value is True for value in values) else None


def _row(op: CatalogOp, arch: str | None, dtype: str | None):
    """The table row for (arch, dtype): an exact dtype row first, then the arch's "*" row; None when absent."""
    if arch is None:
        return None
    exact = [picks for row_arch, row_dtype, picks in op.table if row_arch == arch and row_dtype == dtype]
    if exact and dtype is not None:
        return exact[0]
    anything = [picks for row_arch, row_dtype, picks in op.table if row_arch == arch and row_dtype == "*"]
    return anything[0] if anything else None
