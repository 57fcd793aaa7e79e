"""Host containers and tuples of tensors in a route walk: what an element of a local FVector, an aclTensorList the
executor made, or a std::tuple may be, so the framework predicates on it are decided from its members' layouts.

The framework's own rules (hicann/opbase, read for this module):
- `aclOpExecutor::AllocTensorList(tensors, size)` copies the pointers it is given (common_types.cpp:760-769,
  op_executor.cpp:671), so the list's elements are what the container held.
- `op::IsContiguous(nullptr)` is true (tensor_view_utils.cpp:38), and any other predicate on a null element would
  dereference it: a nullptr put into a container adds no member.
A container is a set of what its elements may be (order and count are not modelled): indexing, `front()`, `back()`,
`at()`, a range-for and the list's elements give the join of its members (a TensorRef whose `others` are the rest),
so `IsContiguous` is decided when every member is contiguous, `IsFromWorkspace` when every member agrees. Removing
elements (`erase`, `pop_back`) keeps the set (a superset stays true). A container filled where the walk cannot see
(an unknown initializer, a call it does not follow that takes the container) is not exhaustive: its elements are
unknown. In a loop whose trip count is not known (loops.py) a round starts from the fixpoint of the rounds before it:
a container the rounds feed holds what every round may have put in, so a predicate on an element read inside the
loop is decided from all of them.
"""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route.values import (
    FunctionRef,
    ObjectList,
    UNKNOWN,
    HostValue,
    Null,
    TensorList,
    TensorRef,
    TensorTuple,
    Unknown,
    is_int,
)

# `op::FVector<const aclTensor*>`, `std::vector<aclTensor*>`, `std::array<const aclTensor*, 2>`, `const aclTensor*[]`.
_CONTAINER_TYPE = re.compile(r"(?:\b(?:FVector|vector|SmallVector|array)\s*<\s*(?:const\s+)?(?:op::)?aclTensor\s*\*"
                             r"|\baclTensor\s*\*\s*(?:const\s*)?\[)")
_READ_ONLY = frozenset({"size", "Size", "empty", "capacity", "max_size", "begin", "end", "cbegin", "cend", "rbegin",
                        "rend", "crbegin", "crend"})
_KEEPS_MEMBERS = frozenset({"erase", "pop_back", "reserve", "shrink_to_fit"})  # remove elements or none
_ARRAY_COUNT = re.compile(r"\w\s*\[\s*([\w:]+)\s*\]\s*$")  # `v[2]`, `v[kNum]` (before any initializer)
_STD_ARRAY_COUNT = re.compile(r"\barray\s*<.*,\s*([\w:]+)\s*>\s*$")
_ITERATORS = ("begin", "end", "cbegin", "cend", "rbegin", "rend")
_RANGE_FOR = re.compile(r"^\s*for\s*\(\s*[^:;()]*?[\s*&](\w+)\s*:\s*(.+?)\s*\)\s*$")
BINDING = re.compile(r"^\s*(?:const\s+)?auto\s*&{0,2}\s*\[([\w\s,]+)\]\s*=")
_GET = re.compile(r"^(?:std::)?get\s*<\s*([\w:]+)\s*>$")  # `std::get<1>`, `std::get<INDEX_X1>` (a constant)
TIE = re.compile(r"^(?:std::)?tie\s*\((.*)\)$", re.S)
_TUPLE_MAKERS = ("std::tie", "std::make_tuple", "std::forward_as_tuple", "make_tuple", "tie")


@functools.lru_cache(maxsize=65536)
def is_container_type(type_text: str | None, decl_text: str = "") -> bool:
    """Whether a declaration holds several tensors in a host container (an aclTensorList* is not one of ours); kept
    per text: a declaration is asked each time a walk passes it."""
    text = f"{type_text or ''} {decl_text.split('=', 1)[0]}"
    if "aclTensorList" in (type_text or ""):
        return False
    if _CONTAINER_TYPE.search(text):
        return True
    # `const aclTensor* tensors[2] = {a, b};`: the declarator carries the brackets.
    return bool(type_text) and re.search(r"\baclTensor\s*\*\s*$", type_text) is not None and \
        re.search(r"\b\w+\s*\[[^\]]*\]\s*(?:=|;|$)", decl_text) is not None


