"""One pre-order walk of the module, shared by every pass (astroid's nodes_of_class is a recursive generator per call)."""

from __future__ import annotations

from heapq import merge

from astroid import nodes


class NodeIndex:
    """Nodes of a module bucketed by exact class, each with its pre-order position, queried by class and line range."""

    def __init__(self, tree: nodes.Module) -> None:
        buckets: dict[type, list] = {}
        position = 0
        stack = [iter((tree,))]
        while stack:
            node = next(stack[-1], None)
            if node is None:
                stack.pop()
                continue
            buckets.setdefault(type(node), []).append((position, node))
            position += 1
            stack.append(node.get_children())
        self._buckets = buckets

    def of(self, classes, within: nodes.NodeNG | None = None) -> list:
        """Nodes of `classes` (leaf node classes) in source order, optionally only inside `within` by line range."""
        wanted = classes if isinstance(classes, tuple) else (classes,)
        lists = [self._buckets.get(cls, []) for cls in wanted]
        ordered = lists[0] if len(lists) == 1 else list(merge(*lists, key=lambda item: item[0]))
        if within is None:
            return [node for _, node in ordered]
        first, last = within.fromlineno, within.tolineno
        return [
            node for _, node in ordered if node.lineno is not None and first <= node.lineno <= last and node is not within
        ]
