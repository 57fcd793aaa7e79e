"""Host tables in a route walk: `std::map` / `std::unordered_map` written as `{{key, value}, ...}` (the dispatch
tables op_api code keeps: SoC -> check function, dtype -> kernel), read with find / end / at / [] / count.

A key the facts decide finds its entry (or none); an undecided key finds "some entry or none", so what is read
through it stays unknown, and a call through an unknown function pointer is not followed (its route says so).
"""

from __future__ import annotations

import re

from op_migrate.analyzers.cxx.model import Expr
from op_migrate.analyzers.route.value_ops import compare_values
from op_migrate.analyzers.route.containers import join_functions
from op_migrate.analyzers.route.values import UNKNOWN, FunctionRef, Unknown

MAP_TYPE = re.compile(r"\b(?:std::)?(?:unordered_)?(?:map|set)\s*<")
_SET_TYPE = re.compile(r"\b(?:std::)?(?:unordered_)?set\s*<")


class MapValue:
    """A table's entries in order; keys and values are abstract values (a key the walk could not evaluate is
    Unknown and matches nothing for sure)."""

    __slots__ = ("entries", "text")

    def __init__(self, entries: tuple, text: str) -> None:
        self.entries = entries
        self.text = text

    def __eq__(self, other) -> bool:
        return isinstance(other, MapValue) and self.entries == other.entries

    def __hash__(self) -> int:
        return hash(self.text)

    def lookup(self, key):
        """(decided, entry): the entry whose key equals `key`, None when none does; decided False when unknown."""
        undecided = False
        for entry in self.entries:
            equal = compare_values("==", entry[0], key)
            if equal is True:
                return True, entry
            if equal is not False:
                undecided = True
        return (not undecided), None


class MapIter:
    """An iterator into a table: its entry, None for end(); `decided` False when the key was undecided, then
    `values` are the table's values any entry it may reach holds."""

    __slots__ = ("table", "entry", "decided", "values")

    def __init__(self, table: str, entry, decided: bool, values: tuple = ()) -> None:
        self.table, self.entry, self.decided, self.values = table, entry, decided, values

    def __eq__(self, other) -> bool:
        return isinstance(other, MapIter) and (self.table, self.entry, self.decided) == \
            (other.table, other.entry, other.decided)

    def __hash__(self) -> int:
        return hash((self.table, self.decided))


class MapCalls:
    """Methods of RouteWalk for tables; it supplies value()."""

    def map_value(self, expr: Expr | None, type_text: str = ""):
        """`{{k1, v1}, {k2, v2}}` as a table (a set's `{a, b}` as keys mapped to true); Unknown when the initializer
        is not what the type says (`static const std::set<NpuArch> REGBASE = {NpuArch::DAV_3510}`)."""
        if expr is None or expr.kind != "init_list":
            return Unknown(expr.text if expr is not None else "")
        if _SET_TYPE.search(type_text):
            return MapValue(tuple((self.value(item), True) for item in expr.children), expr.text)
        entries = []
        for item in expr.children:
            if item.kind != "init_list" or len(item.children) != 2:
                return Unknown(expr.text)
            entries.append((self.value(item.children[0]), self.value(item.children[1])))
        return MapValue(tuple(entries), expr.text)

    def map_method(self, table: MapValue, method: str, args: tuple[Expr, ...]):
        if method in ("end", "cend") and not args:
            return MapIter(table.text, None, True)
        if method in ("find", "at", "operator[]", "count", "contains") and len(args) == 1:
            decided, entry = table.lookup(self.value(args[0]))
            if method == "find":
                return MapIter(table.text, entry, decided, () if decided else tuple(v for _, v in table.entries))
            if method in ("count", "contains"):
                return (int(entry is not None) if method == "count" else entry is not None) if decided else UNKNOWN
            if entry is not None:
                return entry[1]
            values = [value for _, value in table.entries]
            if not decided and values and all(isinstance(value, FunctionRef) for value in values):
                return join_functions(values)  # an undecided key: any function of the table
            return UNKNOWN
        if method in ("size",) and not args:
            return len(table.entries)
        if method == "empty" and not args:
            return not table.entries
        return UNKNOWN

    @staticmethod
    def iter_compare(op: str, left, right):
        """`it == table.end()`: decided when both iterators are."""
        if op not in ("==", "!=") or not (left.decided and right.decided):
            return UNKNOWN
        return (left.entry == right.entry) == (op == "==")

    @staticmethod
    def iter_member(held: MapIter, member: str):
        """`it->first`, `it->second`; past an undecided find, the second of a table of functions is any of them."""
        if held.entry is None and member == "second" and held.values and \
                all(isinstance(value, FunctionRef) for value in held.values):
            return join_functions(held.values)
        if held.entry is None or member not in ("first", "second"):
            return UNKNOWN
        return held.entry[0] if member == "first" else held.entry[1]