def element(listed: TensorList):
    """What one element of a container may be: a TensorRef of all its members, or UNKNOWN."""
    if listed.exhaustive and listed.nullable and not (listed.members or listed.hosts):
        return Null()  # every element is nullptr
    if not listed.exhaustive or not (listed.members or listed.hosts):
        return UNKNOWN
    if listed.members:
        return TensorRef(listed.members[0], listed.members[1:], listed.hosts, nullable=listed.nullable)
    if listed.nullable:
        return UNKNOWN  # a host tensor or nullptr
    dtypes = set(listed.hosts)
    return HostValue("host-tensor", dtypes.pop() if len(dtypes) == 1 else "")


def with_item(listed: TensorList, value) -> TensorList:
    """The container after `value` was put in."""
    if isinstance(value, TensorRef):
        return replace(listed, members=_union(listed.members, value.ids), hosts=_union(listed.hosts, value.hosts),
                       nullable=listed.nullable or value.nullable)
    if isinstance(value, HostValue) and value.kind == "host-tensor":
        return replace(listed, hosts=_union(listed.hosts, (value.text,)))
    if isinstance(value, Null):
        return replace(listed, nullable=True)
    return replace(listed, exhaustive=False)


def join_lists(lists) -> TensorList:
    """A container that may be any of `lists` (after undecided branches or returns)."""
    members, hosts = (), ()
    for listed in lists:
        members, hosts = _union(members, listed.members), _union(hosts, listed.hosts)
    return TensorList(members, hosts, all(item.exhaustive for item in lists), all(item.acl for item in lists),
                      any(item.nullable for item in lists))


def join_tensors(values) -> TensorRef | None:
    """Device and host tensors an element of a container or tuple may hold, as one TensorRef (nullable when one of
    them is nullptr); None when some value is not a tensor or none is a device tensor. The first value's tensor stays
    the TensorRef's `id`."""
    ids, hosts, nullable = (), (), False
    for value in values:
        if isinstance(value, TensorRef):
            ids, hosts = _union(ids, value.ids), _union(hosts, value.hosts)
            nullable = nullable or value.nullable  # null on some path its caller goes on after (recovery.py)
        elif isinstance(value, HostValue) and value.kind == "host-tensor":
            hosts = _union(hosts, (value.text,))
        elif isinstance(value, Null):
            nullable = True  # `std::make_tuple(nullptr, x)` on one arm: the element is null there
        else:
            return None
    return TensorRef(ids[0], ids[1:], hosts, nullable) if ids else None


def join_values(values, null_tuples: bool = False):
    """The join of what several arms or returns left in one variable, for containers, tuples and function pointers
    (the functions it may point to); None otherwise. A tuple of nulls only (`std::tie(nullPtr, nullPtr)`) is an error
    path's and left out, unless `null_tuples` (the caller goes on after a failure: recovery.py)."""
    if all(isinstance(value, TensorList) for value in values):
        return join_lists(values)
    if values and all(isinstance(value, FunctionRef) for value in values):
        return join_functions(values)
    tuples = [value for value in values if isinstance(value, TensorTuple) and (null_tuples or not _null_tuple(value))]
    if tuples and all(isinstance(value, TensorTuple) for value in values):
        if len({len(item.items) for item in tuples}) != 1:
            return None
        columns = zip(*(item.items for item in tuples))
        return TensorTuple(tuple(_join_item(list(column)) for column in columns))
    return None


def join_functions(refs) -> FunctionRef:
    """A pointer that may hold any of several functions: every definition each may be, in order."""
    names = list(dict.fromkeys(ref.name for ref in refs))
    defined = []
    for ref in refs:
        defined.extend(pair for pair in ref.defined if pair not in defined)
    return FunctionRef("|".join(names), tuple(defined))


def _join_item(column: list):
    if all(item == column[0] for item in column):
        return column[0]
    joined = join_values(column)
    if joined is not None:
        return joined
    joined = join_tensors(column)
    return joined if joined is not None else UNKNOWN


def _null_tuple(value: TensorTuple) -> bool:
    """`std::tie(nullPtr, nullPtr)`: an error path's tuple."""
    return bool(value.items) and all(isinstance(item, Null) for item in value.items)


