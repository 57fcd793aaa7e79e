"""The finding kinds of the capability merge (REG_OP prototype, op-info, TBE check lists)."""

from __future__ import annotations

from op_migrate.analyzers.findings import MessageCatalog, MessageDef, Severity

MESSAGES = MessageCatalog(
    MessageDef(
        "proto-dtype-not-in-opinfo",
        "{op_type}: the prototype lists {dtype} for {param} but the {soc} op-info does not: it runs on AI CPU there",
        "REG_OP is the framework-wide superset; a dtype missing from the AI Core op-info falls back to AI CPU.",
    ),
    MessageDef(
        "opinfo-dtype-not-in-proto",
        "{op_type}: the {soc} op-info lists {dtype} for {param} but the prototype does not",
        "The op-info declares more than the graph prototype allows.",
    ),
    MessageDef(
        "opinfo-dtype-rejected-by-tbe",
        "{op_type}: the {soc} op-info lists {dtype} for {param} but the TBE check list rejects it{condition}",
        "Compilation fails for this dtype on this SoC unless the condition holds.",
    ),
    MessageDef(
        "tbe-dtype-not-in-opinfo",
        "{op_type}: TBE accepts {dtype} for {param} but the {soc} op-info does not declare it",
        "The TBE code path is unreachable through this op-info.",
        Severity.INFO,
    ),
    MessageDef(
        "proto-parse-error",
        "REG_OP({op_type}) in {path} could not be read: {reason}",
        "The prototype text did not match the REG_OP grammar.",
    ),
    MessageDef(
        "opinfo-parse-error",
        "op-info {path} could not be read: {reason}",
        "The op-info file is not valid JSON or .ini.",
    ),
    MessageDef(
        "proto-unknown-type-set",
        "{op_type}: {param} uses the named type set {name}; its dtypes are not expanded",
        "Named sets (NumberType, BasicType ...) are defined in GE headers this tool does not read; the dtypes stay unknown.",
    ),
)
