"""One TBE file -> TbeOp: read safely, parse with astroid, run the passes, collect findings."""

from __future__ import annotations

import hashlib
from pathlib import Path

from astroid import nodes
from astroid.exceptions import AstroidBuildingError, AstroidSyntaxError

from op_migrate.analyzers import catalog
from op_migrate.analyzers.tbe.ascendc_wrapper import compile_op_call, read_wrapper
from op_migrate.analyzers.tbe.compute import ComputeWalker
from op_migrate.analyzers.tbe.conditions import simplify
from op_migrate.analyzers.tbe.constants import module_constants
from op_migrate.analyzers.tbe.delegate import find_delegate
from op_migrate.analyzers.tbe.dtypes import read_dtype_rules
from op_migrate.analyzers.tbe.fallback import read_fallbacks
from op_migrate.analyzers.tbe.filekind import classify_file
from op_migrate.analyzers.tbe.imports import collect_imports, package_of, parse_source
from op_migrate.analyzers.tbe.local_classes import module_classes
from op_migrate.analyzers.tbe.mappings import build_mappings, mapping_finding
from op_migrate.analyzers.tbe.messages import MESSAGES
from op_migrate.analyzers.tbe.node_index import NodeIndex
from op_migrate.analyzers.tbe.model import DslCall, DtypeEntry, Guard, TbeOp
from op_migrate.analyzers.tbe.pattern import read_pattern
from op_migrate.analyzers.tbe.registration import COMPUTE_DECORATORS, declared_roles, read_registration

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
        return _analyse_tree(tree, path, hashlib.sha256(text.encode("utf-8", "surrogateescape")).hexdigest()[:16])
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
        mode_evidence=(),
        bool_as_int8=True,
        ascendc=None,
        pattern=None,
        pattern_options={},
        registrations=(),
        entry=None,
        compute=(),
        params=(),
        dtypes={},
        dtype_equalities=(),
        conditional_equalities=(),
        dtypes_partial=(),
        constants={},
        flow={},
        dsl_calls=(),
        guards=(),
        aicpu_fallbacks=(),
        aicpu_fallback_details=(),
        mappings=(),
        delegate=None,
        select_format=None,
        findings=(),
    )
    base.update(fields)
    return TbeOp(**base)


_STATUS_FINDING = {"tik": "tbe-tik-operator", "hand_ir": "tbe-hand-ir-operator", "ascendc": "tbe-ascendc-wrapper"}


