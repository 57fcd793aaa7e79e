"""Python modules of the operator tree the trace reads: the operator file and the helpers it imports (impl.util.*)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from astroid import nodes
from astroid.exceptions import AstroidBuildingError, AstroidSyntaxError

from op_migrate.analyzers.tbe.imports import ImportScope, collect_imports, parse_source
from op_migrate.analyzers.tbe.locate import IMPL_BASES

# Modules the trace models by name instead of reading them: the framework the operators are written against.
FRAMEWORK_PREFIXES = ("impl.util.platform_adapter", "te.", "tbe.", "tvm", "te", "tbe")


@dataclass
class ModuleCtx:
    """One parsed module: its tree, imports, and the globals its top level defines once interpreted."""

    name: str
    path: str
    tree: nodes.Module
    scope: ImportScope
    functions: dict
    classes: dict
    globals: dict = field(default_factory=dict)
    loaded: bool = False


class ModuleLoader:
    """Finds and parses `impl.*` modules under the install's impl folders (each parsed once)."""

    def __init__(self, roots: list[Path]) -> None:
        self.impl_dirs = [root / base for root in roots for base in IMPL_BASES if (root / base).is_dir()]
        self._cache: dict[str, ModuleCtx | None] = {}

    def parse_file(self, path: Path, name: str) -> ModuleCtx:
        text = path.read_text(encoding="utf-8", errors="replace")
        tree = parse_source(text, str(path))
        functions = {n.name: n for n in tree.body if isinstance(n, nodes.FunctionDef)}
        classes = {n.name: n for n in tree.body if isinstance(n, nodes.ClassDef)}
        return ModuleCtx(name=name, path=str(path), tree=tree, scope=collect_imports(tree), functions=functions,
                         classes=classes)

    def module(self, dotted: str) -> ModuleCtx | None:
        """`impl.util.util_common` -> its parsed module, or None when no impl folder holds it."""
        if dotted in self._cache:
            return self._cache[dotted]
        found = None
        parts = dotted.split(".")
        if parts[0] == "impl" and len(parts) > 1:
            relative = Path(*parts[1:])
            for folder in self.impl_dirs:
                for candidate in (folder / relative.with_suffix(".py"), folder / relative / "__init__.py"):
                    if candidate.is_file():
                        try:
                            found = self.parse_file(candidate, dotted)
                        except (AstroidSyntaxError, AstroidBuildingError, OSError, RecursionError, ValueError):
                            found = None
                        break
                if found is not None:
                    break
        self._cache[dotted] = found
        return found


def is_framework(dotted: str) -> bool:
    return any(dotted == prefix.rstrip(".") or dotted.startswith(prefix if prefix.endswith(".") else prefix + ".")
               for prefix in FRAMEWORK_PREFIXES)
