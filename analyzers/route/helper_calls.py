"""Calls of free functions in a route walk: helpers of the file or of the headers it includes, functions passed as
arguments, lambdas called where they are written, unqualified L0 ops inside namespace l0op, and what is left: a
repository function the walk cannot find, which makes the route incomplete when it is given tensors."""

from __future__ import annotations

import functools
import os
import re
from pathlib import Path

from op_migrate.analyzers.cxx import parse_source
from op_migrate.analyzers.cxx.model import CxxUnit, Expr, Function, Stmt
from op_migrate.analyzers.route.callee_text import bare_name, split_callee
from op_migrate.analyzers.route.effect_scan import is_framework_call
from op_migrate.analyzers.route.generated_calls import GENERATED_API
from op_migrate.analyzers.route.aliases import declared_type
from op_migrate.analyzers.route.overloads import arg_kind, choose, is_builtin_type, library_overload_wins, param_kind
from op_migrate.analyzers.route.statements import clip
from op_migrate.analyzers.route.values import (
    UNKNOWN,
    LambdaRef,
    MethodRef,
    Unknown,
    FunctionRef,
    HostValue,
    ObjectValue,
    TensorList,
    TensorRef,
    TensorTuple,
)


# The framework's scalar, shape and list methods that return a builtin number (opbase aclScalar, op::Shape, lists).
_NUMBER_METHODS = frozenset({"ToFloat", "ToDouble", "ToInt64", "ToInt32", "ToBool", "GetDimNum", "GetShapeSize",
                             "GetDim", "Size", "size"})

