"""Operations on op_select_format values: Python's own on plain values, facts for SoC tests, unknown otherwise."""

from __future__ import annotations

import operator

from op_migrate.analyzers.tbe.select_values import Fact, InputDict, Param, Selection, SocName, Unknown, split_list, unknown_in

_BINARY = {"+": operator.add, "-": operator.sub, "*": operator.mul, "//": operator.floordiv, "%": operator.mod,
           "/": operator.truediv, "&": operator.and_, "|": operator.or_}
_COMPARE = {"==": operator.eq, "!=": operator.ne, "<": operator.lt, "<=": operator.le, ">": operator.gt,
            ">=": operator.ge, "in": lambda a, b: a in b, "not in": lambda a, b: a not in b,
            "is": operator.is_, "is not": operator.is_not}
_SOC_OPS = {"==", "!=", "in", "not in"}
_MAX_LENGTH = 100_000


class Stop(Exception):
    """Reading stops: the reason is reported instead of a guess."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def truth(value) -> bool | None:
    """Python truthiness of a plain value; None for facts and unknowns (the path forks on them)."""
    if isinstance(value, (Fact, Unknown)):
        return None
    if isinstance(value, (InputDict, SocName, Param, Selection)):
        return True
    if isinstance(value, (list, tuple, dict)) and unknown_in(value) is not None and not value:
        return None
    try:
        return bool(value)
    except Exception:  # noqa: BLE001 - a value of the analysed code: its truth is unknown, not an error of ours
        return None


def binary(op: str, left, right, line: int, in_place: bool = False):
    function = _BINARY.get(op)
    if function is None:
        return Unknown(f"{op} at line {line}")
    if op == "*" and isinstance(left, (list, tuple)) and isinstance(right, Unknown) and unknown_in(left) is None:
        # `[dtype] * len(formats)` with the formats unknown: each dtype still comes once per format, and every
        # port's list repeats the same way, so column i of the ports still goes together (formats stay unknown).
        return list(left) if isinstance(left, list) else tuple(left)
    if isinstance(left, Unknown) or isinstance(right, Unknown):
        return left if isinstance(left, Unknown) else right
    if op == "*" and any(isinstance(v, (list, tuple, str)) for v in (left, right)):
        count = right if isinstance(left, (list, tuple, str)) else left
        if not isinstance(count, int) or count * len(left if isinstance(left, (list, tuple, str)) else right) > _MAX_LENGTH:
            return Unknown(f"a repetition at line {line}")
    try:
        if in_place and op == "+" and isinstance(left, list):
            left.extend(right)  # `x += [...]` grows the same list object, as Python does
            return left
        return function(left, right)
    except Exception:  # noqa: BLE001 - e.g. "str" + 1 in the analysed code
        return Unknown(f"{op} at line {line} on values the analysis cannot combine")


def compare(node, values: list):
    """One comparison; a SoC name compared with literals is a fact the install decides per SoC."""
    left = values[0]
    result = True
    for (op, _), right in zip(node.ops, values[1:]):
        soc = _soc_test(op, left, right)
        if soc is not None:
            if len(node.ops) == 1:
                return Fact(soc, node.as_string())
            return Unknown(node.as_string())
        if any(isinstance(v, (Unknown, Fact, InputDict, SocName)) or unknown_in(v) is not None for v in (left, right)):
            return Unknown(node.as_string())
        try:
            result = result and _COMPARE[op](left, right)
        except Exception:  # noqa: BLE001
            return Unknown(node.as_string())
        left = right
    return result


def _soc_test(op: str, left, right) -> dict | None:
    if isinstance(right, SocName) and op in ("==", "!="):
        left, right = right, left
    if not isinstance(left, SocName) or op not in _SOC_OPS:
        return None
    values = [right] if isinstance(right, str) else list(right) if isinstance(right, (list, tuple, set)) else None
    if values is None or not all(isinstance(v, str) for v in values):
        return None
    return {"soc_version" if left.full else "soc": {"op": op, "values": values}}


def subscript(value, key, line: int):
    if isinstance(value, InputDict):
        return Unknown(f"{value.name}[{key!r}]")
    if isinstance(value, Unknown) or isinstance(key, Unknown):
        return value if isinstance(value, Unknown) else key
    try:
        return value[key]
    except Exception:  # noqa: BLE001
        return Unknown(f"an index at line {line} the analysis cannot resolve")


_LIST_METHODS = {"append", "extend", "insert", "copy", "index", "count", "pop", "remove", "reverse", "sort"}
_STR_METHODS = {"join", "lower", "upper", "split", "strip", "replace", "startswith", "endswith", "format", "count", "find"}
_DICT_METHODS = {"get", "keys", "values", "items", "copy", "update", "setdefault", "pop"}


def method(receiver, name: str, arguments: list, named: dict, line: int):
    """A method of a plain value, run as Python runs it; of an input dict, unknown (it is the graph's)."""
    if isinstance(receiver, InputDict):
        key = arguments[0] if arguments else name
        return Unknown(f"the {key} of {receiver.name}") if name == "get" else Unknown(f"{receiver.name}.{name}()")
    if isinstance(receiver, SocName):
        return SocName(receiver.full, lower=True) if name == "lower" else Unknown(f"the SoC name .{name}()")
    if isinstance(receiver, Unknown):
        return receiver
    allowed = (_LIST_METHODS if isinstance(receiver, list) else _STR_METHODS if isinstance(receiver, str)
               else _DICT_METHODS if isinstance(receiver, dict) else set())
    if name not in allowed:
        return Unknown(f".{name}() at line {line}")
    if name == "join" and isinstance(receiver, str):
        found = unknown_in(arguments[0]) if arguments else None
        if found is not None:
            return found
    try:
        return getattr(receiver, name)(*arguments, **named)
    except Exception:  # noqa: BLE001
        return Unknown(f".{name}() at line {line} on values the analysis cannot use")


_SAFE = {"len": len, "list": list, "tuple": tuple, "str": str, "int": int, "float": float, "bool": bool,
         "sorted": sorted, "set": set, "range": range, "enumerate": lambda x, start=0: list(enumerate(x, start)),
         "zip": lambda *x: list(zip(*x)), "max": max, "min": min, "sum": sum, "any": any, "all": all, "abs": abs,
         "dict": dict, "reversed": lambda x: list(reversed(x))}


BUILTINS = frozenset(_SAFE) | {"isinstance"}


def call_builtin(name: str, arguments: list, named: dict, line: int):
    if name == "isinstance":
        return Unknown(f"isinstance at line {line}")
    if any(isinstance(a, (Unknown, InputDict, Fact, SocName)) or unknown_in(a) is not None for a in [*arguments, *named.values()]):
        found = next((unknown_in(a) for a in arguments if unknown_in(a) is not None), None)
        return found or Unknown(f"{name}(...) at line {line}")
    if name == "range" and arguments and any(isinstance(a, int) and abs(a) > _MAX_LENGTH for a in arguments):
        return Unknown(f"a range at line {line}")
    try:
        return _SAFE[name](*arguments, **named)
    except Exception:  # noqa: BLE001
        return Unknown(f"{name}(...) at line {line} on values the analysis cannot use")


def unary(operator: str, value, text: str):
    if operator == "not":
        if isinstance(value, Fact):
            return Fact({"not": value.test}, text)
        decided = truth(value)
        return Unknown(f"{text}") if decided is None else not decided
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return -value if operator == "-" else (value if operator == "+" else ~value)
    return Unknown(text)


def combine(operator: str, items: list, text: str):
    """Python's and/or where every item is plain; one fact test where facts mix; unknown otherwise."""
    if all(truth(v) is not None for v in items):
        for item in items:
            if truth(item) is (operator == "or"):
                return item
        return items[-1]
    key = "all" if operator == "and" else "any"
    parts = []
    for item in items:
        decided = truth(item)
        if decided is not None:
            if decided is (operator == "or"):
                return item
            continue
        parts.append(item.test if isinstance(item, Fact) else None)
    if all(part is None for part in parts):
        return Unknown(text)
    return Fact({key: parts}, text)


def fact_query(called: str, arguments: list, node, soc) -> object | None:
    """api_check_support / intrinsic_check_support / get_soc_spec: answered by the SoC when one is given, else facts
    the install answers per SoC later."""
    if called in ("api_check_support", "intrinsic_check_support"):
        if arguments and all(isinstance(a, str) for a in arguments[:2]):
            kind = "api" if called == "api_check_support" else "intrinsic"
            query = {"name": arguments[0], "dtype": arguments[1] if len(arguments) > 1 else ""}
            answer = soc.answer(kind, query["name"], query["dtype"]) if soc is not None else None
            return answer if answer is not None else Fact({kind: query}, node.as_string())
        return Unknown(f"{called} with arguments the analysis cannot read (line {node.lineno})")
    if called == "get_soc_spec":
        key = arguments[0] if arguments else None
        if key in ("SHORT_SOC_VERSION", "SOC_VERSION"):
            known = soc.name(full=key == "SOC_VERSION") if soc is not None else None
            return known if known is not None else SocName(full=key == "SOC_VERSION")
        return Unknown(f"get_soc_spec({key!r})")
    return None


def gen_param(arguments: list, named: dict) -> Param | Unknown:
    fields = dict(zip(("classify", "name", "datatype", "format", "unknownshape_format"), arguments))
    fields.update(named)
    index, name = fields.get("classify"), fields.get("name")
    if not isinstance(index, str) or not isinstance(name, str):
        return Unknown("gen_param with a port the analysis cannot read")
    return Param(index=index, name=name, dtypes=split_list(fields.get("datatype")), formats=split_list(fields.get("format")))


def selection_of(value, line: int) -> Selection | Unknown:
    if isinstance(value, (list, tuple)) and all(isinstance(v, Param) for v in value):
        return Selection(tuple(value))
    if isinstance(value, dict) and value:
        params = []
        for index, entry in value.items():
            if not isinstance(entry, dict) or not isinstance(index, str):
                return Unknown(f"a selection built at line {line} the analysis cannot read")
            params.append(Param(index, str(entry.get("name", index)), split_list(entry.get("dtype")),
                                split_list(entry.get("format"))))
        return Selection(tuple(params))
    found = unknown_in(value)
    return found or Unknown(f"a selection built at line {line} from values the analysis cannot read")
