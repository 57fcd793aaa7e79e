"""Host variables a local pointer may reach (`int64_t* p = &x;`, `int64_t* d = dims;`): the walk keeps no pointer
targets, so a write through a pointer it cannot follow (`*p = 9`, `p[0] = 9`, `q->x = 5` on an unknown `q`, a target
it cannot name such as `(a > b ? a : b) = 9`) makes every variable whose address was taken in the frame unknown, and
a read through a local pointer to a number (`*p`) is unknown: never the value the variable had when it was taken.
Tensors are kept the same way, with what is written joined in (a set of what the variable may hold): a local pointer or
iterator to a tensor variable or container (`const aclTensor** pp = &t;`, `auto it = v.begin();`, `= &parts[1]`,
`= parts`) and a write through a local pointer (`*pp = nullptr`, `*it = l0op::Cast(*it, ...)`, `p[1] = x`) leaves each
such variable holding what it held or the value written (a container: that value is one more of its elements)."""

from __future__ import annotations

import re

from op_migrate.analyzers.cxx.model import Expr, Stmt, statements_in
from op_migrate.analyzers.route.containers import join_tensors, with_item
from op_migrate.analyzers.route.values import IntList, Null, TensorList, TensorRef, Unknown, is_number

_IDENTIFIER = re.compile(r"(?<![\w.>:])([A-Za-z_]\w*)(?![\w(])")
# A reference to const (`const T&`; `const T*&` refers to a pointer it may change).
CONST_REFERENCE = re.compile(r"^\s*const\b[^*&]*&")
_AUTO = re.compile(r"^\s*(?:const\s+)?auto\b")
_CLASS_TYPE = re.compile(r"^\s*(?:const\s+)?[A-Za-z_][\w:]*(?:<[^*&]*>)?\s*$")
_ITERATOR = re.compile(r"\.\s*(?:c|r|cr)?(?:begin|end|data)\s*\(|"
                       r"\b(?:std::)?(?:c|r)?(?:begin|end|find|find_if|lower_bound|upper_bound|max_element|min_element|"
                       r"next|prev)\s*\(")
_FOR_INIT = re.compile(r"^\s*for\s*\(\s*((?:const\s+)?[\w:<>]+(?:\s*\*)*\s*?)\s*([A-Za-z_]\w*)\s*=\s*([^;]+);")
_POINTER_LIKE = re.compile(r"\b(?:unique_ptr|shared_ptr|weak_ptr|Ptr)\b|\bauto\b")


_THROUGH_EXPRESSION = re.compile(r"^\s*\*\s*(?![A-Za-z_]\w*\s*$)")  # `*` of no plain name