class HelperCalls:
    """Methods of RouteWalk for free calls; it supplies frame, value(), scope, _inline() and _incomplete()."""

    def free_call(self, callee: str, short: str, expr: Expr):
        """A call of a free function that is no macro, no method, no lambda and not `l0op::` qualified."""
        args = None
        pointer = self.frame.env.get(callee)
        if isinstance(pointer, FunctionRef):
            # A function passed as an argument and called through its parameter (`checkShapeFn(self, out)`).
            return self.call_through(pointer, expr)
        if isinstance(pointer, LambdaRef):
            return self.call_lambda(pointer, expr)  # `auto run = [&](...) {...}; run(x);`
        if isinstance(pointer, MethodRef):
            # an arm of method_call: its arguments ran once, before the arms
            return self._inline(pointer.unit, pointer.function, expr, args=list(pointer.args), this=pointer.obj)
        if isinstance(pointer, ObjectValue):
            return self.method_call(pointer, "operator()", expr)  # a function object: `Runner r{ex}; r(self);`
        if callee in self.frame.env and not callee.startswith("l0op::"):
            return self.unknown_callable(callee, pointer, expr)  # `auto run = std::bind(F, x); run();`
        helper = bare_name(callee).rsplit("::", 1)[-1]
        if "this" in self.frame.env:
            # Inside a method: `Process()` and `Base::Process()` are methods of its object before free functions.
            qualifier = bare_name(callee).rsplit("::", 1)[0] if "::" in bare_name(callee) else None
            obj = self.this_object()
            if qualifier is not None and obj is not None and self.class_decl(qualifier) is not None:
                return self.method_call(obj, helper, expr, qualifier=qualifier)
            own = self.own_method(helper, expr)
            if own is not NotImplemented:
                return own
        candidates = self._functions_named(self.frame.unit, helper)
        texts = [self._arithmetic_text(arg) for arg in expr.children] if candidates else []
        if candidates and library_overload_wins(bare_name(callee), texts, [function for _, function in candidates]):
            for arg in expr.children:
                self.value(arg)
            return Unknown(expr.text)  # a host number of the C++ library, its arguments ran
        if len(candidates) > 1 and args is None:
            args = [self.value(arg) for arg in expr.children]
        tied = self._tied_overloads(helper, expr, args, bare_name(callee)) if args is not None else None
        if tied and len(tied) == 1:
            return self._call_helper(tied[0], expr, args)
        if tied:
            return self._call_each_overload(tied, expr)
        found = self._specialization(callee, len(expr.children), args) or \
            self._local_function(helper, len(expr.children), args, written=bare_name(callee))
        if found is not None:
            return self._call_helper(found, expr, args)
        generated = GENERATED_API.match(helper)
        if generated is not None:
            return self.generated_call(generated.group(1), callee, expr)
        if self.frame.l0_op is not None or self.frame.function.name.startswith("l0op::"):
            # Unqualified calls inside namespace l0op reach other L0 ops (ViewCopy -> TensorMove).
            resolved = self.program.resolve_l0(short, len(expr.children), self.frame.unit.path)
            if resolved.resolved:
                return self._l0_call(short, expr, args)
        self.taint_containers(expr.children)
        values = args if args is not None else [self.value(arg) for arg in expr.children]
        self.forget_written(expr.children)
        if is_framework_call(callee):
            return Unknown(expr.text)  # the framework's or the C++ library's: a host value, its arguments ran
        return self.unmodelled_call(callee, expr, values)

    def call_through(self, pointer: FunctionRef, expr: Expr):
        """A call through a function pointer whose function the walk knows (a parameter, a table entry, a member).
        A pointer that may hold several functions (an undecided table key, a ternary) calls each under its guard."""
        names = list(dict.fromkeys(function.name for _, function in pointer.defined))  # `a::F` and `b::F` are two
        if len(names) > 1:
            return self._call_each(pointer, names, expr)
        args = [self.value(arg) for arg in expr.children]
        reachable = choose([function for _, function in pointer.defined], len(args), [arg_kind(a) for a in args])
        found = self.chosen(pointer.defined, reachable) if reachable else None
        if found is None:
            return self.unmodelled_call(pointer.name, expr, args, what="function pointer")
        return self._call_helper(found, expr, args)

    def _call_each(self, pointer: FunctionRef, names: list[str], expr: Expr):
        """Each function the pointer may hold, walked as an arm of an undecided branch; the value is their join."""
        return self._call_arms([(name, FunctionRef(name, tuple(p for p in pointer.defined if p[1].name == name)))
                                for name in names], expr, "$pointer")

    def _call_arms(self, choices, expr: Expr, prefix: str):
        """Each (label, function reference) a call may reach, walked as an arm of an undecided branch; the value is
        their join."""
        text = clip(expr.text.split("(", 1)[0], 60)
        arms = []
        for index, (label, held) in enumerate(choices):
            alias = f"{prefix}{index}"
            self.frame.env[alias] = held
            call = Expr("call", expr.text, name=alias, children=expr.children, line=expr.line)
            arms.append((f"{text} is {label}", (Stmt("decl", expr.line, expr.text, target="$returned", value=call),)))
        self._note_unknown(f"{text} is one of {', '.join(label for label, _ in choices)}")
        self._branches(arms)
        value = self.frame.env.pop("$returned", UNKNOWN)
        for index in range(len(choices)):
            self.frame.env.pop(f"{prefix}{index}", None)
        return value

    def _tied_overloads(self, short: str, expr: Expr, args, written: str):
        """The overloads a call fits equally well when they take different parameter types (`K(int64_t)` and
        `K(double)` given a value the walk cannot type): C++ picks one, the walk cannot tell which. An argument whose
        value says nothing is typed by the declaration of the variable it names (`ViewCopy(x, shape, ...)` with
        `const op::Shape& shape`); when that leaves one overload, it alone. None when no two overloads tie."""
        pairs = visible_from(self._functions_named(self.frame.unit, short), written, self.frame.function.name)
        if len(pairs) < 2:
            return None
        kinds = [arg_kind(value) or self._declared_kind(arg) for value, arg in zip(args, expr.children)]
        reachable = choose([function for _, function in pairs], len(expr.children), kinds)
        # Two namespaces' functions of one signature are two functions (a using-directive may bring in either).
        signatures = {(namespace_of(function.name), *(param.declared_type for param in function.params))
                      for function in reachable}
        if len(reachable) < 2 or len(signatures) < 2:
            best = choose([function for _, function in pairs], len(expr.children), [arg_kind(v) for v in args])
            if len(reachable) == 1 and len(best) > 1:
                return [next(pair for pair in pairs if pair[1] is reachable[0])]  # the declarations decided it
            return None
        return [next(pair for pair in pairs if pair[1] is function) for function in reachable]

    def _arithmetic_text(self, arg: Expr) -> str:
        """An argument's text, or `0` for a variable declared with a builtin arithmetic type (`float alphaValue`) or
        a framework method returning one (`alpha->ToFloat()`): what library_overload_wins reads as a number or not."""
        receiver, method = split_callee((arg.name or "").strip()) if arg.kind == "call" else (None, "")
        if receiver is not None and method in _NUMBER_METHODS:
            return "0"
        declared = declared_type(self.frame.function, (arg.name or arg.text).strip()) if arg.kind == "name" else None
        return "0" if declared and is_builtin_type(declared) else arg.text

    def _declared_kind(self, arg: Expr) -> str | None:
        """The overload kind of a variable's declared type (a parameter or local of the current function)."""
        if arg.kind != "name":
            return None
        declared = declared_type(self.frame.function, (arg.name or arg.text).strip())
        return param_kind(declared) if declared else None

    def _call_each_overload(self, pairs, expr: Expr):
        """Each overload a call may reach, walked as an arm of an undecided branch; the value is their join."""
        return self._call_arms([(f"{function.short_name}({', '.join(p.declared_type for p in function.params)})",
                                 FunctionRef(function.short_name, ((unit, function),))) for unit, function in pairs],
                               expr, "$overload")

    def _call_helper(self, found, expr: Expr, args):
        """Inline a helper of the file or a header it includes. One without effects only computes a value (a check
        among them: its verdict under the facts, checks.py), walked without noting its guards."""
        owner, local = found
        pure = not self._effectful(owner, local)
        if not pure:
            return self._inline(owner, local, expr, args=args)
        # A function without effects only computes a value: its inner guards are not the route's; where its
        # value stays undecided, the caller's guard on it says so in the caller's words.
        self._quiet += 1
        try:
            if args is None:
                args = [self.value(arg) for arg in expr.children]
            return self.pure_call(owner, local, expr, args)
        finally:
            self._quiet -= 1

    @staticmethod
    def held_kind(value) -> str | None:
        return held_kind(value)

    def _local_function(self, short: str, arity: int, args=None,
                        written: str = "") -> tuple[CxxUnit, Function] | None:
        """(unit, function) a call reaches: defined in this file or a header it includes, else beside a header that
        declares it; the right arity, then the best argument kinds (the file's own first on a tie). A call written
        with a qualifier (`Ops::Base::CeilAlign`) reaches only a function whose qualified name ends with it."""
        pairs = self._functions_named(self.frame.unit, short)
        if not pairs and self.scope is not None:
            pairs = self.scope.beside(self.frame.unit, short)
        pairs = visible_from(pairs, written, self.frame.function.name)
        if not pairs:
            return None
        kinds = [arg_kind(value) for value in args] if args is not None else None
        reachable = choose([function for _, function in pairs], arity, kinds)
        if not reachable:
            return None
        return self.chosen(pairs, reachable)

    def _specialization(self, callee: str, arity: int, args):
        """`Kind<float>()`: an explicit specialization `template <> ... Kind<float>()` of the file or its headers,
        when one is written for exactly those template arguments (else the primary template, as before)."""
        last = callee.rsplit("::", 1)[-1].strip()
        if "<" not in last or not last.endswith(">"):
            return None
        name, arguments = last.split("<", 1)
        spelled = f"{name.strip()}<{', '.join(part.strip() for part in arguments[:-1].split(','))}>"
        for written in dict.fromkeys((last, spelled, spelled.replace(", ", ","))):
            found = self._local_function(written, arity, args)
            if found is not None:
                return found
        return None

    def chosen(self, pairs, reachable):
        """The (unit, function) of the best definition; when others in other files fit the call as well (a method
        defined in several sources, one per build variant), the first in reach is used and a note names them."""
        first = next(pair for pair in pairs if pair[1] is reachable[0])
        others = [pair for pair in pairs if pair[1] in reachable[1:] and pair[0].path != first[0].path and
                  [p.declared_type for p in pair[1].params] == [p.declared_type for p in first[1].params]]
        if others:
            key = ("several", first[1].name, first[0].path, first[1].line)
            if self.first_report(key):
                self.findings.append(self.messages.make(
                    "route-several-definitions", line=first[1].line, path=first[0].path, function=first[1].name,
                    used=f"{first[0].path.rsplit('/', 1)[-1]}:{first[1].line}",
                    others=", ".join(f"{o[0].path.rsplit('/', 1)[-1]}:{o[1].line}" for o in others)))
        return first

    def call_lambda(self, written: LambdaRef, expr: Expr):
        """A lambda called where it is written (`[&]() { ... }()`) or through a variable holding it: the body runs
        with its parameters bound to the call's arguments, reading and writing the caller's variables captured by
        reference; a variable captured by value reads as it was when the lambda was made (its own copy, never
        written back). A `mutable` lambda's copies carry what its earlier calls wrote, which the walk does not keep:
        they are unknown. One the front end cannot read is not walked, and the route says so."""
        try:
            stamp = os.stat(written.path).st_mtime_ns  # the cache follows edits of the file
        except OSError:
            stamp = 0
        unit = _lambda_unit(written.path, written.line, written.text.split("]", 1)[0] + "]", stamp)
        function = unit.functions[0] if unit is not None and unit.functions else None
        if function is None:
            self._incomplete("route-unparsed-construct", expr.line, text=clip(written.text, 120))
            return UNKNOWN
        copies = written.copies
        if copies and re.search(r"\)\s*mutable\b", written.text.split("{", 1)[0]):
            copies = tuple((name, Unknown(name)) for name, _ in copies)
        home = written.home if written.home is not None and self._active_frame(written.home) else None
        captures = written.text.split("]", 1)[0] + "]"
        return self._inline(self.frame.unit, function, expr, captures=True, by_value=captured_by_value(captures),
                            copies=copies, home=home, aliases=reference_inits(captures))

    def _active_frame(self, frame) -> bool:
        """Whether `frame` is the current one or one of its callers (a lambda made there is called further down)."""
        return any(current is frame for current in self.frame.chain())


