"""Alias resolution: which module each local name of a TBE file stands for, and which calls are DSL calls."""

from __future__ import annotations

import functools
import warnings
from dataclasses import dataclass

import astroid
from astroid import nodes

from op_migrate.analyzers import catalog

# Every spelling of the DSL module seen in the operator tree; longest first so that
# "tbe.dsl.api.build" resolves to "build", not to "api.build".
DSL_MODULES = (
    "impl.util.platform_adapter.tbe.dsl",
    "impl.util.platform_adapter.tbe",
    "te.lang.cce.te_compute",
    "tbe.dsl.api",
    "tbe.dsl",
    "te.lang.cce",
    "te.lang.dynamic",
    "te.lang.base.shape_classifier",
    "te.lang.base",
    "te.platform.shape_classifier",
    "te.op",
)
# platform_adapter re-exports a few framework calls of the DSL under their own names.
ADAPTER_DSL = {"classify", "var", "var_attr", "build", "auto_schedule"}
ADAPTER = "impl.util.platform_adapter"
TIK_MODULES = ("te.tik", "tbe.tik", "impl.util.platform_adapter.tik", "tik")


@dataclass(frozen=True)
class ImportScope:
    """Local name -> dotted module path it was bound to by an import statement."""

    aliases: dict

    def qualify(self, node: nodes.NodeNG) -> str | None:
        """The dotted path an expression like `tbe.vmod` or `vmul` denotes, or None for local values."""
        if isinstance(node, nodes.Name):
            return self.aliases.get(node.name)
        if isinstance(node, nodes.Attribute):
            base = self.qualify(node.expr)
            return f"{base}.{node.attrname}" if base else None
        return None

    def dsl_name(self, func: nodes.NodeNG) -> tuple[str, str] | None:
        """(DSL function name, qualified path) when `func` is a DSL function, else None."""
        qualified = self.qualify(func)
        if qualified is None:
            return None
        return dsl_name_of(qualified)

    def imports_tik(self) -> bool:
        return any(path in TIK_MODULES or path.endswith(".tik") for path in self.aliases.values())


# Modules of the DSL imported by path (`from tbe.dsl.compute.conv_compute import conv`): a function defined there is
# a DSL call when the DSL -> Ascend C catalog names it (conv, max_pool_grad ...); its other functions and classes
# are the DSL's internals, helpers of the operator (analyzers.tbe.call_site.is_external_helper).
DSL_INTERNAL_PACKAGES = ("tbe.dsl.compute.", "te.lang.cce.te_compute.")


@functools.lru_cache(maxsize=1)
def _catalogued() -> frozenset:
    return frozenset(catalog.load("dsl_map")["calls"])


def dsl_name_of(qualified: str) -> tuple[str, str] | None:
    """Split a qualified path into the DSL function name when it lies directly under a DSL module."""
    for module in DSL_MODULES:
        prefix = module + "."
        if qualified.startswith(prefix) and "." not in qualified[len(prefix):]:
            return (qualified[len(prefix):], qualified) if qualified[len(prefix):] else None
    for package in DSL_INTERNAL_PACKAGES:
        if qualified.startswith(package):
            name = qualified.rsplit(".", 1)[1]
            return (name, qualified) if name in _catalogued() else None
    if qualified.startswith(ADAPTER + "."):
        rest = qualified[len(ADAPTER) + 1:]
        if rest in ADAPTER_DSL:
            return rest, qualified
    return None


def _absolute(module: str | None, level: int | None, package: str = "impl") -> str:
    """A relative import inside the operator tree, from the file's own package (impl.dynamic for impl/dynamic/x.py)."""
    module = module or ""
    if level:
        parts = package.split(".")
        base = ".".join(parts[: max(len(parts) - level + 1, 1)])
        return f"{base}.{module}" if module else base
    return module


def package_of(path: str) -> str:
    """impl/dynamic/x.py -> impl.dynamic; a file outside an impl/ folder is taken to be in impl."""
    parts = path.replace("\\", "/").split("/")[:-1]
    if "impl" in parts:
        return ".".join(parts[len(parts) - 1 - parts[::-1].index("impl"):])
    return "impl"


def collect_imports(tree: nodes.Module, index=None, package: str = "impl") -> ImportScope:
    """Read every import statement of the module (function-level ones too: TBE files import inside functions)."""
    aliases: dict[str, str] = {}
    found = index.of((nodes.Import, nodes.ImportFrom)) if index is not None else tree.nodes_of_class((nodes.Import, nodes.ImportFrom))
    for node in found:
        if isinstance(node, nodes.Import):
            for name, alias in node.names:
                if alias:
                    aliases[alias] = name
                else:
                    root = name.split(".")[0]
                    aliases[root] = root
        else:
            base = _absolute(node.modname, node.level, package)
            for name, alias in node.names:
                if name == "*":
                    continue
                aliases[alias or name] = f"{base}.{name}" if base else name
    # A module-level rebinding (`tbe = something_else`) shadows the import; calls through it are not the DSL.
    for statement in tree.body:
        if isinstance(statement, nodes.Assign):
            for target in statement.targets:
                if isinstance(target, nodes.AssignName):
                    aliases.pop(target.name, None)
    return ImportScope(aliases=aliases)


def parse_source(text: str, path: str) -> nodes.Module:
    """Build the astroid tree without importing or running anything.

    Brain transforms are off: they only help inference, which the analysis never uses. Python's SyntaxWarnings
    (invalid escape sequences in docstrings, common in the operator tree) stay warnings of the analysed code,
    never errors of the analysis, whatever the caller's warning filters say.
    """
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        return astroid.parse(text, module_name="tbe_source", path=path, apply_transforms=False)
