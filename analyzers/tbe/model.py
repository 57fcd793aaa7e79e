"""The TbeOp model: what one TBE source file declares and computes, as frozen dataclasses."""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.model import JsonModel, to_jsonable

SCHEMA = "op-migrate/tbe@1"


@dataclass(frozen=True)
class Param(JsonModel):
    """One entry-function parameter with the check_op_params constant that declares it."""

    name: str
    role: str  # input | output | attr | kernel_name | extra (beyond check_op_params) | undeclared (no check_op_params)
    declared_as: str | None  # e.g. "REQUIRED_INPUT"; None when the decorator does not cover it
    default: str | None = None


@dataclass(frozen=True)
class Registration(JsonModel):
    """A registration decorator on a function of the module."""

    decorator: str
    function: str
    line: int
    op_name: str | None
    options: dict = field(default_factory=dict)


@dataclass(frozen=True)
class DtypeEntry(JsonModel):
    """A dtype an input accepts; `condition` is None when unconditional."""

    dtype: str
    condition: str | None
    line: int
    shown: str | None = None  # the condition as printed (analyzers.tbe.conditions.simplify); `condition` is the source text


@dataclass(frozen=True)
class DslCall(JsonModel):
    """One DSL call site on one path through the compute (a helper inlined twice yields two entries)."""

    id: int
    name: str
    line: int
    guards: tuple[str, ...]
    category: str
    args: tuple[str, ...]
    inputs: tuple[str, ...]  # data sources: "call:<id>" or "param:<name>"
    result: str | None
    via: tuple[str, ...]  # helper call chain, e.g. ("_mod@134",)
    reached: bool = True  # False: in a function neither the entry nor a registered compute reaches (dead code)


@dataclass(frozen=True)
class Guard(JsonModel):
    """A branch condition met on the way to a DSL call, with what kind of fact decides it."""

    text: str
    line: int
    kinds: tuple[str, ...]  # dtype | impl_mode | soc | api_check_support | shape | format | attr | optional_input | context | type | other
    origins: tuple[str, ...] = ()  # every assignment of a flag it tests, with its condition; platform queries it reads
    test: dict | None = None  # the part facts can decide (SoC, dtype), see analyzers.tbe.guard_facts
    shown: str | None = None  # the text as printed: negations pushed in, constants folded (analyzers.tbe.conditions)


@dataclass(frozen=True)
class Fallback(JsonModel):
    """A condition under which check_supported sends the op to AI CPU."""

    condition: str
    line: int
    reason: str | None
    test: dict | None = None  # the part facts can decide (see analyzers.tbe.guard_facts); None: always or undecidable
    shown: str | None = None  # the condition as printed (analyzers.tbe.conditions.simplify)


@dataclass(frozen=True)
class Mapping(JsonModel):
    """A DSL name used by the op and its Ascend C counterpart from the catalog."""

    name: str
    resolved_as: tuple[str, ...]  # the import paths the calls resolved through, e.g. "te.lang.cce.vmul"
    category: str
    ascend_c: tuple[str, ...]
    direct: bool | None
    confidence: str
    trap: str
    lines: tuple[int, ...]


@dataclass(frozen=True)
class TbeOp(JsonModel):
    """Everything the analyzer extracted from one file. `status` says whether it was analysed at all."""

    SCHEMA = SCHEMA

    kind: str
    path: str
    status: str  # analysed (TBE DSL) | tik | ascendc (Ascend C wrapper) | hand_ir | not_operator (helper) | failed
    reason: str | None
    op_type: str | None
    op_type_source: str | None
    mode: str | None  # dynamic | static
    mode_evidence: tuple[str, ...]
    bool_as_int8: bool  # register_operator(trans_bool_to_s8) left at its default: bool arrives as int8
    ascendc: dict | None  # the kernel an Ascend C wrapper compiles: op_type, kernel_file, candidates, line
    pattern: str | None
    pattern_options: dict
    registrations: tuple[Registration, ...]
    entry: str | None
    compute: tuple[str, ...]
    params: tuple[Param, ...]
    dtypes: dict  # input name -> list of DtypeEntry
    dtype_equalities: tuple[tuple[str, str], ...]  # inputs that must share one dtype on every path
    conditional_equalities: tuple[dict, ...]  # {"inputs": [a, b], "condition", "shown", "line"}: only under a condition
    dtypes_partial: tuple[str, ...]  # inputs no single check covers on every path (a dtype outside the list may pass)
    constants: dict
    flow: dict  # the compute tree for the flowcharts (see analyzers.tbe.compute)
    dsl_calls: tuple[DslCall, ...]
    guards: tuple[Guard, ...]
    aicpu_fallbacks: tuple[str, ...]
    aicpu_fallback_details: tuple[Fallback, ...]
    mappings: tuple[Mapping, ...]
    delegate: dict | None  # the helper class of another module the entry hands its work to (analyzers.tbe.delegate)
    select_format: dict | None  # {"line", "digest"} of op_select_format (run per SoC by analyzers.proto.select_facts)
    findings: tuple[Finding, ...]

    def to_json(self) -> dict:
        # Built by hand: the generic converter walks every nested value and dominated the corpus time.
        document: dict = {"schema": self.SCHEMA}
        for item in fields(self):
            value = getattr(self, item.name)
            if item.name in _PLAIN_JSON:
                document[item.name] = value
            elif item.name == "dsl_calls":
                document[item.name] = [_call_json(call) for call in value]
            elif item.name == "findings":
                # The issue fixes findings as {symbol, message, line}; severity is kept as an extra field.
                document[item.name] = [
                    {"symbol": f.symbol, "message": f.message, "path": f.path, "line": f.line, "severity": f.severity.value}
                    for f in value
                ]
            elif item.name == "dtypes":
                document[item.name] = {name: [_flat_json(e) for e in entries] for name, entries in value.items()}
            elif isinstance(value, tuple) and all(isinstance(v, _FLAT_MODELS) for v in value):
                document[item.name] = [_flat_json(v) for v in value]
            else:
                document[item.name] = to_jsonable(value)
        return document


# Fields that already hold plain JSON values (str, None, dicts and lists of them).
_PLAIN_JSON = {"kind", "path", "status", "reason", "op_type", "op_type_source", "mode", "bool_as_int8", "ascendc",
               "pattern", "pattern_options", "entry", "constants", "flow", "delegate", "conditional_equalities",
               "select_format"}


_FLAT_MODELS = (Param, Registration, DtypeEntry, Guard, Fallback, Mapping)


def _flat_json(model) -> dict:
    # These models hold only strings, numbers, None, plain dicts and tuples of strings or numbers.
    return {key: list(value) if isinstance(value, tuple) else value for key, value in model.__dict__.items()}


def _call_json(call: DslCall) -> dict:
    return {
        "id": call.id,
        "name": call.name,
        "line": call.line,
        "guards": list(call.guards),
        "category": call.category,
        "args": list(call.args),
        "inputs": list(call.inputs),
        "result": call.result,
        "via": list(call.via),
        "reached": call.reached,
    }
