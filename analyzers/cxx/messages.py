"""The finding catalog of the C++ front ends: what can go wrong while reading a C++ file."""

from __future__ import annotations

from op_migrate.analyzers.findings import MessageCatalog, MessageDef, Severity

MESSAGES = MessageCatalog(
    MessageDef(
        "cxx-parse-error",
        "tree-sitter could not parse: {text}",
        "An ERROR node: the text shown was not structured. Statements inside it that could be recovered "
        "are kept; the rest is kept as an `unparsed` statement.",
        Severity.WARNING,
    ),
    MessageDef(
        "cxx-missing-token",
        "missing {token} (inserted by error recovery)",
        "The file ends early or a bracket is unbalanced; the parser assumed the token was there.",
        Severity.WARNING,
    ),
    MessageDef(
        "cxx-too-many-errors",
        "{count} more parse errors not listed",
        "Parse errors past the per-file limit are counted, not listed one by one.",
        Severity.WARNING,
    ),
    MessageDef(
        "cxx-not-utf8",
        "bytes that are not UTF-8 at offset {offset}; decoded with replacement characters",
        "The file was still parsed; texts in the model show U+FFFD where the bytes were invalid.",
        Severity.WARNING,
    ),
    MessageDef("cxx-empty-file", "the file is empty", "Nothing to analyse.", Severity.INFO),
    MessageDef(
        "cxx-too-large",
        "file of {size} bytes exceeds the {limit}-byte limit; not parsed",
        "Very large inputs are refused rather than risking a long stall.",
        Severity.ERROR,
    ),
    MessageDef(
        "cxx-unreadable",
        "cannot read the file: {reason}",
        "The path does not exist or cannot be opened.",
        Severity.ERROR,
    ),
    MessageDef(
        "cxx-recursion-limit",
        "nesting deeper than {limit} levels; the inner part is kept as text only",
        "Deeply nested expressions or statements are cut at a fixed depth instead of exhausting the stack.",
        Severity.WARNING,
    ),
    MessageDef(
        "cxx-unknown-construct",
        "construct `{node}` not modelled; kept as text",
        "A statement or declaration kind the front end does not structure.",
        Severity.INFO,
    ),
    MessageDef(
        "libclang-diagnostic",
        "clang {severity}: {text}",
        "A diagnostic from libclang in precise mode (usually a missing header or an undeclared name).",
        Severity.WARNING,
    ),
    MessageDef(
        "libclang-unavailable",
        "libclang cannot be used ({reason}); fell back to tree-sitter",
        "Precise mode was asked for but clang.cindex could not load or parse; the tree-sitter result is given.",
        Severity.WARNING,
    ),
    MessageDef(
        "libclang-dropped-statement",
        "clang left this statement out of its AST (invalid without the right headers?): {text}",
        "Precise mode keeps the statement as tree-sitter reads it, so here the result is not precise; "
        "give the missing include directories.",
        Severity.WARNING,
    ),
    MessageDef(
        "libclang-no-compile-command",
        "no entry for this file in {database}; parsed with the include directories only",
        "The compile database has no command for the file.",
        Severity.INFO,
    ),
    MessageDef(
        "macro-malformed-define",
        "#define {name} skipped: {reason}",
        "A `#define` a C++ compiler would reject (no name, a bad parameter list, `#` without a parameter, `##` at "
        "an end): it is left out of the macro definitions, as the compiler leaves it undefined.",
        Severity.WARNING,
    ),
    MessageDef(
        "macro-unterminated-define",
        "#define {name} runs to the end of the file: {reason}",
        "The definition is kept as read up to the end of the file; the file is probably truncated.",
        Severity.WARNING,
    ),
    MessageDef(
        "macro-unbalanced-conditional",
        "unbalanced conditional: {directive}",
        "An `#else`/`#elif`/`#endif` without its `#if`, or an `#if` left open at the end of the file: the `#if` "
        "conditions recorded on the macros around it may be wrong.",
        Severity.WARNING,
    ),
)
