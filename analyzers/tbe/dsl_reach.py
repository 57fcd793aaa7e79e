"""Whether a local function can reach a DSL call: helpers that cannot are not worth a recursion finding."""

from __future__ import annotations

from astroid import nodes

from op_migrate.analyzers.tbe.call_site import is_operator_tree_helper


class DslReach:
    """Memoised: does a function, or a local function or class method it calls, make a DSL or operator-tree call?"""

    def __init__(self, resolve, module_functions: dict, classes: dict) -> None:
        self.resolve = resolve  # call.func -> ((name, qualified) or None, qualified import path or None)
        self.module_functions = module_functions
        self.classes = classes
        self._known: dict[int, bool] = {}

    def reaches(self, function: nodes.FunctionDef, local: dict) -> bool:
        pending, seen = [function], set()
        while pending:
            current = pending.pop()
            if id(current) in seen:
                continue
            seen.add(id(current))
            known = self._known.get(id(current))
            if known is not None:
                if known:
                    return True
                continue
            for call in current.nodes_of_class(nodes.Call):
                dsl, qualified = self.resolve(call.func)
                if dsl is not None or qualified is not None and is_operator_tree_helper(qualified):
                    self._known[id(current)] = True
                    return True
            pending += self._callees(current, local)
        self._known[id(function)] = False
        return False

    def _callees(self, function: nodes.FunctionDef, local: dict) -> list:
        """The module functions, nested functions and class methods `function` may call, by name."""
        found = []
        for call in function.nodes_of_class(nodes.Call):
            if isinstance(call.func, nodes.Name):
                target = local.get(call.func.name) or self.module_functions.get(call.func.name)
                if target is not None:
                    found.append(target)
                elif call.func.name in self.classes:
                    found += [m for m in self.classes[call.func.name].mymethods() if m.name == "__init__"]
            elif isinstance(call.func, nodes.Attribute):
                found += [m for cls in self.classes.values() for m in cls.mymethods() if m.name == call.func.attrname]
        return found
