"""One pre-order walk of the module, shared by every pass (astroid's nodes_of_class is a recursive generator per call)."""

from __future__ import annotations

from astroid import nodes


class NodeIndex:
    """Every node of a module in source (pre-order) order, queried by class and line range."""

    def __init__(self, tree: nodes.Module) -> None:
        ordered = []
        stack = [tree]
        while stack:
            node = stack.pop()
            ordered.append(node)
            children = list(node.get_children())
            children.reverse()
            stack.extend(children)
        self.ordered = ordered

    def of(self, classes, within: nodes.NodeNG | None = None) -> list:
        """Nodes of `classes`, optionally only those inside `within` (by line range, nested functions included)."""
        if within is None:
            return [node for node in self.ordered if isinstance(node, classes)]
        first, last = within.fromlineno, within.tolineno
        return [
            node
            for node in self.ordered
            if isinstance(node, classes) and node.lineno is not None and first <= node.lineno <= last and node is not within
        ]
