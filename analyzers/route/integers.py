"""C++ integer semantics the walk's plain Python numbers lack: unsigned values that wrap (`size_t n = 2; n - 3` is
huge, not -1), conversions at a declaration or a cast (`int64_t t = 2.7` is 2, `uint64_t u = -1` is 2^64-1).

An unsigned value is a UInt (an int subclass carrying its width). Arithmetic and comparison with one follow the usual
arithmetic conversions where the other operand's width cannot change the answer: with a 64-bit unsigned every integer
converts to it; with a narrower one, a result that depends on whether the plain operand is wider is unknown."""

from __future__ import annotations

import functools
import math
import re
import struct

from op_migrate.analyzers.cxx.model import statements_in
from op_migrate.analyzers.route.values import Unknown

_SIGNED = {"int8_t": 8, "int16_t": 16, "int32_t": 32, "int64_t": 64, "int": 32, "short": 16, "long": 64,
           "long long": 64, "signed": 32, "signed char": 8, "ssize_t": 64, "ptrdiff_t": 64, "intptr_t": 64,
           "long int": 64, "short int": 16, "long long int": 64}
_UNSIGNED = {"uint8_t": 8, "uint16_t": 16, "uint32_t": 32, "uint64_t": 64, "size_t": 64, "unsigned": 32,
             "unsigned int": 32, "unsigned long": 64, "unsigned long long": 64, "unsigned char": 8,
             "unsigned short": 16, "uintptr_t": 64, "unsigned long int": 64, "unsigned long long int": 64}
_FLOATS = {"float": 32, "double": 64, "long double": 64}
_QUALIFIERS = re.compile(r"\b(?:const|constexpr|volatile|static|inline|register|std::)\s*|\bstd::")


class UInt(int):
    """An unsigned integer of `bits` bits, its value already reduced modulo 2^bits."""

    bits: int

    def __new__(cls, value: int, bits: int = 64) -> "UInt":
        made = super().__new__(cls, int(value) % (1 << bits))
        made.bits = bits
        return made

    def __repr__(self) -> str:
        return f"UInt({int(self)}, {self.bits})"


@functools.lru_cache(maxsize=65536)
def scalar_type(type_text: str | None) -> tuple[str, int] | None:
    """("signed" | "unsigned" | "float" | "bool", bits) of a declared arithmetic type; None for anything else (auto,
    pointers, references, classes)."""
    if not type_text or any(mark in type_text for mark in "*&<[("):
        return None
    text = " ".join(_QUALIFIERS.sub(" ", type_text).split())
    if text == "bool":
        return "bool", 1
    for kind, table in (("signed", _SIGNED), ("unsigned", _UNSIGNED), ("float", _FLOATS)):
        if text in table:
            return kind, table[text]
    return None


def convert(type_text: str | None, value):
    """`value` as the declared or cast-to type holds it; values of other kinds, and other types, unchanged."""
    kind = scalar_type(type_text)
    if kind is None or isinstance(value, bool) and kind[0] != "bool" or not isinstance(value, (int, float)):
        return value
    name, bits = kind
    if name == "bool":
        return value != 0
    if name == "float":
        return float(value) if bits == 64 or not math.isfinite(value) else single(float(value))
    if isinstance(value, float):
        if not math.isfinite(value):
            return value  # undefined behaviour: left as the float, which no integer comparison decides alike
        value = math.trunc(value)
    if name == "unsigned":
        return UInt(value, bits)
    wrapped = int(value) % (1 << bits)
    return wrapped - (1 << bits) if wrapped >= 1 << (bits - 1) else wrapped


def stored(type_text: str | None, value, name: str):
    """`value` stored into a variable declared `type_text` (an initialiser, an assignment, a by-value parameter), as
    C++ converts it; a value outside a 32-bit signed variable's range is unknown: `big = big + 1` on INT32_MAX
    overflows `int` arithmetic (undefined), and the walk does not know whether the value came from 32-bit arithmetic
    or from a wider one (a conversion, which wraps). Narrower types cannot overflow (`int` promotion): they wrap."""
    if type(value) is int and not -(1 << 31) <= value < 1 << 31 and scalar_type(type_text) == ("signed", 32):
        return Unknown(f"{name} = {value}: outside {type_text.strip()} (signed overflow is undefined)")
    return convert(type_text, value)


def scalar_declarations(function) -> dict[str, str]:
    """Name -> declared type of `function`'s parameters and locals of an arithmetic type (through a reference too:
    `x = v` on `int32_t &x` converts v); a name declared with two types (in two blocks) is left out. Kept per
    function: every assignment of a number asks."""
    held = _DECLARATIONS.get(id(function))
    if held is not None and held[0] is function:
        return held[1]
    found: dict[str, str | None] = {}
    declared = [(param.name, param.declared_type) for param in function.params]
    declared += [((stmt.target or "").strip(), stmt.type_text) for stmt in statements_in(function.body)
                 if stmt.kind == "decl"]
    for name, type_text in declared:
        plain = (type_text or "").rstrip()
        plain = plain[:-1] if plain.endswith("&") and not plain.endswith("&&") else plain
        if scalar_type(plain) is not None:
            found[name] = plain if found.get(name, plain) == plain else None
        elif name in found:
            found[name] = None
    types = {name: type_text for name, type_text in found.items() if type_text is not None}
    _DECLARATIONS[id(function)] = (function, types)
    return types


_DECLARATIONS: dict[int, tuple[object, dict]] = {}


def unsigned_operands(left, right):
    """(left, right, bits, narrow) converted for an operation where one operand is unsigned; None when neither is (or
    a float is). `narrow`: a narrow unsigned meets a plain integer, whose width (unknown here) decides whether C++
    computes unsigned (`uint32_t - int`) or signed 64-bit (`uint32_t - int64_t`): the caller keeps a result only
    where both agree."""
    left, right = promoted(left), promoted(right)
    if not (isinstance(left, UInt) or isinstance(right, UInt)):
        return None
    if isinstance(left, float) or isinstance(right, float):
        return None
    bits = max(getattr(v, "bits", 0) for v in (left, right))
    narrow = bits < 64 and not (isinstance(left, UInt) and isinstance(right, UInt))
    return int(left) % (1 << bits), int(right) % (1 << bits), bits, narrow


def promoted(value):
    """`value` as C++ computes with it: an unsigned narrower than `int` (uint8_t, uint16_t) promotes to `int`
    before any arithmetic or comparison (`uint8_t a = 200; a + a` is 400, not 144)."""
    return int(value) if isinstance(value, UInt) and value.bits < 32 else value


class Single(float):
    """A value of C++ type `float`: arithmetic with another float or an integer stays in single precision."""

    __slots__ = ()

    def __neg__(self) -> "Single":
        return Single(-float(self))


def single(value: float) -> Single:
    """`value` rounded to the nearest float (single precision), as C++ stores it in a `float`."""
    try:
        return Single(struct.unpack("f", struct.pack("f", value))[0])
    except OverflowError:
        return Single(math.copysign(math.inf, value))

