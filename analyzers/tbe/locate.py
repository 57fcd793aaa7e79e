"""Find an operator's TBE sources, REG_OP header and op-info files in a CANN install or the open source tree."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.tbe.registration import camel_case, snake_case

# Relative to a CANN install ($ASCEND_HOME_PATH), to its opp folder ($ASCEND_OPP_PATH) and to the open tree.
_IMPL_BASES = ("opp/built-in/op_impl/ai_core/tbe/impl", "built-in/op_impl/ai_core/tbe/impl", "ops/built-in/tbe/impl", "built-in/tbe/impl")
_IMPL_SUBDIRS = ("dynamic", "ops_legacy/dynamic", "ops_legacy", ".")
_PROTO_DIRS = (
    "opp/built-in/op_proto/inc",
    "opp/built-in/op_graph/inc",
    "built-in/op_proto/inc",
    "built-in/op_graph/inc",
    "ops/built-in/op_proto/inc",
)
_OPINFO_GLOBS = (
    "opp/built-in/op_impl/ai_core/tbe/config/*/aic-*-ops-info*.json",
    "built-in/op_impl/ai_core/tbe/config/*/aic-*-ops-info*.json",
    "opp/built-in/op_impl/ai_core/tbe/op_info_cfg/ai_core/*/aic-*-ops-info*.ini",
    "opp/op_info_cfg/ai_core/*/aic-*-ops-info*.ini",
    "ops/built-in/tbe/op_info_cfg/ai_core/*/aic-*-ops-info*.ini",
    "built-in/tbe/op_info_cfg/ai_core/*/aic-*-ops-info*.ini",
)


@dataclass(frozen=True)
class Located:
    """What was found for one operator, and every place that was searched."""

    op_name: str
    op_type: str
    impl_files: tuple[Path, ...]
    missing_impl: tuple[Path, ...]  # candidates in layout folders that exist, without the file
    proto_files: tuple[Path, ...]
    opinfo_files: tuple[Path, ...]
    searched: tuple[str, ...]


def names_of(op: str) -> tuple[str, str]:
    """(snake_case file stem, CamelCase op type) for either spelling."""
    if "_" in op or op.islower():
        return op.lower(), camel_case(op.lower())
    return snake_case(op), op


def locate(op: str, roots: list[Path]) -> Located:
    stem, op_type = names_of(op)
    impl, searched, missing = [], [], []
    for root in roots:
        for base in _IMPL_BASES:
            for sub in _IMPL_SUBDIRS:
                candidate = root / base / sub / f"{stem}.py" if sub != "." else root / base / f"{stem}.py"
                searched.append(str(candidate))
                if candidate.is_file() and candidate not in impl:
                    impl.append(candidate)
                elif candidate.parent.is_dir() and not candidate.is_file():
                    missing.append(candidate)
    return Located(
        op_name=stem,
        op_type=op_type,
        impl_files=tuple(impl),
        missing_impl=tuple(missing),
        proto_files=tuple(find_proto_files(op_type, roots)),
        opinfo_files=tuple(find_opinfo_files(roots)),
        searched=tuple(searched),
    )


def find_proto_files(op_type: str, roots: list[Path]) -> list[Path]:
    """Headers that contain REG_OP(op_type)."""
    pattern = re.compile(rf"REG_OP\(\s*{re.escape(op_type)}\s*\)")
    found = []
    for root in roots:
        for directory in _PROTO_DIRS:
            folder = root / directory
            if not folder.is_dir():
                continue
            for header in sorted(folder.rglob("*.h")):
                try:
                    if pattern.search(header.read_text(encoding="utf-8", errors="replace")):
                        found.append(header)
                except OSError:
                    continue
    return found


def find_opinfo_files(roots: list[Path]) -> list[Path]:
    found = []
    for root in roots:
        for pattern in _OPINFO_GLOBS:
            found.extend(sorted(root.glob(pattern)))
    return found