def _analyse_tree(tree: nodes.Module, path: str, source_digest: str) -> TbeOp:
    dsl_map = catalog.load("dsl_map")["calls"]
    index = NodeIndex(tree)
    calls = index.of(nodes.Call)
    scope = collect_imports(tree, index, package_of(path))
    values, constant_texts = module_constants(tree)
    info = read_registration(tree, Path(path).stem, path, calls)
    module_functions = {node.name: node for node in tree.body if isinstance(node, nodes.FunctionDef)}
    classes = module_classes(tree)
    compute_names = set()
    for call in calls:
        dsl = scope.dsl_name(call.func)
        if dsl is not None and dsl_map.get(dsl[0], {}).get("category", "compute") != "framework":
            compute_names.add(dsl[0])
    compile_call = compile_op_call(calls, scope)
    status, reason = classify_file(index, scope, len(compute_names), bool(info.registrations), info.entry is not None,
                                   compile_call is not None, dynamic="dynamic" in Path(path).parts[:-1])
    findings = []
    # A helper class builds the kernel: the file itself makes no DSL call, or uses a TIK instance it did not create.
    delegating = status == "analysed" and not compute_names or status == "tik" and reason.startswith("uses a TIK instance")
    delegate = find_delegate(info.entry, scope, path) if delegating else None
    if delegate is not None:
        findings.append(MESSAGES.make("tbe-helper-class", line=delegate.line, path=path, reason=delegate.reason))
        if delegate.kind == "tik":
            status, reason = "tik", f"its kernel is TIK in a helper class: {delegate.reason}"
    wrapper = read_wrapper(compile_call) if status == "ascendc" else None
    if status in _STATUS_FINDING:
        findings.append(MESSAGES.make(_STATUS_FINDING[status], line=wrapper.line if wrapper else 1, path=path, reason=reason))
    elif status == "not_operator":
        findings.append(MESSAGES.make("tbe-not-an-operator", line=1, path=path, reason=reason))
    elif reason:
        findings.append(MESSAGES.make("tbe-tik-operator", line=1, path=path, reason=reason))
    # TIK operators and wrappers have check_supported too; where they leave AI Core matters just as much.
    fallbacks = read_fallbacks(tree, index, values)
    for fallback in fallbacks:
        findings.append(MESSAGES.make("tbe-aicpu-fallback", line=fallback.line, path=path, condition=fallback.shown))
    # Shape generalization for the binary cache is a framework hook too, registered by decorator.
    hooks = _HOOKS | {r.function for r in info.registrations if r.decorator == "register_param_generalization"}
    walked = {k: v for k, v in module_functions.items() if k not in hooks}
    dtypes, equalities, partial, conditional = {}, (), (), ()
    inputs = [p.name for p in info.params if p.role in ("input", "tensor")]
    if info.entry is not None and status != "not_operator":
        rules = read_dtype_rules(info.entry, inputs, values, index, walked, classes)
        dtypes = {
            name: [DtypeEntry(dtype=d, condition=c, line=line, shown=simplify(c)) for d, c, line in entries]
            for name, entries in rules.accepted.items()
        }
        equalities = rules.equalities
        conditional = tuple({**item, "shown": simplify(item["condition"])} for item in rules.conditional_equalities)
        partial = rules.partial
        for symbol, fields, line in rules.unresolved:
            findings.append(MESSAGES.make(symbol, line=line, path=path, **fields))
        if info.declared_count > len(info.params):
            findings.append(
                MESSAGES.make(
                    "tbe-signature-mismatch", line=info.entry.lineno, path=path, declared=info.declared_count, actual=len(info.params)
                )
            )
    common = dict(
        op_type=(wrapper.op_type if wrapper and wrapper.op_type else info.op_type),
        op_type_source=(f"op_type = {wrapper.op_type!r} next to compile_op" if wrapper and wrapper.op_type else info.op_type_source),
        mode=info.mode,
        mode_evidence=info.mode_evidence,
        bool_as_int8=info.bool_as_int8,
        ascendc=wrapper.to_json() if wrapper else None,
        registrations=info.registrations,
        entry=info.entry.name if info.entry else None,
        params=info.params,
        dtypes=dtypes,
        dtype_equalities=equalities,
        conditional_equalities=conditional,
        dtypes_partial=partial,
        aicpu_fallbacks=tuple(f.condition for f in fallbacks),
        aicpu_fallback_details=fallbacks,
    )
    common["delegate"] = delegate.to_json() if delegate else None
    hook = module_functions.get("op_select_format")
    # The op-info may leave the dtypes to it: the capability matrix runs it per SoC (analyzers.proto.select_facts).
    common["select_format"] = {"line": hook.lineno, "digest": source_digest} if hook is not None else None
    if status == "tik" and info.entry is not None:
        # TIK kernels branch in Python too (dtype, SoC, api_check_support): the same walk finds those guards.
        walker = ComputeWalker(scope, walked, dsl_map, constant_texts, classes=classes, values=values,
                               roles={p.name: p.declared_as for p in info.params if p.declared_as})
        walker.walk_root(info.entry)
        guards = _guards(walker, path, findings)
        return _document(path, status, reason, **common, guards=guards, findings=_sorted(findings))
    if status != "analysed":
        return _document(path, status, reason, **common, findings=_sorted(findings))
    return _document(path, status, reason, **common, **_compute(tree, path, info, scope, walked, classes, values,
                                                                  constant_texts, dsl_map, calls, findings))


