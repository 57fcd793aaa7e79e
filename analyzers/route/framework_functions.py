"""Free functions the ACLNN framework declares (opbase's opdev headers): calls of them need no definition in reach.

`op::Validate(x)`, `CheckBroadcastShape(...)`, `ToShapeVector(...)` are called unqualified inside `using namespace op`;
the walk finds no definition of them in the repository, and they launch nothing. The list is data
(analyzers/data/framework_functions.toml), read from the headers by `python -m
op_migrate.analyzers.route.framework_functions OPBASE -o FILE`; the framework's copy functions, which are device
tasks, are left out (DEVICE_TASKS: l0_effects.py models them or makes the route incomplete).
"""

from __future__ import annotations

import argparse
import functools
import re
from pathlib import Path

from op_migrate.analyzers.catalog import load
from op_migrate.analyzers.cxx.source import mask_macro_idioms

OPDEV = Path("include/nnopbase/opdev")
# Beside opdev: the aclnn base API and nnopbase's own op API (NnopbaseDisableOptionalInput and the other executor
# settings that generated two-phase APIs and hand-written op_api code call).
OTHER_HEADERS = (Path("include/nnopbase/aclnn"), Path("src/nnopbase/common/inc"))
# Framework functions that are tasks on the device, not plain host calls (opbase z_framework_op.cpp), with what each
# does: the walk models them itself (l0_effects.MODELLED_TASKS) or makes the route incomplete naming them
# (`route-framework-launch-unmodelled`); never a value-only call.
DEVICE_TASKS = {
    "CopyNpuToNpu": "copies a device tensor into another (a COPY task, AddToKernelLauncherListCopyTask)",
    "CopyToNpu": "copies a host tensor into a new device tensor (a COPY task, AddToKernelLauncherListCopyTask)",
    "CopyToNpuSync": "copies a host tensor to device memory it allocates itself outside the workspace "
                     "(aclrtMallocWithCfg), synchronously while GetWorkspaceSize runs (aclrtMemcpy)",
}


def framework_task_name(callee: str, bare: str) -> str | None:
    """The DEVICE_TASKS name a call is (`CopyToNpu(...)`, `op::CopyToNpu(...)`; `bare` is the callee without template
    arguments), else None."""
    short = callee.rsplit("::", 1)[-1]
    return short if short in DEVICE_TASKS and bare.lstrip(":") in (short, f"op::{short}") else None


# aclOpExecutor methods (opbase op_executor.h) that add a kernel launcher to the executor or run it: what the
# framework's launch macros and copy functions call; an op_api source calling one by hand launches something the
# walk does not model, so the route is incomplete.
EXECUTOR_LAUNCHES = frozenset({"AddToKernelLauncherList", "AddToKernelLauncherListDvpp",
                               "AddToKernelLauncherListCopyTask", "AddToKernelLauncherListAiCpu", "Run",
                               "RepeatRunWithCache"})
# nnopbase functions that run an executor (what it launches is whatever was added to it): never a plain host call,
# so a route that meets one and does not model it is incomplete.
EXECUTOR_RUNS = frozenset({"NnopbaseRunForWorkspace", "NnopbaseRunWithWorkspace"})
# Namespaces whose free functions are called unqualified under `using namespace op` ("" is the global one).
_NAMESPACES = ("op", "")


@functools.lru_cache(maxsize=1)
def framework_function_names() -> frozenset[str]:
    """The names in analyzers/data/framework_functions.toml."""
    return frozenset(load("framework_functions")["functions"]["names"])


