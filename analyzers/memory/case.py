"""Cases: concrete shapes and dtypes per entry parameter, parsed from `name=[d0,d1]:dtype,...` or a file."""

from __future__ import annotations

import functools
import json
import math
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers import catalog
from op_migrate.analyzers.model import JsonModel

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on Python 3.10
    import tomli as tomllib

_ITEM = re.compile(r"\s*([A-Za-z_][A-Za-z0-9_]*)\s*=\s*\[([^\]]*)\]\s*(?::\s*([A-Za-z0-9_]+))?\s*")


# ACLNN in-place entries name their tensor selfRef; a case written for the out-of-place entry says self.
_INPLACE_PARTNERS = {"selfRef": "self", "self": "selfRef"}


class CaseError(ValueError):
    """A case text or file that cannot be read; the message says where and why."""


@dataclass(frozen=True)
class TensorCase(JsonModel):
    """One parameter's concrete shape and dtype (dtype None when the case does not say)."""

    name: str
    shape: tuple[int, ...]
    dtype: str | None = None

    @property
    def count(self) -> int:
        return math.prod(self.shape)


@dataclass(frozen=True)
class Case(JsonModel):
    """Concrete shapes and dtypes for an entry point's tensor parameters, plus an optional label."""

    tensors: tuple[TensorCase, ...]
    label: str = ""

    def get(self, name: str) -> TensorCase | None:
        """The named tensor; an in-place entry's `selfRef` and `self` stand for each other when only one is given."""
        for tensor in self.tensors:
            if tensor.name == name:
                return tensor
        partner = _INPLACE_PARTNERS.get(name)
        if partner is not None:
            for tensor in self.tensors:
                if tensor.name == partner:
                    return tensor
        return None

    @functools.cached_property
    def _text(self) -> str:
        return ",".join(
            f"{t.name}=[{','.join(str(d) for d in t.shape)}]" + (f":{t.dtype}" if t.dtype else "") for t in self.tensors
        )

    def text(self) -> str:
        """The case in the `name=[dims]:dtype,...` form it is parsed from."""
        return self._text


def dtype_bytes(dtype: str) -> int | None:
    """Storage bytes of one element for a dtype name, alias or DT_/ACL_ spelling; None when unknown or sub-byte."""
    info = dtype_info(dtype)
    if info is None or not info.get("bytes"):
        return None
    return int(info["bytes"])


def dtype_bits(dtype: str) -> int | None:
    """Bits of one element (4 for int4); None when the dtype is unknown."""
    info = dtype_info(dtype)
    if info is None:
        return None
    return int(info.get("bits") or 8 * info["bytes"])


@functools.lru_cache(maxsize=512)
def canonical_dtype(dtype: str) -> str | None:
    """The platforms.toml name for any spelling of a dtype."""
    key = dtype.strip()
    for prefix in ("op::DataType::", "DataType::", "ge::"):
        if key.startswith(prefix):
            key = key[len(prefix):]
    table = catalog.load("platforms").get("dtype", {})
    for name, info in table.items():
        spellings = {name, info.get("dt", ""), info.get("acl", ""), *info.get("aliases", ())}
        if key in spellings or key.lower() == name:
            return name
    return None


def dtype_info(dtype: str) -> dict | None:
    name = canonical_dtype(dtype)
    return None if name is None else catalog.load("platforms")["dtype"][name]


def parse_case(text: str, label: str = "") -> Case:
    """Parse `self=[1024,1,64]:float16,other=[1,4096,64]:float16`; `[]` is a rank-0 tensor."""
    tensors: list[TensorCase] = []
    position = 0
    text = text.strip()
    while position < len(text):
        match = _ITEM.match(text, position)
        if match is None:
            raise CaseError(f"case {text!r}: expected NAME=[dims]:dtype at column {position + 1}")
        name, dims_text, dtype = match.groups()
        dims = _parse_dims(dims_text, text)
        if dtype is not None and canonical_dtype(dtype) is None:
            raise CaseError(f"case {text!r}: unknown dtype {dtype!r} for {name}")
        if any(t.name == name for t in tensors):
            raise CaseError(f"case {text!r}: {name} is given twice")
        tensors.append(TensorCase(name, dims, canonical_dtype(dtype) if dtype else None))
        position = match.end()
        if position < len(text):
            if text[position] != ",":
                raise CaseError(f"case {text!r}: expected ',' at column {position + 1}")
            position += 1
    if not tensors:
        raise CaseError("empty case")
    return Case(tuple(tensors), label)


def _parse_dims(dims_text: str, whole: str) -> tuple[int, ...]:
    dims = []
    for item in dims_text.split(","):
        item = item.strip()
        if not item:
            continue
        if not item.isdigit():
            raise CaseError(f"case {whole!r}: dimension {item!r} is not a non-negative integer")
        dims.append(int(item))
    return tuple(dims)


def load_cases(path: Path) -> tuple[Case, ...]:
    """Read cases from TOML (`[[case]]` tables with `text` and optional `label`) or a JSON list.

    JSON items are case texts or objects {"label": ..., "case": "self=[..]:dtype,..."} or
    {"label": ..., "tensors": {"self": {"shape": [..], "dtype": ".."}}}.
    """
    raw = path.read_text(encoding="utf-8")
    try:
        if path.suffix == ".toml":
            items = tomllib.loads(raw).get("case", [])
        else:
            items = json.loads(raw)
    except (ValueError, tomllib.TOMLDecodeError) as error:
        raise CaseError(f"{path}: {error}") from error
    if not isinstance(items, list):
        raise CaseError(f"{path}: expected a list of cases")
    return tuple(_case_from_item(item, path, index) for index, item in enumerate(items, 1))


def _case_from_item(item, path: Path, index: int) -> Case:
    if isinstance(item, str):
        return parse_case(item, label=f"#{index}")
    if not isinstance(item, dict):
        raise CaseError(f"{path}: case #{index} is neither a text nor a table")
    label = str(item.get("label", f"#{index}"))
    text = item.get("case", item.get("text"))
    if isinstance(text, str):
        return parse_case(text, label=label)
    tensors = item.get("tensors")
    if isinstance(tensors, dict):
        built = []
        for name, spec in tensors.items():
            dtype = spec.get("dtype")
            if dtype is not None and canonical_dtype(dtype) is None:
                raise CaseError(f"{path}: case {label}: unknown dtype {dtype!r}")
            built.append(TensorCase(name, tuple(int(d) for d in spec.get("shape", ())), canonical_dtype(dtype) if dtype else None))
        return Case(tuple(built), label)
    raise CaseError(f"{path}: case #{index} has no 'case' text and no 'tensors' table")


def broadcast_shape(*shapes: tuple[int, ...]) -> tuple[int, ...] | None:
    """NumPy/ACLNN broadcasting of right-aligned shapes; None when they do not broadcast."""
    rank = max((len(s) for s in shapes), default=0)
    out = []
    for axis in range(rank):
        dims = {s[len(s) - rank + axis] for s in shapes if len(s) - rank + axis >= 0}
        non_one = dims - {1}
        if len(non_one) > 1:
            return None
        out.append(non_one.pop() if non_one else (1 if dims else 1))
    return tuple(out)
