"""Statements of the TBE Python the interpreter recognises by their form: checks that only reject input (assumed
to pass for the valid input the generated tests give, with the bounds they put on attributes) and loops that only set
names."""

from __future__ import annotations

from astroid import nodes

from op_migrate.analyzers.scaffold.runtime import Frame
from op_migrate.analyzers.scaffold.values import AttrValue


def rejected_below(test, frame: Frame) -> dict[str, float]:
    """`if bits > 16 or bits < 2: raise ...` assumed false: the lowest value each attribute it names can have (here
    bits >= 2), read from the disjuncts `attr < c` / `attr <= c` / `c > attr` / `c >= attr` of the test."""
    parts = test.values if isinstance(test, nodes.BoolOp) and test.op == "or" else [test]
    floors: dict[str, float] = {}
    for part in parts:
        if not (isinstance(part, nodes.Compare) and len(part.ops) == 1):
            continue
        op, right = part.ops[0]
        left = part.left
        if isinstance(left, nodes.Const) and isinstance(right, nodes.Name):
            left, right, op = right, left, {">": "<", ">=": "<=", "<": ">", "<=": ">="}.get(op, op)
        if not (isinstance(left, nodes.Name) and isinstance(right, nodes.Const) and op in ("<", "<=")
                and isinstance(right.value, (int, float)) and not isinstance(right.value, bool)):
            continue
        attr = frame.locals.get(left.name)
        if isinstance(attr, AttrValue):
            floors[attr.name] = right.value if op == "<" else right.value + (1 if attr.attr_type == "int" else 0)
    return floors


_MUTATORS = ("append", "extend", "insert")
_PURE = frozenset({"tuple", "list", "int", "float", "str", "min", "max", "len", "abs", "range", "enumerate", "zip",
                   "isinstance"})


def local_loop(loop: nodes.For) -> set[str] | None:
    """The names a loop sets where it does nothing else: assignments to names, appends to lists held by names, pure
    builtins, branches that only reject input (no DSL call, no return, no store into a dict or an attribute).
    `for i, r in enumerate(x["range"]): rng.append(...)` (a port's range built from another's) and wts_arq's
    `w_size *= d` are such loops. None for any other loop."""
    if loop.orelse:
        return None
    names = {n.name for n in loop.target.nodes_of_class(nodes.AssignName)}
    for statement in loop.body:
        for node in statement.nodes_of_class((nodes.Return, nodes.Yield, nodes.Global, nodes.Nonlocal, nodes.Delete,
                                              nodes.FunctionDef, nodes.ClassDef, nodes.Lambda, nodes.AssignAttr,
                                              nodes.Assign, nodes.AugAssign, nodes.Call)):
            if isinstance(node, nodes.Assign):
                if not all(isinstance(t, (nodes.AssignName, nodes.Tuple)) for t in node.targets):
                    return None
                names |= {n.name for t in node.targets for n in t.nodes_of_class(nodes.AssignName)}
            elif isinstance(node, nodes.AugAssign):
                if not isinstance(node.target, nodes.AssignName):
                    return None
                names.add(node.target.name)
            elif isinstance(node, nodes.Call):
                func = node.func
                if _in_rejecting_branch(node, loop):
                    continue
                if isinstance(func, nodes.Attribute) and func.attrname in _MUTATORS and isinstance(func.expr, nodes.Name):
                    names.add(func.expr.name)
                elif not (isinstance(func, nodes.Name) and func.name in _PURE):
                    return None
            else:
                return None
    return names


def _in_rejecting_branch(node, stop) -> bool:
    while node is not stop and node is not None:
        parent = node.parent
        if isinstance(parent, nodes.If) and node in parent.body and only_rejects(parent.body):
            return True
        node = parent
    return False


def only_checks(statements) -> bool:
    """A block that does nothing but reject input: branches that only reject, loops of those, continue / pass."""
    for statement in statements:
        if isinstance(statement, (nodes.Pass, nodes.Continue)):
            continue
        if isinstance(statement, nodes.If) and only_rejects(statement.body) \
                and (not statement.orelse or only_checks(statement.orelse)):
            continue
        if isinstance(statement, nodes.For) and not statement.orelse and only_checks(statement.body):
            continue
        if isinstance(statement, nodes.Expr) and only_rejects([statement]):
            continue
        return False
    return bool(statements)


def only_rejects(statements) -> bool:
    """A block that only reports an error: it ends in a raise or a call to an error reporter."""
    if not statements:
        return False
    last = statements[-1]
    if isinstance(last, nodes.Raise):
        return True
    if isinstance(last, nodes.Expr) and isinstance(last.value, nodes.Call):
        text = last.value.func.as_string()
        return "raise" in text.rsplit(".", 1)[-1] or "error" in text.lower()
    return False
