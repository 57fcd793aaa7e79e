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
# What a value read from a tensor dict is: its shape (or shape range, or the constant value of a value-depend input).
_SHAPE_KEYS = {"shape", "ori_shape", "range", "ori_range", "const_value", "const_value_range"}
_SHAPE_ATTRS = {"shape", "ori_shape", "ndim"}
_KEY_TAGS = {**{key: {"shape"} for key in _SHAPE_KEYS}, "format": {"format"}, "ori_format": {"format"}}
_SHAPE_CALLS = {"variable_shape", "shape_to_list", "broadcast_shapes", "scalar2tensor_one", "axis_check", "is_unknown",
                "is_unknown_rank_input", "unify_broadcast_shapes", "refine_shapes_for_broadcast"}
# check_input_type declares parameters by Python type: anything but a tensor dict is an attribute.
_PYTHON_TYPES = {"int", "float", "str", "bool", "list", "tuple", "NoneType", "type(None)"}


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

    def __init__(self, values: dict, roles: dict, functions: dict | None = None) -> None:
        self.values = values
        self.roles = roles  # entry parameter -> check_op_params constant (REQUIRED_INPUT, OPTION_ATTR_INT ...)
        self.kinds: dict[tuple[str, int], tuple[str, ...]] = {}
        self.origins: dict[tuple[str, int], list[str]] = {}
        self.tests: dict[tuple[str, int], dict | None] = {}
        self.assignments: dict[tuple, list[tuple[str, str | None, int]]] = {}
        self.facts: dict[str, str] = {}
        self.soc_vars: set[str] = set()
        self.dtype_vars: dict[str, str | None] = {}
        self.format_vars: set[str] = set()
        self.flag_tests: dict[str, dict] = {}  # flag name or `self.attr` -> the test of what it was set to
        # (function, name) or `self.attr` -> the facts its value was computed from (shape, attr)
        self.tags: dict[object, set[str]] = {}
        self.functions = functions or {}  # module-level functions: a guard calling one tests what that one tests
        self._function_kinds: dict[str, tuple[str, ...]] = {}

    def assignment(self, statement: nodes.Assign, guard: str | None, text, env: dict) -> None:
        """Remember what the names bound here stand for; `guard` is the innermost condition of this function."""
        value = statement.value
        names = [t.name for t in statement.targets if isinstance(t, nodes.AssignName)]
        tags = self.value_tags(value, env)
        for target in statement.targets:
            for name in _target_names(target):
                # Every assignment counts (as for flags): `lambd` is an attribute, or the constant value of an input.
                self.tags.setdefault(_key(statement, name), set()).update(tags)
        if reads_dtype(value):
            param = _param_of(value, env)
            # `self.dtype_out = seq_mask.get("dtype")` in a kernel class: its methods branch on the attribute.
            attributes = [n for t in statement.targets for n in _target_names(t) if n.startswith("self.")]
            self.dtype_vars.update({name: param for name in [*names, *attributes]})
        if _reads_format(value):
            self.format_vars.update(names)
        if isinstance(value, nodes.Call):
            func = value.func
            called = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")
            if called in _FACT_QUERIES:
                for name in names:
                    self.facts[_key(statement, name)] = f"{name} = {text(value)}"
                if is_short_soc_query(value):
                    self.soc_vars.update(names)
        # A flag set from a decidable expression (`small = soc in SMALL_SOCS`, `l1 = get_soc_spec(L1_SIZE) > 0`):
        # a guard testing the flag tests that expression.
        decidable = guard_test(value, self.soc_vars, self.dtype_vars, self.values, self.flag_tests)
        for name in [*names, *(n for t in statement.targets for n in _target_names(t) if n.startswith("self."))]:
            if decidable is not None and name not in self.flag_tests:
                self.flag_tests[name] = decidable
            elif decidable is None:
                self.flag_tests.pop(name, None)
        if _is_constant(value):
            for name in names:
                record = (text(value), guard, statement.lineno)
                # Per function: a flag of the same name in another function is another flag.
                if record not in self.assignments.setdefault(_key(statement, name), []):
                    self.assignments[_key(statement, name)].append(record)

    def snapshot(self) -> frozenset:
        """The guards recorded so far; restore() forgets those recorded since."""
        return frozenset(self.kinds)

    def restore(self, known: frozenset) -> None:
        for key in [k for k in self.kinds if k not in known]:
            self.kinds.pop(key, None)
            self.origins.pop(key, None)
            self.tests.pop(key, None)

    def alias_dtype(self, argument: str, parameter: str) -> None:
        """A dtype variable passed to a helper: the helper's parameter holds the same dtype."""
        if argument in self.dtype_vars:
            self.dtype_vars[parameter] = self.dtype_vars[argument]

    def augment(self, statement: nodes.AugAssign, env: dict) -> None:
        """`size *= dim`: the name keeps what it was computed from and takes what the value adds."""
        for name in _target_names(statement.target):
            self.tags.setdefault(_key(statement, name), set()).update(self.value_tags(statement.value, env))

    def bind(self, where: nodes.NodeNG, name: str, value: nodes.NodeNG, env: dict) -> None:
        """A helper parameter or loop variable (of the function holding `where`) takes what its argument (or
        iterable) was computed from."""
        self.tags.setdefault(_key(where, name), set()).update(self.value_tags(value, env))

    def value_tags(self, value: nodes.NodeNG, env: dict) -> set[str]:
        """shape: read from a shape, range or constant value; attr: computed from an attribute of the entry.

        Tensors carry neither: a placeholder built from a shape, a DSL result or a `.dtype` read is not a shape.
        """
        tags: set[str] = set()
        stack = [value]
        while stack:
            node = stack.pop()
            if isinstance(node, nodes.Attribute):
                if node.attrname == "dtype":
                    continue
                if node.attrname in _SHAPE_ATTRS:
                    tags.add("shape")
                if _is_self_attribute(node):
                    tags |= self.tags.get(node.as_string(), set())
                    continue
            elif isinstance(node, nodes.Call):
                func = node.func
                called = func.attrname if isinstance(func, nodes.Attribute) else getattr(func, "name", "")
                key = _const_key(node.args[0]) if node.args else None
                if _makes_tensor(func):
                    continue
                if called == "get" and isinstance(key, str):
                    # A tensor dict read by key is what the key names, whatever else the dict went through.
                    tags |= _KEY_TAGS.get(key, set())
                    continue
                if called in _SHAPE_CALLS:
                    tags.add("shape")
                if called in _FACT_QUERIES:
                    tags.add("soc" if called == "get_soc_spec" else "api_check_support")
            elif isinstance(node, nodes.Subscript) and isinstance(_const_key(node.slice), str):
                tags |= _KEY_TAGS.get(_const_key(node.slice), set())
                continue
            elif isinstance(node, nodes.Name):
                tags |= self.tags.get(_key(node, node.name), set())
                if self._declares_attr(env.get(node.name, ())):
                    tags.add("attr")
            elif isinstance(node, (nodes.Lambda, nodes.FunctionDef)):
                continue
            stack.extend(node.get_children())
        return tags

    def _declares_attr(self, sources) -> bool:
        for source in sources:
            if source.startswith("param:"):
                declared = self.roles.get(source[6:]) or ""
                if "_ATTR_" in declared or _is_attribute_type(declared):
                    return True
        return False

    def branch(self, statement: nodes.If, text: str, env: dict) -> None:
        key = (text, statement.lineno)
        names = list(dict.fromkeys(n.name for n in statement.test.nodes_of_class(nodes.Name)))
        attributes = [a.as_string() for a in statement.test.nodes_of_class(nodes.Attribute) if _is_self_attribute(a)]
        origins = []
        for name in names:
            assigned = self.assignments.get(_key(statement, name), [])
            if any(guard for _, guard, _ in assigned):
                for value, guard, line in assigned:
                    origins.append(f"{name} = {value} at line {line}" + (f" under {guard}" if guard else ""))
            if _key(statement, name) in self.facts:
                origins.append(self.facts[_key(statement, name)])
        hints = ["dtype"] if any(n in self.dtype_vars for n in [*names, *attributes]) else []
        hints += ["format"] if any(n in self.format_vars for n in names) else []
        tagged = sorted({tag for a in attributes for tag in self.tags.get(a, ())} | self.value_tags(statement.test, {}))
        kinds = list(guard_kinds(" ".join([text, *origins, *hints])))
        kinds += tagged
        kinds += self._called_kinds(statement.test)
        kinds += self._parameter_kinds(statement.test, names, env)
        kinds = [k for k in dict.fromkeys(kinds) if k != "other"] or ["other"]
        merged = [k for k in dict.fromkeys([*self.kinds.get(key, ()), *kinds]) if k != "other"]
        self.kinds[key] = tuple(merged or ["other"])
        if origins:
            known = self.origins.setdefault(key, [])
            known += [origin for origin in origins if origin not in known]
        if key not in self.tests:
            self.tests[key] = guard_test(statement.test, self.soc_vars, self.dtype_vars, self.values, self.flag_tests)

    def _called_kinds(self, test: nodes.NodeNG) -> list[str]:
        """`support_l1_buffer(shape)`: a module function called in the test brings the kinds of its own tests and
        return values (one level deep: SoC and shape for a function comparing SHORT_SOC_VERSION and a shape)."""
        kinds = []
        for call in test.nodes_of_class(nodes.Call):
            name = getattr(call.func, "name", None)
            function = self.functions.get(name) if isinstance(call.func, nodes.Name) else None
            if function is None:
                continue
            if name not in self._function_kinds:
                parts = [node.test.as_string() for node in function.nodes_of_class(nodes.If)]
                parts += [node.value.as_string() for node in function.nodes_of_class(nodes.Return) if node.value is not None]
                self._function_kinds[name] = tuple(k for k in guard_kinds(" ".join(parts)) if k != "other")
            kinds += self._function_kinds[name]
        return kinds

    def _parameter_kinds(self, test: nodes.NodeNG, names: list[str], env: dict) -> list[str]:
        """attr / optional_input: the guard tests an attribute, or whether an optional input was given."""
        kinds = []
        for name in names:
            params = [s[6:] for s in env.get(name, ()) if s.startswith("param:")]
            declared = [self.roles.get(p) or "" for p in params]
            if any("_ATTR_" in d or _is_attribute_type(d) for d in declared):
                kinds.append("attr")
            # A presence test of an input (`bias is None`, `if kernel_matrix:`): REQUIRED_INPUTs are never absent,
            # so this is an optional input whatever the decorator (check_input_type only says `dict`).
            inputs = [d for d in declared if "dict" in _parts(d) or "Tensor" in _parts(d) or d.endswith(("_INPUT", "OPTION_OUTPUT"))]
            # The input itself, not a flag computed from it (`valid = check(x)`; `if valid:` is no presence test).
            if inputs and len(params) == 1 and set(env.get(name, ())) == {f"param:{params[0]}"} and _tests_presence(test, name):
                kinds.append("optional_input")
        return kinds


