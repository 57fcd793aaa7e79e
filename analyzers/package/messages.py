"""Finding kinds of the packaging checks."""

from op_migrate.analyzers.findings import MessageCatalog, MessageDef, Severity

MESSAGES = MessageCatalog(
    MessageDef("missing-file", "{path} is missing ({why})", "A file ops-math's layout requires is absent.", Severity.ERROR),
    MessageDef(
        "missing-section",
        "{path} lacks the section {section!r}",
        "A README or API document lacks a section of the community template.",
        Severity.ERROR,
    ),
    MessageDef(
        "cmake-registration",
        "CMakeLists.txt does not register the op with add_all_modules_sources(OPTYPE {op} ACLNNTYPE ...)",
        "The op-root CMakeLists.txt must use the new-style registration.",
        Severity.ERROR,
    ),
    MessageDef(
        "missing-license-header",
        "{path} has no CANN Open Software License 2.0 header",
        "Every source file carries the license text the repository's OAT check looks for.",
        Severity.ERROR,
    ),
    MessageDef(
        "generated-file",
        "{path} is generated ({why}); remove it before packaging",
        "Build products, caches and generated data never go into the pull request.",
        Severity.ERROR,
    ),
    MessageDef(
        "symlink-outside",
        "{path} is a symlink pointing outside the op folder ({target})",
        "A link out of the folder would import foreign files into the pull request.",
        Severity.ERROR,
    ),
    MessageDef("unsafe-name", "{what} {name!r} is not a plain folder name", "Names with separators or '..' could escape.", Severity.ERROR),
)
