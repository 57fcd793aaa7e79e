"""TBE idioms over shapes that the generated operator states another way: leading 1s put in front of a shape (which
reading by strides does not see) and a search for the first axis where two broadcast shapes differ (which the host
computes per call)."""

from __future__ import annotations

from dataclasses import dataclass

from astroid import nodes

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
