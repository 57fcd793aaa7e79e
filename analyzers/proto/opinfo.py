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
    for key in sorted(sections, key=_port_order):
        value = sections[key]
        if _PARAM.match(key) and isinstance(value, dict):
            dtypes = tuple(opinfo_dtype(t) for t in str(value.get("dtype", "")).split(",") if t.strip())
            formats = _formats(value)
            params.append(
                OpInfoParam(index=key, name=str(value.get("name", key)), param_type=value.get("paramType"), dtypes=dtypes,
                            formats=formats, declared="dtype" in value)
            )
        elif isinstance(value, dict):
            for sub, sub_value in value.items():
                flags[f"{key}.{sub}"] = sub_value
    return OpInfo(op_type=op_type, soc=soc, path=path, params=tuple(params), flags=flags)


def _formats(value: dict) -> tuple:
    """The format of each column: `format`, where it says NULL (a column with no static-shape format: BNInfer's
    NCHW / NHWC) the `unknownshape_format` entry of the same column; `unknownshape_format` alone where there is no
    `format`."""
    static = [f.strip() for f in str(value.get("format") or "").split(",") if f.strip()]
    dynamic = [f.strip() for f in str(value.get("unknownshape_format") or "").split(",") if f.strip()]
    if not static:
        return tuple(dynamic)
    if len(dynamic) == len(static):
        return tuple(d if s.upper() == "NULL" else s for s, d in zip(static, dynamic))
    return tuple(static)


def _port_order(key: str) -> tuple:
    match = _PARAM.match(key)
    if match is None:
        return (2, 0, key)
    return (0 if key.startswith("input") else 1, int(key[len(match.group(1)):]), key)


def read_json(text: str, path: str, op_type: str) -> OpInfo | None:
    entries = read_json_entries(text)
    if op_type not in entries or not isinstance(entries[op_type], dict):
        return None
    return _entry(op_type, soc_of(path), path, entries[op_type])


def read_json_entries(text: str) -> dict:
    """Op type -> its raw entry, for every op of a JSON op-info file."""
    try:
        document = json.loads(text)
    except ValueError as error:
        raise OpInfoError(str(error)) from error
    if not isinstance(document, dict):
        raise OpInfoError("the top level is not an object")
    return document


def entry_of(op_type: str, path: str, raw: dict) -> OpInfo:
    """An OpInfo from one raw entry of a JSON file read with read_json_entries."""
    return _entry(op_type, soc_of(path), path, raw)


def read_ini_entries(text: str) -> dict:
    """Op type -> its raw entry ({"input0": {"name": ...}, ...}), for every section of an .ini op-info file."""
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str  # keys are case-sensitive (paramType)
    try:
        parser.read_string(text)
    except configparser.Error as error:
        raise OpInfoError(str(error).splitlines()[0]) from error
    entries = {}
    for op_type in parser.sections():
        sections: dict[str, dict] = {}
        for key, value in parser.items(op_type):
            head, _, sub = key.partition(".")
            sections.setdefault(head, {})[sub or "value"] = value
        entries[op_type] = sections
    return entries


def read_ini(text: str, path: str, op_type: str) -> OpInfo | None:
    entries = read_ini_entries(text)
    return _entry(op_type, soc_of(path), path, entries[op_type]) if op_type in entries else None
