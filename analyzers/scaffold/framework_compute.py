"""tvm and math in the TBE compute as the trace sees them: numbers (tvm.const, math of attributes and element
counts) and the tensors tvm makes (placeholders, and the one tvm.compute idiom the scaffold translates)."""

from __future__ import annotations

import math

from astroid import nodes

from op_migrate.analyzers.scaffold.runtime import UserFunction
from op_migrate.analyzers.scaffold.scalars import BYTES, held
from op_migrate.analyzers.scaffold.values import (
    AttrValue,
    Scalar,
    ShapeValue,
    TensorScalar,
    TensorValue,
    Unknown,
    as_scalar_expr,
    attr_names,
    has_numel,
)


def _empty_check(exprs: list) -> bool:
    """isclose(count, 0) of an element count times constants (no attribute): true only for an empty tensor."""
    if None in exprs or not any(has_numel(e) for e in exprs):
        return False
    count, zero = exprs if has_numel(exprs[0]) else exprs[::-1]
    return zero == ("const", 0) and not attr_names(count) and _product(count)


def _product(expr) -> bool:
    if expr[0] in ("numel", "const"):
        return expr[0] == "numel" or expr[1] != 0
    return expr[0] == "mul" and _product(expr[1]) and _product(expr[2])



class ComputeModels:
    """A mixin of Framework (needs platform and tracer): the tvm and math calls of the compute."""

    # ---------------------------------------------------------------- math
    def _math(self, interp, name, args, node, kwargs=None):
        attrs = [a for a in args if isinstance(a, AttrValue)]
        if name == "isclose" and len(args) == 2 and len(attrs) == 1:
            # rel_tol / abs_tol of the call are kept out of the predicate: the host compares the float32 values
            other = args[1] if args[0] is attrs[0] else args[0]
            if isinstance(other, (int, float)):
                return interp.attr_branch("isclose", attrs[0], other, node)
        if name == "isclose" and len(args) == 2 and any(isinstance(a, (AttrValue, Scalar)) for a in args):
            exprs = [as_scalar_expr(a) for a in args]
            if _empty_check(exprs):
                interp.notes.append((f"decided False: {node.as_string()[:100]} (an element count is 0 only for an "
                                     f"empty tensor, where the kernel writes nothing)", node.lineno,
                                     interp.current_path))
                return False
            tolerances = {k: (kwargs or {}).get(k, d) for k, d in (("rel_tol", 1e-9), ("abs_tol", 0.0))}
            if None not in exprs and all(isinstance(t, (int, float)) for t in tolerances.values()):
                if exprs[1][0] == "const":
                    return interp.expr_branch("isclose", exprs[0], exprs[1][1], node, **tolerances)
                if exprs[0][0] == "const":
                    return interp.expr_branch("isclose", exprs[1], exprs[0][1], node, **tolerances)
                return interp.expr_branch("isclose", exprs[0], exprs[1], node, **tolerances)
        if any(isinstance(a, (AttrValue, Scalar)) for a in args):
            exprs = [as_scalar_expr(a) for a in args]
            if name in ("log", "exp", "sqrt", "fabs", "floor") and len(exprs) == 1 and exprs[0] is not None:
                return Scalar(({"fabs": "abs"}.get(name, name), exprs[0]), None)
            if name == "pow" and len(exprs) == 2 and None not in exprs:
                return Scalar(("pow", exprs[0], exprs[1]), None)
            raise interp.untranslatable(f"math.{name} of an attribute the scaffold does not compute", node)
        function = getattr(math, name, None)
        if function is None or not all(isinstance(a, (int, float)) for a in args):
            return Unknown(f"math.{name}", getattr(node, "lineno", None))
        try:
            return function(*args)
        except (ValueError, OverflowError) as error:
            return Unknown(f"math.{name} fails: {error}")

    # ---------------------------------------------------------------- tvm
    def _tvm_const(self, interp, args, kwargs, node):
        value = args[0] if args else kwargs.get("value")
        dtype = args[1] if len(args) > 1 else kwargs.get("dtype")
        if dtype is None:
            dtype = "int32" if isinstance(value, int) and not isinstance(value, bool) else "float32"
        if not isinstance(dtype, str):
            raise interp.untranslatable("tvm.const with a dtype the scaffold does not know", node)
        expr = as_scalar_expr(value)
        if expr is None:
            raise interp.untranslatable(f"tvm.const of {interp.describe(value)}", node, construct=node.as_string()[:120])
        if expr[0] == "cast" and expr[1] == dtype:
            return Scalar(expr, dtype)
        if expr[0] == "const" and dtype in BYTES and dtype not in ("bool", "float64"):
            return Scalar(("const", held(expr[1], dtype)), dtype)
        return Scalar(("cast", dtype, expr), dtype)  # the value held in dtype, whatever uses it later

    def _tvm_placeholder(self, interp, args, kwargs, node):
        dtype = args[1] if len(args) > 1 else kwargs.get("dtype", "float32")
        name = args[2] if len(args) > 2 else kwargs.get("name", "placeholder")
        if not isinstance(dtype, str):
            raise interp.untranslatable(f"a placeholder of dtype {interp.describe(dtype)}", node)
        shape = args[0] if args else kwargs.get("shape")
        tensor = self.tracer.new_input(dtype, name if isinstance(name, str) else "placeholder", node.lineno,
                                       interp.current_path)
        if isinstance(shape, ShapeValue) and shape.origin.startswith("input "):
            self.tracer.classified.add(tensor.ref)  # a shape shape_util.variable_shape gave (classify's)
        return tensor

    def _tvm_compute(self, interp, args, kwargs, node):
        found = indexed_lambda(node)
        if found is None or not isinstance(args[1] if len(args) > 1 else None, UserFunction):
            raise interp.untranslatable("a raw tvm.compute lambda (index expressions, not DSL calls)", node,
                                        construct=node.as_string()[:120])
        name, op, other, tensor_left, shaped_like = found
        tensor = interp.lookup(name, args[1].closure, node)
        scalar = interp.eval(other, args[1].closure)
        if not (isinstance(tensor, TensorValue) and isinstance(scalar, TensorScalar)):
            raise interp.untranslatable(f"a raw tvm.compute lambda over {interp.describe(tensor)} and "
                                        f"{interp.describe(scalar)} (only a tensor with t[0] is translated)", node,
                                        construct=node.as_string()[:120])
        if shaped_like != name and not self._same_shape(interp.lookup(shaped_like, args[1].closure, node), tensor):
            raise interp.untranslatable(f"a raw tvm.compute over {shaped_like}.shape reading {name}, whose shapes the "
                                        "scaffold does not know to be equal", node, construct=node.as_string()[:120])
        return interp.dsl.indexed_arithmetic(interp, op, tensor, scalar, tensor_left, node)

    def _same_shape(self, one, other) -> bool:
        """Whether two chain tensors have one shape: in the ELEWISE pattern (no broadcast) every input classify
        shaped has the one shape classify checked, and the DSL's elementwise calls keep it (they take operands of
        equal shapes), so any tensor computed from such an input has it; a one-element placeholder does not."""
        if self.tracer.classify_mode not in ("elewise", "ELEWISE") or not all(isinstance(t, TensorValue) for t in (one, other)):
            return False
        return all(self._reaches_classified(t) for t in (one, other))

    def _reaches_classified(self, tensor: TensorValue) -> bool:
        pending, seen = list(tensor.shape_refs or (tensor.ref,)), set()
        while pending:
            ref = pending.pop()
            if ref in self.tracer.classified:
                return True
            if ref not in seen:
                seen.add(ref)
                pending.extend(self.tracer.shape_sources.get(ref, ()))
        return False


def indexed_lambda(node) -> tuple | None:
    """(t, op, other side, t on the left, u) of `tvm.compute(u.shape, lambda *i: t(*i) op other)` where the other
    side does not read the indices, else None."""
    if not (isinstance(node, nodes.Call) and len(node.args) >= 2 and isinstance(node.args[1], nodes.Lambda)):
        return None
    shape, function = node.args[0], node.args[1]
    indices = function.args.vararg
    if not indices or function.args.args or not isinstance(function.body, nodes.BinOp):
        return None
    body = function.body
    for element, other, left in ((body.left, body.right, True), (body.right, body.left, False)):
        if isinstance(element, nodes.Call) and isinstance(element.func, nodes.Name) and not element.keywords \
                and len(element.args) == 1 and isinstance(element.args[0], nodes.Starred) \
                and element.args[0].value.as_string() == indices \
                and not any(n.name == indices for n in other.nodes_of_class(nodes.Name)) \
                and isinstance(shape, nodes.Attribute) and shape.attrname == "shape" \
                and isinstance(shape.expr, nodes.Name):
            return element.func.name, body.op, other, left, shape.expr.name
    return None
