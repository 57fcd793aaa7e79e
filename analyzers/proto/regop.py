"""REG_OP headers -> Proto: the .INPUT/.OUTPUT/.ATTR chain between REG_OP(Name) and OP_END_FACTORY_REG(Name)."""

from __future__ import annotations

import re

from op_migrate.analyzers.proto.dtype_names import proto_dtype
from op_migrate.analyzers.proto.model import Proto, ProtoParam

_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_REG = re.compile(r"REG_OP\(\s*(\w+)\s*\)(.*?)OP_END_FACTORY_REG\(\s*\w+\s*\)", re.S)
_ITEM = re.compile(r"\.\s*(INPUT|OPTIONAL_INPUT|DYNAMIC_INPUT|OUTPUT|DYNAMIC_OUTPUT|ATTR|REQUIRED_ATTR)\s*\(")
_DT = re.compile(r"\bDT_\w+")
_NAMED = re.compile(r"TensorType::(\w+)\s*\(")


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


def find_protos(text: str, path: str, op_type: str | None = None) -> list[Proto]:
    """Every REG_OP in a header (or only `op_type`)."""
    clean = _blank_comments(text)
    protos = []
    for match in _REG.finditer(clean):
        name = match.group(1)
        if op_type is not None and name != op_type:
            continue
        body = match.group(2)
        params = []
        for item in _ITEM.finditer(body):
            inner = _balanced(body, item.end())
            kind = item.group(1).lower()
            head, _, rest = inner.partition(",")
            rest = rest.strip()
            if kind in ("attr", "required_attr"):
                attr_type, _, default = rest.partition(",")
                params.append(
                    ProtoParam(
                        name=head.strip(),
                        role=kind,
                        dtypes=(),
                        type_set=None,
                        attr_type=attr_type.strip() or None,
                        default=default.strip() or None,
                    )
                )
                continue
            named = _NAMED.search(rest)
            dtypes = tuple(dict.fromkeys(proto_dtype(token) for token in _DT.findall(rest)))
            params.append(
                ProtoParam(name=head.strip(), role=kind, dtypes=dtypes, type_set=named.group(1) if named else None)
            )
        line = clean.count("\n", 0, match.start()) + 1
        protos.append(Proto(op_type=name, path=path, line=line, params=tuple(params)))
    return protos