def _compute(tree, path, info, scope, walked, classes, values, constant_texts, dsl_map, all_calls, findings) -> dict:
    """The compute walk of a DSL operator: flow, DSL calls, guards, mappings and their findings."""
    roles = {p.name: p.declared_as for p in info.params if p.declared_as}
    walker = ComputeWalker(scope, walked, dsl_map, constant_texts, classes=classes, values=values, roles=roles)
    flow_roots = {}
    if info.entry is not None:
        flow_roots[info.entry.name] = walker.walk_root(info.entry)
    else:
        findings.append(MESSAGES.make("tbe-no-entry-function", line=1, path=path, reason="walking every module-level function"))
    # Callers before callees, so that a helper is inlined where it is used rather than walked on its own first.
    # Registered computes come first: the fusion framework calls them, so what they do is the op's even when the
    # entry does not call them. Functions neither reaches are walked last and kept apart (`reached` false).
    called = {call.func.name for call in all_calls if isinstance(call.func, nodes.Name) and call.func.name in walked}
    computes = {r.function for r in info.registrations if r.decorator in COMPUTE_DECORATORS}
    walker.recorder.roles = {}  # parameter roles are the entry's; other roots have parameters of their own
    ordered = sorted(walked.values(), key=lambda f: (f.name not in computes, f.name in called))
    reached_calls, reached_guards, reached_notes, unreached = None, None, None, []
    for function in ordered:
        if reached_calls is None and info.entry is not None and function.name not in computes:
            reached_calls, reached_guards, reached_notes = len(walker.calls), walker.recorder.snapshot(), len(walker.notes)
        if function.name not in walker.reached:
            before = len(walker.calls)
            known = walker.recorder.snapshot()
            # A registered compute declares its own parameters (check_input_type); other roots declare none.
            walker.recorder.roles = declared_roles(function, info.registrations)
            items = walker.walk_root(function)
            if len(walker.calls) > before:
                flow_roots[function.name] = items
                if reached_calls is not None:
                    unreached.append(function.name)
            else:
                # No DSL call on any of its paths (shape generalization helpers, checks only the hooks use):
                # its branches are not the op's.
                walker.recorder.restore(known)
    hooks = {}
    module_functions = {node.name: node for node in tree.body if isinstance(node, nodes.FunctionDef)}
    if "check_supported" in module_functions:
        # Walked on its own: its calls read the op context, they are not part of the compute.
        hooks["check_supported"] = ComputeWalker(scope, {}, dsl_map).walk_root(module_functions["check_supported"])
    pattern, pattern_options = read_pattern(all_calls, scope, info.registrations)
    resolved: dict[str, list[str]] = {}
    for call in walker.calls:
        spellings = resolved.setdefault(call["name"], [])
        if call["qualified"] not in spellings:
            spellings.append(call["qualified"])
    if reached_calls is None:
        reached_calls, reached_guards, reached_notes = len(walker.calls), walker.recorder.snapshot(), len(walker.notes)
    calls = tuple(DslCall(**{k: v for k, v in call.items() if k != "qualified"}, reached=call["id"] < reached_calls)
                  for call in walker.calls)
    guards = _guards(walker, path, findings, reached_guards, reached_notes)
    mappings = build_mappings(tuple(c for c in calls if c.reached), dsl_map, resolved)
    findings += [f for f in (mapping_finding(m.to_json(), path) for m in mappings) if f is not None]
    return dict(
        pattern=pattern,
        pattern_options=pattern_options,
        compute=tuple(f.name for f in info.computes if f.name in walker.reached or f.name in flow_roots),
        constants=constant_texts,
        flow={"roots": flow_roots, "helpers": walker.helpers, "hooks": hooks, "unreached": unreached},
        dsl_calls=calls,
        guards=guards,
        mappings=mappings,
        findings=_sorted(findings),
    )


def _guards(walker: ComputeWalker, path: str, findings: list, reached: frozenset | None = None,
            notes: int | None = None) -> tuple[Guard, ...]:
    """The walk's guards in line order (only those of code the entry or a registered compute reaches, when
    `reached` says which); unclassified guards and the walk's notes become findings."""
    recorder = walker.recorder
    guards = tuple(
        Guard(text=text, line=line, kinds=kinds, origins=tuple(recorder.origins.get((text, line), ())),
              test=recorder.tests.get((text, line)), shown=simplify(text))
        for (text, line), kinds in sorted(recorder.kinds.items(), key=lambda g: g[0][1])
        if reached is None or (text, line) in reached
    )
    for guard in guards:
        if guard.kinds == ("other",):
            findings.append(MESSAGES.make("tbe-unclassified-guard", line=guard.line, path=path, guard=guard.shown))
    for symbol, fields, line in walker.notes[:notes]:
        findings.append(MESSAGES.make(symbol, line=line, path=path, **fields))
    return guards


def _sorted(findings: list) -> tuple:
    return tuple(sorted(findings, key=lambda f: (f.line or 0, f.symbol, f.message)))