def _union(left: tuple, right) -> tuple:
    return tuple(dict.fromkeys((*left, *right)))


class ContainerCalls:
    """Methods of RouteWalk for containers and tuples; it supplies value(), receiver_value(), frame and _store()."""

    def container_decl(self, stmt):
        """The value a container declaration starts with: `= {a, b}`, a copy, `(n)` nullptrs, or nothing."""
        expr = stmt.value
        if expr is None:
            return TensorList()
        if expr.kind == "init_list":
            listed = TensorList()
            for item in expr.children:
                listed = with_item(listed, self.value(item) if item.kind != "init_list" else UNKNOWN)
            size = self._declared_count(stmt)
            if size is None or size is not UNKNOWN and size > len(expr.children):
                # `const aclTensor* v[2] = {self};`, `std::array<const aclTensor*, 2> a{};`: the rest are nullptr
                listed = replace(listed, nullable=True)
            return listed
        if expr.kind == "call" and _is_constructor(expr, stmt.type_text):
            if len(expr.children) == 1 and is_int(self.value(expr.children[0])):
                return TensorList(nullable=True)  # `FVector<const aclTensor*> v(n)`: n nullptrs until assigned
            return self._from_iterators(expr.children)
        value = self.value(expr)
        if isinstance(value, (TensorList, TensorTuple)):
            return value  # a TensorTuple: the std::array an L0 op returned (`return {a, b};`), positions kept
        return TensorList(exhaustive=False)

    def _declared_count(self, stmt):
        """How many elements a C array or std::array declaration says it holds: UNKNOWN for a container without a
        declared count (a vector), None for a count the walk cannot read."""
        counted = _ARRAY_COUNT.search(stmt.text.split("=", 1)[0]) or _STD_ARRAY_COUNT.search(stmt.type_text or "")
        if counted is None:
            return UNKNOWN
        count = self.receiver_value(counted.group(1))
        return count if is_int(count) else None

    def container_method(self, receiver: str, listed: TensorList, method: str, args: tuple[Expr, ...]):
        """`v.method(...)` on a container variable: element reads, or the container after a change."""
        if method in ("front", "back") and not args or method in ("at", "operator[]") and len(args) == 1:
            return element(listed)
        if method in ("data", "GetData"):
            return listed
        if method in _READ_ONLY:
            return UNKNOWN
        if method in ("emplace_back", "push_back") and len(args) == 1:
            changed = with_item(listed, self.value(args[0]))
        elif method in ("insert", "emplace") and len(args) == 2:
            changed = with_item(listed, self.value(args[1]))
        elif method == "insert" and len(args) == 3:
            changed = join_lists([listed, self._from_iterators(args[1:])])
        elif method == "assign":
            changed = self._from_iterators(args) if len(args) == 2 and _iterator_args(args) else \
                with_item(TensorList(acl=listed.acl), self.value(args[1])) if len(args) == 2 else \
                replace(listed, exhaustive=False)
        elif method == "clear":
            changed = TensorList(acl=listed.acl)
        elif method == "resize" and len(args) == 2:
            changed = with_item(listed, self.value(args[1]))  # `resize(n, x)`: the added elements are x
        elif method == "resize":
            changed = replace(listed, nullable=True)  # the added elements are nullptr
        elif method in _KEEPS_MEMBERS:
            changed = listed
        else:
            changed = replace(listed, exhaustive=False)  # a method we do not model may put anything in
        self.store_through(receiver, changed)
        return UNKNOWN

    def container_element_assign(self, name: str, listed: TensorList, value) -> None:
        """`v[i] = x`."""
        self.store_through(name, with_item(listed, value))

    def taint_containers(self, args: tuple[Expr, ...]) -> None:
        """A call the walk does not follow may fill a container passed to it: its elements become unknown."""
        for arg in args:
            text = arg.text.strip().lstrip("&").strip()
            if re.fullmatch(r"\w+", text):
                held = self.frame.env.get(text)
                if isinstance(held, TensorList) and held.exhaustive:
                    self.store_through(text, replace(held, exhaustive=False))

    def range_element(self, header: str):
        """`for (auto t : v)`: (t, what t may be) when the range is a container or an entry list; None otherwise."""
        match = _RANGE_FOR.match(header)
        if match is None:
            return None
        name, source = match.group(1), self.receiver_value(match.group(2))
        if isinstance(source, TensorList):
            return name, element(source)
        if isinstance(source, ObjectList):
            return name, source  # the walk runs the body once per object (statements.py)
        if isinstance(source, HostValue) and source.kind == "tensor-list":
            return name, self.list_element(source, "i")
        return name, UNKNOWN

    def structured_binding(self, stmt, value) -> bool:
        """`auto [a, b] = f(...)`: each name takes its tuple item; True when the statement was one."""
        match = BINDING.match(stmt.text)
        if match is None:
            return False
        names = [name.strip() for name in match.group(1).split(",")]
        items = value.items if isinstance(value, TensorTuple) and len(value.items) == len(names) else None
        source = stmt.value.text if stmt.value is not None and stmt.value.kind != "call" else None
        aliased = source is not None and "&" in stmt.text.split("[", 1)[0]
        for index, name in enumerate(names):
            if aliased:
                # `auto& [x, y] = p;`: x and y are p's members, which other writes of p change and a write of x
                # changes: unknown when read, p unknown once one is written (a call's result has no other name).
                self._store(self.frame, name, Unknown(name))
                self.frame.loose_refs[name] = source
            else:
                self._store(self.frame, name, items[index] if items is not None else UNKNOWN)
        return True

    def tie_assignment(self, target: str, value) -> bool:
        """`std::tie(a, std::ignore) = f(...)`: each name takes its tuple item (unknown when the value is no tuple of
        that size); True when the target was a tie."""
        match = TIE.match(target)
        if match is None:
            return False
        names = [name.strip() for name in match.group(1).split(",")]
        items = value.items if isinstance(value, TensorTuple) and len(value.items) == len(names) else None
        for index, name in enumerate(names):
            if name not in ("std::ignore", "ignore"):
                self._store(self.frame, name, items[index] if items is not None else Unknown(name))
        return True

    def tuple_builtin(self, short: str, callee: str, args: tuple[Expr, ...]):
        """`std::tie(a, b)`, `std::make_tuple`, `std::tuple<...>(a, b)`, `std::get<N>(t)`; NotImplemented otherwise."""
        if callee in _TUPLE_MAKERS or callee.startswith("std::tuple<") or callee == "std::tuple":
            return TensorTuple(tuple(self.value(arg) for arg in args))
        got = _GET.match(callee.strip())
        if got and len(args) == 1:
            index = int(got.group(1)) if got.group(1).isdigit() else self.name_value(got.group(1))
            if not is_int(index):
                return UNKNOWN  # a type (`std::get<const aclTensor*>`) or a constant the walk cannot read
            return self.tuple_item(self.value(args[0]), index)
        return NotImplemented

    def braced_tuple(self, expr: Expr) -> TensorTuple:
        """`{a, b}` where a std::tuple is made (a return or a declaration of tuple type)."""
        return TensorTuple(tuple(self.value(item) for item in expr.children))

    def store_through(self, name: str, value) -> None:
        """Store a container into a variable, or through a pointer parameter into the caller's variable."""
        self._store(self.frame, name, value)
        pointer = self.frame.pointer_refs.get(name)
        if pointer is not None:
            caller, caller_name = pointer
            self._store(caller, caller_name, value)

    def _from_iterators(self, args) -> TensorList:
        """The elements between iterators of containers (`v.begin()`, `v.end() - n`), or a non-exhaustive list."""
        sources = []
        for arg in args:
            found = None
            for call in arg.calls():
                receiver, _, method = (call.name or "").rpartition(".")
                if method in _ITERATORS and receiver:
                    held = self.receiver_value(receiver)
                    found = held if isinstance(held, TensorList) else None
                    break
            if found is None:
                return TensorList(exhaustive=False)
            sources.append(found)
        return join_lists(sources) if sources else TensorList(exhaustive=False)


def _iterator_args(args) -> bool:
    return all(any((call.name or "").rpartition(".")[2] in _ITERATORS for call in arg.calls()) for arg in args)


def _is_constructor(expr: Expr, type_text: str | None) -> bool:
    """`op::FVector<const aclTensor*> v(3)` reads as a call named after the declared type."""
    name = (expr.name or "").replace(" ", "")
    return bool(type_text) and name == (type_text or "").replace(" ", "")