def _capture_items(captures: str) -> list[str]:
    """The items of a lambda's capture list `[a, &b, c = d]`."""
    return [item.strip() for item in captures.strip()[1:-1].split(",") if item.strip()]


def reference_inits(captures: str) -> tuple[tuple[str, str], ...]:
    """The init captures by reference of a plain variable (`[&r = n]`): (r, n) pairs."""
    items = _capture_items(captures)
    found = (re.fullmatch(r"&\s*([A-Za-z_]\w*)\s*=\s*([A-Za-z_]\w*)", item) for item in items)
    return tuple((match.group(1), match.group(2)) for match in found if match is not None)


def captured_by_reference(text: str, env) -> set:
    """The variables of `env` a lambda's text may write through its captures: those it names when it captures by
    reference by default (`[&]`), those its list names with `&` (`[&k]`, `[&r = n]`)."""
    captures = text.split("]", 1)[0] + "]"
    items = _capture_items(captures)
    names = {item[1:].split("=", 1)[-1].strip() for item in items if item.startswith("&") and item != "&"}
    if "&" in items:
        names.update(re.findall(r"[A-Za-z_]\w*", text[len(captures):]))
    return {name for name in names if name in env}


def captured_by_value(captures: str):
    """What a lambda's capture list copies: `[n]`, `[=]`, `[=, &m]` (all but m), `[&, n]` (n only); None for none.
    A copy written in a `mutable` lambda is the lambda's own, not the caller's variable."""
    items = _capture_items(captures)
    by_copy = "=" in items
    refs = {item[1:].strip() for item in items if item.startswith("&") and item != "&"}
    copies = {item.split("=", 1)[0].strip() for item in items if item[:1].isidentifier() and item != "this"}
    if by_copy:
        return lambda name: name not in refs and not name.startswith("$")
    return (lambda name: name in copies) if copies else None


