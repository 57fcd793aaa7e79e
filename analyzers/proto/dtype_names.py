"""One spelling per dtype across REG_OP (DT_FLOAT), op-info ("float") and TBE ("float32")."""

from __future__ import annotations

_PROTO = {
    "DT_FLOAT": "float32",
    "DT_FLOAT16": "float16",
    "DT_BF16": "bfloat16",
    "DT_DOUBLE": "double",
    "DT_BOOL": "bool",
    "DT_COMPLEX64": "complex64",
    "DT_COMPLEX128": "complex128",
}
_OPINFO = {"float": "float32", "half": "float16", "bf16": "bfloat16", "float64": "double", "fp16": "float16", "fp32": "float32"}


def proto_dtype(token: str) -> str:
    """DT_INT32 -> int32, DT_FLOAT -> float32."""
    return _PROTO.get(token, token[3:].lower() if token.startswith("DT_") else token.lower())


def opinfo_dtype(token: str) -> str:
    """float -> float32, bfloat16 stays."""
    token = token.strip().lower()
    return _OPINFO.get(token, token)
