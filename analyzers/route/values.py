"""Abstract values a route walk computes for C++ expressions: tensors, dtypes, SoCs, arches, shapes, lists."""

from __future__ import annotations

from dataclasses import dataclass, field

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
    """An aclnnStatus; only success is modelled (error handling is not a route), except where a caller goes on after
    a failure (route/recovery.py): there a status may be either (ok None)."""

    ok: bool | None = True


@dataclass(frozen=True)
class TensorRef:
    """A device tensor of the route, by id; `others` are the tensors an undecided branch may have put instead, and
    `hosts` the tensors made from host data (`ConvertToTensor`, by dtype name, "" when unknown) it may hold too."""

    id: str
    others: tuple[str, ...] = ()
    hosts: tuple[str, ...] = ()
    # It may be nullptr too: an optional entry tensor the facts do not name, or a variable null on an undecided arm.
    nullable: bool = False

    @property
    def ids(self) -> tuple[str, ...]:
        """Every device tensor the variable may hold."""
        return (self.id, *self.others)


@dataclass(frozen=True)
class TensorList:
    """A host container of tensors: a local `op::FVector` / `std::vector` / `std::array` / C array of `aclTensor*`, or
    an `aclTensorList` the executor made from one (`acl`). It says which tensors its elements may be, not in which
    order: `members` (tensor ids) and `hosts` (host tensors by dtype); `exhaustive` is False when an element may be
    something the walk did not see (filled by a call it could not follow), and then no element is known; `nullable`
    when an element may be nullptr (`{self, nullptr}`, `v(n)` before its elements are assigned)."""

    members: tuple[str, ...] = ()
    hosts: tuple[str, ...] = ()
    exhaustive: bool = True
    acl: bool = False
    nullable: bool = False


@dataclass(frozen=True)
class TensorTuple:
    """`std::tuple` / `std::tie` of values (an L0 op returning several tensors): positions are kept."""

    items: tuple


@dataclass(frozen=True)
class HostValue:
    """Host-side executor objects (aclIntArray, aclScalar made by AllocScalar, the executor itself)."""

    kind: str
    text: str = ""
    dims: tuple[int, ...] | None = None  # known items of an aclIntArray


@dataclass(frozen=True)
class IntList:
    """A host array of numbers (`int64_t dims[2]`, `std::vector<int64_t>`, `vector<float> scales{}`); None items
    are unknown."""

    items: tuple[int | float | None, ...]

    @property
    def known(self) -> tuple[int, ...] | None:
        return None if any(item is None for item in self.items) else tuple(self.items)


# The methods of a std::vector (and op::FVector) that change its elements.
CHANGING_METHODS = frozenset({"push_back", "emplace_back", "pop_back", "clear", "resize", "insert", "emplace",
                              "erase", "assign", "swap"})


def unnamed_input(value, text: str) -> str | None:
    """The text to name a kernel input by when the walk cannot say which tensor it is (an unknown value, or a tensor
    list whose elements are not all known), else None; `text` is the argument as written."""
    if isinstance(value, Unknown):
        return " ".join(text.split())
    if isinstance(value, TensorList) and not value.exhaustive:
        return " ".join(text.split()) + " (elements not all known)"
    return None


def int_list_after(held: "IntList", method: str, args: list):
    """The numbers a host vector holds after `method(args)`: push_back, emplace_back, pop_back, clear and resize
    are followed; any other change leaves it unknown."""
    if method in ("push_back", "emplace_back") and len(args) == 1:
        return IntList(held.items + (args[0] if is_number(args[0]) else None,))
    if method == "pop_back" and not args and held.items:
        return IntList(held.items[:-1])
    if method == "clear" and not args:
        return IntList(())
    if method == "resize" and args and isinstance(args[0], int) and not isinstance(args[0], bool) and args[0] >= 0:
        fill = args[1] if len(args) > 1 else 0
        return IntList((held.items + (fill if is_number(fill) else None,) * args[0])[:args[0]])
    return UNKNOWN


@dataclass(frozen=True)
class OpArgs:
    """`op::GetOpArgContext(OP_INPUT(..), OP_OUTPUT(..))` kept in a variable for a later launcher call."""

    reads: tuple[str, ...]
    writes: tuple[str, ...]
    also_read: tuple[str, ...] = ()  # the other tensors a read variable may hold, a read list's elements
    unnamed: tuple[str, ...] = ()  # inputs the walk could not name (their source text)
    unnamed_writes: tuple[str, ...] = ()  # outputs the walk could not name


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
    order: tuple[str, ...] = ()  # the names as written (a two-item list may be one pair of a pair list)