def _parts(declared: str) -> set[str]:
    """The kinds one declaration names: "type(None) | dict" -> {"type(None)", "dict"}."""
    return {part.strip() for part in declared.replace(",", "|").strip("()").split("|") if part.strip()}


def _is_attribute_type(declared: str) -> bool:
    """`int`, `tuple | list`, `tuple | list | str`: a check_input_type declaration of something other than a dict."""
    names = _parts(declared)
    return bool(names) and names <= _PYTHON_TYPES


def _key(node: nodes.NodeNG, name: str):
    """Names are local to their function; `self.<attr>` belongs to the object, whichever method sets it."""
    if name.startswith("self."):
        return name
    scope = node
    while scope is not None and not isinstance(scope, (nodes.FunctionDef, nodes.Module)):
        scope = scope.parent
    return (id(scope), name)


def _target_names(target: nodes.NodeNG) -> list[str]:
    if isinstance(target, nodes.AssignName):
        return [target.name]
    if isinstance(target, nodes.AssignAttr) and isinstance(target.expr, nodes.Name) and target.expr.name == "self":
        return [f"self.{target.attrname}"]
    if isinstance(target, (nodes.Tuple, nodes.List)):
        return [name for element in target.elts for name in _target_names(element)]
    return []


def _is_self_attribute(node: nodes.NodeNG) -> bool:
    return isinstance(node, nodes.Attribute) and isinstance(node.expr, nodes.Name) and node.expr.name == "self"


def _makes_tensor(func: nodes.NodeNG) -> bool:
    """tvm.placeholder, tvm.compute, tbe.<dsl>(...), tik_instance.Tensor: the result is a tensor, not metadata."""
    text = func.as_string()
    head = text.split(".", 1)[0]
    return head in ("tvm", "tbe", "dsl", "te") or text.endswith((".placeholder", ".Tensor", ".Scalar"))


def _const_key(node: nodes.NodeNG | None):
    return node.value if isinstance(node, nodes.Const) else None


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
