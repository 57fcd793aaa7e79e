"""The effects half of the route walk: l0op calls (repository or catalog), executor calls, kernel launches."""

from __future__ import annotations

import contextlib
import re
from dataclasses import astuple

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route.aliases import declared_type
from op_migrate.analyzers.route.catalog_apply import CatalogApply
from op_migrate.analyzers.route.framework_functions import DEVICE_TASKS, EXECUTOR_LAUNCHES
from op_migrate.analyzers.route.l0_semantics import catalog_op, keeps_view_shape
from op_migrate.analyzers.route.model import Event, ShapeRule, Site, Task
from op_migrate.analyzers.route.overloads import arg_kind
from op_migrate.analyzers.route.values import (
    UNKNOWN,
    DType,
    HostValue,
    IntList,
    OpArgs,
    Status,
    TensorList,
    TensorRef,
    is_int,
    unnamed_input,
)

# The framework's device tasks the walk models: name -> (arguments it needs, the RouteWalk method). The others of
# framework_functions.DEVICE_TASKS make the route incomplete (L0Effects.framework_task).
MODELLED_TASKS = {"CopyNpuToNpu": (2, "_device_copy"), "CopyToNpu": (2, "_copy_to_npu")}
_HOST_DECLARED = re.compile(r"^(?:const\s+)?(?:u?int(?:8|16|32|64)_t|int|int64|uint64|size_t|bool|float|double|char)\b")


