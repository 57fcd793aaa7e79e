"""Declarator helpers for tree-sitter: names through pointer/reference/array declarators, type texts, parameters."""

from __future__ import annotations

from op_migrate.analyzers.cxx.model import Param

_NAME_LEAVES = frozenset({"identifier", "field_identifier", "qualified_identifier", "operator_name",
                          "destructor_name", "type_identifier", "template_function", "operator_cast"})
_NOT_DECLARATORS = frozenset({"type_qualifier", "comment", "parameter_list", "argument_list",
                              "initializer_list", "number_literal"})
_QUALIFIERS = frozenset({"type_qualifier", "virtual", "explicit_function_specifier"})


def type_text(exprs, node) -> str:
    """Qualifiers plus the `type` field: `const aclTensor`, `static` left out (see Function.is_static)."""
    parts = [exprs.text(c) for c in node.children if c.type in _QUALIFIERS and c.type != "virtual"]
    type_node = node.child_by_field_name("type")
    if type_node is not None:
        parts.append(exprs.text(type_node))
    return " ".join(parts)


def declarator_name(exprs, declarator) -> tuple[str, str]:
    """(name, pointer/reference suffix) of a declarator, e.g. `*const *x[4]` -> ("x", "**[]")."""
    suffix = ""
    node = declarator
    for _ in range(64):  # declarators nest a few levels; the bound only guards malformed trees
        if node is None:
            break
        kind = node.type
        if kind in _NAME_LEAVES:
            return exprs.text(node), suffix
        if kind == "pointer_declarator" or kind == "abstract_pointer_declarator":
            suffix += "*"
        elif kind == "reference_declarator" or kind == "abstract_reference_declarator":
            suffix += "&&" if exprs.text(node).lstrip().startswith("&&") else "&"
        elif kind == "array_declarator":
            suffix += "[]"
        inner = node.child_by_field_name("declarator")
        if inner is None:
            inner = next((c for c in node.named_children if c.type not in _NOT_DECLARATORS), None)
        node = inner
    return "", suffix


def function_declarator(declarator):
    """The function_declarator under pointer/reference wrappers, with the return-type suffix they add."""
    suffix = ""
    node = declarator
    for _ in range(64):
        if node is None or node.type == "function_declarator":
            return node, suffix
        if node.type == "pointer_declarator":
            suffix += "*"
        elif node.type == "reference_declarator":
            suffix += "&"
        inner = node.child_by_field_name("declarator")
        if inner is None:
            inner = next((c for c in node.named_children if c.type != "type_qualifier"), None)
        node = inner
    return None, suffix


def parameters(exprs, function_decl) -> tuple[Param, ...]:
    """The parameters of a function declarator; a default value stays in `type_text` (`bool keep = false`), so a
    call may leave it out (route.overloads.accepts), and `(void)` is no parameter at all."""
    plist = function_decl.child_by_field_name("parameters")
    if plist is None:
        return ()
    out = []
    for param in plist.named_children:
        if param.type == "variadic_parameter_declaration" or param.type == "variadic_parameter":
            declarator = param.child_by_field_name("declarator")
            name, suffix = declarator_name(exprs, declarator) if declarator is not None else ("", "")
            # A parameter pack (`const Ts&... args`) keeps its name and its type with `...`; C's `...` has neither.
            out.append(Param(name=name, type_text=f"{type_text(exprs, param)}{suffix}...") if name else
                       Param(name="...", type_text="..."))
            continue
        if not param.type.endswith("parameter_declaration"):
            continue
        base = type_text(exprs, param)
        declarator = param.child_by_field_name("declarator")
        name, suffix = declarator_name(exprs, declarator) if declarator is not None else ("", "")
        default = param.child_by_field_name("default_value")
        written = base + suffix + (f" = {' '.join(exprs.text(default).split())}" if default is not None else "")
        out.append(Param(name=name, type_text=written))
    if len(out) == 1 and not out[0].name and out[0].type_text == "void":
        return ()  # `F(void)`
    return tuple(out)
