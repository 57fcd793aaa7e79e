"""The expressions of the scaffold's interpreter: names, calls, operators, comparisons (with the attribute branches
they fork on), comprehensions. A mixin of interp.Interpreter."""

from __future__ import annotations

import operator

from astroid import nodes

from op_migrate.analyzers.scaffold import pybuiltins
from op_migrate.analyzers.scaffold.runtime import Frame, UserFunction
from op_migrate.analyzers.scaffold.values import (
    AttrBranch,
    AttrValue,
    Scalar,
    RankAtLeast,
    ShapeValue,
    TensorScalar,
    TensorValue,
    Unknown,
    Untranslatable,
    as_scalar_expr,
    dim_expr,
    rank_expr,
    spelled_equal,
)

_BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "/": operator.truediv, "//": operator.floordiv,
           "%": operator.mod, "**": operator.pow, "<<": operator.lshift, ">>": operator.rshift, "&": operator.and_,
           "|": operator.or_, "^": operator.xor}
_SCALAR_OPS = {"+": "add", "-": "sub", "*": "mul", "/": "div", "**": "pow"}
_FLIPPED = {"<": ">", ">": "<", "<=": ">=", ">=": "<="}
_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
            ">=": operator.ge}


class Expressions:
    """eval() of every expression kind the TBE operators use; needs the Interpreter's lookup/call/truth/iterate."""

    def eval(self, node: nodes.NodeNG, frame: Frame):
        method = getattr(self, f"_eval_{type(node).__name__}", None)
        if method is None:
            raise self.untranslatable(f"the expression {type(node).__name__} is not modelled", node,
                                      construct=node.as_string()[:120])
        return method(node, frame)

    def _eval_Const(self, node, frame):
        return node.value

    def _eval_Name(self, node, frame):
        return self.lookup(node.name, frame, node)

    def _eval_Attribute(self, node, frame):
        return self.attribute(self.eval(node.expr, frame), node.attrname, node)

    def _eval_Call(self, node, frame):
        fn = self.eval(node.func, frame)
        args: list = []
        for argument in node.args:
            if isinstance(argument, nodes.Starred):
                args.extend(self.iterate(self.eval(argument.value, frame), argument))
            else:
                args.append(self.eval(argument, frame))
        kwargs: dict = {}
        for keyword in node.keywords or ():
            value = self.eval(keyword.value, frame)
            if keyword.arg is None:
                if isinstance(value, dict):
                    kwargs.update(value)
            else:
                kwargs[keyword.arg] = value
        return self.call(fn, args, kwargs, node)

    def _eval_Tuple(self, node, frame):
        return tuple(self._elements(node.elts, frame))

    def _eval_List(self, node, frame):
        return list(self._elements(node.elts, frame))

    def _eval_Set(self, node, frame):
        return list(self._elements(node.elts, frame))

    def _elements(self, elements, frame):
        for element in elements:
            if isinstance(element, nodes.Starred):
                yield from self.iterate(self.eval(element.value, frame), element)
            else:
                yield self.eval(element, frame)

    def _eval_Dict(self, node, frame):
        result = {}
        for key, value in node.items:
            if isinstance(key, nodes.DictUnpack):
                unpacked = self.eval(value, frame)
                if isinstance(unpacked, dict):
                    result.update(unpacked)
                continue
            result[_hashable(self.eval(key, frame))] = self.eval(value, frame)
        return result

    def _eval_JoinedStr(self, node, frame):
        parts = []
        for value in node.values:
            part = self.eval(value.value if isinstance(value, nodes.FormattedValue) else value, frame)
            parts.append(part if isinstance(part, str) else str(part))
        return "".join(parts)

    def _eval_FormattedValue(self, node, frame):
        return str(self.eval(node.value, frame))

    def _eval_IfExp(self, node, frame):
        try:
            decided = self.truth(self.eval(node.test, frame), node.test)
        except AttrBranch:
            raise
        except Untranslatable as error:
            # Not a gap yet (bn_infer's `fill_range[1] = [d, d] if d > 0 else r`, a range nothing reads): a use of
            # the value that matters stops the trace with this reason.
            return Unknown(f"{node.as_string()[:80]}: {error.reason}", node.lineno)
        return self.eval(node.body if decided else node.orelse, frame)

    def _eval_Lambda(self, node, frame):
        return UserFunction(node, frame.module, frame)

    def _eval_Subscript(self, node, frame):
        container = self.eval(node.value, frame)
        key = self.eval(node.slice, frame)
        return pybuiltins.subscript(self, container, key, node)

    def _eval_Slice(self, node, frame):
        parts = [self.eval(p, frame) if p is not None else None for p in (node.lower, node.upper, node.step)]
        return slice(*parts)

    def _eval_BoolOp(self, node, frame):
        """`and` / `or` as Python evaluates them, except that an operand the facts cannot decide does not stop a
        later operand from deciding the whole (`len(shape) == 5 and fmt in FORMATS_5D` is False for ND)."""
        value = None
        undecided = None
        for operand in node.values:
            try:
                value = self.eval(operand, frame)
                decided = self.truth(value, operand)
            except Untranslatable as error:
                undecided = undecided or error
                continue
            if node.op == "and" and not decided or node.op == "or" and decided:
                return value
        if undecided is not None:
            raise undecided
        return value

    def _eval_UnaryOp(self, node, frame):
        value = self.eval(node.operand, frame)
        if node.op == "not":
            return not self.truth(value, node.operand)
        if isinstance(value, (int, float)) and not isinstance(value, bool) or isinstance(value, bool):
            return {"-": operator.neg, "+": operator.pos, "~": operator.invert}[node.op](value)
        expr = as_scalar_expr(value)
        if expr is not None and node.op == "-":
            return Scalar(("neg", expr), getattr(value, "dtype", None))  # exact in any dtype: no rounding
        if isinstance(value, TensorValue):
            raise self.untranslatable("an arithmetic operator on a tensor (a tvm expression, not a DSL call)", node)
        return Unknown(f"{node.op} of {value!r}", node.lineno)

    def _eval_BinOp(self, node, frame):
        return self.binary(node.op, self.eval(node.left, frame), self.eval(node.right, frame), node)

    def binary(self, op: str, left, right, node):
        if op == "*" and isinstance(left, (list, tuple)) != isinstance(right, (list, tuple)) \
                and isinstance(right if isinstance(left, (list, tuple)) else left, Scalar):
            # [1] * len(shape) on the static path: a list of the caller's rank (the trace forks on it)
            count = self.concrete_rank(right if isinstance(left, (list, tuple)) else left, node)
            if count is not None:
                return left * count if isinstance(left, (list, tuple)) else count * right
        if op == "+" and self.framework.static:
            added = self._unit_dims_added(left, right, node)
            if added is not None:
                return added
        if isinstance(left, TensorScalar) or isinstance(right, TensorScalar):
            return self.dsl.scalar_arithmetic(self, op, left, right, node)
        if isinstance(left, TensorValue) or isinstance(right, TensorValue):
            raise self.untranslatable("an arithmetic operator on a tensor (a tvm expression, not a DSL call)", node,
                                      construct=node.as_string()[:120])
        if isinstance(left, (Unknown, ShapeValue)) or isinstance(right, (Unknown, ShapeValue)):
            unknown = left if isinstance(left, Unknown) else (right if isinstance(right, Unknown) else
                                                              Unknown(f"arithmetic on a shape: {node.as_string()[:80]}"))
            # A bound on a rank says nothing of arithmetic on it (len(a) - len(b) may well be 0): plain unknown.
            return Unknown(unknown.reason, unknown.line) if isinstance(unknown, RankAtLeast) else unknown
        if isinstance(left, (Scalar, AttrValue)) or isinstance(right, (Scalar, AttrValue)):
            left_expr, right_expr = as_scalar_expr(left), as_scalar_expr(right)
            dtype = getattr(left, "dtype", None) or getattr(right, "dtype", None)
            if op == "//" and left_expr is not None and right_expr is not None:
                expr = ("floor", ("div", left_expr, right_expr))
            elif left_expr is None or right_expr is None or op not in _SCALAR_OPS:
                return Unknown(f"scalar arithmetic {node.as_string()[:80]}", node.lineno)
            else:
                expr = (_SCALAR_OPS[op], left_expr, right_expr)
            # Python numbers compute in double at build time; a tvm scalar (a dtype) rounds at each operation.
            return Scalar(("cast", dtype, expr) if dtype else expr, dtype)
        try:
            return _BINARY[op](left, right)
        except Exception as error:  # noqa: BLE001 - the analysed code's own error, e.g. a str % tuple mismatch
            return Unknown(f"{node.as_string()[:80]} fails: {error}", node.lineno)

    def _unit_dims_added(self, left, right, node):
        """`shape + [1]` / `[1] + shape` of one port's shape on the static path (ger: x1 [n] read as [n, 1], x2 as
        [1, m]): trailing 1s make a list of the caller's dims (the trace forks on the port's rank) and the 1s; leading
        1s, which reading by strides does not see, leave the shape as it is (its rank is then unknown: padded). None
        for anything else."""
        shape, ones = (left, right) if isinstance(left, ShapeValue) else (right, left)
        if not (isinstance(shape, ShapeValue) and isinstance(ones, (list, tuple)) and ones
                and all(isinstance(o, int) and not isinstance(o, bool) and o == 1 for o in ones)
                and len(shape.refs) == 1 and shape.refs[0].startswith("port:")):
            return None
        if ones is left:
            self.framework.padded = True
            self.notes.append((f"not followed (it only puts leading dims of 1 in front of a shape, which reading by "
                               f"strides does not see): {node.as_string()[:100]}", node.lineno, self.current_path))
            return shape
        rank = self.concrete_rank(Scalar(rank_expr(shape.refs), None), node)
        if rank is None:
            return None
        dims = [Scalar(dim_expr(shape.refs, i), None) for i in range(rank)]
        return dims + list(ones) if isinstance(ones, list) else tuple(dims) + tuple(ones)

    def _eval_Compare(self, node, frame):
        left = self.eval(node.left, frame)
        for op, right_node in node.ops:
            right = self.eval(right_node, frame)
            if not self.compare(op, left, right, node):
                return False
            left = right
        return True

    def compare(self, op: str, left, right, node) -> bool:
        if op in ("is", "is not"):
            attr, other = (left, right) if isinstance(left, AttrValue) else (right, left)
            if isinstance(attr, AttrValue) and not isinstance(other, AttrValue):
                if other is None:  # the framework passes every attribute: its value or its default
                    return op == "is not"
                if isinstance(other, bool):  # `flag is False`: the bool attribute's value decides it
                    return self.attr_branch("==" if op == "is" else "!=", attr, other, node)
            if isinstance(left, (Unknown,)) or isinstance(right, Unknown):
                raise self.untranslatable(f"cannot decide {node.as_string()[:120]}: {_unknown_reason(left, right)}", node)
            same = left is right or (left is None and right is None) or (left == right and isinstance(left, bool))
            return same if op == "is" else not same
        if op in ("in", "not in") and isinstance(left, AttrValue) and isinstance(right, (list, tuple)):
            return self.attr_branch(op, left, list(right), node)
        if op in ("in", "not in"):
            if isinstance(right, ShapeValue) and left in (-1, -2):
                # The trace is the dynamic, known-rank case: dims are -1, never the unknown-rank -2; on the static
                # path every dim is known.
                return (left == -1 and not self.framework.static) == (op == "in")
            if isinstance(right, Unknown) or isinstance(left, (Unknown, AttrValue)):
                raise self.untranslatable(f"cannot decide {node.as_string()[:120]}: {_unknown_reason(left, right)}", node)
            if isinstance(right, (list, tuple, dict)) and _holds_number(left, right):
                found = self._contains_numbers(left, right, node)
                return found if op == "in" else not found
            try:
                found = _contains(right, left)
            except TypeError:
                raise self.untranslatable(f"cannot decide {node.as_string()[:120]}", node) from None
            return found if op == "in" else not found
        if isinstance(left, AttrValue) != isinstance(right, AttrValue):
            attr, other = (left, right) if isinstance(left, AttrValue) else (right, left)
            return self.attr_branch(op if attr is left else _FLIPPED.get(op, op), attr, other, node)
        if isinstance(left, AttrValue) and isinstance(right, AttrValue):
            return self.expr_branch(op, as_scalar_expr(left), as_scalar_expr(right), node)
        if isinstance(left, (list, tuple)) and isinstance(right, (list, tuple)) \
                and (_symbolic(left) or _symbolic(right)):
            return self._compare_sequences(op, left, right, node)
        decided = _rank_compare(op, left, right)
        if decided is not None:
            return decided
        for side in (left, right):
            if isinstance(side, Unknown):
                raise self.untranslatable(f"cannot decide {node.as_string()[:120]}: {side.reason}", node)
            if isinstance(side, ShapeValue):
                if op in ("==", "!=") and isinstance(left, ShapeValue) and isinstance(right, ShapeValue) \
                        and not self.checking:
                    # Which inputs broadcast: TBE branches only to spell the broadcast out, which the kernel does
                    # by strides anyway. The trace takes the general (broadcasting) path.
                    self.notes.append((f"assumed the shapes differ (the broadcast path): {node.as_string()[:100]}",
                                       node.lineno, self.current_path))
                    return op == "!="
                raise self.untranslatable(f"the branch {node.as_string()[:120]} depends on a shape", node)
        if isinstance(left, Scalar) or isinstance(right, Scalar):
            original = (left, right)
            left = left.value if isinstance(left, Scalar) else left
            right = right.value if isinstance(right, Scalar) else right
            if isinstance(left, Unknown) or isinstance(right, Unknown):
                left_expr, right_expr = as_scalar_expr(original[0]), as_scalar_expr(original[1])
                if left_expr is None or right_expr is None or op not in _COMPARE:
                    raise self.untranslatable(f"the branch {node.as_string()[:120]} depends on an attribute", node)
                if right_expr[0] == "const":
                    return self.expr_branch(op, left_expr, right_expr[1], node)
                if left_expr[0] == "const":
                    return self.expr_branch(_FLIPPED.get(op, op), right_expr, left_expr[1], node)
                return self.expr_branch(op, left_expr, right_expr, node)
        try:
            return bool(_COMPARE[op](left, right))
        except TypeError:
            raise self.untranslatable(f"cannot compare in {node.as_string()[:120]}", node) from None

    def _compare_sequences(self, op: str, left, right, node) -> bool:
        """`(grad_x, grad_y) == (True, False)`: element by element as Python does (lengths and types first, then
        each pair in order, stopping at the first unequal one), so that each element's branch forks; Python's own
        == would compare the attribute objects and silently decide False."""
        if op not in ("==", "!="):
            raise self.untranslatable(f"cannot decide {node.as_string()[:120]}: an ordering of sequences holding "
                                      "values known only at run time", node)
        if type(left) is not type(right) or len(left) != len(right):
            return op == "!="
        equal = all(self.compare("==", a, b, spelled_equal(a, b, node)) for a, b in zip(left, right))
        return equal if op == "==" else not equal

    def _contains_numbers(self, left, right, node) -> bool:
        """`w_dim in (1, x_dim - 1)` with a number known only per call on either side: element by element as Python
        does (identity, then ==, stopping at the first equal one), so that each comparison forks or is decided;
        Python's own `in` would compare the objects and silently decide False."""
        for item in (list(right) if isinstance(right, dict) else right):
            if item is left or self.compare("==", left, item, spelled_equal(left, item, node)):
                return True
        return False

    def _eval_ListComp(self, node, frame):
        return list(self._comprehension(node, frame, lambda f: self.eval(node.elt, f)))

    def _eval_GeneratorExp(self, node, frame):
        return self._eval_ListComp(node, frame)

    def _eval_SetComp(self, node, frame):
        return self._eval_ListComp(node, frame)

    def _eval_DictComp(self, node, frame):
        return dict(self._comprehension(node, frame, lambda f: (_hashable(self.eval(node.key, f)), self.eval(node.value, f))))

    def _comprehension(self, node, frame, produce):
        inner = Frame(module=frame.module, name="<comprehension>", parent=frame)

        def walk(index):
            if index == len(node.generators):
                yield produce(inner)
                return
            generator = node.generators[index]
            for item in self.iterate(self.eval(generator.iter, inner), generator.iter):
                self.assign(generator.target, item, inner)
                if all(self.truth(self.eval(condition, inner), condition) for condition in generator.ifs):
                    yield from walk(index + 1)

        return walk(0)