@functools.lru_cache(maxsize=256)
def _lambda_unit(path: str, line: int, captures: str, stamp: int) -> CxxUnit | None:
    """The body of the lambda whose captures start on `line` of `path`, parsed as a function of its own with its
    statements on their lines of the file (expression texts are kept on one line; the file keeps the lines)."""
    try:
        lines = Path(path).read_text(encoding="utf-8", errors="replace").splitlines(keepends=True)
    except OSError:
        return None
    rest = "".join(lines[line - 1:])
    pattern = r"\s*".join(re.escape(token) for token in re.findall(r"\w+|[^\w\s]", captures))
    found = re.search(pattern, rest)
    if found is None:
        return None
    open_brace = rest.find("{", found.end())
    close_brace = _matching_brace(rest, open_brace) if open_brace >= 0 else -1
    if close_brace < 0:
        return None
    head = rest[found.end():open_brace].strip()  # `(const aclTensor *x) -> const aclTensor *`, or nothing
    params = head[head.find("(") + 1:head.rfind(")")] if head.startswith("(") and ")" in head else ""
    first_line = line + rest.count("\n", 0, open_brace)
    source = "\n" * (first_line - 1) + f"auto LambdaCalledInPlace({params}) {{" + rest[open_brace + 1:close_brace] + \
        "}\n"
    return parse_source(source.encode("utf-8"), path)


