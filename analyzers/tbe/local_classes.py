"""Module-level classes of a TBE file: which method a call through an instance or `self` reaches."""

from __future__ import annotations

from astroid import nodes


def module_classes(tree: nodes.Module) -> dict[str, nodes.ClassDef]:
    return {node.name: node for node in tree.body if isinstance(node, nodes.ClassDef)}


def find_method(owner: nodes.ClassDef, name: str, classes: dict) -> tuple[nodes.FunctionDef | None, tuple[str, ...]]:
    """(the method, base classes named but not defined in the module) through the module-level bases of `owner`."""
    seen: set[str] = set()
    foreign: list[str] = []
    pending = [owner]
    while pending:
        current = pending.pop(0)
        if current.name in seen:
            continue
        seen.add(current.name)
        for statement in current.body:
            if isinstance(statement, nodes.FunctionDef) and statement.name == name:
                return statement, ()
        for base in current.bases:
            if isinstance(base, nodes.Name) and base.name in classes:
                pending.append(classes[base.name])
            elif base.as_string() != "object":
                foreign.append(base.as_string())
    return None, tuple(dict.fromkeys(foreign))
