"""TBE idioms over shapes that the generated operator states another way: leading 1s put in front of a shape or
trailing 1s dropped (which reading by strides does not see), a search for the first axis where two broadcast shapes
differ (which the host computes per call), and a loop multiplying the dims into an element count."""

from __future__ import annotations

from dataclasses import dataclass

from astroid import nodes

from op_migrate.analyzers.scaffold.runtime import Frame
from op_migrate.analyzers.scaffold.values import ShapeValue

def pads_unit_dims(stmt: nodes.If) -> bool:
    """`if dif_len > 0: d["shape"] = [1] * dif_len + list(d["shape"])` (and the same for d["range"] with (1, 1)): a
    branch whose body only puts leading 1s in front of port shapes, each from itself."""
    for statement in stmt.body:
        if not (isinstance(statement, nodes.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], nodes.Subscript)):
            return False
        target = statement.targets[0]
        key = target.slice.value if isinstance(target.slice, nodes.Const) else None
        value = statement.value
        if key not in ("shape", "range") or not isinstance(target.value, nodes.Name) \
                or not (isinstance(value, nodes.BinOp) and value.op == "+"):
            return False
        ones, rest = value.left, value.right
        unit = "1" if key == "shape" else "(1, 1)"
        if not (isinstance(ones, nodes.BinOp) and ones.op == "*" and isinstance(ones.left, (nodes.List, nodes.Tuple))
                and [e.as_string() for e in ones.left.elts] == [unit]):
            return False
        if isinstance(rest, nodes.Call) and rest.func.as_string() in ("list", "tuple") and len(rest.args) == 1:
            rest = rest.args[0]
        if rest.as_string() not in (f'{target.value.name}["{key}"]', f"{target.value.name}['{key}']",
                                    f'{target.value.name}.get("{key}")', f"{target.value.name}.get('{key}')"):
            return False
    return bool(stmt.body)


@dataclass(frozen=True)
class DifferLoop:
    """`for i in range(len(a) - skip): if a[i] != b[i]: flag = 1; break`: names the shapes, the axes left out at the
    end and the constants the loop assigns where it finds a differing axis."""

    left: str
    right: str
    skip: int
    assigns: tuple  # (name, constant)


def differ_loop(loop: nodes.For) -> DifferLoop | None:
    """The search loop above (the `!=` either way round, `range(len(a))` for skip 0), else None."""
    if loop.orelse or not isinstance(loop.target, nodes.AssignName) or len(loop.body) != 1:
        return None
    index = loop.target.name
    call = loop.iter
    if not (isinstance(call, nodes.Call) and call.func.as_string() == "range" and len(call.args) == 1):
        return None
    bound, skip = call.args[0], 0
    if isinstance(bound, nodes.BinOp) and bound.op == "-" and isinstance(bound.right, nodes.Const) \
            and isinstance(bound.right.value, int) and not isinstance(bound.right.value, bool):
        bound, skip = bound.left, bound.right.value
    if not (isinstance(bound, nodes.Call) and bound.func.as_string() == "len" and len(bound.args) == 1
            and isinstance(bound.args[0], nodes.Name)) or skip < 0:
        return None
    test = loop.body[0]
    if not (isinstance(test, nodes.If) and not test.orelse and isinstance(test.test, nodes.Compare)
            and len(test.test.ops) == 1 and test.test.ops[0][0] == "!="):
        return None
    sides = [_indexed(test.test.left, index), _indexed(test.test.ops[0][1], index)]
    if None in sides or bound.args[0].name not in sides or sides[0] == sides[1]:
        return None
    *assigns, last = test.body
    if not isinstance(last, nodes.Break) or not assigns:
        return None
    found = []
    for statement in assigns:
        if not (isinstance(statement, nodes.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], nodes.AssignName) and isinstance(statement.value, nodes.Const)
                and isinstance(statement.value.value, (int, float))):
            return None
        found.append((statement.targets[0].name, statement.value.value))
    return DifferLoop(sides[0], sides[1], skip, tuple(found))


def _indexed(node, index: str) -> str | None:
    """`a` of `a[i]`."""
    if isinstance(node, nodes.Subscript) and isinstance(node.value, nodes.Name) \
            and isinstance(node.slice, nodes.Name) and node.slice.name == index:
        return node.value.name
    return None


def element_count_loop(loop: nodes.For) -> str | None:
    """The accumulator of `for d in shape: n *= d` (or `n *= d.value`, under `if isinstance(d, ...)` branches that
    do the same), else None."""
    if not isinstance(loop.target, nodes.AssignName):
        return None
    variable = loop.target.name
    found: set[str] = set()

    def product_only(statements) -> bool:
        for statement in statements:
            if isinstance(statement, nodes.AugAssign) and statement.op == "*=" \
                    and isinstance(statement.target, nodes.AssignName) and _is_dim(statement.value, variable):
                found.add(statement.target.name)
            elif isinstance(statement, nodes.If) and isinstance(statement.test, nodes.Call) \
                    and statement.test.func.as_string() == "isinstance" and statement.test.args \
                    and statement.test.args[0].as_string() == variable:
                if not (product_only(statement.body) and product_only(statement.orelse)):
                    return False
            else:
                return False
        return bool(statements)

    return found.pop() if product_only(loop.body) and len(found) == 1 else None


def _is_dim(node, variable: str) -> bool:
    if isinstance(node, nodes.Attribute) and node.attrname == "value":
        node = node.expr
    return isinstance(node, nodes.Name) and node.name == variable


def drops_unit_dims(stmt: nodes.If, frame: Frame) -> bool:
    """`if a[-1] == 1 and b[-1] == 1 ...: a = a[:-1] ...`: a branch whose test holds only where the last dims of the
    shapes it names are 1, and whose body only re-slices those shapes (each from itself)."""
    tested = _unit_dim_tests(stmt.test)
    if not tested:
        return False
    for statement in stmt.body:
        if not (isinstance(statement, nodes.Assign) and len(statement.targets) == 1
                and isinstance(statement.targets[0], nodes.AssignName)):
            return False
        name = statement.targets[0].name
        used = {n.name for n in statement.value.nodes_of_class(nodes.Name)} - {"len"}
        if name not in tested or used != {name} or not isinstance(frame.locals.get(name), ShapeValue):
            return False
    return bool(stmt.body)


def _unit_dim_tests(test) -> set[str]:
    """The shapes of `s[-1] == 1 and t[-1] == 1 ...`, empty for any other test."""
    parts = test.values if isinstance(test, nodes.BoolOp) and test.op == "and" else [test]
    names = set()
    for part in parts:
        if not (isinstance(part, nodes.Compare) and len(part.ops) == 1 and part.ops[0][0] == "=="
                and isinstance(part.ops[0][1], nodes.Const) and part.ops[0][1].value == 1
                and isinstance(part.left, nodes.Subscript) and isinstance(part.left.value, nodes.Name)
                and part.left.slice.as_string() == "-1"):
            return set()
        names.add(part.left.value.name)
    return names
