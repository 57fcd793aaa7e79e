"""One spelling per dtype across REG_OP (DT_FLOAT), op-info ("float"), AI CPU configs and TBE ("float32")."""

from __future__ import annotations

_PROTO = {
    "DT_FLOAT": "float32",
    "DT_FLOAT16": "float16",
    "DT_BF16": "bfloat16",
    "DT_DOUBLE": "float64",
    "DT_BOOL": "bool",
}
_SPELLINGS = {
    "float": "float32",
    "half": "float16",
    "bf16": "bfloat16",
    "double": "float64",
    "fp16": "float16",
    "fp32": "float32",
    "fp64": "float64",
}
# The order rows take in capability tables: floats, signed, unsigned, bool, then the rest by name.
ORDER = (
    "float16", "bfloat16", "float32", "float64", "int4", "int8", "int16", "int32", "int64",
    "uint1", "uint8", "uint16", "uint32", "uint64", "bool", "complex32", "complex64", "complex128",
)


def proto_dtype(token: str) -> str:
    """DT_INT32 -> int32, DT_FLOAT -> float32, DT_DOUBLE -> float64."""
    token = token.strip()
    return _PROTO.get(token, canonical(token[3:]) if token.startswith("DT_") else canonical(token))


def opinfo_dtype(token: str) -> str:
    """float -> float32, double -> float64, bfloat16 stays."""
    return canonical(token)


def canonical(token: str) -> str:
    """Any spelling the sources use -> the one name the reports use."""
    token = token.strip().lower()
    return _SPELLINGS.get(token, token)


def dtype_sort_key(dtype: str) -> tuple:
    return (ORDER.index(dtype), "") if dtype in ORDER else (len(ORDER), dtype)
