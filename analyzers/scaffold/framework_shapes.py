"""shape_util and classify as the trace sees them: the shapes an elementwise build passes along (never numbers on
the dynamic path; the caller's, read by the host, on the static one) and the port dicts classify receives."""

from __future__ import annotations

from op_migrate.analyzers.scaffold.values import (
    MAX_RANK,
    ClassifyResult,
    Refused,
    ShapeValue,
    Unknown,
    as_scalar_expr,
    scalar_text,
)


def _refs_of(shape) -> tuple:
    return shape.refs if isinstance(shape, ShapeValue) else ()



class ShapeModels:
    """A mixin of Framework (needs tracer and static): shape_util's calls and classify."""

    # ---------------------------------------------------------------- shape_util
    def _variable_shape(self, interp, args, kwargs, node):
        inputs = args[0] if args else kwargs.get("inputs", [])
        if not isinstance(inputs, (list, tuple)):
            return Unknown("variable_shape of a non-list")
        shapes = []
        for i, item in enumerate(inputs):
            if self.static and isinstance(item, dict) and isinstance(item.get("shape"), (list, tuple)):
                shapes.append(self._rewritten_shape(interp, item, node))
            else:
                shapes.append(ShapeValue(f"input {i}", _refs_of(item.get("shape")) if isinstance(item, dict) else ()))
        return shapes

    def _rewritten_shape(self, interp, item: dict, node) -> ShapeValue:
        """The static path rewrote an input's shape from known dims (a [C] vector read as [1, C, 1, 1] by data
        format, from another port's dim 1 or from its own dim 0 as the caller gives it): TBE reads the caller's data
        in that shape, so the host hands the kernel that shape (an override of numbers and the caller's dims, the
        port's own included: ApplyShapes reads the caller's shapes). Anything else it cannot state stops the
        trace."""
        name = item.get("param_name", "?")
        exprs = []
        for value in item["shape"]:
            expr = as_scalar_expr(value)
            plain = expr is not None and (expr[0] == "dim" or expr[0] == "const" and isinstance(expr[1], int))
            if not plain:
                raise interp.untranslatable(f"the shape of input {name} is rewritten before classify to "
                                            f"{interp.describe(value) if expr is None else scalar_text(expr)}, which "
                                            "the host cannot state from the inputs' dims", node,
                                            construct="shape_util.variable_shape")
            exprs.append(expr)
        if len(exprs) > MAX_RANK:  # ger's `shape_x1 + [1]` of a rank-8 x1
            raise Refused(f"the shape of input {name} is rewritten to {len(exprs)} dims, above TBE's {MAX_RANK}",
                          getattr(node, "lineno", None), interp.current_path)
        self.tracer.shape_overrides[name] = tuple(exprs)
        interp.notes.append((f"input {name} is read in the shape [{', '.join(scalar_text(e) for e in exprs)}] the "
                             "static path gives it (the host computes it per call; the caller's element count must "
                             "match)", getattr(node, "lineno", None), interp.current_path))
        return ShapeValue(f"input {name} rewritten", (f"port:{name}",))

    def _broadcast_shapes(self, interp, args, kwargs, node):
        lhs, rhs = _refs_of(args[0] if args else None), _refs_of(args[1] if len(args) > 1 else None)
        return (ShapeValue("broadcast lhs", lhs), ShapeValue("broadcast rhs", rhs),
                ShapeValue("broadcast", lhs + rhs if lhs and rhs else ()))

    def _unify_broadcast_shapes(self, interp, args, kwargs, node):
        # A static build pads each shape with leading 1s (its element count is unchanged); the last is the broadcast.
        shapes = args[0] if args else []
        count = len(shapes) if isinstance(shapes, (list, tuple)) else 2
        refs = [_refs_of(shape) for shape in shapes] if isinstance(shapes, (list, tuple)) else [()] * count
        every = tuple(ref for group in refs for ref in group) if all(refs) else ()
        return tuple([ShapeValue(f"broadcast input {i}", refs[i]) for i in range(count)]
                     + [ShapeValue("broadcast", every)])

    def _refine_shapes_for_broadcast(self, interp, args, kwargs, node):
        return (ShapeValue("refined lhs"), ShapeValue("refined rhs"))

    def _shape_to_list(self, interp, args, kwargs, node):
        value = args[0] if args else None
        if isinstance(value, ShapeValue):
            return value
        return list(value) if isinstance(value, (list, tuple)) else ShapeValue("shape_to_list")

    def _scalar2tensor_one(self, interp, args, kwargs, node):
        return args[0] if args else ShapeValue("scalar2tensor_one")

    # ---------------------------------------------------------------- classify, build, context
    def _classify(self, interp, args, kwargs, node):
        inputs = args[0] if args else kwargs.get("ins", [])
        mode = args[1] if len(args) > 1 else kwargs.get("mode", "")
        if not isinstance(inputs, (list, tuple)):
            raise interp.untranslatable("classify of inputs the scaffold does not know", node)
        case = [dict(item) if isinstance(item, dict) else item for item in inputs]
        self._check_classified(interp, case, node)
        self.tracer.classify_mode = mode if isinstance(mode, str) else str(mode)
        return ClassifyResult(cases=[case], mode=self.tracer.classify_mode)

    def _check_classified(self, interp, case: list, node) -> None:
        """The kernel reads each input in the caller's shape: a port dict reaching classify with its shape replaced
        by something the trace does not follow (another port's, an unknown value) or passed twice (one input read in
        another's shape) would be read otherwise by TBE; a list of numbers is the static path's rewrite, which
        variable_shape states."""
        seen = set()
        for item in case:
            name = item.get("param_name") if isinstance(item, dict) else None
            if name is None:
                continue
            shape = item.get("shape")
            if name in seen:
                raise interp.untranslatable(f"the dict of input {name} is classified twice (another input read in "
                                            "its shape)", node, construct="classify")
            seen.add(name)
            own = isinstance(shape, ShapeValue) and shape.refs == (f"port:{name}",)
            if not (own or isinstance(shape, (list, tuple))):
                raise interp.untranslatable(f"the shape of input {name} is replaced before classify by "
                                            f"{interp.describe(shape)}, which the scaffold does not follow", node,
                                            construct="classify")