@dataclass(frozen=True)
class ShapeValue:
    """An op::Shape: known dims (None when unknown) plus how it follows from tensors.

    `key` names the shape itself when the dims are unknown ("the view shape of self"): two shapes with one key
    are equal whatever their dims, so `out->GetViewShape() == self->GetViewShape()` is decided for an output
    allocated with self's shape even in directory mode.
    """

    dims: tuple[int, ...] | None
    rule: ShapeRule
    key: tuple | None = None
    # Read from a tensor the walk made (an L0 result), not from an entry tensor: a rule, not a fact of the user's.
    inferred: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class ShapeSize:
    """`s.GetShapeSize()` of a shape whose dims are unknown but whose identity (ShapeValue.key) is known."""

    key: tuple


@dataclass(frozen=True)
class FormatValue:
    """An op::Format ("ND", "NCHW", ...); None when unknown."""

    name: str | None


@dataclass(frozen=True)
class DataPtr:
    """`x->GetData()` / `x->GetStorageAddr()`: the storage a tensor's data lives in, and its view offset there."""

    storage: str
    offset: int | None = 0


@dataclass(frozen=True)
class StridesValue:
    """`x->GetViewStrides()`: the strides of tensor `owner` (None items when unknown)."""

    owner: str
    items: tuple[int, ...] | None = None


@dataclass(frozen=True)
class FunctionRef:
    """A function named as a value (`CheckParams(self, out, CheckShape<3, 4>)`): the definitions it may be."""

    name: str
    defined: tuple = field(default=(), compare=False, repr=False)  # (unit, Function) pairs in reach where it was named


@dataclass(frozen=True)
class ObjectValue:
    """An object of a repository class (route/objects.py): the class it was constructed as, and the key its
    members are kept under in the walk's variables (`$o3.member`). A pointer to it is the same value."""

    cls: str
    key: str


@dataclass(frozen=True)
class ObjectList:
    """A host container of objects of repository classes (`std::vector<std::shared_ptr<Node>> nodes_`), in order:
    a range-for over it runs its body once per object (route/objects.py)."""

    items: tuple = ()


@dataclass(frozen=True)
class LambdaRef:
    """A lambda written as a value (`auto run = [&](const aclTensor *x) { ... };`): called later, its body is walked
    where it was written (route/helper_calls.py). `copies`: the (name, value) pairs its capture list copies, as they
    were when the lambda was made (`[n]`, `[=]`): a later write of n is not what the body reads. `home`: the frame
    that made it, whose variables its references name wherever it is called (route/walk.py's Frame)."""

    text: str
    line: int
    path: str
    copies: tuple = ()
    home: object = field(default=None, compare=False, repr=False)


@dataclass(frozen=True, eq=False)
class MethodRef:
    """One of a class's methods that a call fits as well as another of the same parameters (`G()` and `G() const`),
    bound to its object: walked as an arm of an undecided branch (route/objects.py)."""

    obj: object
    unit: object
    function: object
    args: tuple = ()  # the call's argument values, evaluated once before the arms


@dataclass(frozen=True)
class PairValue:
    """`std::pair<A, B>(a, b)`: two values; pair lists are DtypePairList."""

    items: tuple


@dataclass(frozen=True)
class DtypePairList:
    """An initializer_list of dtype pairs (`{{DT_FLOAT16, DT_FLOAT}, ...}`: Cast's AI Core support lists)."""

    pairs: frozenset[tuple[str, str]]
    text: str = ""


@dataclass(frozen=True)
class Found:
    """The result of `std::find(list.begin(), list.end(), value)`: whether the value is in the list."""

    found: bool
    list_text: str


@dataclass(frozen=True)
class ListEnd:
    """`list.end()`: compared with a Found it says whether the value was found."""

    list_text: str


def known_apart(shapes, inferred: bool) -> bool:
    """Whether two shapes that broadcast_dims could not join surely do not broadcast: both known to the last dim and
    neither inferred by the walk (an inferred shape's rule may not hold; no check fails on it)."""
    return not inferred and len(shapes) == 2 and \
        all(shape is not None and all(isinstance(d, int) for d in shape) for shape in shapes)


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


def can_cast(source: str, target: str) -> bool:
    """op::CanCast (opbase data_type_utils, PyTorch's canCast): no complex to non-complex, no floating to integral
    or bool, no non-bool to bool; every other pair casts (its unit test: int32 -> float, complex128 -> complex64,
    bool -> bool yes; float -> int32, complex64 -> int32, float -> bool no)."""
    if source in COMPLEX and target not in COMPLEX:
        return False
    if source in FLOATING and (target in INTEGRAL or target == "bool"):
        return False
    return not (source != "bool" and target == "bool")
