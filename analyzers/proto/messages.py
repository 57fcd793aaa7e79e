"""The finding kinds of the capability merge (REG_OP prototype, AI Core op-info, AI CPU kernels, TBE check lists).

Every message names both sides of the comparison and where it holds ({where}: "on all 16 SoCs", "on ascend910b").
"""

from __future__ import annotations

from op_migrate.analyzers.findings import MessageCatalog, MessageDef, Severity

MESSAGES = MessageCatalog(
    MessageDef(
        "proto-dtype-not-in-opinfo",
        "{op_type}: the prototype lists {ports}: {dtype}, the AI Core op-info does not {where}: it runs on AI CPU ({library}) there",
        "REG_OP is the framework-wide superset; a dtype missing from the AI Core op-info falls back to an AI CPU kernel.",
    ),
    MessageDef(
        "proto-dtype-unsupported",
        "{op_type}: the prototype promises {ports}: {dtype}, but nothing runs it {where}: "
        "not in the AI Core op-info, and {aicpu}",
        "A dtype the graph accepts that no kernel declares: the graph compiles, the op cannot run.",
    ),
    MessageDef(
        "opinfo-dtype-not-in-proto",
        "{op_type}: the AI Core op-info declares {ports}: {dtype} {where}, the prototype does not ({proto})",
        "The op-info declares more than the graph prototype allows.",
    ),
    MessageDef(
        "opinfo-port-not-in-proto",
        "{op_type}: the AI Core op-info declares {role} {ports} ({dtype}) {where}, a port the prototype does not have",
        "The AI Core kernel takes a port the graph prototype lacks; something other than the graph must supply it.",
        Severity.INFO,
    ),
    MessageDef(
        "opinfo-dtype-rejected-by-tbe",
        "{op_type}: the AI Core op-info declares {ports}: {dtype} {where}, but {kernel}: compilation fails for it",
        "The framework picks AI Core for this dtype and the kernel's own dtype check rejects it.",
    ),
    MessageDef(
        "tbe-bool-as-int8",
        "{op_type}: the AI Core op-info declares {ports}: bool {where}; {kernel} int8: "
        "bool arrives as int8 (storage), so this is consistent",
        "register_operator converts bool tensors to int8 before the kernel sees them unless trans_bool_to_s8=False.",
        Severity.INFO,
    ),
    MessageDef(
        "tbe-dtype-not-in-opinfo",
        "{op_type}: {kernel} {ports}: {dtype}, but the AI Core op-info does not declare it {where}: "
        "that path is unreachable on AI Core there",
        "The kernel handles a dtype the framework never sends it on these SoCs.",
        Severity.INFO,
    ),
    MessageDef(
        "opinfo-op-not-on-soc",
        "{op_type} has no AI Core op-info entry {where}: {outcome}",
        "The operator is not an AI Core operator on these SoCs.",
        Severity.INFO,
    ),
    MessageDef(
        "opinfo-op-unknown",
        "{op_type}: no AI Core op-info, AI CPU kernel or REG_OP of the roots names this op type; where it runs is unknown",
        "The op type is unknown to the install (a helper module, or an op type spelt another way).",
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
        "{op_type}: {param} uses the named type set {name}, which {source} does not define{hint}; its dtypes are unknown",
        "Named sets are expanded from graph/types.h of the tree, else from analyzers/data/type_sets.toml.",
    ),
)
