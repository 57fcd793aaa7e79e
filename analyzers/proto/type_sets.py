"""Named TensorType sets (NumberType, IndexNumberType ...): read from graph/types.h of a tree, else the built-in table."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers import catalog
from op_migrate.analyzers.proto.dtype_names import proto_dtype

# `static TensorType IndexNumberType() { return TensorType{DT_INT32, DT_INT64}; }`
_SET = re.compile(r"static\s+TensorType\s+(\w+)\s*\(\s*\)\s*\{\s*return\s+TensorType\s*[{(]\s*\{?([^}]*)\}", re.S)
_DT = re.compile(r"\bDT_\w+")
# Where graph/types.h lives relative to a CANN install, its opp folder, or a toolkit version folder.
_HEADER_GLOBS = (
    "include/graph/types.h",
    "*-linux/include/graph/types.h",
    "compiler/include/graph/types.h",
    "../include/graph/types.h",
    "../*-linux/include/graph/types.h",
)


@dataclass(frozen=True)
class TypeSets:
    """Set name -> dtypes, and where the definitions came from."""

    sets: dict
    source: str

    def expand(self, name: str) -> tuple[str, ...] | None:
        return self.sets.get(name)


def read_type_sets(text: str) -> dict[str, tuple[str, ...]]:
    """Every `static TensorType Name() { return TensorType{DT_...}; }` of a header."""
    found = {}
    for match in _SET.finditer(text):
        dtypes = tuple(dict.fromkeys(proto_dtype(token) for token in _DT.findall(match.group(2))))
        if dtypes:
            found[match.group(1)] = dtypes
    return found


def builtin_type_sets() -> TypeSets:
    table = catalog.load("type_sets")
    sets = {name: tuple(entry["dtypes"]) for name, entry in table["sets"].items()}
    return TypeSets(sets=sets, source=f"built-in table analyzers/data/type_sets.toml ({table['source']['from']})")


def type_sets_toml(sets: dict[str, tuple[str, ...]], source: str) -> str:
    """The text of analyzers/data/type_sets.toml for sets read from `source` (the regeneration writes this)."""
    lines = [
        "# Named TensorType sets of the graph prototypes (TensorType::NumberType() ...) -> dtypes.",
        "# The fallback when the analysed tree has no graph/types.h (the open ops-math tree has none).",
        "# Regenerate: OP_MIGRATE_CANN_ROOT=<install> pytest tests/unit/analyzers/proto/test_type_sets.py --update-goldens",
        "",
        "[source]",
        f'from = "{source}"',
    ]
    for name, dtypes in sets.items():
        lines += ["", f"[sets.{name}]", "dtypes = [" + ", ".join(f'"{d}"' for d in dtypes) + "]"]
    return "\n".join(lines) + "\n"


def find_type_sets(roots: list[Path]) -> TypeSets:
    """The first graph/types.h under the roots that defines sets; the built-in table otherwise."""
    for root in roots:
        for pattern in _HEADER_GLOBS:
            for header in sorted(root.glob(pattern)):
                try:
                    sets = read_type_sets(header.read_text(encoding="utf-8", errors="replace"))
                except OSError:
                    continue
                if sets:
                    return TypeSets(sets=sets, source=str(header))
    return builtin_type_sets()
