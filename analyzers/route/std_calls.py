"""Calls that change what they are given: the C++ and C library's (std::swap and the order of known numbers
modelled, the rest forgotten: analyzers/data/std_writes.toml), and any call the walk does not follow (what it is given
by address, and what a by-reference lambda given to it assigns, are unknown after it)."""

from __future__ import annotations

import functools
import re
from dataclasses import replace

from op_migrate.analyzers.catalog import load
from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route.values import UNKNOWN, FunctionRef, IntList, LambdaRef, TensorList, TensorRef, Unknown

# `X.begin()`, `X.rbegin() + 1`, `std::begin(X)`, `X.data()`: the container an iterator argument walks.
_ITERATOR = re.compile(r"^(?:std::)?(?:c?r?begin|c?r?end|data)\s*\(\s*(\w+)\s*\)|^(\w+)\s*(?:\.|->)\s*(?:c?r?begin|c?r?end|data)\s*\(\s*\)")
# `std::back_inserter(X)`, `std::inserter(X, it)`: the call may grow X.
_INSERTER = re.compile(r"^(?:std::)?(?:back_|front_)?inserter\s*\(\s*(\w+)")
_ADDRESS = re.compile(r"[A-Za-z_]\w*(?:(?:\.|->)[A-Za-z_]\w*)*")
# `n *= d`, `count++`, `++count` in a lambda body (not `==`, `<=`, `>=`, `!=`).
_LAMBDA_WRITE = re.compile(r"\b(\w+)\s*(?:[-+*/%&|^]|<<|>>)?=(?!=)|\b(\w+)\s*(?:\+\+|--)|(?:\+\+|--)\s*(\w+)")
_LVALUE = re.compile(r"^&?\s*([A-Za-z_]\w*(?:\s*(?:\.|->)\s*[A-Za-z_]\w*)*)\s*(?:[+-].*)?$")


@functools.lru_cache(maxsize=None)
def _writes() -> dict[str, frozenset[str]]:
    table = load("std_writes")
    return {key: frozenset(table.get(key, ())) for key in ("ranges", "first", "second")}


@functools.lru_cache(maxsize=65536)
def _library_name(callee: str, arity: int) -> str | None:
    """`std::sort` / `::memset_s` / `swap` -> the library function's name; None for a member, another namespace, or
    a call that is no writing one (`std::move(x)` is a cast; an unqualified `sort` may be the repository's)."""
    name = callee.strip().lstrip(":")
    qualified = name.startswith("std::")
    name = name[5:] if qualified else name
    if not re.fullmatch(r"\w+", name) or name in ("move", "remove") and arity < 3:
        return None
    return name if qualified or name not in _writes()["ranges"] else None


def out_target(arg: Expr) -> str:
    """Where a call writes through an argument: `&x` -> "x", `&s.m` -> "s.m", a pointer `p` -> "*p"."""
    text = arg.text.strip()
    return text[1:].strip() if text.startswith("&") else "*" + text


