"""One pre-order walk of the module, shared by every pass (astroid's nodes_of_class is a recursive generator per call)."""

from __future__ import annotations

from bisect import bisect_left, bisect_right

from astroid import nodes


class NodeIndex:
    """Nodes of a module bucketed by exact class, each with its pre-order position, queried by class and subtree.

    In a pre-order walk a subtree holds consecutive positions, so "the nodes of class C inside f" is a slice of C's
    bucket between f's position and the end of f's subtree, found by bisection.
    """

    def __init__(self, tree: nodes.Module) -> None:
        buckets: dict[type, list] = {}
        spans: dict[int, tuple[int, int]] = {}
        position = 0
        stack = [(tree, iter(tree.get_children()), 0)]
        buckets.setdefault(type(tree), []).append((position, tree))
        position += 1
        while stack:
            node, children, start = stack[-1]
            child = next(children, None)
            if child is None:
                spans[id(node)] = (start, position)
                stack.pop()
                continue
            buckets.setdefault(type(child), []).append((position, child))
            stack.append((child, iter(child.get_children()), position))
            position += 1
        self._buckets = buckets
        self._positions = {cls: [p for p, _ in items] for cls, items in buckets.items()}
        self._spans = spans

    def of(self, classes, within: nodes.NodeNG | None = None) -> list:
        """Nodes of `classes` (leaf node classes) in source order, optionally only inside `within` (not itself)."""
        wanted = classes if isinstance(classes, tuple) else (classes,)
        span = self._spans.get(id(within)) if within is not None else None
        found = []
        for cls in wanted:
            items = self._buckets.get(cls, [])
            if span is None:
                found += items
            else:
                positions = self._positions.get(cls, [])
                found += items[bisect_right(positions, span[0]):bisect_left(positions, span[1])]
        if within is not None and span is None:
            # Not a node of this tree (built elsewhere): fall back to its line range.
            first, last = within.fromlineno, within.tolineno
            found = [item for item in found if item[1].lineno is not None and first <= item[1].lineno <= last
                     and item[1] is not within]
        if len(wanted) > 1:
            found.sort(key=lambda item: item[0])
        return [node for _, node in found]
