"""License headers on every source file, nothing generated, no symlink leaving the op folder."""

from __future__ import annotations

import os
from pathlib import Path

from op_migrate.analyzers import catalog
from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.package.messages import MESSAGES

SOURCE_SUFFIXES = {".cpp", ".cc", ".cxx", ".c", ".h", ".hpp", ".hh", ".py", ".sh", ".cmake", ".asc"}
SOURCE_NAMES = {"CMakeLists.txt"}
GENERATED_DIRS = {"__pycache__": "Python bytecode cache", ".pytest_cache": "pytest cache", "build": "build output",
                  ".hypothesis": "hypothesis database", ".cpu-model-cache": "compiled test binaries"}
GENERATED_SUFFIXES = {".pyc": "Python bytecode", ".o": "object file", ".so": "shared library", ".a": "static library",
                      ".bin": "generated test data", ".egg-info": "packaging metadata", ".tmp": "temporary file"}


def license_lines() -> tuple[str, ...]:
    """The license text the repository's OAT check matches (the header minus its copyright line and comment marks)."""
    text = catalog.data_path("license_header.txt").read_text(encoding="utf-8")
    lines = [_strip_comment(line) for line in text.splitlines()]
    return tuple(line for line in lines if line and not line.lower().startswith("copyright"))


def _strip_comment(line: str) -> str:
    stripped = line.strip()
    for mark in ("/**", "*/", "*", "#", "//"):
        if stripped.startswith(mark):
            stripped = stripped[len(mark):].strip()
            break
    return stripped


def is_source(path: Path) -> bool:
    return path.suffix in SOURCE_SUFFIXES or path.name in SOURCE_NAMES


def check_license_headers(folder: Path) -> tuple[Finding, ...]:
    """Each source file must contain the license lines, in order, within its first 40 lines."""
    wanted = license_lines()
    findings = []
    for path in _walk(folder):
        if path.is_symlink() or not is_source(path):
            continue
        head = path.read_text(encoding="utf-8", errors="replace").splitlines()[:40]
        present = [_strip_comment(line) for line in head]
        if not _contains_in_order(present, wanted):
            findings.append(MESSAGES.make("missing-license-header", path=_rel(path, folder)))
    return tuple(findings)


def _contains_in_order(haystack: list[str], needles: tuple[str, ...]) -> bool:
    position = 0
    for line in haystack:
        if position < len(needles) and line == needles[position]:
            position += 1
    return position == len(needles)


def check_hygiene(folder: Path, installed: frozenset[str] = frozenset()) -> tuple[Finding, ...]:
    """Generated files and directories, and symlinks that resolve outside the folder.

    `installed` names files (relative to `folder`) that the installer itself wrote into an installed copy of the
    folder (pip's byte-code of the shipped tests): they belong to the installation, not to the operator, so they
    are no finding, and a cache directory holding nothing else is none either. They are never staged.
    """
    findings = []
    root = folder.resolve()
    for path in _walk(folder, include_dirs=True):
        relative = _rel(path, folder)
        if relative in installed:
            continue
        if path.is_symlink():
            target = Path(os.path.realpath(path))
            if root != target and root not in target.parents:
                findings.append(MESSAGES.make("symlink-outside", path=relative, target=str(target)))
            continue
        if path.is_dir() and path.name in GENERATED_DIRS:
            if not _only_installed(path, folder, installed):
                findings.append(MESSAGES.make("generated-file", path=relative, why=GENERATED_DIRS[path.name]))
        elif path.suffix in GENERATED_SUFFIXES:
            findings.append(MESSAGES.make("generated-file", path=relative, why=GENERATED_SUFFIXES[path.suffix]))
    return tuple(findings)


def _only_installed(directory: Path, folder: Path, installed: frozenset[str]) -> bool:
    entries = [p for p in directory.rglob("*") if not p.is_dir()]
    return bool(installed) and all(_rel(p, folder) in installed for p in entries)


def _walk(folder: Path, include_dirs: bool = False):
    # os.walk without following links: a link is reported, never entered.
    for current, dirs, files in os.walk(folder, followlinks=False):
        base = Path(current)
        for name in sorted(dirs):
            if include_dirs or (base / name).is_symlink():
                yield base / name
        for name in sorted(files):
            yield base / name


def _rel(path: Path, folder: Path) -> str:
    return path.relative_to(folder).as_posix()
