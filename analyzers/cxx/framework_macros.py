"""The ACLNN framework's macros (opbase's opdev and log headers, the op_error_check.h family) with their bodies, and
the functions those bodies call that a walker must model.

The list is data (analyzers/data/framework_macros.toml), read from the headers by `python -m
op_migrate.analyzers.cxx.framework_macros --opbase OPBASE --error-check FILE -o FILE`. Headers come in a fixed order
(opdev, then the error-check header, then op_common/log/log.h): a name several of them define resolves to the
first one, as an op_api source (which includes opdev/op_log.h) sees it.
"""

from __future__ import annotations

import argparse
import functools
import json
import re
from pathlib import Path

from op_migrate.analyzers.catalog import load
from op_migrate.analyzers.cxx.macro_conditions import pick_definition, unconditional_bodies
from op_migrate.analyzers.cxx.macro_defs import MacroDef, scan_macros
from op_migrate.analyzers.cxx.macro_lex import IDENT, PUNCT, lex

OPDEV = Path("include/nnopbase/opdev")
LOG = Path("include/op_common/log/log.h")
# Words followed by `(` that are not calls.
_NOT_CALLS = frozenset({"if", "while", "for", "switch", "return", "sizeof", "do", "typeid", "decltype", "alignof",
                        "static_cast", "const_cast", "reinterpret_cast", "dynamic_cast", "catch", "noexcept",
                        "__builtin_expect", "defined", "static_assert"})
# Identifiers after which `name(` is still a call, not the declaration of a variable named `name`.
_BEFORE_CALLS = frozenset({"return", "else", "do", "case", "throw", "new", "delete", "co_return", "co_yield",
                           "co_await", "and", "or", "not"})
# Macros that only log or report: a walker skips them; their internals are listed apart.
_LOGGING = ("OP_LOG", "D_OP_LOG", "OP_DFX_LOG", "D_OP_DFX_LOG", "OpLog", "OpDfxLog", "DOplog", "DDfxlog", "OP_EVENT",
            "D_OP_EVENT", "OP_TEST_LOG", "REPORT_", "OP_LOGE_")


@functools.lru_cache(maxsize=1)
def framework_definitions() -> tuple[MacroDef, ...]:
    """Every definition in analyzers/data/framework_macros.toml, in catalog order."""
    return tuple(_definition(entry) for entry in load("framework_macros").get("macros", ()))


@functools.lru_cache(maxsize=1)
def framework_calls() -> dict[str, dict[str, str]]:
    """{"functions": {name: declaring header}, "methods": {name: ""}} that the catalog's bodies call."""
    calls = load("framework_macros").get("calls", {})
    return {"functions": dict(calls.get("functions", {})), "methods": dict(calls.get("methods", {}))}


def framework_macro(name: str) -> MacroDef | None:
    """The catalog's definition of `name` (the first header that defines it, conditions evaluated), or None."""
    return _framework_lookup()(name)


@functools.lru_cache(maxsize=1)
def _framework_lookup():
    return _lookup(framework_definitions())


def _lookup(definitions: tuple[MacroDef, ...]):
    by_file: dict[str, list[MacroDef]] = {}
    for definition in definitions:
        by_file.setdefault(definition.path, []).append(definition)
    chosen: dict[str, MacroDef] = {}
    for defs in by_file.values():
        defined = unconditional_bodies(defs)
        for name in dict.fromkeys(d.name for d in defs):
            if name not in chosen:
                picked = pick_definition([d for d in defs if d.name == name], defined)
                if picked is not None:
                    chosen[name] = picked
    return chosen.get


def _definition(entry: dict) -> MacroDef:
    params = entry.get("params")
    return MacroDef(entry["name"], tuple(params) if params is not None else None, bool(entry.get("variadic")),
                    entry.get("body", ""), entry["file"], int(entry["line"]), tuple(entry.get("preproc", ())),
                    origin="framework")