class StdLibraryCalls:
    """Methods of the guard evaluator for library calls that write through their arguments."""

    def std_library_call(self, callee: str, args: tuple[Expr, ...]):
        """The value of a library call that changes its arguments (after applying the change); NotImplemented for
        every other call."""
        name = _library_name(callee, len(args))
        if name is None:
            return NotImplemented
        writes = _writes()
        if name == "swap" and len(args) == 2:
            return self._swap(args)
        if name in ("reverse", "sort", "stable_sort") and len(args) == 2 and self._reorder(name, args):
            return UNKNOWN
        if name in writes["ranges"]:
            for arg in args:
                self.value(arg)
            for arg in args:
                self._forget_range(arg.text.strip())
            self.forget_written(args)  # a lambda given to it may write what it captures by reference
            return UNKNOWN
        position = 0 if name in writes["first"] else 1 if name in writes["second"] else None
        if position is None or len(args) <= position:
            return NotImplemented
        for arg in args:
            self.value(arg)
        self._forget_value(args[position].text.strip())
        return UNKNOWN

    def _swap(self, args: tuple[Expr, ...]):
        """`std::swap(a, b)`: each takes the other's value (tensors, numbers, containers alike)."""
        left, right = (arg.text.strip() for arg in args)
        if not (re.fullmatch(r"\w+", left) and re.fullmatch(r"\w+", right)):
            self._forget_value(left)
            self._forget_value(right)
            return UNKNOWN
        left_value, right_value = self.value(args[0]), self.value(args[1])
        self.assign(left, right_value)
        self.assign(right, left_value)
        return UNKNOWN

    def _reorder(self, name: str, args: tuple[Expr, ...]) -> bool:
        """`std::reverse(v.begin(), v.end())` / `std::sort(...)` over a whole list of known numbers: computed."""
        texts = [re.sub(r"\s+", "", arg.text) for arg in args]
        whole = re.fullmatch(r"(\w+)\.begin\(\)", texts[0]) or re.fullmatch(r"std::begin\((\w+)\)", texts[0])
        container = whole.group(1) if whole else None
        if container is None or texts[1] not in (f"{container}.end()", f"std::end({container})"):
            return False
        held = self.lookup(container)
        if not isinstance(held, IntList) or held.known is None:
            return False
        items = tuple(reversed(held.items)) if name == "reverse" else tuple(sorted(held.items))
        self.assign(container, IntList(items))
        return True

    def _forget_range(self, text: str) -> None:
        inserter = _INSERTER.match(text)
        if inserter is not None:
            self._forget_value(inserter.group(1), grows=True)
            return
        iterator = _ITERATOR.match(text)
        if iterator is not None:
            self._forget_value(iterator.group(1) or iterator.group(2))
            return
        self._forget_value(text)  # a C array or a pointer into one (`dims`, `dims + 1`)

    def _forget_value(self, text: str, grows: bool = False) -> None:
        """What `text` names may hold anything now: numbers of a list unknown (its length too when it `grows`), a
        tensor container not exhaustive, a host variable unknown. A tensor variable keeps its id."""
        match = _LVALUE.match(text.strip())
        if match is None:
            return
        name = re.sub(r"\s+", "", match.group(1))
        if not text.strip().startswith("&") and self.pointee(name) is not None:
            name = "*" + name  # a pointer parameter given `&variable`: the caller's variable is written
            held = self.pointee(name[1:])
        else:
            held = self.lookup(name)
        if isinstance(held, (TensorRef, LambdaRef, FunctionRef)):
            return  # a tensor keeps its id; a function given to the call (a comparator, a lambda) is no data
        if isinstance(held, TensorList):
            self.assign(name, replace(held, exhaustive=False))
        elif isinstance(held, IntList) and not grows:
            self.assign(name, IntList((None,) * len(held.items)))
        else:
            self.assign(name, Unknown(name))

    def forget_written(self, args: tuple[Expr, ...]) -> None:
        """A call the walk does not follow may write through any address given to it (`aclGetViewShape(t, &dims,
        &num)`, `GetCoreNum(&n)`): the host variables behind `&x` and pointer parameters become unknown. Tensors keep
        their ids (the framework's calls read tensors through pointers; containers are tainted apart)."""
        for arg in args:
            text = arg.text.strip()
            if arg.kind == "lambda":
                self._forget_lambda_writes(text)
                continue
            held = self.lookup(text) if _ADDRESS.fullmatch(text) else None
            if isinstance(held, LambdaRef):  # `auto fill = [&](...) {...}; std::for_each(..., fill)`
                self._forget_lambda_writes(held.text.strip())
                continue
            if not (text.startswith("&") and _ADDRESS.fullmatch(text[1:].strip()) or self.pointee(text) is not None):
                continue
            target = out_target(arg)
            held = self.lookup(target.lstrip("*")) if not target.startswith("*") else self.pointee(text)
            if not isinstance(held, (TensorRef, TensorList)):
                self.assign(target, Unknown(target.lstrip("*")))

    def _forget_lambda_writes(self, text: str) -> None:
        """A lambda that captures by reference, handed to a call the walk does not follow (`std::for_each(v.begin(),
        v.end(), [&](int64_t d) { n *= d; })`), may have run: what its body assigns is unknown after the call."""
        start = text.find("[")
        capture = text[start:text.find("]", start) + 1] if start >= 0 else ""
        if "&" not in capture:
            return
        for match in _LAMBDA_WRITE.finditer(text[start + len(capture):]):
            name = match.group(1) or match.group(2) or match.group(3)
            if re.fullmatch(r"\[\s*&\s*\]", capture) is None and not re.search(rf"&\s*{name}\b", capture):
                continue  # captured by value: the caller's variable does not change
            held = self.lookup(name)
            if held is not None and not isinstance(held, (TensorRef, TensorList)):
                self.assign(name, Unknown(name))
