"""Values of the scaffold's abstract interpreter: chain tensors, symbolic scalars, shapes, attributes, unknowns."""

from __future__ import annotations

from dataclasses import dataclass, field

MAX_RANK = 8  # TBE's shapes have at most 8 dims, and so does the generated tiling (MAX_DIM)


class Untranslatable(Exception):
    """The trace cannot go on: a construct or a value it does not model decides what the operator computes."""

    def __init__(self, reason: str, line: int | None = None, path: str | None = None, construct: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.path = path
        self.construct = construct


class AttrBranch(Untranslatable):
    """A branch on an attribute known only at run time: the trace forks on its outcome (one kernel per outcome,
    chosen by the host tiling), or, where it only rejects bad input, assumes it passes."""

    def __init__(self, key: str, predicate: dict, text: str, line: int | None, path: str | None) -> None:
        names = predicate["attr"] if "attr" in predicate else ", ".join(predicate["attrs"])
        what = "the input shapes" if predicate.get("shape") else f"attribute {names}"
        super().__init__(f"the branch {text} depends on {what}", line, path, text)
        self.key = key
        self.predicate = predicate
        self.text = text


class ShapeBranch(Untranslatable):
    """A comparison of a number computed from the shapes (an element count, a dimension): known only per call."""

    def __init__(self, reason: str, line, path, condition: tuple) -> None:
        super().__init__(reason, line, path)
        self.condition = condition  # ("cmp", op, left expr, right expr)


class Refused(Exception):
    """The TBE code raises on this path: the dtype combination (or the facts) are refused by the operator itself."""

    def __init__(self, reason: str, line: int | None, path: str | None) -> None:
        super().__init__(reason)
        self.reason = reason
        self.line = line
        self.path = path


@dataclass(frozen=True)
class Unknown:
    """A value the interpreter does not know (a shape entry, a framework object, a call it does not model)."""

    reason: str
    line: int | None = None


@dataclass(frozen=True)
class TilingVar(Unknown):
    """tbe.var(name): a scalar the dynamic build leaves to the C++ op tiling, whose source is not in the install."""

    name: str = ""


class TilingVarUsed(Untranslatable):
    """A tbe.var scalar reached a DSL call: the dynamic path's value is not in the Python (the trace then tries the
    operator's static path, which computes the same quantity from known shapes)."""


@dataclass(frozen=True)
class TensorValue:
    """A tensor of the traced chain: `ref` names the chain input or op that produces it."""

    ref: str
    dtype: str
    # tbe.broadcast(t, shape) records no op (the kernel reads t by strides): the same value, at the shape of these.
    shape_refs: tuple | None = field(default=None, compare=False)

    @property
    def shape(self) -> "ShapeValue":
        return ShapeValue(f"shape of {self.ref}", self.shape_refs or (self.ref,))


@dataclass(frozen=True)
class TensorScalar:
    """`t[0]` of a one-element tensor, used as a scalar operand: the kernel uses the tensor itself, whose every lane
    holds that element once the input is read by strides (the input must then have one element)."""

    tensor: TensorValue

    @property
    def dtype(self) -> str:
        return self.tensor.dtype


@dataclass(frozen=True)
class ShapeValue:
    """A tensor shape: dynamic, never known as numbers; elementwise operators only pass it along. `refs` are the
    chain values whose broadcast shape it is ("*": the output shape), where the trace knows them."""

    origin: str
    refs: tuple = field(default=(), compare=False)
    # the fewest dims a storage format's shape has (NC1HWC0: 5, FRACTAL_NZ: 4), 0 where the format says nothing
    min_rank: int = field(default=0, compare=False)
    # min_rank is the rank itself (NC1HWC0: always 5 dims, N C1 H W C0)
    exact_rank: bool = field(default=False, compare=False)


@dataclass(frozen=True)
class RankAtLeast(Unknown):
    """len() of a shape whose storage format fixes its fewest dims: comparisons with a smaller number decide (every
    comparison with a number, where the format fixes the rank itself: exact)."""

    low: int = 0
    exact: bool = False


@dataclass(frozen=True)
class Spelled:
    """A comparison the trace makes that the source does not write as such (an element of a tuple ==, a dict
    looked up by an attribute): the text that labels its branch, and the source line."""

    text: str
    lineno: int | None = None

    def as_string(self) -> str:
        return self.text


def spelled_equal(left, right, node) -> Spelled:
    """`grad_x == True` for the element comparison of two values (attributes by name)."""
    def text(value):
        if isinstance(value, AttrValue):
            return value.name
        return scalar_text(value.expr, False) if isinstance(value, Scalar) else repr(value)
    return Spelled(f"{text(left)} == {text(right)}", getattr(node, "lineno", None))


@dataclass(frozen=True)
class AttrValue:
    """An operator attribute: known only when the kernel runs (it travels in the tiling data)."""

    name: str
    default: object
    attr_type: str | None = None


@dataclass(frozen=True)
class Scalar:
    """A scalar the chain uses: a constant, an attribute or an expression of them, with the dtype tvm gives it.

    expr is ("const", value) | ("attr", name) | (operator, operand...) | ("cast", dtype, operand).
    """

    expr: tuple
    dtype: str | None

    @property
    def value(self):
        return self.expr[1] if self.expr[0] == "const" else Unknown(f"the value of attribute-dependent scalar {self}")

    def __str__(self) -> str:
        return scalar_text(self.expr)


_SYMBOLS = {"add": "+", "sub": "-", "mul": "*", "div": "/", "pow": "**"}


def scalar_text(expr: tuple, top: bool = True) -> str:
    """The expression as Python would write it, attributes by name."""
    kind = expr[0]
    if kind == "const":
        return repr(expr[1])
    if kind == "attr":
        return f"attr {expr[1]}" if top else expr[1]
    if kind == "numel":
        return f"numel({expr[1]})"
    if kind == "dim":
        return f"dim({expr[1]})[{expr[2]}]"
    if kind == "rank":
        return f"rank({expr[1]})"
    if kind == "differ":
        where = {0: "", 1: " before the last axis"}.get(expr[3], f" before the last {expr[3]} axes")
        return f"the shapes of {expr[1]} and {expr[2]} differ{where}"
    if kind == "cast":
        return f"{expr[1]}({scalar_text(expr[2], False)})"
    if kind == "select":
        _, op, left, right = expr[1]
        text = (f"{scalar_text(expr[2], False)} if {scalar_text(left, False)} {op} {scalar_text(right, False)} "
                f"else {scalar_text(expr[3], False)}")
        return text if top else f"({text})"
    if kind == "neg":
        return f"-{scalar_text(expr[1], False)}"
    if kind == "trunc":
        return f"int({scalar_text(expr[1], False)})"
    if len(expr) == 2:
        return f"{kind}({scalar_text(expr[1], False)})"
    text = f"{scalar_text(expr[1], False)} {_SYMBOLS.get(kind, kind)} {scalar_text(expr[2], False)}"
    return text if top else f"({text})"


def as_scalar_expr(value) -> tuple | None:
    """The scalar expression of a Python number, an attribute or a Scalar; None for anything else."""
    if isinstance(value, bool):
        return ("const", int(value))
    if isinstance(value, (int, float)):
        return ("const", value)
    if isinstance(value, Scalar):
        return value.expr
    if isinstance(value, AttrValue):
        return ("attr", value.name)
    return None


def numel_expr(refs: tuple) -> tuple:
    """The element count of the broadcast shape of these chain values ("*": the output), a number the host tiling
    knows from the input shapes: ("numel", "in0,in2")."""
    return ("numel", ",".join(refs))


def dim_expr(refs: tuple, index: int) -> tuple:
    """Dimension `index` (Python indexing: negative from the end) of the broadcast shape of these chain values, a
    number the host tiling knows from the input shapes: ("dim", "in0", 2)."""
    return ("dim", ",".join(refs), index)


def rank_expr(refs: tuple) -> tuple:
    """The rank of the broadcast shape of these port dicts' shapes (the largest of their ranks), a number the host
    tiling knows from the caller's shapes: ("rank", "port:x")."""
    return ("rank", ",".join(refs))


def differ_expr(left: tuple, right: tuple, skip: int) -> tuple:
    """1 where the broadcast shapes of the chain values `left` and of `right`, padded with leading 1s to one rank r,
    differ in an axis below r - skip, else 0 (`for i in range(len(a) - 1): if a[i] != b[i]: ...`): ("differ",
    "in0", "in1", 1), a number the host tiling knows from the input shapes."""
    return ("differ", ",".join(left), ",".join(right), skip)


SHAPE_READS = ("numel", "dim", "differ", "rank")


def has_numel(expr) -> bool:
    """Whether the expression reads the shapes (an element count, a dimension, a rank, whether two shapes differ)."""
    if not isinstance(expr, tuple) or not expr:
        return False
    return expr[0] in SHAPE_READS or any(has_numel(part) for part in expr[1:] if isinstance(part, tuple))


def python_type(expr, attr_types: dict | None = None, natural: frozenset = frozenset()):
    """int or float: the Python type a build-time scalar has (an element count is an int, as in a static build; an
    attribute has its op-info type); None where that is not known. natural: int attributes the TBE code rejects
    below 0 (int ** such an attribute is an int; ** a negative int would be a float)."""
    kind = expr[0]
    if kind == "const":
        return float if isinstance(expr[1], float) else int
    if kind in SHAPE_READS:
        return int
    if kind == "attr":
        return {"int": int, "float": float}.get((attr_types or {}).get(expr[1]))
    if kind == "cast":
        return None
    if kind in ("trunc", "float"):
        return int if kind == "trunc" else float  # Python's int() / float() of a number
    if kind == "select":
        arms = {python_type(expr[2], attr_types, natural), python_type(expr[3], attr_types, natural)}
        return arms.pop() if len(arms) == 1 else None
    parts = [python_type(part, attr_types, natural) for part in expr[1:] if isinstance(part, tuple)]
    if None in parts:
        return None
    if kind in ("div", "log", "exp", "sqrt") or float in parts:
        return float
    if kind == "pow":
        exponent = expr[2]
        known = exponent[0] == "const" and exponent[1] >= 0 or exponent[0] == "attr" and exponent[1] in natural
        return int if known else None
    return int


def attr_names(expr: tuple) -> set[str]:
    if expr[0] == "attr":
        return {expr[1]}
    names: set[str] = set()
    for part in expr[1:]:
        if isinstance(part, tuple):
            names |= attr_names(part)
    return names


@dataclass(frozen=True)
class FrameworkRef:
    """A name of the TBE framework (tvm, para_check, tbe_platform, shape_util ...) by its qualified path."""

    path: str


@dataclass(frozen=True)
class DslRef:
    """A function of the TBE DSL (tbe.dsl / te.lang.cce)."""

    name: str
    qualified: str


@dataclass
class Opaque:
    """A framework object whose methods the trace ignores (a schedule, an op context, a `with` target)."""

    what: str
    attrs: dict = field(default_factory=dict)


@dataclass
class ClassifyResult:
    """classify(ins, mode): one case per input combination; the scaffold traces the general case only."""

    cases: list
    mode: str


@dataclass
class BuildConfig:
    """What tbe.build received: the tensor lists give the kernel's inputs and outputs in order."""

    tensor_lists: list
