"""Dtype checks inside a loop over several inputs: `for x in (a, b): check_dtype(x.get("dtype"), ...)` checks a and b.

The loop is unrolled for the check: the loop variable is bound to each element in turn (a tensor dict or a dtype
of an input), and the assignments of the loop body before the check are traced again under that binding
(`dtype = x.get("dtype").lower()`).
"""

from __future__ import annotations

from contextlib import contextmanager

from astroid import nodes


def enclosing_loop(node: nodes.NodeNG, function: nodes.FunctionDef) -> nodes.For | None:
    """The innermost `for <name> in ...` of `function` around `node`."""
    parent = node.parent
    while parent is not None and parent is not function:
        if isinstance(parent, nodes.For) and isinstance(parent.target, nodes.AssignName):
            return parent
        parent = parent.parent
    return None


def loop_elements(loop: nodes.For, function: nodes.FunctionDef) -> list[nodes.NodeNG] | None:
    """The elements iterated: a literal tuple/list, or the literal last assigned to the iterated name before the loop."""
    iterable = loop.iter
    if isinstance(iterable, nodes.Name):
        literal = None
        for assign in function.nodes_of_class(nodes.Assign):
            if assign.lineno >= loop.lineno or assign.scope() is not function:
                continue
            if any(isinstance(t, nodes.AssignName) and t.name == iterable.name for t in assign.targets):
                literal = assign.value
        iterable = literal
    if isinstance(iterable, (nodes.Tuple, nodes.List)) and iterable.elts:
        return list(iterable.elts)
    return None


@contextmanager
def bound(scope, names: dict, values: dict):
    """Temporarily bind `names` (a name map of the scope: dicts or dtypes) to `values`, restoring what was there."""
    saved = {key: names[key] for key in values if key in names}
    for key, value in values.items():
        names[key] = value
    try:
        yield scope
    finally:
        for key in values:
            if key in saved:
                names[key] = saved[key]
            else:
                dict.pop(names, key, None)