class AliasWalk:
    """Methods of RouteWalk; it supplies frame, _store() and the frames' `escaped`, `pointers`, `loose_refs` and
    `loose_params`."""

    def address_taken(self, operand: Expr) -> None:
        """`&x` was evaluated: a pointer may now reach x (a host number, flag or array of this frame)."""
        if operand.kind == "name":
            name = (operand.name or operand.text).strip()
            if name in self.frame.env and (_host_data(self.frame.env[name]) or _tensor_data(self.frame.env[name])):
                self.frame.escaped.add(name)

    def declared_pointer(self, stmt: Stmt) -> None:
        """`T* p = ...;` declares a local pointer, `auto it = v.begin();` an iterator; the arrays its initializer
        names (`= dims`, `= a + 1`, `= v.data()`, `std::find(v.begin(), ...)`) are reachable through it."""
        if stmt.target:
            self._pointer_declared(stmt.type_text or "", stmt.target.strip(),
                                   stmt.value.text if stmt.value is not None else None)

    def loop_pointer(self, text: str) -> None:
        """`for (auto it = v.begin(); ...)`, `for (int64_t* p = dims; ...)`: the loop's own pointer or iterator."""
        match = _FOR_INIT.match(text)
        if match is not None:
            self._pointer_declared(*match.groups())

    def _pointer_declared(self, type_text: str, name: str, init: str | None) -> None:
        iterator = init is not None and _AUTO.match(type_text) is not None and "&" not in type_text and \
            _ITERATOR.search(init) is not None
        if "*" not in type_text and not iterator:
            return
        self.frame.pointers.add(name)
        if init is not None:
            self.frame.escaped.update(source for source in _IDENTIFIER.findall(init)
                                      if isinstance(self.frame.env.get(source), IntList) or
                                      _tensor_data(self.frame.env.get(source)))

    def write_through_unknown(self, frame, target: str, named: bool = False, value=None) -> None:
        """A store the walk cannot place: what the frame's pointers may reach, and the names the target mentions
        when it is no plain variable (`(a > b ? a : b) = 9`) or `named` (the target's own variables change: a
        reference's initializer `v[i]`, a range written through its elements), are unknown from here on; the tensors
        a local pointer may reach may hold `value` from here on (when the target writes through one)."""
        names = {name for name in frame.escaped if not _tensor_data(frame.env.get(name))}
        if not named and any(name in frame.pointers for name in _IDENTIFIER.findall(target)):
            for name in [name for name in frame.escaped if _tensor_data(frame.env.get(name))]:
                frame.env[name] = _may_hold(frame.env[name], value, name)
        mentioned = _IDENTIFIER.findall(target)
        if named or not target.lstrip().startswith("*") and "[" not in target and "->" not in target and \
                "." not in target:
            names.update(name for name in mentioned if name in frame.env)
        elif _THROUGH_EXPRESSION.match(target) or isinstance(frame.env.get(target.lstrip(" *")), IntList):
            # `*v.begin() = 5`, `*(d + 1) = 8`, `*dims = 1` (an array): a pointer made on the spot may reach any
            # array it names.
            names.update(name for name in mentioned if name in frame.env and _host_data(frame.env[name]))
        for name in names:
            frame.env[name] = Unknown(name)
        for name in mentioned:  # `*(d + 1) = 8` with d a parameter given the caller's array: the caller's changes
            pointed = frame.pointer_refs.get(name) or frame.refs.get(name)
            if pointed is not None:
                caller, variable = pointed
                self._store(caller, variable, Unknown(variable))
            elif name in frame.loose_params:  # `v[0] = 0` with v given `dims.data()`: what the argument names
                caller, text = frame.loose_params[name]
                self.write_through_unknown(caller, text, named=True)

    def declared_reference(self, stmt: Stmt, modelled: bool) -> None:
        """`auto& r = v[0];`, `T& r = Get(x);`: a non-const reference the walk cannot alias (`modelled` is False): a
        write through r later changes what its initializer names (`v`), unknown from then on."""
        type_text = stmt.type_text or ""
        if modelled or "&" not in type_text or "&&" in type_text or CONST_REFERENCE.match(type_text) or not stmt.target:
            return
        if stmt.value is not None:
            self.frame.loose_refs[stmt.target.strip()] = stmt.value.text

    def copies_object(self, stmt: Stmt) -> bool:
        """Whether a declaration initialised from an object variable copies it: a class type written out (`Box b =
        a;`), or `auto` from a variable declared as an object or a reference (a pointer is copied as a pointer)."""
        type_text = (stmt.type_text or "").strip()
        if any(mark in type_text for mark in "*&"):
            return False
        if not _AUTO.match(type_text):
            return _CLASS_TYPE.match(type_text) is not None
        if stmt.value is None or stmt.value.kind != "name":
            return False  # `auto b = MakeBox()`: the object the call made, not a copy of another variable's
        source = declared_type(self.frame.function, (stmt.value.name or stmt.value.text).strip())
        return source is not None and "*" not in source and not _POINTER_LIKE.search(source)

    def points_into_array(self, stmt: Stmt) -> bool:
        """`const aclTensor** p = parts;`, `auto p = parts;` of a C array: a pointer to the array's elements, not a copy
        of the container (what it reads is unknown, what it writes reaches the array: write_through_unknown)."""
        type_text = "".join((stmt.type_text or "").split())
        if "**" in type_text:
            return True
        if not _AUTO.match(type_text) or stmt.value is None or stmt.value.kind != "name":
            return False
        source = declared_type(self.frame.function, (stmt.value.name or stmt.value.text).strip())
        return source is not None and "[" in source

    def through_local_pointer(self, name: str) -> bool:
        """Whether `*name` reads through a local pointer the walk keeps no target for."""
        return name in self.frame.pointers and _host_data(self.frame.env.get(name))


def declared_type(function, name: str) -> str | None:
    """The type a parameter or local of `function` is declared with; None when it declares none of that name or its
    type is `auto` from a call (then only the call knows whether it made a pointer)."""
    for param in function.params:
        if param.name == name:
            return param.declared_type
    type_text = _local_types(function).get(name)
    if type_text is None:
        return None
    return None if _AUTO.match(type_text) and "*" not in type_text else type_text


# id(function) -> (the function, so that its id is not reused; each local's type as its first declaration in
# statements_in's order gives it): declared_type is asked for many calls of one function, and scanned its body each time.
_LOCAL_TYPES: dict[int, tuple] = {}


def _local_types(function) -> dict[str, str]:
    held = _LOCAL_TYPES.get(id(function))
    if held is not None and held[0] is function:
        return held[1]
    types: dict[str, str] = {}
    for stmt in statements_in(function.body):
        if stmt.kind == "decl":
            types.setdefault((stmt.target or "").strip(), stmt.type_text or "")
    _LOCAL_TYPES[id(function)] = (function, types)
    return types


def _host_data(value) -> bool:
    return value is None or is_number(value) or isinstance(value, (bool, IntList, Unknown))


def _tensor_data(value) -> bool:
    return isinstance(value, (TensorRef, TensorList, Null))


def _may_hold(held, value, name: str):
    """A tensor variable or container a write through a pointer may have reached: what it held, or `value`."""
    if isinstance(held, TensorList):
        return with_item(held, value)
    if isinstance(held, Null) and isinstance(value, Null):
        return held
    joined = join_tensors((held, value))
    return joined if joined is not None else Unknown(name)