def declared_functions(header: bytes) -> set[tuple[str, str]]:
    """(namespace, name) of every free function a header declares or defines, classes and enums left out."""
    import tree_sitter_cpp
    from tree_sitter import Language, Parser

    parser = Parser(Language(tree_sitter_cpp.language()))
    found: set[tuple[str, str]] = set()

    def name_of(declarator):
        while declarator is not None and declarator.type != "function_declarator":
            declarator = declarator.child_by_field_name("declarator")
        inner = declarator.child_by_field_name("declarator") if declarator is not None else None
        return inner.text.decode() if inner is not None and inner.type == "identifier" else None

    def walk(node, namespace: str) -> None:
        for child in node.children:
            if child.type == "namespace_definition":
                name, body = child.child_by_field_name("name"), child.child_by_field_name("body")
                inner = "::".join(part for part in (namespace, name.text.decode() if name else "") if part)
                if body is not None:
                    walk(body, inner)
            elif child.type in ("declaration", "function_definition", "template_declaration"):
                targets = [child] if child.type != "template_declaration" else \
                    [c for c in child.children if c.type in ("declaration", "function_definition")]
                for target in targets:
                    name = name_of(target.child_by_field_name("declarator"))
                    if name:
                        found.add((namespace, name))
            elif child.type not in ("class_specifier", "struct_specifier", "enum_specifier") and child.child_count:
                walk(child, namespace)  # #ifndef guards, extern "C" blocks

    # `#ifdef __cplusplus / extern "C" {` split over two #if blocks hides what lies between from tree-sitter; the
    # front end's masks (analyzers/cxx/source.py) keep it at file scope, as a compiler sees it.
    walk(parser.parse(_without_export_macros(mask_macro_idioms(header))).root_node, "")
    return found


_ATTRIBUTE_MACRO = re.compile(rb"^[ \t]*#[ \t]*define[ \t]+(\w+)[ \t]+_*(?:attribute|declspec)_*\b", re.M)


def _without_export_macros(header: bytes) -> bytes:
    """`VISIBILITY_EXPORT aclnnStatus F(...)`: a macro the header defines as a visibility attribute reads as a second
    type to tree-sitter; blanked (same length), the declaration is the one a compiler sees."""
    for name in set(_ATTRIBUTE_MACRO.findall(header)):
        header = re.sub(rb"\b" + re.escape(name) + rb"\b(?![ \t]+_*(?:attribute|declspec))",
                        b" " * len(name), header)
    return header


def catalog_text(opbase: Path) -> str:
    """The TOML of the free functions in namespace op and the global namespace of opbase's opdev headers."""
    names = set()
    headers = [path for folder in (OPDEV, *OTHER_HEADERS) if (opbase / folder).is_dir()
               for path in sorted((opbase / folder).rglob("*.h"))]
    for header in headers:
        names |= {name for namespace, name in declared_functions(header.read_bytes()) if namespace in _NAMESPACES}
    names -= set(DEVICE_TASKS) | EXECUTOR_RUNS
    version = _version(opbase)
    listed = ", ".join(f'"{name}"' for name in sorted(names))
    return ("# Free functions of the ACLNN framework (namespace op and the global namespace of opbase's opdev, aclnn\n"
            "# and nnopbase op API headers), called unqualified in op_api sources. Generated: python -m "
            "op_migrate.analyzers.route.framework_functions OPBASE -o FILE\n\n"
            f'[source]\nfrom = "hicann/opbase {version} '
            f'{", ".join(f"{folder}/*.h" for folder in (OPDEV, *OTHER_HEADERS))}"\n\n[functions]\nnames = [{listed}]\n')


def _version(opbase: Path) -> str:
    try:
        for line in (opbase / "version.cmake").read_text(encoding="utf-8").splitlines():
            if "VERSION" in line and '"' in line:
                return line.split('"')[1]
    except OSError:
        pass
    return "(version unknown)"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m op_migrate.analyzers.route.framework_functions",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("opbase", type=Path, help="a checkout of hicann/opbase")
    parser.add_argument("-o", "--output", type=Path, required=True)
    options = parser.parse_args(argv)
    if not (options.opbase / OPDEV).is_dir():
        parser.error(f"{options.opbase}: no {OPDEV} folder: pass a checkout of hicann/opbase")
    options.output.write_text(catalog_text(options.opbase), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