def read_sources(opbase: Path, error_check: Path) -> list[MacroDef]:
    """The definitions of opbase's opdev headers, the error-check header and log.h, include guards left out."""
    sources = [(opbase, path) for path in sorted((opbase / OPDEV).rglob("*.h"))]
    sources += [(_checkout(error_check), error_check), (opbase, opbase / LOG)]
    found: list[MacroDef] = []
    for root, path in sources:
        shown = f"{_package(root)[0]}/{path.relative_to(root).as_posix()}"
        scan = scan_macros(path.read_bytes(), shown)
        found += [d for d in scan.defines if d.name not in scan.guards]
    return found


def calls_of(definition: MacroDef, lookup, is_macro=None) -> tuple[list[str], list[str]]:
    """(functions, methods) the fully expanded body calls, qualified as written (`op::ToString`); declarations
    (`std::string name(...)`), names pasted from parameters and unexpanded macros are left out."""
    from op_migrate.analyzers.cxx.macro_expand import expand

    params = list(definition.params or ())
    args = None if definition.params is None else params[:-1] + ["fmt, args"] if definition.variadic else params
    tokens = lex(expand(definition.name, args, lookup).text)
    placeholders = [p for p in params + ["fmt", "args"] if len(p) >= 3]
    functions, methods = [], []
    for i, token in enumerate(tokens):
        if token.kind != IDENT or i + 1 >= len(tokens) or tokens[i + 1].text != "(" or token.text in _NOT_CALLS:
            continue
        if token.text in params or any(p in token.text for p in placeholders) or (is_macro or lookup)(token.text):
            continue
        start = i
        while start >= 2 and tokens[start - 1].text == "::" and tokens[start - 2].kind == IDENT:
            start -= 2
        before = tokens[start - 1] if start else None
        if before is not None and before.kind == PUNCT and before.text in ("->", "."):
            methods.append(token.text)
        elif before is None or before.kind != IDENT or before.text in _BEFORE_CALLS:
            functions.append("".join(t.text for t in tokens[start:i + 1]))
    return list(dict.fromkeys(functions)), list(dict.fromkeys(methods))


def _opaque_logging(lookup):
    """The lookup with logging macros left unexpanded: their arguments still show the calls made for the message."""
    return lambda name: None if name.startswith(_LOGGING) else lookup(name)


def catalog_text(opbase: Path, error_check: Path) -> str:
    """The TOML of analyzers/data/framework_macros.toml."""
    definitions = read_sources(opbase, error_check)
    lookup = _lookup(tuple(definitions))
    names = {d.name for d in definitions}
    declared = _declarations(opbase, error_check)
    functions: dict[str, str] = {}
    logging: dict[str, str] = {}
    methods: set[str] = set()
    entries = []
    for definition in definitions:
        called, members = calls_of(definition, _opaque_logging(lookup), names.__contains__)
        for name in called:
            functions.setdefault(name, _declared_in(name, declared))
        for name in calls_of(definition, lookup, names.__contains__)[0]:
            if name not in called:
                logging.setdefault(name, _declared_in(name, declared))
        methods.update(members)
        entries.append(_entry(definition, called + [f".{m}" for m in members]))
    opbase_name, opbase_version = _package(opbase)
    check_root = _checkout(error_check)
    check_name, check_version = _package(check_root)
    lines = [
        "# Macros of the ACLNN framework with their parameters and bodies (comments removed, white space runs as one",
        "# space), from hicann/opbase's opdev headers and op_common/log/log.h and the op_error_check.h family of",
        "# op_api checks, in that order (a name defined twice resolves to the first). `calls` lists what a body calls",
        "# once expanded, logging macros left unexpanded (`.name` for a method).",
        "# Generated: python -m op_migrate.analyzers.cxx.framework_macros --opbase OPBASE --error-check FILE -o FILE",
        "",
        "[source]",
        f"opbase = {json.dumps(f'{opbase_name} {opbase_version}')}",
        f"error_check = {json.dumps(f'{check_name} {check_version} {error_check.relative_to(check_root).as_posix()}')}",
        f"order = {json.dumps([f'{OPDEV.as_posix()}/**/*.h', 'error_check', LOG.as_posix()])}",
        "",
        "# Functions the bodies call (logging macros unexpanded), with the header that declares them (\"\" when none",
        "# of the read headers does: a std function, a class, a function of the using repository): what a walker",
        "# must model to evaluate these macros.",
        "[calls.functions]",
        *(f"{json.dumps(name)} = {json.dumps(where)}" for name, where in sorted(functions.items())),
        "",
        "# Methods the bodies call on their arguments (tensors, shapes, strings).",
        "[calls.methods]",
        *(f"{json.dumps(name)} = \"\"" for name in sorted(methods)),
        "",
        "# Functions only the logging macros call (log level checks, log records, error reports): no effect on a",
        "# route.",
        "[calls.logging]",
        *(f"{json.dumps(name)} = {json.dumps(where)}" for name, where in sorted(logging.items())),
    ]
    return "\n".join(lines + entries) + "\n"