class L0Effects(CatalogApply):
    """Methods of RouteWalk that create tensors and tasks; they use its frame, book, tasks, events and steps."""

    def _l0_call(self, name: str, expr: Expr, args=None):
        """An L0 call: resolved through the program; an outermost one (made by the entry) is one step."""
        if args is None:
            args = [self.value(arg) for arg in expr.children]
        resolution = self.program.resolve_l0(name, len(expr.children), self.frame.unit.path,
                                             tuple(arg_kind(a) for a in args))
        if self.frame.l0_op is not None:
            return self._resolved_call(name, expr, args, resolution)
        step = self._open_step(name, expr, resolution, args)
        with self._stepping(step):
            result = self._resolved_call(name, expr, args, resolution)
        if name in keeps_view_shape() and args and isinstance(args[0], TensorRef) and isinstance(result, TensorRef):
            self.book.give_view_shape(result, args[0], since=step.mark)
        self._step_result(step, result)
        return result

    @contextlib.contextmanager
    def _stepping(self, step):
        """While the body runs, the launches it makes are `step`'s."""
        self.current_step = step
        try:
            yield
        finally:
            self.current_step = None

    def _resolved_call(self, name: str, expr: Expr, args, resolution):
        if resolution.kind == "repo":
            return self._inline(resolution.unit, resolution.function, expr, l0_op=name, args=args)
        site = self.frame.l0_site or Site(self.frame.function.name, self.frame.unit.path, expr.line)
        if resolution.op is not None:
            saved = self.frame.l0_inner
            self.frame.l0_inner = name
            try:
                return self._apply_catalog(resolution.op, args, expr, site)
            finally:
                self.frame.l0_inner = saved
        self.unresolved.append({"name": name, "op": name, "arity": len(expr.children), "file": site.file,
                                "line": site.line, "reason": resolution.reason})
        self._incomplete("l0-op-unresolved", site.line, path=site.file, op=name, arity=len(expr.children),
                         reason=resolution.reason)
        reads = tuple(a.id for a in args if isinstance(a, TensorRef))
        reads += tuple(m for a in args if isinstance(a, TensorList) for m in a.members if m not in reads)
        tensor = self._create(name, "alloc", ShapeRule("unknown", text=f"unresolved l0op::{name}"), None, site)
        saved = self.frame.l0_inner
        self.frame.l0_inner = name
        try:
            self._task(name, "UNKNOWN", site, reads, (tensor,))
        finally:
            self.frame.l0_inner = saved
        return TensorRef(tensor)

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
                shape, dtype, key = self._inferred_shape(), first, None
            else:
                dtype_expr = args[2] if len(args) == 5 else (args[1] if len(args) > 1 else None)
                shape = self.book.shape_from(first, args[0], self)
                dtype = self.value(dtype_expr) if dtype_expr is not None else DType(None)
                key = first.key if hasattr(first, "key") else None
            producer = self.frame.l0_op or "AllocTensor"
            return TensorRef(self._create(producer, "alloc", shape[0], dtype.name if isinstance(dtype, DType) else None,
                                          site, dims=shape[1], key=key))
        if method == "CreateView" and args:
            source = self.value(args[0])
            if not isinstance(source, TensorRef):
                return UNKNOWN
            if len(args) > 1:
                value = self.value(args[1])
                shape = self.book.shape_from(value, args[1], self)
                key = getattr(value, "key", None)
            else:
                shape, key = (ShapeRule("same", (source.id,)), self.book.ref_shape(source).dims), None
            offset = self.value(args[2]) if len(args) > 2 else 0
            producer = self.frame.l0_op or "CreateView"
            return TensorRef(self._create(producer, "view", shape[0], self.book.ref_dtype(source), site,
                                          base=source.id, dims=shape[1], key=key,
                                          offset=offset if is_int(offset) else None))
        if method == "AllocIntArray":
            items = self.value(args[0]) if args else UNKNOWN
            count = self.value(args[1]) if len(args) > 1 else None
            dims = items.known if isinstance(items, IntList) else items.dims if isinstance(items, HostValue) else None
            if dims is not None and is_int(count) and count <= len(dims):
                dims = dims[:count]
            return HostValue("int-array", expr.text, dims)
        if method in ("ConvertToTensor", "AllocHostTensor"):
            # Host data in a new host-side tensor (layout.HOST_LAYOUT): its dtype is the DataType argument, its shape
            # (when the walk knows it) what op::CopyToNpu gives the device tensor it makes.
            values = [self.value(arg) for arg in args]
            dtypes = [value for value in values if isinstance(value, DType)]
            dtype = dtypes[-1] if dtypes else DType(None)
            return HostValue("host-tensor", dtype.name or "", _host_tensor_dims(method, values, args, self))
        if method == "AllocTensorList":
            # The list copies the pointers it is given (opbase common_types.cpp:760-769): its elements are the
            # container's; a list made from anything else has unknown elements.
            held = self.value(args[0]) if args else UNKNOWN
            if isinstance(held, TensorList):
                return TensorList(held.members, held.hosts, held.exhaustive, acl=True, nullable=held.nullable)
            return TensorList(exhaustive=False, acl=True)
        if method in ("AllocBoolArray", "AllocFloatArray") and args:
            # Like AllocIntArray: the host array's values, read back with `(*arr)[i]` and `arr->Size()`.
            items = self.value(args[0])
            values = items.items if isinstance(items, IntList) else items.dims if isinstance(items, HostValue) else None
            count = self.value(args[1]) if len(args) > 1 else None
            if values is not None and is_int(count) and count <= len(values):
                values = values[:count]
            return HostValue("float-array" if method == "AllocFloatArray" else "bool-array", expr.text,
                             None if values is None or any(v is None for v in values) else tuple(values))
        if method in ("AllocScalar", "AllocBoolArray", "AllocFloatArray"):
            return HostValue(method, expr.text)
        if method in EXECUTOR_LAUNCHES:
            # A launch added to (or run from) the executor by hand: not modelled, so never a silent host call.
            for arg in args:
                self.value(arg)
            self._incomplete("route-framework-launch-unmodelled", expr.line, call=f"executor->{method}",
                             what="adds a kernel launcher to the executor or runs it")
            return UNKNOWN
        return Status(True) if method in ("GetWorkspaceSize", "ReleaseTo", "AbandonCache", "AddTensorRelation") \
            else UNKNOWN

    def _inferred_shape(self):
        """The shape of an output INFER_SHAPE computes: the catalog's rule for the L0 op when it has one."""
        op_name, call = self.frame.l0_op, self.frame.l0_call
        entry = catalog_op(op_name, len(call[1].children)) if op_name and call else None
        if entry is None:
            return ShapeRule("unknown", text="set by INFER_SHAPE"), None
        rule = self.book.rule_for(entry, list(call[0]), call[1])[0]
        return rule, None

    def _op_args(self, args) -> OpArgs:
        """Tensor ids in OP_INPUT(...) / OP_OUTPUT(...) among `args`, or in an argument context variable: the
        reads, the writes, what is read besides (the other tensors a variable may hold, a list's elements), and the
        inputs and outputs the walk cannot name (their text)."""
        reads, writes, also_read, unnamed, unnamed_out = [], [], [], [], []
        for arg in args:
            if arg.kind == "name" or arg.kind == "unary":
                held = self.value(arg)
                if isinstance(held, OpArgs):  # an argument context variable (GetOpArgContext)
                    for bucket, part in zip((reads, writes, also_read, unnamed, unnamed_out), astuple(held)):
                        bucket.extend(part)
                    continue
            for call in arg.calls():
                bucket = reads if call.name == "OP_INPUT" else writes if call.name == "OP_OUTPUT" else None
                if bucket is not None:
                    for item in call.children:
                        value = self.value(item)
                        if (text := self.unnamed_read(value, item.text)) is not None:
                            (unnamed if bucket is reads else unnamed_out).append(text)
                        if isinstance(value, TensorRef):
                            bucket.append(value.id)
                            if bucket is reads:
                                also_read.extend(value.others)  # a variable that may hold several reads each
                        elif isinstance(value, TensorList):
                            # A kernel reading a tensor list reads its elements; one writing it (SplitV's
                            # outputs) writes them.
                            (also_read if bucket is reads else writes).extend(value.members)
        return OpArgs(*(tuple(bucket) for bucket in (reads, writes, also_read, unnamed, unnamed_out)))

    def unnamed_read(self, value, text: str) -> str | None:
        """How a launch's input (or output) the walk cannot name is shown (the argument in the entry point's names, with the
        helper it is written in when that is not the entry point), or None: a known tensor, a host value, or a name
        declared with a host number type (`int64_t seed` of a DSA launch)."""
        if unnamed_input(value, text) is None:
            return None
        text = " ".join(text.split())
        declared = declared_type(self.frame.function, text) if text.isidentifier() else None
        if declared is not None and _HOST_DECLARED.match(declared.strip()):
            return None
        mapped = self.caller_text(text)
        shown = unnamed_input(value, mapped)
        return shown if mapped != text or len(self._active) <= 1 else f"{shown} in {self.frame.function.name}"

    def _launch(self, launcher: str, expr: Expr) -> None:
        args = expr.children
        op = args[0].text.strip().strip('"') if args else "?"
        given = self._op_args(args)
        site = self._site(expr)
        written = self._written(given.writes, op, site)
        macro = Site(self.frame.function.name, self.frame.unit.path, expr.line)

        self.as_step(op, expr, lambda: self._task(op, launcher, site, given.reads, tuple(written), macro=macro,
                                                  also_read=given.also_read, unnamed=given.unnamed,
                                                  unnamed_out=given.unnamed_writes))

    def as_step(self, op: str, expr: Expr, launch) -> None:
        """Runs `launch`; a launch the entry point makes itself (not inside an L0 op or a step) is a step of its own."""
        if self.frame.l0_op is not None or self.current_step is not None:
            launch()
            return
        step = self._open_step(op, expr, None, [])
        self.current_step = step
        try:
            launch()
        finally:
            self.current_step = None
        self._step_result(step, None)

    def _written(self, writes, op: str, site: Site) -> list[str]:
        written = []
        for tensor_id in writes:
            # A launch into a tensor the op did not allocate itself writes the caller's storage.
            existing = self.book.effect(tensor_id) == "param" or (
                self.frame.l0_mark is not None and self.book.index(tensor_id) < self.frame.l0_mark)
            if existing:
                tensor_id = self._create(self.frame.l0_op or op, "write", ShapeRule("same", (tensor_id,)),
                                         self.book.dtype(tensor_id), site, base=tensor_id)
            written.append(tensor_id)
        return written

    def framework_task(self, short: str, expr: Expr):
        """A framework function that is a task on the device (framework_functions.DEVICE_TASKS): modelled, or the
        route is incomplete naming it; never a silent host call."""
        modelled = MODELLED_TASKS.get(short)
        if modelled is not None and len(expr.children) >= modelled[0]:
            return getattr(self, modelled[1])(expr)
        for arg in expr.children:
            self.value(arg)
        self._incomplete("route-framework-launch-unmodelled", expr.line, call=f"op::{short}",
                         what=DEVICE_TASKS.get(short, "is a device task of the framework"))
        return UNKNOWN

    def _copy_to_npu(self, expr: Expr):
        """op::CopyToNpu(host, executor) (opbase z_framework_op.cpp): a host-to-device copy task of the framework
        (launcher COPY, AddToKernelLauncherListCopyTask) into a new device tensor that AllocTensor makes with the
        host tensor's shape, dtype and formats; the host tensor is no device tensor, so the task reads none."""
        source = self.value(expr.children[0])
        self.value(expr.children[1])
        site = self._site(expr)
        macro = Site(self.frame.function.name, self.frame.unit.path, expr.line)
        if isinstance(source, TensorRef):
            reads, dtype = (source.id,), self.book.ref_dtype(source)
            shape, dims = ShapeRule("same", (source.id,)), self.book.ref_shape(source).dims
        else:
            reads = ()
            dtype = (source.text or None) if isinstance(source, HostValue) and source.kind == "host-tensor" else None
            dims = source.dims if isinstance(source, HostValue) and source.kind == "host-tensor" else None
            text = " ".join(expr.children[0].text.split())
            shape = ShapeRule("literal", dims=tuple(str(d) for d in dims)) if dims is not None else \
                ShapeRule("unknown", text=f"the shape of host tensor {text}")
        unnamed = self.unnamed_read(source, expr.children[0].text)

        def launch():
            tensor = self._create("CopyToNpu", "alloc", shape, dtype, site, dims=dims)
            self._task("CopyToNpu", "COPY", site, reads, (tensor,), macro=macro,
                       also_read=source.others if isinstance(source, TensorRef) else (),
                       unnamed=(unnamed,) if unnamed is not None else ())
            return TensorRef(tensor)

        if self.frame.l0_op is not None or self.current_step is not None:
            return launch()
        step = self._open_step("CopyToNpu", expr, None, [source])  # a step of its own, as a launch the entry makes
        with self._stepping(step):
            result = launch()
        self._step_result(step, result)
        return result

    def _device_copy(self, expr: Expr):
        """op::CopyNpuToNpu(x, y, executor): a device-to-device copy task of the framework (launcher COPY)."""
        source, target = self.value(expr.children[0]), self.value(expr.children[1])
        site = self._site(expr)
        reads = (source.id,) if isinstance(source, TensorRef) else ()
        writes = self._written((target.id,), "CopyNpuToNpu", site) if isinstance(target, TensorRef) else []
        self._task("CopyNpuToNpu", "COPY", site, reads, tuple(writes),
                   macro=Site(self.frame.function.name, self.frame.unit.path, expr.line),
                   also_read=source.others if isinstance(source, TensorRef) else ())
        return Status(True)

    def _task(self, op, launcher, site: Site, reads, writes, macro: Site | None = None, also_read=(),
              unnamed=(), unnamed_out=()) -> None:
        index = len(self.tasks)
        reads = self._with_alternatives(reads)
        reads += [tensor_id for tensor_id in self._with_alternatives(also_read) if tensor_id not in reads]
        path = self.frame.call_path + (macro or Site(self.frame.function.name, self.frame.unit.path, site.line),)
        step = self.current_step
        via = self.frame.l0_op or (step.op if step is not None and step.kind != "launch" else None)
        self.tasks.append(Task(index=index, op=op, launcher=launcher, file=site.file, line=site.line,
                               may=self.frame.may, guards=self.frame.guards, reads=tuple(reads),
                               writes=tuple(writes), call_path=path, via=via,
                               l0=(self.frame.l0_inner or via) if via else None,
                               step=step.index if step is not None else None,
                               unnamed_reads=tuple(dict.fromkeys(unnamed)),
                               unnamed_writes=tuple(dict.fromkeys(unnamed_out))))
        if step is not None:
            step.tasks.append(index)
        self.events.append(Event(kind="launch", task=index))

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

    def _create(self, producer, effect, shape, dtype, site: Site, base=None, dims=None, guard="", key=None,
                offset=0):
        guards = self.frame.guards + ((guard,) if guard else ())
        tensor_id = self.book.create(producer, effect, shape, dtype, site, base=base, dims=dims,
                                     may=self.frame.may, guards=guards, key=key, offset=offset,
                                     origin=self.frame.call_path)
        self.events.append(Event(kind="create", tensor=tensor_id))
        return tensor_id

    def _site(self, expr: Expr) -> Site:
        return self.frame.l0_site or Site(self.frame.function.name, self.frame.unit.path, expr.line)


def _host_tensor_dims(method: str, values, args, walk) -> tuple[int, ...] | None:
    """The shape of a host tensor the executor makes, when the walk knows it (opbase op_executor.h):
    AllocHostTensor(shape, dtype[, format]) its shape argument; AllocHostTensor(values, size, dtype) and
    ConvertToTensor(values, size, dtype) [size]; ConvertToTensor(aclIntArray / aclFloatArray / aclBoolArray, dtype)
    [its item count]; ConvertToTensor(aclScalar, dtype) [] (a rank-0 tensor)."""
    if not values:
        return None
    first = values[0]
    if len(values) >= 3 and is_int(values[1]) and isinstance(values[2], DType):
        return (values[1],)
    if method == "AllocHostTensor" and len(values) in (2, 3) and isinstance(values[1], DType):
        _, dims = walk.book.shape_from(first, args[0], walk)
        return tuple(dims) if dims is not None else None
    if method == "ConvertToTensor" and len(values) == 2 and isinstance(first, HostValue):
        if first.kind in ("int-array", "float-array", "bool-array") and first.dims is not None:
            return (len(first.dims),)
        if first.kind == "AllocScalar":
            return ()
    return None
