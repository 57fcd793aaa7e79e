"""The finding kinds the TBE analyzer emits; tests and templates refer to them by symbol."""

from __future__ import annotations

from op_migrate.analyzers.findings import MessageCatalog, MessageDef, Severity

MESSAGES = MessageCatalog(
    MessageDef("tbe-parse-error", "the file does not parse: {reason}", "astroid could not build a tree.", Severity.ERROR),
    MessageDef("tbe-not-utf8", "the file is not UTF-8: {reason}", "TBE sources are read as UTF-8.", Severity.ERROR),
    MessageDef(
        "tbe-too-deep",
        "the code nests deeper than the analyzer follows ({reason})",
        "Pathologically nested code is reported instead of crashing the run.",
        Severity.ERROR,
    ),
    MessageDef("tbe-empty-file", "the file is empty", "Nothing to analyse.", Severity.ERROR),
    MessageDef(
        "tbe-file-too-large",
        "the file has {size} bytes, over the {limit}-byte limit",
        "Huge inputs are skipped so that a corpus run never stalls.",
        Severity.ERROR,
    ),
    MessageDef("tbe-unreadable-file", "the file cannot be read: {reason}", "An OS error on open or read.", Severity.ERROR),
    MessageDef(
        "tbe-unknown-dsl-call",
        "DSL call {name} is not in the DSL -> Ascend C catalog (analyzers/data/dsl_map.toml), so its Ascend C "
        "counterpart is unknown; add it there",
        "A call that resolves to the DSL but has no catalog entry; its mapping is unknown.",
    ),
    MessageDef(
        "tbe-no-direct-ascend-c-api",
        "{name} has no direct Ascend C API: {trap}",
        "The call needs a decomposition or a hand-written loop in the kernel.",
    ),
    MessageDef(
        "tbe-aicpu-fallback",
        "check_supported hands the op to AI CPU when {condition}",
        "The op leaves AI Core under this condition.",
        Severity.INFO,
    ),
    MessageDef(
        "tbe-unclassified-guard",
        "branch guard `{guard}` is neither a dtype, impl_mode, SoC nor api_check_support test",
        "The analyzer cannot tell which facts decide this branch; both sides are kept.",
        Severity.INFO,
    ),
    MessageDef(
        "tbe-unresolved-dtype-list",
        "the dtype list `{expr}` checked for {param} cannot be resolved statically",
        "A check list built by a call or imported from elsewhere.",
    ),
    MessageDef(
        "tbe-unresolved-input",
        "cannot tell which input the dtype check on `{expr}` applies to",
        "The checked variable does not trace back to an entry parameter.",
    ),
    MessageDef("tbe-no-entry-function", "no entry function found: {reason}", "No register_operator/check_op_params function."),
    MessageDef(
        "tbe-signature-mismatch",
        "check_op_params lists {declared} constants but the entry takes {actual} parameters",
        "The decorator constants and the parameters should match one to one.",
    ),
    MessageDef(
        "tbe-helper-recursion",
        "helper {name} is not inlined past depth {depth}",
        "Recursive or deeply nested local helpers are cut off to keep the analysis finite.",
        Severity.INFO,
    ),
    MessageDef(
        "tbe-external-helper",
        "{name} is defined in another module: its DSL calls are not analysed",
        "A helper imported from elsewhere in the operator tree takes tensors; it is an opaque step of the flow.",
    ),
    MessageDef(
        "tbe-method-not-followed",
        "{name} is not followed: {reason}; its DSL calls are not analysed",
        "A call through an instance of a module-level class reaches a method the module does not define.",
    ),
    MessageDef(
        "tbe-helper-class",
        "the entry hands its work to a helper class: {reason}; its checks and branches are read there, not here",
        "The operator's kernel is built by a class of another module of the operator tree.",
        Severity.INFO,
    ),
    MessageDef("tbe-tik-operator", "TIK operator: {reason}", "Imperative TIK code maps to Ascend C by hand.", Severity.INFO),
    MessageDef("tbe-ascendc-wrapper", "Ascend C wrapper: {reason}", "The kernel is Ascend C already; the Python only compiles it.",
               Severity.INFO),
    MessageDef("tbe-hand-ir-operator", "hand-written IR: {reason}", "tvm ir_builder / extern code is ported by hand.", Severity.INFO),
    MessageDef("tbe-not-an-operator", "not an operator module: {reason}", "Helpers, constants and package files.", Severity.INFO),
)
