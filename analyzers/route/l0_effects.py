"""The effects half of the route walk: l0op calls (repository or catalog), executor calls, kernel launches."""

from __future__ import annotations

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route.l0_semantics import CatalogOp, catalog_op
from op_migrate.analyzers.route.model import ShapeRule, Site, Step, Task
from op_migrate.analyzers.route.values import UNKNOWN, DType, HostValue, IntList, OpArgs, Status, TensorRef, is_int



class L0Effects:
    """Methods of RouteWalk that create tensors and tasks; they use its frame, book, tasks and steps."""

    def _l0_call(self, name: str, expr: Expr):
        resolved = self.program.resolve_l0(name, len(expr.children), self.frame.unit.path)
        if isinstance(resolved, tuple):
            return self._inline(resolved[0], resolved[1], expr, l0_op=name)
        site = self.frame.l0_site or Site(self.frame.function.name, self.frame.unit.path, expr.line)
        args = [self.value(arg) for arg in expr.children]
        if isinstance(resolved, CatalogOp):
            return self._apply_catalog(resolved, args, expr, site)
        self.unresolved.append({"name": name, "op": name, "arity": len(expr.children), "file": site.file,
                                "line": site.line})
        self._incomplete("l0-op-unresolved", site.line, path=site.file, op=name, arity=len(expr.children))
        reads = tuple(a.id for a in args if isinstance(a, TensorRef))
        tensor = self._create(
            name, "alloc", ShapeRule("unknown", text=f"unresolved l0op::{name}"), None, site, expr.text
        )
        self._task(name, "UNKNOWN", site, reads, (tensor,))
        return TensorRef(tensor)

    def _apply_catalog(self, op: CatalogOp, args, expr: Expr, site: Site):
        def arg(index):
            return args[index] if index < len(args) else UNKNOWN

        source = arg(0)
        if op.effect == "mixed":
            verdict, guard = self._mixed_verdict(op, args)
            if verdict is False:
                if isinstance(source, TensorRef) and op.when.startswith("not-contiguous"):
                    return TensorRef(self._create(op.name, "view", *self._shape_dtype(op, args, expr), site, expr.text,
                                                  base=source.id, guard=guard))
                return source
            if verdict is None:
                self._note_unknown(guard)
                saved = self.frame.guards, self.frame.may
                self.frame.guards, self.frame.may = self.frame.guards + (guard,), True
                try:
                    return self._alloc_and_launch(op, args, expr, site)
                finally:
                    self.frame.guards, self.frame.may = saved
            return self._alloc_and_launch(op, args, expr, site)
        if op.effect == "view":
            if not isinstance(source, TensorRef):
                return source
            shape, dtype = self._shape_dtype(op, args, expr)
            return TensorRef(self._create(op.name, "view", shape, dtype, site, expr.text, base=source.id))
        if op.effect == "write":
            target = arg(op.writes if op.writes is not None else 1)
            if not isinstance(target, TensorRef):
                return self._alloc_and_launch(op, args, expr, site)
            written = self._create(op.name, "write", ShapeRule("same", (target.id,)), self.book.ref_dtype(target),
                                   site, expr.text, base=target.id)
            self._task(op.name, self._launcher(op, args), site, self._reads(op, args), (written,))
            return target
        return self._alloc_and_launch(op, args, expr, site)

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
                return False, f"{op.name}: assumed contiguous input (contiguity is not a fact)"
            return False, ""
        return None, f"{op.name}: {op.when}"

    def _alloc_and_launch(self, op: CatalogOp, args, expr: Expr, site: Site):
        shape, dtype = self._shape_dtype(op, args, expr)
        tensor = self._create(op.name, "alloc", shape, dtype, site, expr.text)
        self._task(op.name, self._launcher(op, args), site, self._reads(op, args), (tensor,))
        return TensorRef(tensor)

    def _reads(self, op: CatalogOp, args) -> tuple[str, ...]:
        return tuple(args[i].id for i in op.reads if i < len(args) and isinstance(args[i], TensorRef))

    def _launcher(self, op: CatalogOp, args) -> str:
        launcher = op.launchers[0] if op.launchers else "UNKNOWN"
        if op.aicpu_dtypes and args and isinstance(args[0], TensorRef):
            dtype = self.book.ref_dtype(args[0])
            if dtype is None:
                return f"{launcher}|AI_CPU"
            if dtype in op.aicpu_dtypes:
                return "AI_CPU"
        return launcher

    def _shape_dtype(self, op: CatalogOp, args, expr: Expr):
        return self.book.rule_for(op, args, expr)

    # -- executor calls and launches ------------------------------------------------------------------------
    def _executor_call(self, method: str, expr: Expr):
        args = expr.children
        site = self._site(expr)
        if method == "get":
            return HostValue("executor")  # uniqueExecutor.get()
        if method == "AllocTensor" and args:
            first = self.value(args[0])
            if isinstance(first, DType):
                # AllocTensor(dtype, formats...): the shape is set later by INFER_SHAPE.
                shape, dtype = self._inferred_shape(), first
            else:
                dtype_expr = args[2] if len(args) == 5 else (args[1] if len(args) > 1 else None)
                shape = self.book.shape_from(first, args[0], self)
                dtype = self.value(dtype_expr) if dtype_expr is not None else DType(None)
            producer = self.frame.l0_op or "AllocTensor"
            return TensorRef(self._create(producer, "alloc", shape[0], dtype.name if isinstance(dtype, DType) else None,
                                          site, expr.text, dims=shape[1]))
        if method == "CreateView" and args:
            source = self.value(args[0])
            if not isinstance(source, TensorRef):
                return UNKNOWN
            shape = self.book.shape_from(self.value(args[1]), args[1], self) if len(args) > 1 else (
                ShapeRule("same", (source.id,)), self.book.ref_shape(source).dims)
            producer = self.frame.l0_op or "CreateView"
            return TensorRef(self._create(producer, "view", shape[0], self.book.ref_dtype(source), site, expr.text,
                                          base=source.id, dims=shape[1]))
        if method == "AllocIntArray":
            items = self.value(args[0]) if args else UNKNOWN
            count = self.value(args[1]) if len(args) > 1 else None
            dims = items.known if isinstance(items, IntList) else items.dims if isinstance(items, HostValue) else None
            if dims is not None and is_int(count) and count <= len(dims):
                dims = dims[:count]
            return HostValue("int-array", expr.text, dims)
        if method == "ConvertToTensor":
            dtype = self.value(args[-1]) if args else UNKNOWN
            return HostValue("host-tensor", dtype.name if isinstance(dtype, DType) and dtype.name else "")
        if method in ("AllocScalar", "AllocBoolArray", "AllocFloatArray", "AllocTensorList", "AllocHostTensor"):
            return HostValue(method, expr.text)
        return Status(True) if method in ("GetWorkspaceSize", "ReleaseTo", "AbandonCache") else UNKNOWN

    def _inferred_shape(self):
        """The shape of an output INFER_SHAPE computes: the catalog's rule for the L0 op when it has one."""
        op_name, call = self.frame.l0_op, self.frame.l0_call
        entry = catalog_op(op_name, len(call[1].children)) if op_name and call else None
        if entry is None:
            return ShapeRule("unknown", text="set by INFER_SHAPE"), None
        rule = self.book.rule_for(entry, list(call[0]), call[1])[0]
        return rule, None

    def _op_args(self, args) -> tuple[list[str], list[str]]:
        """Tensor ids in OP_INPUT(...) / OP_OUTPUT(...) among `args`, or in an argument context variable."""
        reads, writes = [], []
        for arg in args:
            if arg.kind == "name" or arg.kind == "unary":
                held = self.value(arg)
                if isinstance(held, OpArgs):
                    reads.extend(held.reads)
                    writes.extend(held.writes)
                    continue
            for call in arg.calls():
                bucket = reads if call.name == "OP_INPUT" else writes if call.name == "OP_OUTPUT" else None
                if bucket is not None:
                    for item in call.children:
                        value = self.value(item)
                        if isinstance(value, TensorRef):
                            bucket.append(value.id)
        return reads, writes

    def _launch(self, launcher: str, expr: Expr) -> None:
        args = expr.children
        op = args[0].text.strip().strip('"') if args else "?"
        reads, writes = self._op_args(args)
        site = self.frame.l0_site or self._site(expr)
        written = []
        for tensor_id in writes:
            # A launch into a tensor the op did not allocate itself writes the caller's storage.
            existing = self.book.effect(tensor_id) == "param" or (
                self.frame.l0_mark is not None and self.book.index(tensor_id) < self.frame.l0_mark)
            if existing:
                tensor_id = self._create(self.frame.l0_op or op, "write", ShapeRule("same", (tensor_id,)),
                                         self.book.dtype(tensor_id), site, expr.text, base=tensor_id)
            written.append(tensor_id)
        macro = Site(self.frame.function.name, self.frame.unit.path, expr.line)
        self._task(op, launcher, site, tuple(reads), tuple(written), macro=macro)

    def _task(self, op, launcher, site: Site, reads, writes, macro: Site | None = None) -> None:
        index = len(self.tasks)
        reads = self._with_alternatives(reads)
        path = self.frame.call_path + (macro or Site(self.frame.function.name, self.frame.unit.path, site.line),)
        self.tasks.append(Task(index=index, op=op, launcher=launcher, file=site.file, line=site.line,
                               may=self.frame.may, guards=self.frame.guards, reads=tuple(reads),
                               writes=tuple(writes), call_path=path))
        self.steps.append(Step(kind="launch", task=index))

    def _with_alternatives(self, ids) -> list[str]:
        """Ids plus the tensors an undecided branch may have put in their place, first seen first."""
        out: list[str] = []
        pending = list(ids)
        while pending:
            tensor_id = pending.pop(0)
            if tensor_id not in out:
                out.append(tensor_id)
                pending.extend(self.alternatives.get(tensor_id, ()))
        return out

    def _create(self, producer, effect, shape, dtype, site: Site, text: str, base=None, dims=None, guard=""):
        guards = self.frame.guards + ((guard,) if guard else ())
        tensor_id = self.book.create(producer, effect, shape, dtype, site, base=base, dims=dims,
                                     may=self.frame.may, guards=guards)
        self.steps.append(Step(kind="create", tensor=tensor_id))
        return tensor_id

    def _site(self, expr: Expr) -> Site:
        return self.frame.l0_site or Site(self.frame.function.name, self.frame.unit.path, expr.line)
