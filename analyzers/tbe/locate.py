"""Find an operator's implementation files (dynamic first, then static) in a CANN install or the open source tree."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.tbe.registration import camel_case, snake_case

# Relative to a CANN install ($ASCEND_HOME_PATH), to its opp folder ($ASCEND_OPP_PATH) and to the open tree.
IMPL_BASES = ("opp/built-in/op_impl/ai_core/tbe/impl", "built-in/op_impl/ai_core/tbe/impl", "ops/built-in/tbe/impl", "built-in/tbe/impl")
# The dynamic implementation is what a dynamicShapeSupport op-info points to; it comes first.
_IMPL_SUBDIRS = (("dynamic", "dynamic"), ("ops_legacy/dynamic", "dynamic"), ("ops_legacy", "static"), (".", "static"))


@dataclass(frozen=True)
class Located:
    """What was found for one operator, and every place that was searched."""

    op_name: str
    op_type: str
    impl_files: tuple[Path, ...]
    roles: tuple[str, ...]  # "dynamic" | "static", one per impl file
    missing_impl: tuple[Path, ...]  # candidates in layout folders that exist, without the file
    searched: tuple[str, ...]


def names_of(op: str) -> tuple[str, str]:
    """(snake_case file stem, CamelCase op type) for either spelling."""
    if "_" in op or op.islower():
        return op.lower(), camel_case(op.lower())
    return snake_case(op), op


def locate(op: str, roots: list[Path], op_files: tuple[str, ...] = ()) -> Located:
    """op_files: module names the op-info gives for the op (opFile.value), tried before the derived snake_case name."""
    stem, op_type = names_of(op)
    stems = list(dict.fromkeys([*op_files, stem]))
    impl, roles, searched, missing = [], [], [], []
    for root in roots:
        for base in IMPL_BASES:
            for sub, role in _IMPL_SUBDIRS:
                folder = root / base / sub if sub != "." else root / base
                candidates = [folder / f"{name}.py" for name in stems]
                searched += [str(c) for c in candidates]
                found = next((c for c in candidates if c.is_file()), None)
                if found is not None and found not in impl:
                    impl.append(found)
                    roles.append(role)
                elif found is None and folder.is_dir():
                    missing += candidates
    return Located(op_name=stem, op_type=op_type, impl_files=tuple(impl), roles=tuple(roles), missing_impl=tuple(missing),
                   searched=tuple(searched))


_VERSION_MACRO = re.compile(r'#define\s+(?:OPP|CANN)_VERSION_STR\s+"([^"]+)"')
_VERSION_HEADERS = ("include/version/opp_version.h", "*-linux/include/version/opp_version.h",
                    "include/version/cann_version.h", "*-linux/include/version/cann_version.h")


def install_version(roots: list[Path]) -> str | None:
    """"8.1.RC1 (opp 7.7.0.1.238)" from opp/version.info of the first root that has one; else "8.1.RC1" from the
    version header of the toolkit (include/version/opp_version.h), which partial copies keep."""
    for root in roots:
        for candidate in (root / "opp" / "version.info", root / "version.info"):
            try:
                lines = candidate.read_text(encoding="utf-8", errors="replace").splitlines()
            except OSError:
                continue
            fields = dict(line.split("=", 1) for line in lines if "=" in line)
            version, folder = fields.get("Version"), fields.get("version_dir")
            if version or folder:
                return f"{folder or '?'} (opp {version or '?'})"
    for root in roots:
        for pattern in _VERSION_HEADERS:
            for header in sorted(root.glob(pattern)):
                try:
                    match = _VERSION_MACRO.search(header.read_text(encoding="utf-8", errors="replace"))
                except OSError:
                    continue
                if match:
                    return match.group(1)
    return None
