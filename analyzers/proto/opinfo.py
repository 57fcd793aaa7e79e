"""Op-info files -> OpInfo: the newer aic-<soc>-ops-info*.json and the older aic-<soc>-ops-info.ini."""

from __future__ import annotations

import configparser
import json
import re

from op_migrate.analyzers.proto.dtype_names import opinfo_dtype
from op_migrate.analyzers.proto.model import OpInfo, OpInfoParam

_PARAM = re.compile(r"^(input|output)\d+$")
_SOC = re.compile(r"aic-([A-Za-z0-9_]+?)-ops-info")


class OpInfoError(ValueError):
    """The file is not valid JSON / ini."""


def soc_of(path: str) -> str:
    match = _SOC.search(path.rsplit("/", 1)[-1])
    return match.group(1) if match else "unknown"


def _entry(op_type: str, soc: str, path: str, sections: dict) -> OpInfo:
    params = []
    flags = {}
    for key in sorted(sections, key=lambda k: (not k.startswith("input"), k)):
        value = sections[key]
        if _PARAM.match(key) and isinstance(value, dict):
            dtypes = tuple(opinfo_dtype(t) for t in str(value.get("dtype", "")).split(",") if t.strip())
            formats_text = value.get("format") or value.get("unknownshape_format") or ""
            formats = tuple(f.strip() for f in str(formats_text).split(",") if f.strip())
            params.append(
                OpInfoParam(index=key, name=str(value.get("name", key)), param_type=value.get("paramType"), dtypes=dtypes, formats=formats)
            )
        elif isinstance(value, dict):
            for sub, sub_value in value.items():
                flags[f"{key}.{sub}"] = sub_value
    return OpInfo(op_type=op_type, soc=soc, path=path, params=tuple(params), flags=flags)


def read_json(text: str, path: str, op_type: str) -> OpInfo | None:
    try:
        document = json.loads(text)
    except ValueError as error:
        raise OpInfoError(str(error)) from error
    if not isinstance(document, dict) or op_type not in document:
        return None
    return _entry(op_type, soc_of(path), path, document[op_type])


def read_ini(text: str, path: str, op_type: str) -> OpInfo | None:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # keys are case-sensitive (paramType)
    try:
        parser.read_string(text)
    except configparser.Error as error:
        raise OpInfoError(str(error).splitlines()[0]) from error
    if not parser.has_section(op_type):
        return None
    sections: dict[str, dict] = {}
    for key, value in parser.items(op_type):
        head, _, sub = key.partition(".")
        sections.setdefault(head, {})[sub or "value"] = value
    return _entry(op_type, soc_of(path), path, sections)
