"""What the compute walker learns about branch guards: their kinds, where their flags were set, decidable tests.

A name assigned constants under guards (`has_improve_precision = True` under api_check_support, set again
elsewhere under another condition) keeps every assignment with its own condition; a guard testing it, alone or
inside a compound condition, carries them all as its origins.
"""

from __future__ import annotations

from astroid import nodes

from op_migrate.analyzers.tbe.call_site import reads_dtype
from op_migrate.analyzers.tbe.guard_facts import guard_test, is_short_soc_query
from op_migrate.analyzers.tbe.guards import guard_kinds

_FACT_QUERIES = {"get_soc_spec", "api_check_support", "intrinsic_check_support"}
_PRESENCE_OPS = {"is", "is not"}


def _is_constant(node: nodes.NodeNG) -> bool:
    """A literal, or a name / attribute chain such as Constant.FLOAT_32 (module constants, enum members)."""
    if isinstance(node, nodes.Const):
        return True
    if isinstance(node, nodes.Attribute):
        return isinstance(node.expr, (nodes.Name, nodes.Attribute)) and _is_constant_chain(node.expr)
    return False


def _is_constant_chain(node: nodes.NodeNG) -> bool:
    if isinstance(node, nodes.Name):
        return node.name[:1].isupper()
    return isinstance(node, nodes.Attribute) and _is_constant_chain(node.expr)


def _reads_format(value: nodes.NodeNG) -> bool:
    for node in [value, *value.nodes_of_class((nodes.Call, nodes.Attribute))]:
        if isinstance(node, nodes.Attribute) and node.attrname in ("format", "ori_format"):
            return True
        if isinstance(node, nodes.Call) and isinstance(node.func, nodes.Attribute) and node.func.attrname == "get" and node.args:
            key = node.args[0]
            if isinstance(key, nodes.Const) and key.value in ("format", "ori_format"):
                return True
    return False


class GuardRecorder:
    """Guards met by the walker: (text, line) -> kinds, origins and decidable test."""

    def __init__(self, values: dict, roles: dict) -> None:
        self.values = values
        self.roles = roles  # entry parameter -> check_op_params constant (REQUIRED_INPUT, OPTION_ATTR_INT ...)
        self.kinds: dict[tuple[str, int], tuple[str, ...]] = {}
        self.origins: dict[tuple[str, int], list[str]] = {}
        self.tests: dict[tuple[str, int], dict | None] = {}
        self.assignments: dict[str, list[tuple[str, str | None, int]]] = {}
        self.facts: dict[str, str] = {}
        self.soc_vars: set[str] = set()
        self.dtype_vars: dict[str, str | None] = {}
        self.format_vars: set[str] = set()

    def assignment(self, statement: nodes.Assign, guard: str | None, text, env: dict) -> None:
        """Remember what the names bound here stand for; `guard` is the innermost condition of this function."""
        value = statement.value
        names = [t.name for t in statement.targets if isinstance(t, nodes.AssignName)]
        if reads_dtype(value):
            param = _param_of(value, env)
            self.dtype_vars.update({name: param for name in names})
        if _reads_format(value):
            self.format_vars.update(names)
        if isinstance(value, nodes.Call):
            func = value.func
            called = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")
            if called in _FACT_QUERIES:
                for name in names:
                    self.facts[name] = f"{name} = {text(value)}"
                if is_short_soc_query(value):
                    self.soc_vars.update(names)
        if _is_constant(value):
            for name in names:
                record = (text(value), guard, statement.lineno)
                if record not in self.assignments.setdefault(name, []):
                    self.assignments[name].append(record)

    def alias_dtype(self, argument: str, parameter: str) -> None:
        """A dtype variable passed to a helper: the helper's parameter holds the same dtype."""
        if argument in self.dtype_vars:
            self.dtype_vars[parameter] = self.dtype_vars[argument]

    def branch(self, statement: nodes.If, text: str, env: dict) -> None:
        key = (text, statement.lineno)
        names = list(dict.fromkeys(n.name for n in statement.test.nodes_of_class(nodes.Name)))
        origins = []
        for name in names:
            assigned = self.assignments.get(name, [])
            if any(guard for _, guard, _ in assigned):
                for value, guard, line in assigned:
                    origins.append(f"{name} = {value} at line {line}" + (f" under {guard}" if guard else ""))
            if name in self.facts:
                origins.append(self.facts[name])
        hints = ["dtype"] if any(n in self.dtype_vars for n in names) else []
        hints += ["format"] if any(n in self.format_vars for n in names) else []
        kinds = list(guard_kinds(" ".join([text, *origins, *hints])))
        kinds += self._parameter_kinds(statement.test, names, env)
        kinds = [k for k in dict.fromkeys(kinds) if k != "other"] or ["other"]
        merged = [k for k in dict.fromkeys([*self.kinds.get(key, ()), *kinds]) if k != "other"]
        self.kinds[key] = tuple(merged or ["other"])
        if origins:
            known = self.origins.setdefault(key, [])
            known += [origin for origin in origins if origin not in known]
        if key not in self.tests:
            self.tests[key] = guard_test(statement.test, self.soc_vars, self.dtype_vars, self.values)

    def _parameter_kinds(self, test: nodes.NodeNG, names: list[str], env: dict) -> list[str]:
        """attr / optional_input: the guard tests an attribute, or whether an optional input was given."""
        kinds = []
        for name in names:
            params = [s[6:] for s in env.get(name, ()) if s.startswith("param:")]
            declared = [self.roles.get(p) or "" for p in params]
            if any("_ATTR_" in d for d in declared):
                kinds.append("attr")
            if any(d in ("OPTION_INPUT", "OPTION_OUTPUT") for d in declared) and _tests_presence(test, name):
                kinds.append("optional_input")
        return kinds


def _tests_presence(test: nodes.NodeNG, name: str) -> bool:
    """`x is None`, `x is not None`, `x`, `not x` (alone or inside and/or)."""
    if isinstance(test, nodes.BoolOp):
        return any(_tests_presence(value, name) for value in test.values)
    if isinstance(test, nodes.UnaryOp) and test.op == "not":
        return _tests_presence(test.operand, name)
    if isinstance(test, nodes.Name):
        return test.name == name
    if isinstance(test, nodes.Compare) and len(test.ops) == 1 and test.ops[0][0] in _PRESENCE_OPS:
        return isinstance(test.left, nodes.Name) and test.left.name == name
    return False


def _param_of(value: nodes.NodeNG, env: dict) -> str | None:
    """The entry input a dtype read starts from (`x.get("dtype")` with x from param:x), else None."""
    node = value
    while isinstance(node, (nodes.Call, nodes.Attribute, nodes.Subscript)):
        node = node.func if isinstance(node, nodes.Call) else (node.expr if isinstance(node, nodes.Attribute) else node.value)
    if isinstance(node, nodes.Name):
        params = [s[6:] for s in env.get(node.name, ()) if s.startswith("param:")]
        return params[0] if len(params) == 1 else None
    return None
