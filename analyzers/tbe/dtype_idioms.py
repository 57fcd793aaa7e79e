"""Dtype check idioms read by analyzers.tbe.dtypes: which version of a check list holds, which tests refuse the op."""

from __future__ import annotations

from astroid import nodes


def rejects(compare: nodes.Compare) -> bool:
    """True when the comparison is the test, or one `or` alternative of the test, of an `if` that refuses the op:
    its body raises, or calls an error reporter (error_manager_vector.raise_err_..., a raise_* helper)."""
    node = compare
    while isinstance(node.parent, nodes.BoolOp) and node.parent.op == "or" or isinstance(node.parent, nodes.UnaryOp) \
            or _any_item(node):
        node = node.parent
    branch = node.parent
    if not isinstance(branch, nodes.If) or branch.test is not node:
        return False
    return _refuses(branch)


def _any_item(node: nodes.NodeNG) -> bool:
    """`any((a != b, a != c))` is `a != b or a != c`: an item of the tuple, or the tuple passed to any()."""
    parent = node.parent
    if isinstance(parent, (nodes.Tuple, nodes.List)) and isinstance(parent.parent, nodes.Call):
        return _called_any(parent.parent)
    return isinstance(parent, nodes.Call) and _called_any(parent) and parent.args and parent.args[0] is node


def _called_any(call: nodes.Call) -> bool:
    return isinstance(call.func, nodes.Name) and call.func.name == "any" and len(call.args) == 1


def rejecting_conjuncts(compare: nodes.Compare) -> tuple[str, ...] | None:
    """The other conjuncts when the comparison is one conjunct of the test of an `if` that refuses the op
    (`if not valid_mix and x != y: raise`): the refusal needs them too. None otherwise."""
    test = compare.parent
    if not (isinstance(test, nodes.BoolOp) and test.op == "and" and isinstance(test.parent, nodes.If)
            and test.parent.test is test and _refuses(test.parent)):
        return None
    return tuple(value.as_string() for value in test.values if value is not compare)


def _refuses(branch: nodes.If) -> bool:
    """The body raises or reports an error itself, not only inside a test of its own (`if a not in L: if x != y:
    raise` refuses x != y, not a)."""
    for statement in branch.body:
        if isinstance(statement, nodes.Raise):
            return True
        if isinstance(statement, (nodes.If, nodes.For, nodes.While, nodes.Try, nodes.With, nodes.FunctionDef)):
            continue
        for call in statement.nodes_of_class(nodes.Call):
            name = call.func.attrname if isinstance(call.func, nodes.Attribute) else getattr(call.func, "name", "")
            if "raise" in name or name.startswith("error"):
                return True
    return False


def version_at(lists, name: str, line: int) -> list:
    """The entries of the list version that `+=` / append at `line` extends (the last one assigned before it)."""
    versions = lists[name]
    before = [version for version in versions if version[0] <= line]
    return (before or versions)[-1][2]


def list_at(lists, name: str, line: int) -> list:
    """The entries of a dtype list that can be in force at `line` of its function: the versions assigned before
    it, from the last back to the last unconditional one (`if c: l = A else: l = B` gives both, each with its
    condition). A list set in another method (`self.allowed`) is its last version."""
    versions = lists[name]
    before = [version for version in versions if version[0] <= line]
    if not before or name.startswith("self."):
        return versions[-1][2]
    reaching = []
    for _, condition, entries in reversed(before):
        reaching = entries + reaching
        if condition is None:
            break
    return reaching


def param_name_of(check: nodes.Call) -> str | None:
    """The input a check names: param_name="x", or the third positional argument (check_dtype_rule's)."""
    keyword = next((k for k in check.keywords or () if k.arg == "param_name"), None)
    node = keyword.value if keyword is not None else (check.args[2] if len(check.args) > 2 else None)
    return node.value if isinstance(node, nodes.Const) and isinstance(node.value, str) else None
