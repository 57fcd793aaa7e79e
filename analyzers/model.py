"""The JSON side of every frozen model: dataclasses, tuples, enums and paths become plain JSON values."""

from __future__ import annotations

import dataclasses
import enum
from pathlib import PurePath
from typing import Any


def to_jsonable(value: Any) -> Any:
    """Convert a model value to JSON-compatible Python (dicts keep field order)."""
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        if hasattr(value, "to_json") and type(value).to_json is not JsonModel.to_json:
            return value.to_json()
        return {f.name: to_jsonable(getattr(value, f.name)) for f in dataclasses.fields(value) if f.repr}
    if isinstance(value, enum.Enum):
        return value.value
    if isinstance(value, PurePath):
        return value.as_posix()
    if isinstance(value, dict):
        return {str(k): to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [to_jsonable(v) for v in value]
        return sorted(items, key=repr) if isinstance(value, (set, frozenset)) else items
    return value


class JsonModel:
    """Mixin for frozen dataclasses: `to_json()` gives the plain-JSON form; SCHEMA, when set, is stamped on top."""

    SCHEMA: str | None = None

    def to_json(self) -> dict:
        document = {f.name: to_jsonable(getattr(self, f.name)) for f in dataclasses.fields(self) if f.repr}
        if self.SCHEMA:
            document = {"schema": self.SCHEMA, **document}
        return document
