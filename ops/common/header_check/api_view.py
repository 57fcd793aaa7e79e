"""One set of Ascend C headers seen through libclang and the preprocessor: what ops/ uses of it and what it declares.

The same view is taken of the real headers (to write the API table) and of the CPU model (to hold it to the table).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from . import clang_ast
from .macros import defined_macros, is_reserved
from .op_sources import DefError, operator_folders, read_def

# Includes of the synthetic unit: the API header and the tiling-key header the kernels include beside it.
UNIT = '#include "kernel_operator.h"\n#include "ascendc/host_api/tiling/template_argument.h"\n'
# The model's own implementation namespace: kernels reach it only through the API's macros, never by name.
PRIVATE_PREFIXES = ("cpu_model::",)
# APIs no kernel in ops/ calls yet that the model declares for the kernels `migrate scaffold` generates (issue 31,
# /work/notes/cpu-model-requests.md): held to the real declarations like the names the kernels use.
GENERATED_KERNEL_APIS = frozenset(f"AscendC::{name}" for name in (
    "Exp", "Ln", "Sqrt", "Rsqrt", "Reciprocal", "Relu", "LeakyRelu", "Axpy"))


class ViewError(RuntimeError):
    """The headers do not parse as a kernel sees them; the message says where."""


@dataclass(frozen=True)
class ApiView:
    declarations: dict[str, list[str]]  # qualified name -> signatures
    kinds: dict[str, str]
    used: frozenset[str]  # qualified names ops/ kernels refer to
    used_macros: frozenset[str]
    macros: dict[str, tuple[int | None, int | None]]
    global_names: frozenset[str]
    ascendc_functions: frozenset[str]
    own_names: tuple[tuple[str, str, str], ...]  # what the kernels declare themselves


def _global_names(tu, roots: tuple[Path, ...]) -> set[str]:
    """Names the headers under `roots` declare at global scope, unscoped global enums' enumerators included."""
    names: set[str] = set()
    kinds = clang_ast.FUNCTIONS | clang_ast.CLASSES | clang_ast.TYPES | {clang_ast.K.VAR_DECL}
    for cursor in tu.cursor.get_children():
        if not clang_ast.under(clang_ast.file_of(cursor), roots):
            continue
        if cursor.kind == clang_ast.K.LINKAGE_SPEC:
            names.update(c.spelling for c in cursor.get_children() if c.kind in kinds)
        elif cursor.kind in kinds:
            names.add(cursor.spelling)
            if cursor.kind == clang_ast.K.ENUM_DECL and not cursor.is_scoped_enum():
                names.update(c.spelling for c in cursor.get_children())
    return {n for n in names if n and re.fullmatch(r"[A-Za-z_]\w*", n) and not is_reserved(n)}


def take_view(flags: list[str], roots: tuple[Path, ...], ops_root: Path, workdir: Path,
              kernel_flags: dict[str, list[str]] | None = None) -> ApiView:
    """`flags` compile a kernel against the headers under `roots`; `kernel_flags` adds per-operator -D flags."""
    unit = workdir / "api_unit.cpp"
    unit.write_text(UNIT, encoding="utf-8")
    tu = clang_ast.parse(unit, flags)
    problems = clang_ast.errors(tu)
    if problems:
        raise ViewError(f"the headers do not parse with libclang: {problems[0]}")
    aliases = clang_ast.type_aliases(tu)
    index = clang_ast.declarations(tu, roots)
    declarations = {q: sorted({clang_ast.signature(c, aliases, q) for c in cs}) for q, cs in index.items()}
    kinds = {q: clang_ast.kind_of(cs[0]) for q, cs in index.items()}
    used: set[str] = set()
    macros_used: set[str] = set()
    members: set[str] = set()
    own: list[tuple[str, str, str]] = []
    for folder in operator_folders(ops_root):
        try:
            columns = read_def(folder.definition).columns() if folder.definition else [("", ())]
        except DefError:
            columns = [("", ())]
        extra = [f"-D{d}" for d in columns[0][1]] + (kernel_flags or {}).get(folder.name, [])
        for kernel in folder.kernels:
            ktu = clang_ast.parse(kernel, flags + extra)
            problems = clang_ast.errors(ktu)
            if problems:
                raise ViewError(f"{kernel.name} does not parse against these headers: {problems[0]}")
            usage = clang_ast.usage(ktu, (folder.root,), roots)
            used.update(usage.declarations)
            macros_used.update(usage.macros)
            members.update(usage.unresolved_members)
            own += clang_ast.own_names(ktu, (folder.root,), ops_root.parent)
    classes = [q for q in used if kinds.get(q) == "class"]
    used.update(f"{c}::{m}" for c in classes for m in members if f"{c}::{m}" in index)
    used = {q for q in used | GENERATED_KERNEL_APIS if not q.startswith(PRIVATE_PREFIXES)}
    functions = {q.split("::", 1)[1] for q, k in kinds.items() if k == "function" and q.count("::") == 1
                 and q.startswith("AscendC::")}
    return ApiView(declarations, kinds, frozenset(used), frozenset(macros_used),
                   defined_macros(unit, flags, roots), frozenset(_global_names(tu, roots)), frozenset(functions),
                   tuple(sorted(set(own))))