def _entry(definition: MacroDef, calls: list[str]) -> str:
    fields = [f"name = {json.dumps(definition.name)}"]
    if definition.params is not None:
        fields.append(f"params = {json.dumps(list(definition.params))}")
        fields.append(f"variadic = {'true' if definition.variadic else 'false'}")
    fields += [f"body = {json.dumps(definition.body, ensure_ascii=False)}", f"file = {json.dumps(definition.path)}",
               f"line = {definition.line}", f"preproc = {json.dumps(list(definition.preproc))}",
               f"calls = {json.dumps(calls)}"]
    return "\n[[macros]]\n" + "\n".join(fields)


def _declarations(opbase: Path, error_check: Path) -> dict[tuple[str, str], str]:
    """(namespace, free function name) -> the first read header that declares or defines it."""
    from op_migrate.analyzers.route.framework_functions import declared_functions

    headers = [(opbase, p) for p in sorted((opbase / OPDEV).rglob("*.h"))]
    headers += [(_checkout(error_check), error_check), (opbase, opbase / LOG)]
    found: dict[tuple[str, str], str] = {}
    for root, path in headers:
        for key in sorted(declared_functions(path.read_bytes())):
            found.setdefault(key, f"{_package(root)[0]}/{path.relative_to(root).as_posix()}")
    return found


def _declared_in(call: str, declared: dict[tuple[str, str], str]) -> str:
    """Where a called name is declared: its own namespace when qualified, else op_api's (global, op, Ops::Base)."""
    namespace, _, name = call.rpartition("::")
    if namespace:
        return declared.get((namespace.lstrip(":"), name), "")
    anywhere = sorted(key for key in declared if key[1] == name)
    return next((declared[(ns, name)] for ns in ("", "op", "Ops::Base") if (ns, name) in declared),
                declared[anywhere[0]] if anywhere else "")


def _checkout(path: Path) -> Path:
    """The nearest folder above `path` with a version.cmake (the repository checkout), else its folder."""
    for folder in Path(path).resolve().parents:
        if (folder / "version.cmake").is_file():
            return folder
    return Path(path).resolve().parent


def _package(root: Path) -> tuple[str, str]:
    """(package, version) from a checkout's version.cmake: `set_cann_package(ops_math VERSION "9.1.0")`."""
    try:
        match = re.search(r'set_cann_package\(\s*(\w+)\s+VERSION\s+"([^"]+)"', (root / "version.cmake").read_text())
    except OSError:
        match = None
    return (match.group(1), match.group(2)) if match else (root.name, "(version unknown)")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m op_migrate.analyzers.cxx.framework_macros",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--opbase", type=Path, required=True, help="a checkout of hicann/opbase")
    parser.add_argument("--error-check", type=Path, required=True,
                        help="op_error_check.h (ops-math: common/inc/external/aclnn_kernels/common/op_error_check.h)")
    parser.add_argument("-o", "--output", type=Path, required=True)
    options = parser.parse_args(argv)
    if not (options.opbase / OPDEV).is_dir() or not (options.opbase / LOG).is_file():
        parser.error(f"{options.opbase}: no {OPDEV} or {LOG}: pass a checkout of hicann/opbase")
    if not options.error_check.is_file():
        parser.error(f"{options.error_check}: not a file")
    options.output.write_text(catalog_text(options.opbase, options.error_check.resolve()), encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