def _symbolic(sequence) -> bool:
    """Whether a list or tuple holds (at any depth) a value other than plain Python data."""
    return any(_symbolic(item) if isinstance(item, (list, tuple))
               else not (item is None or isinstance(item, (bool, int, float, str))) for item in sequence)


def _holds_number(left, right) -> bool:
    """Whether `left in right` compares a number known only per call (a Scalar) on either side."""
    items = list(right) if isinstance(right, dict) else right
    return isinstance(left, Scalar) or any(isinstance(item, Scalar) for item in items)


def _unknown_reason(*values) -> str:
    for value in values:
        if isinstance(value, Unknown):
            return value.reason
        if isinstance(value, AttrValue):
            return f"attribute {value.name} is known only at run time"
    return "a value the scaffold does not know"


def _contains(container, item) -> bool:
    if isinstance(container, dict):
        return _hashable(item) in container
    if isinstance(container, (list, tuple, str)):
        return item in container
    raise TypeError("not a container")


def _hashable(value):
    try:
        hash(value)
        return value
    except TypeError:
        return repr(value)


def _rank_compare(op: str, left, right) -> bool | None:
    """A rank known to be at least n compared with a smaller number (len(nz_shape) == 1 is False); None where the
    bound does not decide it."""
    if isinstance(right, RankAtLeast) and not isinstance(left, RankAtLeast):
        left, right, op = right, left, _FLIPPED.get(op, op)
    if not isinstance(left, RankAtLeast) or isinstance(right, bool) or not isinstance(right, int):
        return None
    if left.exact:
        return {"==": left.low == right, "!=": left.low != right, ">": left.low > right, ">=": left.low >= right,
                "<": left.low < right, "<=": left.low <= right}.get(op)
    if right < left.low:
        return {"==": False, "!=": True, ">": True, ">=": True, "<": False, "<=": False}.get(op)
    if right == left.low:
        return {">=": True, "<": False}.get(op)
    return None
