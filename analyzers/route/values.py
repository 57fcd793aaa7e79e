"""Abstract values a route walk computes for C++ expressions: tensors, dtypes, SoCs, arches, shapes, lists."""

from __future__ import annotations

from dataclasses import dataclass

from op_migrate.analyzers.route.model import ShapeRule


@dataclass(frozen=True)
class Unknown:
    """A value the facts do not decide; `text` is the source it came from."""

    text: str = ""


UNKNOWN = Unknown()


# C++ bools are ints to Python; a guard's `true` must not count as the number 1.
def is_int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


@dataclass(frozen=True)
class Null:
    """nullptr."""


@dataclass(frozen=True)
class Status:
    """An aclnnStatus; only success is modelled (error handling is not a route)."""

    ok: bool = True


@dataclass(frozen=True)
class TensorRef:
    """A device tensor of the route, by id; `others` are the tensors an undecided branch may have put instead."""

    id: str
    others: tuple[str, ...] = ()


@dataclass(frozen=True)
class HostValue:
    """Host-side executor objects (aclIntArray, aclScalar made by AllocScalar, the executor itself)."""

    kind: str
    text: str = ""
    dims: tuple[int, ...] | None = None  # known items of an aclIntArray


@dataclass(frozen=True)
class IntList:
    """A host array of integers (`int64_t dims[2]`, `std::vector<int64_t>`); None items are unknown."""

    items: tuple[int | None, ...]

    @property
    def known(self) -> tuple[int, ...] | None:
        return None if any(item is None for item in self.items) else tuple(self.items)


@dataclass(frozen=True)
class OpArgs:
    """`op::GetOpArgContext(OP_INPUT(..), OP_OUTPUT(..))` kept in a variable for a later launcher call."""

    reads: tuple[str, ...]
    writes: tuple[str, ...]


@dataclass(frozen=True)
class ScalarRef:
    """An aclScalar parameter of the entry point, looked up in the facts by `name`."""

    name: str


@dataclass(frozen=True)
class DType:
    """A dtype by canonical name ("float16"); None is unknown."""

    name: str | None


@dataclass(frozen=True)
class SocValue:
    """A SocVersion enumerator; `name` is the platforms.toml SoC name, None when unknown."""

    name: str | None
    order: int | None = None


@dataclass(frozen=True)
class ArchValue:
    """An NpuArch enumerator."""

    name: str | None


@dataclass(frozen=True)
class DtypeList:
    """An initializer_list of dtypes (dtype support lists)."""

    names: frozenset[str]
    text: str = ""


@dataclass(frozen=True)
class ShapeValue:
    """An op::Shape: known dims (None when unknown) plus how it follows from tensors."""

    dims: tuple[int, ...] | None
    rule: ShapeRule


def broadcast_dims(left: tuple[int, ...] | None, right: tuple[int, ...] | None) -> tuple[int, ...] | None:
    """NumPy broadcasting of two known shapes; None when unknown or not broadcastable."""
    if left is None or right is None:
        return None
    rank = max(len(left), len(right))
    a = (1,) * (rank - len(left)) + tuple(left)
    b = (1,) * (rank - len(right)) + tuple(right)
    out = []
    for x, y in zip(a, b):
        if x == y or y == 1:
            out.append(x)
        elif x == 1:
            out.append(y)
        else:
            return None
    return tuple(out)


# The promotion lattice op::PromoteType follows for the dtypes that matter to routes; pairs it does not
# cover give an unknown dtype rather than a guess.
_PROMOTION_ORDER = ("bool", "uint8", "int8", "int16", "int32", "int64", "float16", "bfloat16", "float32", "float64")


def promote(left: str | None, right: str | None) -> str | None:
    if left is None or right is None:
        return None
    if left == right:
        return left
    if left not in _PROMOTION_ORDER or right not in _PROMOTION_ORDER:
        return None
    if {left, right} == {"float16", "bfloat16"}:
        return "float32"
    if {left, right} == {"uint8", "int8"}:
        return "int16"
    return max(left, right, key=_PROMOTION_ORDER.index)


FLOATING = frozenset({"float16", "bfloat16", "float32", "float64"})
COMPLEX = frozenset({"complex32", "complex64", "complex128"})
INTEGRAL = frozenset({"int8", "int16", "int32", "int64", "uint8", "uint16", "uint32", "uint64"})
