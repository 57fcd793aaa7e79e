"""REG_OP headers -> Proto: the .INPUT/.OUTPUT/.ATTR chain between REG_OP(Name) and OP_END_FACTORY_REG(Name)."""

from __future__ import annotations

import re

from op_migrate.analyzers.proto.dtype_names import proto_dtype
from op_migrate.analyzers.proto.model import Proto, ProtoParam
from op_migrate.analyzers.proto.type_sets import TypeSets

_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_REG = re.compile(r"REG_OP\(\s*(\w+)\s*\)(.*?)OP_END_FACTORY_REG\(\s*\w+\s*\)", re.S)
_ITEM = re.compile(r"\.\s*(INPUT|OPTIONAL_INPUT|DYNAMIC_INPUT|OUTPUT|DYNAMIC_OUTPUT|ATTR|REQUIRED_ATTR|DATATYPE)\s*\(")
_DT = re.compile(r"\bDT_\w+")
# `TensorType::NumberType()`, `ge::TensorType::ALL()`, and the bare `BasicType` a few headers write.
_NAMED = re.compile(r"(?:TensorType::)?(\b[A-Za-z]\w*)\s*\(\s*\)|^\s*([A-Z][A-Za-z]+Type)\s*$")
_SYMBOL = re.compile(r'^\s*"(\w+)"\s*$')


def _balanced(text: str, start: int) -> str:
    """The text inside the parenthesis that opens just before `start`."""
    depth = 1
    index = start
    while index < len(text) and depth:
        if text[index] == "(":
            depth += 1
        elif text[index] == ")":
            depth -= 1
        index += 1
    return text[start : index - 1]


def _blank_comments(text: str) -> str:
    # Keep newlines so that line numbers stay right.
    return _COMMENT.sub(lambda m: re.sub(r"[^\n]", " ", m.group(0)), text)


def _type_list(text: str, type_sets: TypeSets | None) -> tuple[tuple[str, ...], str | None]:
    """(dtypes, named set left unexpanded) of a TensorType expression."""
    dtypes = [proto_dtype(token) for token in _DT.findall(text)]
    unexpanded = None
    for match in _NAMED.finditer(text):
        name = match.group(1) or match.group(2)
        if name in ("TensorType", "ListTensorType"):
            continue
        expanded = type_sets.expand(name) if type_sets is not None else None
        if expanded is None:
            unexpanded = name
        else:
            dtypes.extend(expanded)
    return tuple(dict.fromkeys(dtypes)), unexpanded


def find_protos(text: str, path: str, op_type: str | None = None, type_sets: TypeSets | None = None) -> list[Proto]:
    """Every REG_OP in a header (or only `op_type`); named sets are expanded through `type_sets`."""
    clean = _blank_comments(text)
    protos = []
    for match in _REG.finditer(clean):
        name = match.group(1)
        if op_type is not None and name != op_type:
            continue
        protos.append(_proto(name, match.group(2), path, clean.count("\n", 0, match.start()) + 1, type_sets))
    return protos


def _proto(name: str, body: str, path: str, line: int, type_sets: TypeSets | None) -> Proto:
    items = [(item.group(1).lower(), _balanced(body, item.end())) for item in _ITEM.finditer(body)]
    # `.INPUT(x1, "T")` names a symbol that `.DATATYPE(T, TensorType(...))` defines, usually after the ports.
    symbols = {}
    for kind, inner in items:
        if kind == "datatype":
            head, _, rest = inner.partition(",")
            symbols[head.strip()] = _type_list(rest, type_sets)
    params = []
    for kind, inner in items:
        head, _, rest = inner.partition(",")
        rest = rest.strip()
        if kind == "datatype":
            continue
        if kind in ("attr", "required_attr"):
            attr_type, _, default = rest.partition(",")
            params.append(
                ProtoParam(name=head.strip(), role=kind, dtypes=(), type_set=None, attr_type=attr_type.strip() or None,
                           default=default.strip() or None)
            )
            continue
        symbol = _SYMBOL.match(rest)
        if symbol is not None:
            dtypes, unexpanded = symbols.get(symbol.group(1), ((), f'"{symbol.group(1)}" (no DATATYPE)'))
        else:
            dtypes, unexpanded = _type_list(rest, type_sets)
        params.append(ProtoParam(name=head.strip(), role=kind, dtypes=dtypes, type_set=unexpanded))
    return Proto(op_type=name, path=path, line=line, params=tuple(params))
