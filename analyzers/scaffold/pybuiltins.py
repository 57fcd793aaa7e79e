"""Python builtins and the methods of str / list / dict / tensors as the scaffold's interpreter models them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

from op_migrate.analyzers.scaffold.values import (
    AttrValue,
    ClassifyResult,
    FrameworkRef,
    Opaque,
    Scalar,
    RankAtLeast,
    Refused,
    ShapeValue,
    TensorScalar,
    TensorValue,
    Unknown,
    as_scalar_expr,
    dim_expr,
    python_type,
    rank_expr,
    spelled_equal,
)


@dataclass(frozen=True)
class Builtin:
    """A callable the interpreter implements: fn(interp, args, kwargs, node)."""

    name: str
    fn: Callable
    pytype: type | None = None


def _concrete(values) -> bool:
    return not any(isinstance(v, (Unknown, ShapeValue, TensorValue, AttrValue, Scalar, Opaque, TensorScalar))
                   for v in values)


def unknowable(value) -> str:
    """What a value the builtins cannot compute on is, for the reason that names it."""
    if isinstance(value, Unknown):
        return value.reason
    if isinstance(value, AttrValue):
        return f"attribute {value.name} (known only when the kernel runs)"
    if isinstance(value, ShapeValue):
        ports = [ref[5:] for ref in value.refs if ref.startswith("port:")]
        return (f"the shape of {', '.join(ports)} (a dynamic shape: its rank and dims are known only per call)"
                if ports else "a dynamic shape (its rank and dims are known only per call)")
    return "a value the scaffold does not know"


def _symbolic_inside(values) -> bool:
    """Whether the lists, tuples or dicts among values hold (at any depth) a value other than plain Python data."""
    for value in values:
        if isinstance(value, dict):
            value = [*value.keys(), *value.values()]
        if isinstance(value, (list, tuple)):
            if any(isinstance(v, (list, tuple, dict)) and _symbolic_inside([v])
                   or not isinstance(v, (list, tuple, dict, type(None), bool, int, float, str)) for v in value):
                return True
    return False


# Builtins that compare, add or test the elements of their arguments: on values known only at run time Python's own
# would compare the objects (any([rank - 4]) is True whatever the rank).
_ELEMENTWISE = {"min", "max", "sum", "sorted", "set", "any", "all", "abs", "round"}


def _plain(name: str, function: Callable, pytype: type | None = None) -> Builtin:
    def run(interp, args, kwargs, node):
        if name == "range" and args and any(isinstance(a, Scalar) for a in args) and not kwargs:
            # range(len(shape)) on the static path: the caller's rank (the trace forks on it)
            counts = [interp.concrete_rank(a, node) if isinstance(a, Scalar) else a for a in args]
            if None not in counts:
                args = counts
        if name in _ELEMENTWISE and _symbolic_inside([*args, *kwargs.values()]):
            if name in ("any", "all") and len(args) == 1 and not kwargs and isinstance(args[0], (list, tuple)):
                for item in args[0]:  # as Python: each element's truth in order, stopping at the deciding one
                    if interp.truth(item, node) == (name == "any"):
                        return name == "any"
                return name == "all"
            return Unknown(f"{name}() of values known only at run time", getattr(node, "lineno", None))
        if not _concrete([*args, *kwargs.values()]):
            if name in ("float", "int") and len(args) == 1 and isinstance(args[0], (AttrValue, Scalar)):
                return _converted(interp, name, args[0])
            if name in ("list", "tuple") and len(args) == 1 and isinstance(args[0], ShapeValue):
                return args[0]
            if name == "len" and args and isinstance(args[0], ShapeValue):
                if args[0].min_rank:
                    return RankAtLeast(f"the rank of a dynamic shape (at least {args[0].min_rank})",
                                       getattr(node, "lineno", None), args[0].min_rank, args[0].exact_rank)
                if interp.framework.static and args[0].refs and all(r.startswith("port:") for r in args[0].refs) \
                        and not interp.framework.padded:
                    # A port dict's shape on the static path is the caller's: the host knows its rank per call. Not
                    # a placeholder's (classify may fuse its dims) nor after leading 1s were put in front unread.
                    return Scalar(rank_expr(args[0].refs), None)
                return Unknown("the rank of a dynamic shape", getattr(node, "lineno", None))
            unknown = next(v for v in [*args, *kwargs.values()] if not _concrete([v]))
            return Unknown(f"{name}() of {unknowable(unknown)}", getattr(node, "lineno", None))
        try:
            return function(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 - the analysed code's own error
            return Unknown(f"{name}() fails: {error}", getattr(node, "lineno", None))

    return Builtin(name, run, pytype)


# The Python type an attribute of each op-info type arrives as in the TBE entry.
_ATTR_PYTYPES = {"int": int, "float": float, "bool": bool, "str": str}


def _number_type(interp, value):
    """int, float or None (unknown): the Python type of a number known only at run time."""
    if isinstance(value, AttrValue):
        return _ATTR_PYTYPES.get(value.attr_type) or (type(value.default) if value.default is not None else None)
    tracer = getattr(getattr(interp, "dsl", None), "tracer", None)
    if value.dtype is not None:  # a tvm scalar of that dtype
        return int if value.dtype.startswith(("int", "uint")) else float if "float" in value.dtype else None
    return python_type(value.expr, getattr(tracer, "attr_types", None),
                       tracer.natural_attrs() if tracer is not None else frozenset())


def _converted(interp, name: str, value):
    """int(x) / float(x) of a number known only at run time, as Python converts it: int() truncates a float toward
    zero (RangeD's int(start) of a float attribute), float() of an int is the same number as a float; the value
    itself where it has that type already."""
    kind = _number_type(interp, value)
    wanted = int if name == "int" else float
    if kind is wanted or kind is bool and wanted is int:
        return value
    expr = as_scalar_expr(value)
    return Scalar(("trunc" if wanted is int else "float", expr), None)


def _isinstance(interp, args, kwargs, node):
    if len(args) != 2:
        return Unknown("isinstance with unexpected arguments")
    value, kinds = args
    kinds = kinds if isinstance(kinds, (list, tuple)) else (kinds,)
    for kind in kinds:
        if isinstance(kind, Builtin) and kind.pytype is not None:
            if isinstance(value, AttrValue):
                # The type the attribute arrives as (a float attribute is a Python float, never an int: RangeD's
                # isinstance(start, int) chose its int32 path for the float32 kernel)
                own = _number_type(interp, value)
                if own is None:
                    return Unknown(f"isinstance of attribute {value.name}, whose type the op-info does not give")
                if issubclass(own, kind.pytype):
                    return True
                continue
            if isinstance(value, Scalar):
                # A build-time number whose type the expression decides (an element count times 1.0 is a float).
                if value.dtype is None and kind.pytype in (int, float) and python_type(value.expr) is kind.pytype:
                    return True
                continue
            if isinstance(value, (Unknown, ShapeValue)):
                return Unknown("isinstance of an unknown value")
            if isinstance(value, kind.pytype) and not (kind.pytype is int and isinstance(value, bool) and False):
                return True
        elif isinstance(kind, FrameworkRef):
            tail = kind.path.rsplit(".", 1)[-1]
            if tail == "Tensor":
                if isinstance(value, TensorValue):
                    return True
            elif tail in ("Var", "Expr", "PrimExpr", "IntImm", "FloatImm", "ConstExpr"):
                if isinstance(value, Scalar):
                    return True
            else:
                return Unknown(f"isinstance against {kind.path}")
        else:
            return Unknown("isinstance against a class the scaffold does not model")
    return False


def _getattr(interp, args, kwargs, node):
    if len(args) >= 2 and isinstance(args[1], str):
        value = interp.attribute(args[0], args[1], node)
        if isinstance(value, Unknown) and len(args) == 3:
            return args[2]
        return value
    return Unknown("getattr")


def _hasattr(interp, args, kwargs, node):
    if len(args) == 2 and isinstance(args[1], str) and isinstance(args[0], (TensorValue, Scalar)):
        return args[1] in ("dtype", "shape", "op", "value")
    return Unknown("hasattr")


def _exception(interp, args, kwargs, node):
    return Opaque("exception", {"args": args})


BUILTINS: dict[str, Builtin] = {
    "len": _plain("len", len),
    "range": _plain("range", range),
    "list": _plain("list", list, list),
    "tuple": _plain("tuple", tuple, tuple),
    "dict": _plain("dict", dict, dict),
    "set": _plain("set", lambda *a: list(dict.fromkeys(*a)) if a else [], set),
    "int": _plain("int", int, int),
    "float": _plain("float", float, float),
    "str": _plain("str", str, str),
    "bool": _plain("bool", bool, bool),
    "min": _plain("min", min),
    "max": _plain("max", max),
    "abs": _plain("abs", abs),
    "sum": _plain("sum", sum),
    "round": _plain("round", round),
    "enumerate": _plain("enumerate", lambda *a, **k: list(enumerate(*a, **k))),
    "zip": _plain("zip", lambda *a: list(zip(*a))),
    "sorted": _plain("sorted", sorted),
    "reversed": _plain("reversed", lambda a: list(reversed(a))),
    "any": _plain("any", any),
    "all": _plain("all", all),
    "print": Builtin("print", lambda interp, args, kwargs, node: None),
    "isinstance": Builtin("isinstance", _isinstance),
    "getattr": Builtin("getattr", _getattr),
    "hasattr": Builtin("hasattr", _hasattr),
    "RuntimeError": Builtin("RuntimeError", _exception),
    "ValueError": Builtin("ValueError", _exception),
    "TypeError": Builtin("TypeError", _exception),
    "KeyError": Builtin("KeyError", _exception),
    "Exception": Builtin("Exception", _exception),
    "NotImplementedError": Builtin("NotImplementedError", _exception),
}

_STR_METHODS = {"lower", "upper", "startswith", "endswith", "split", "join", "replace", "format", "strip", "find",
                "isdigit", "rstrip", "lstrip", "count", "index", "capitalize", "title", "rsplit"}
_LIST_METHODS = {"append", "extend", "insert", "pop", "index", "count", "copy", "remove", "sort", "reverse", "clear"}
_DICT_METHODS = {"get", "keys", "values", "items", "update", "setdefault", "pop", "copy"}


def _method(name: str, bound) -> Builtin:
    def run(interp, args, kwargs, node):
        if isinstance(bound, dict) and name == "get" and args and isinstance(args[0], (AttrValue, Scalar)):
            return keyed_entry(interp, bound, args[0], node, args[1] if len(args) > 1 else kwargs.get("default"))
        if not _concrete([*args, *kwargs.values()]) and name not in ("append", "extend", "insert", "get", "setdefault",
                                                                      "update", "pop", "items", "values", "keys"):
            return Unknown(f".{name}() of a value the scaffold does not know", getattr(node, "lineno", None))
        if name in ("index", "count", "remove", "sort") and isinstance(bound, (list, tuple)) \
                and _symbolic_inside([bound]):
            # Python would compare the elements as objects: [rank].count(4) is 0 whatever the rank
            return Unknown(f".{name}() over values known only at run time", getattr(node, "lineno", None))
        try:
            result = getattr(bound, name)(*args, **kwargs)
        except Exception as error:  # noqa: BLE001 - the analysed code's own error
            return Unknown(f".{name}() fails: {error}", getattr(node, "lineno", None))
        if name in ("keys", "values", "items"):
            return list(result)
        return result

    return Builtin(f".{name}", run)


_MISSING = object()


def keyed_entry(interp, table: dict, key, node, missing):
    """`MAP.get(dst_type)` / `MAP[dst_type]` of an attribute: the trace forks on key == each entry's key in order (one
    kernel per outcome, chosen by the host), `missing` where it equals none. Python's own lookup would hash the
    attribute object and silently find nothing."""
    for entry, value in table.items():
        if interp.compare("==", key, entry, spelled_equal(key, entry, node)):
            return value
    return missing


def attribute(interp, value, name: str, node):
    """value.name for the builtin and trace value kinds."""
    if isinstance(value, str) and name in _STR_METHODS:
        return _method(name, value)
    if isinstance(value, list) and name in _LIST_METHODS:
        return _method(name, value)
    if isinstance(value, tuple) and name in ("index", "count"):
        return _method(name, value)
    if isinstance(value, tuple) and name in getattr(value, "_fields", ()):
        return getattr(value, name)  # a collections.namedtuple's field
    if isinstance(value, dict) and name in _DICT_METHODS:
        return _method(name, value)
    if isinstance(value, TensorValue):
        if name == "dtype":
            return value.dtype
        if name == "shape":
            return value.shape
        if name == "op":
            # What fusion checks read: a placeholder's op has no tag and no inputs; a DSL result's is elementwise.
            tag = "" if value.ref.startswith("in") else "elewise"
            return Opaque("tensor.op", {"tag": tag, "input_tensors": [], "attrs": {}, "name": value.ref})
        if name == "name":
            return value.ref
        return Opaque(f"tensor.{name}")
    if isinstance(value, Scalar):
        if name == "dtype":
            return value.dtype or Unknown("the dtype of a Python number")
        if name == "value":
            return value.value
        return Unknown(f"scalar.{name}")
    if isinstance(value, ShapeValue) and name == "copy":
        # list(shape).copy(): the same shape (a ShapeValue is never changed in place)
        return Builtin(name, lambda interp, args, kwargs, node: value)
    if isinstance(value, Opaque):
        return value.attrs.get(name, Opaque(f"{value.what}.{name}"))
    if isinstance(value, ClassifyResult):
        return Unknown(f"classify result.{name}")
    if isinstance(value, Unknown):
        return value
    if isinstance(value, AttrValue):
        if name in ("lower", "upper", "strip") and (isinstance(value.default, str) or value.attr_type == "str"):
            # Case folding of a string attribute: its branches compare the folded value; the kernel key is chosen
            # on the value as given (noted in the report).
            return Builtin(name, lambda interp, args, kwargs, node: value)
        if name == "is_integer" and value.attr_type in ("float", "int"):
            return Builtin(name, lambda interp, args, kwargs, node: interp.attr_branch("is_integer", value, None, node))
        return Unknown(f"attribute {value.name}.{name}")
    return Unknown(f"{type(value).__name__}.{name}", getattr(node, "lineno", None))


def subscript(interp, container, key, node):
    if isinstance(container, TensorValue):
        if key == 0 and not isinstance(key, bool):
            return TensorScalar(container)
        # Not a gap yet: TBE code passes such a value where a helper ignores it (gelu_grad's placeholders[1] as
        # tanh_compute's unused output dict); any use of it stops the trace with this reason.
        return Unknown(f"{node.as_string()[:80]}: indexing a tensor (a tvm expression, not a DSL call)",
                       getattr(node, "lineno", None))
    if isinstance(container, ShapeValue):
        if isinstance(key, slice):
            return ShapeValue(f"{container.origin}[slice]")
        if interp.framework.static and container.refs and isinstance(key, int) and not isinstance(key, bool):
            # The static path reads a known shape: the host has the dimension (of the broadcast shape of refs).
            return Scalar(dim_expr(container.refs, key), None)
        return Unknown("a dimension of a dynamic shape", getattr(node, "lineno", None))
    if isinstance(container, (Unknown,)):
        return container
    if isinstance(container, dict) and isinstance(key, (AttrValue, Scalar)):
        found = keyed_entry(interp, container, key, node, _MISSING)
        if found is _MISSING:  # Python raises KeyError: no kernel is built for that value
            line = getattr(node, "lineno", None)
            raise Refused(f"{node.as_string()[:80]} at line {line}: KeyError for that value", line,
                          interp.current_path)
        return found
    if isinstance(key, (Unknown, AttrValue, Scalar)):
        return Unknown("an index the scaffold does not know", getattr(node, "lineno", None))
    try:
        return container[key]
    except Exception as error:  # noqa: BLE001 - the analysed code's own error
        return Unknown(f"subscript fails: {error}", getattr(node, "lineno", None))
