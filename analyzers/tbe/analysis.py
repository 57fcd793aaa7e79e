"""One TBE file -> TbeOp: read safely, parse with astroid, run the passes, collect findings."""

from __future__ import annotations

from pathlib import Path

from astroid import nodes
from astroid.exceptions import AstroidBuildingError, AstroidSyntaxError

from op_migrate.analyzers import catalog
from op_migrate.analyzers.tbe.compute import ComputeWalker
from op_migrate.analyzers.tbe.constants import module_constants
from op_migrate.analyzers.tbe.dtypes import read_dtype_rules
from op_migrate.analyzers.tbe.fallback import read_fallbacks
from op_migrate.analyzers.tbe.filekind import classify_file
from op_migrate.analyzers.tbe.imports import collect_imports, parse_source
from op_migrate.analyzers.tbe.messages import MESSAGES
from op_migrate.analyzers.tbe.node_index import NodeIndex
from op_migrate.analyzers.tbe.model import DslCall, DtypeEntry, Guard, Mapping, TbeOp
from op_migrate.analyzers.tbe.pattern import read_pattern
from op_migrate.analyzers.tbe.registration import read_registration

MAX_BYTES = 2_000_000
# Module-level hooks the framework calls on its own; they are not part of the compute.
_HOOKS = {"check_supported", "op_select_format", "get_op_support_info", "get_op_specific_info"}


def analyse_path(path: str | Path) -> TbeOp:
    """Analyse one file; unreadable, empty, huge, non-UTF-8 or unparsable input gives a failed TbeOp."""
    path = Path(path)
    shown = str(path)
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            return failed(shown, "tbe-file-too-large", None, size=size, limit=MAX_BYTES)
        data = path.read_bytes()
    except OSError as error:
        return failed(shown, "tbe-unreadable-file", None, reason=error.strerror or str(error))
    return analyse_bytes(data, shown)


def analyse_bytes(data: bytes, path: str) -> TbeOp:
    """Decode and analyse source bytes."""
    if len(data) > MAX_BYTES:
        return failed(path, "tbe-file-too-large", None, size=len(data), limit=MAX_BYTES)
    if not data.strip():
        return failed(path, "tbe-empty-file", 1)
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data[: error.start].count(b"\n") + 1
        return failed(path, "tbe-not-utf8", line, reason=f"byte 0x{data[error.start]:02x} at offset {error.start}")
    return analyse_source(text, path)


def analyse_source(text: str, path: str) -> TbeOp:
    """Analyse decoded source text; never imports or executes it."""
    try:
        tree = parse_source(text, path)
    except AstroidSyntaxError as error:
        cause = error.error if hasattr(error, "error") else None
        line = getattr(cause, "lineno", None)
        message = getattr(cause, "msg", None) or str(error).splitlines()[0]
        return failed(path, "tbe-parse-error", line, reason=message)
    except (AstroidBuildingError, RecursionError, ValueError, MemoryError) as error:
        return failed(path, "tbe-parse-error", None, reason=f"{type(error).__name__}: {str(error)[:200]}")
    try:
        return _analyse_tree(tree, path)
    except RecursionError:
        return failed(path, "tbe-too-deep", None, reason="Python recursion limit reached")


def failed(path: str, symbol: str, line: int | None, **fields) -> TbeOp:
    finding = MESSAGES.make(symbol, line=line, path=path, **fields)
    return _document(path, "failed", finding.message, findings=(finding,))


def _document(path: str, status: str, reason: str | None, **fields) -> TbeOp:
    base = dict(
        kind="tbe",
        path=path,
        status=status,
        reason=reason,
        op_type=None,
        op_type_source=None,
        mode=None,
        pattern=None,
        pattern_options={},
        registrations=(),
        entry=None,
        compute=(),
        params=(),
        dtypes={},
        dtype_equalities=(),
        constants={},
        flow={},
        dsl_calls=(),
        guards=(),
        aicpu_fallbacks=(),
        aicpu_fallback_details=(),
        mappings=(),
        findings=(),
    )
    base.update(fields)
    return TbeOp(**base)


