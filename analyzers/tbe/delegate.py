"""Operators whose entry hands all the work to a helper class of another module (`Scatter(var, ...).scatter_operator()`).

The file itself makes no DSL call and creates no tik.Tik(); what it is depends on the helper's module, which is
read (with the standard `ast`, never imported) from the operator tree the file lives in: impl.<a>.<b> is
<impl>/<a>/<b>.py, and platform_adapter's re-exports are followed to the module that defines the class.
"""

from __future__ import annotations

import ast
import functools
from dataclasses import dataclass
from pathlib import Path

from astroid import nodes

from op_migrate.analyzers.tbe.call_site import is_class_name, is_operator_tree_helper
from op_migrate.analyzers.tbe.imports import ImportScope

_HOPS = 3
_MAX_BYTES = 2_000_000
# A module that schedules and builds DSL computes calls one of these.
_DSL_SCHEDULES = {"auto_schedule", "cce_build_code"}


@dataclass(frozen=True)
class Delegate:
    """The helper class an entry builds, where it was found, and what its module does."""

    name: str  # as the file imports it, e.g. impl.util.platform_adapter.Scatter
    line: int
    module: str | None  # the file defining the class, relative to the impl folder; None when not found
    kind: str  # "tik" | "dsl" | "unknown"
    reason: str

    def to_json(self) -> dict:
        return {"name": self.name, "line": self.line, "module": self.module, "kind": self.kind, "reason": self.reason}


def find_delegate(entry: nodes.FunctionDef | None, scope: ImportScope, path: str) -> Delegate | None:
    """The first helper class of the operator tree the entry constructs, with what its module does."""
    if entry is None:
        return None
    for call in entry.nodes_of_class(nodes.Call):
        qualified = scope.qualify(call.func)
        if qualified is None or not is_operator_tree_helper(qualified) or not is_class_name(qualified):
            continue
        impl = _impl_root(Path(path))
        if impl is None:
            return Delegate(qualified, call.lineno, None, "unknown",
                            f"{qualified} is defined in another module, and the file is not inside an impl/ tree to find it")
        found = _defining_module(impl, qualified)
        if found is None:
            return Delegate(qualified, call.lineno, None, "unknown", f"no module under {impl} defines {qualified}")
        module, kind = found
        shown = module.relative_to(impl.parent).as_posix()
        what = {"tik": "creates tik.Tik()", "dsl": "makes DSL calls", "unknown": "neither creates tik.Tik() nor makes DSL calls"}
        return Delegate(qualified, call.lineno, shown, kind, f"{qualified.rsplit('.', 1)[1]} ({shown}) {what[kind]}")
    return None


def _impl_root(path: Path) -> Path | None:
    for parent in path.resolve().parents:
        if parent.name == "impl":
            return parent
    return None


def _defining_module(impl: Path, qualified: str) -> tuple[Path, str] | None:
    """(the module file that defines the class, its kind), following `from x import Name` re-exports."""
    module, name = qualified.rsplit(".", 1)
    for _ in range(_HOPS):
        parts = module.split(".")
        if parts[0] != "impl":
            return None
        candidate = impl.joinpath(*parts[1:]).with_suffix(".py")
        summary = _summary(str(candidate), ".".join(parts[:-1]))
        if summary is None:
            return None
        classes, imported, kind = summary
        if name in classes:
            return candidate, kind
        if name not in imported:
            return None
        module = imported[name]
    return None


@functools.lru_cache(maxsize=256)
def _summary(path: str, package: str) -> tuple[frozenset, dict, str] | None:
    """(classes it defines, imported name -> module, "tik" | "dsl" | "unknown") of a module of `package`
    (impl.util.compute); None if unreadable."""
    try:
        data = Path(path).read_bytes()
        if len(data) > _MAX_BYTES:
            return None
        tree = ast.parse(data)
    except (OSError, SyntaxError, ValueError, RecursionError):
        return None
    classes = frozenset(node.name for node in tree.body if isinstance(node, ast.ClassDef))
    imported = {}
    tik = dsl = False
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and (node.module or node.level):
            base = node.module or ""
            if node.level:
                above = package.split(".")[: max(len(package.split(".")) - node.level + 1, 1)]
                base = ".".join([*above, *([node.module] if node.module else [])])
            for alias in node.names:
                imported[alias.asname or alias.name] = base
        elif isinstance(node, ast.Call):
            called = node.func.attr if isinstance(node.func, ast.Attribute) else getattr(node.func, "id", "")
            tik |= called == "Tik"
            dsl |= called in _DSL_SCHEDULES
    return classes, imported, "tik" if tik else ("dsl" if dsl else "unknown")
