"""Call-site facts for the compute walker: string literals substituted into guards, dtype reads, operator-tree helpers."""

from __future__ import annotations

import io
import tokenize

from astroid import nodes

from op_migrate.analyzers.tbe.imports import ADAPTER, DSL_INTERNAL_PACKAGES


def reads_dtype(value: nodes.NodeNG) -> bool:
    """`x.dtype`, `x.get("dtype")`, `x.get("dtype").lower()`: a value read from a dtype (walks the call chain only)."""
    node = value
    while isinstance(node, (nodes.Call, nodes.Attribute)):
        if isinstance(node, nodes.Attribute):
            if node.attrname == "dtype":
                return True
            node = node.expr
            continue
        if isinstance(node.func, nodes.Attribute) and node.func.attrname == "get" and node.args:
            key = node.args[0]
            if isinstance(key, nodes.Const) and key.value == "dtype":
                return True
        node = node.func
    return False


def substitute(text: str, literals: dict) -> str:
    """Replace parameter names by their literal values; attributes (`x.method`) and keywords (`method=`) stay."""
    try:
        tokens = list(tokenize.generate_tokens(io.StringIO(text).readline))
    except (tokenize.TokenError, IndentationError, SyntaxError):
        return text
    lines = text.splitlines(keepends=True)
    edits = []
    for index, token in enumerate(tokens):
        if token.type != tokenize.NAME or token.string not in literals or token.start[0] != token.end[0]:
            continue
        before = tokens[index - 1].string if index else ""
        after = tokens[index + 1].string if index + 1 < len(tokens) else ""
        if before == "." or after == "=":
            continue
        edits.append((token.start, token.end, literals[token.string]))
    for (row, start), (_, end), value in reversed(edits):
        line = lines[row - 1]
        lines[row - 1] = line[:start] + value + line[end:]
    return "".join(lines)


def is_operator_tree_helper(qualified: str) -> bool:
    """A function or class of the operator tree itself (impl.*) or of the DSL's internal modules
    (tbe.dsl.compute.*), not the DSL re-exported by platform_adapter."""
    if qualified.startswith(DSL_INTERNAL_PACKAGES):
        return True
    return qualified.startswith("impl.") and not qualified.startswith(ADAPTER + ".") or is_adapter_class(qualified)


def is_adapter_class(qualified: str) -> bool:
    """platform_adapter re-exports a few helper classes of the tree (Scatter); its lower-case names are the DSL."""
    return qualified.startswith(ADAPTER + ".") and qualified.rsplit(".", 1)[1][:1].isupper() and qualified.count(".") == 3


def is_class_name(qualified: str) -> bool:
    return qualified.rsplit(".", 1)[-1][:1].isupper()