def _analyse_tree(tree: nodes.Module, path: str) -> TbeOp:
    dsl_map = catalog.load("dsl_map")["calls"]
    index = NodeIndex(tree)
    calls = index.of(nodes.Call)
    scope = collect_imports(tree, index)
    values, constant_texts = module_constants(tree)
    info = read_registration(tree, Path(path).stem)
    module_functions = {node.name: node for node in tree.body if isinstance(node, nodes.FunctionDef)}
    compute_names = set()
    for call in calls:
        dsl = scope.dsl_name(call.func)
        if dsl is not None and dsl_map.get(dsl[0], {}).get("category", "compute") != "framework":
            compute_names.add(dsl[0])
    status, reason = classify_file(index, scope, len(compute_names), bool(info.registrations), info.entry is not None)
    findings = []
    if status != "analysed":
        symbol = {"tik": "tbe-tik-operator", "hand_ir": "tbe-hand-ir-operator"}.get(status, "tbe-not-an-operator")
        findings.append(MESSAGES.make(symbol, line=1, path=path, reason=reason))
        # TIK operators have check_supported too; where they leave AI Core matters just as much.
        fallbacks = read_fallbacks(tree, index)
        for fallback in fallbacks:
            findings.append(MESSAGES.make("tbe-aicpu-fallback", line=fallback.line, path=path, condition=fallback.condition))
        return _document(
            path,
            status,
            reason,
            op_type=info.op_type,
            op_type_source=info.op_type_source,
            mode=info.mode,
            registrations=info.registrations,
            entry=info.entry.name if info.entry else None,
            params=info.params,
            aicpu_fallbacks=tuple(f.condition for f in fallbacks),
            aicpu_fallback_details=fallbacks,
            findings=tuple(sorted(findings, key=lambda f: (f.line or 0, f.symbol, f.message))),
        )
    if reason:
        findings.append(MESSAGES.make("tbe-tik-operator", line=1, path=path, reason=reason))

    walker = ComputeWalker(scope, {k: v for k, v in module_functions.items() if k not in _HOOKS}, dsl_map, constant_texts)
    roots = []
    if info.entry is not None:
        roots.append(info.entry)
    else:
        findings.append(MESSAGES.make("tbe-no-entry-function", line=1, path=path, reason="walking every module-level function"))
    flow_roots = {}
    for root in roots:
        flow_roots[root.name] = walker.walk_root(root)
    # Callers before callees, so that a helper is inlined where it is used rather than walked on its own first.
    called = {call.func.name for call in calls if isinstance(call.func, nodes.Name) and call.func.name in module_functions}
    ordered = sorted(module_functions.values(), key=lambda f: f.name in called)
    for function in ordered:
        if function.name not in walker.reached and function.name not in _HOOKS:
            items = walker.walk_root(function)
            if any(call["via"] == () for call in walker.calls) or items:
                flow_roots[function.name] = items

    hooks = {}
    if "check_supported" in module_functions:
        # Walked on its own: its calls read the op context, they are not part of the compute.
        hooks["check_supported"] = ComputeWalker(scope, {}, dsl_map).walk_root(module_functions["check_supported"])

    dtypes, equalities = {}, ()
    inputs = [p.name for p in info.params if p.role == "input"]
    if info.entry is not None:
        rules = read_dtype_rules(info.entry, inputs, values, index)
        dtypes = {
            name: [DtypeEntry(dtype=d, condition=c, line=line) for d, c, line in entries]
            for name, entries in rules.accepted.items()
        }
        equalities = rules.equalities
        for symbol, fields, line in rules.unresolved:
            findings.append(MESSAGES.make(symbol, line=line, path=path, **fields))
        if info.declared_count > len(info.params):
            findings.append(
                MESSAGES.make(
                    "tbe-signature-mismatch", line=info.entry.lineno, path=path, declared=info.declared_count, actual=len(info.params)
                )
            )
    pattern, pattern_options = read_pattern(calls, scope, info.registrations)
    fallbacks = read_fallbacks(tree, index)
    for fallback in fallbacks:
        findings.append(MESSAGES.make("tbe-aicpu-fallback", line=fallback.line, path=path, condition=fallback.condition))

    resolved: dict[str, list[str]] = {}
    for call in walker.calls:
        spellings = resolved.setdefault(call["name"], [])
        if call["qualified"] not in spellings:
            spellings.append(call["qualified"])
    calls = tuple(DslCall(**{k: v for k, v in call.items() if k != "qualified"}) for call in walker.calls)
    guards = tuple(
        Guard(text=text, line=line, kinds=kinds, set_under=walker.guard_origins.get((text, line)))
        for (text, line), kinds in sorted(walker.guards.items(), key=lambda g: g[0][1])
    )
    for guard in guards:
        if guard.kinds == ("other",):
            findings.append(MESSAGES.make("tbe-unclassified-guard", line=guard.line, path=path, guard=guard.text))
    for symbol, fields, line in walker.notes:
        findings.append(MESSAGES.make(symbol, line=line, path=path, **fields))
    mappings = _mappings(calls, dsl_map, resolved)
    for mapping in mappings:
        if mapping.category == "unknown":
            findings.append(MESSAGES.make("tbe-unknown-dsl-call", line=mapping.lines[0], path=path, name=mapping.name))
        elif mapping.category == "compute" and not mapping.ascend_c:
            findings.append(MESSAGES.make("tbe-no-direct-ascend-c-api", line=mapping.lines[0], path=path, name=mapping.name, trap=mapping.trap))
    computes = [f.name for f in info.computes if f.name in walker.reached or f.name in flow_roots]
    return _document(
        path,
        "analysed",
        reason,
        op_type=info.op_type,
        op_type_source=info.op_type_source,
        mode=info.mode,
        pattern=pattern,
        pattern_options=pattern_options,
        registrations=info.registrations,
        entry=info.entry.name if info.entry else None,
        compute=tuple(computes),
        params=info.params,
        dtypes=dtypes,
        dtype_equalities=equalities,
        constants=constant_texts,
        flow={"roots": flow_roots, "helpers": walker.helpers, "hooks": hooks},
        dsl_calls=calls,
        guards=guards,
        aicpu_fallbacks=tuple(f.condition for f in fallbacks),
        aicpu_fallback_details=fallbacks,
        mappings=mappings,
        findings=tuple(sorted(findings, key=lambda f: (f.line or 0, f.symbol, f.message))),
    )


def _mappings(calls: tuple[DslCall, ...], dsl_map: dict, resolved: dict) -> tuple[Mapping, ...]:
    lines: dict[str, set[int]] = {}
    for call in calls:
        lines.setdefault(call.name, set()).add(call.line)
    result = []
    for name in sorted(lines, key=lambda n: (min(lines[n]), n)):
        entry = dsl_map.get(name)
        result.append(
            Mapping(
                name=name,
                resolved_as=tuple(resolved.get(name, ())),
                category=entry["category"] if entry else "unknown",
                ascend_c=tuple(entry["ascend_c"]) if entry else (),
                direct=entry["direct"] if entry else None,
                confidence=entry["confidence"] if entry else "unknown",
                trap=entry["trap"] if entry else "not in the catalog",
                lines=tuple(sorted(lines[name])),
            )
        )
    return tuple(result)