def _matching_brace(text: str, start: int) -> int:
    """The index of the `}` closing the `{` at `start` (strings, chars and comments skipped); -1 when none."""
    depth, index = 0, start
    while index < len(text):
        char = text[index]
        if text.startswith("//", index):
            index = text.find("\n", index)
            index = len(text) if index < 0 else index
            continue
        if text.startswith("/*", index):
            index = text.find("*/", index)
            index = len(text) if index < 0 else index + 2
            continue
        if char in "\"'":
            index += 1
            while index < len(text) and text[index] != char:
                index += 2 if text[index] == "\\" else 1
        elif char == "{":
            depth += 1
        elif char == "}":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    return -1


def held_kind(value) -> str | None:
    """What an argument gives a function the route cannot follow: a tensor, a tensor list or the executor."""
    if isinstance(value, TensorRef) or isinstance(value, HostValue) and value.kind == "host-tensor":
        return "a tensor"
    if isinstance(value, TensorList) or isinstance(value, HostValue) and value.kind == "tensor-list":
        return "a tensor list"
    if isinstance(value, HostValue) and value.kind == "executor":
        return "the executor"
    if isinstance(value, ObjectValue):
        return "an object"
    if isinstance(value, (FunctionRef, LambdaRef)):
        return "a function"
    if isinstance(value, TensorTuple) and any(held_kind(item) for item in value.items):
        return "a tuple of tensors"
    return None


def visible_from(pairs, written: str, caller: str) -> list:
    """The definitions among `pairs` a call written `written` inside the function named `caller` names: those its
    qualifier fits; for an unqualified call, those of the innermost namespace around the caller that defines one
    (C++'s lookup stops there), else all of them (one a using-directive brings in; the walk does not read those)."""
    pairs = [pair for pair in pairs if qualified_as_written(pair[1].name, written)]
    if "::" in written.lstrip(":") or len(pairs) < 2:
        return pairs
    around = namespace_of(caller)
    depths = {id(pair): len(space) + 1 for pair in pairs
              if (space := namespace_of(pair[1].name)) == "" or around == space or around.startswith(space + "::")}
    if not depths:
        return pairs
    deepest = max(depths.values())
    return [pair for pair in pairs if depths.get(id(pair)) == deepest]


def namespace_of(name: str) -> str:
    """`a::b::F` -> `a::b`; an unqualified name -> `` (the global namespace)."""
    return name.rsplit("::", 1)[0] if "::" in name else ""


def qualified_as_written(defined: str, written: str) -> bool:
    """Whether a function defined as `defined` (its namespaces and class, as the parser names it) can be the one a
    call written `written` names: `Ops::Base::CeilAlign` is not `ops::CeilAlign` (whose body calls it), while an
    unqualified call, or one whose qualifier the definition's name ends with, may be."""
    written = written.lstrip(":").replace(" ", "")
    if "::" not in written:
        return True
    return defined == written or defined.endswith("::" + written)
