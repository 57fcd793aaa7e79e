"""The finding catalog of the ACLNN chain analysis and its route walks."""

from __future__ import annotations

from op_migrate.analyzers.findings import MessageCatalog, MessageDef, Severity

MESSAGES = MessageCatalog(
    MessageDef(
        "aclnn-no-entry-point",
        "no aclnn*GetWorkspaceSize entry point in this file",
        "The file defines no ACLNN phase-1 function; its L0 definitions are still indexed.",
        Severity.INFO,
    ),
    MessageDef(
        "aclnn-repo-root-missing",
        "no ops-math-like repository root above {directory}; L0 ops resolve from the input directory and l0_ops.toml only",
        "Give --repo-root to resolve l0op calls against their definitions in the repository.",
        Severity.WARNING,
    ),
    MessageDef(
        "aclnn-repo-root-unusable",
        "--repo-root {root} is not a directory; it is left out",
        "The other roots and the catalogs still resolve l0op calls; calls only it could resolve stay unresolved.",
        Severity.ERROR,
    ),
    MessageDef(
        "l0-catalog-unusable",
        "the L0 catalog is left out: {reason}",
        "A catalog written by `migrate catalog build` of another schema version, truncated or unreadable; "
        "rebuild it. The run goes on without it.",
        Severity.ERROR,
    ),
    MessageDef(
        "l0-op-unresolved",
        "l0op::{op} with {arity} arguments is not resolved: {reason}",
        "Its launcher and tensor effect are unknown; routes through it are marked incomplete. Stand-ins (test "
        "stubs, mocks, bodies that launch nothing and return an argument) never resolve a call.",
        Severity.WARNING,
    ),
    MessageDef(
        "l0-op-conflict",
        "l0op::{op} ({arity} arguments) is defined differently in two roots: {used} is used, {other} is not",
        "The first --repo-root that defines an op wins; give the roots in the order you mean.",
        Severity.INFO,
    ),
    MessageDef(
        "route-several-definitions",
        "{function} is defined in several files the route reads: {used} is walked, not {others}",
        "Definitions of one name and signature in several sources (one per build variant, or a copy): the route "
        "follows the first in reach (the file itself, then its headers, nearest first); check it is the one built.",
        Severity.INFO,
    ),
    MessageDef(
        "reach-braces-unbalanced",
        "braces do not balance from line {line} on; the definitions there are read by the C++ front end",
        "The reach index scans files lexically; a `{{` never closed (often two `#if` branches that each open one) "
        "leaves the rest of the file to the tree-sitter front end, which keeps both branches.",
        Severity.INFO,
    ),
    MessageDef(
        "reach-file-unreadable",
        "the reach index leaves this file out: {reason}",
        "A file of a repository root that cannot be read (permissions, too large): launch sites only it reaches "
        "are not in the index, so an audit that relies on it may miss them.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-unparsed-construct",
        "an unparsed construct lies on the route: {text}",
        "The front end could not structure this statement; what it does is unknown, so the route is incomplete.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-recursive-call",
        "call to {function} is not followed (recursion or nesting limit)",
        "Helpers that call each other are inlined once; the repeated call is left out and the route is incomplete.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-helper-not-found",
        "{function} is given {given} and is defined in none of the files the route reads ({where})",
        "A repository function the walk cannot find: what it launches and which tensors it makes are unknown, so the "
        "route is incomplete. Helpers are found in the file, the headers it includes with quotes (beside it, under "
        "a repository root, or a root's header whose path ends with the include) and the sources beside a header "
        "that declares them; give --repo-root for the repository that defines it.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-unknown-macro",
        "{macro} is spelled as a macro and is defined in none of the files the route reads ({where})",
        "A macro's expansion sees the variables of the function it is written in (the executor, its tensors), so "
        "one the walk cannot expand may launch even when it is given nothing: the route is incomplete. Give "
        "--repo-root for the repository or include folder that defines it.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-unknown-callable",
        "{callable} is called and holds {held}: what it runs is not known",
        "A variable or parameter called as a function holds no function or lambda the walk knows (`std::bind`'s "
        "result, a callable a helper it could not follow returned) and is given, or was made from, a tensor, the "
        "executor or a function that reaches a launch: it may launch, so the route is incomplete.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-framework-launch-unmodelled",
        "{call} {what}: the route walk does not model it",
        "The framework's own launches (its copy functions, the executor's launcher lists) are tasks on the device "
        "that no l0op call or launch macro shows; one the walk does not model leaves the route incomplete rather "
        "than silently without it (analyzers/route/framework_functions.py DEVICE_TASKS, EXECUTOR_LAUNCHES).",
        Severity.WARNING,
    ),
    MessageDef(
        "route-facts-rejected",
        "{entry} fails for these facts{when}: {check} ({where}){detail}; the call returns an error and launches "
        "nothing{hint}",
        "A check of the entry point rejects the facts given (a dtype its support list does not hold, an output whose "
        "dtype differs from its result's): the route for them is no route. `--dtype float16` gives every tensor "
        "float16, index and bool outputs too; give those their own dtype with --dtype NAME=DTYPE.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-unwalked-launch",
        "{what} {call} is not followed and reaches a launch by name, for example: {chain} ({site})",
        "The walk could not follow this call (a function, method or pointer whose definition or object it does not "
        "know), and the repositories' call graph shows a launch site reachable from its name: what this route "
        "launches is not known, so it is incomplete. The chain names each function on the way; it joins definitions "
        "by name (a virtual method reaches every override of that name), so it is one way there, not necessarily "
        "the definition this call runs.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-method-not-found",
        "{what} {method} is called with a tensor or the executor in reach and its definition is not in reach",
        "A method of a repository class (or of an object whose class the walk does not know) that is given, or whose "
        "object holds, a tensor or the executor: what it launches is unknown, so the route is incomplete.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-class-hierarchy-cut",
        "the bases of {cls} are followed no further: {why}",
        "A class hierarchy with a cycle or deeper than the walk follows; methods of the classes left out are not "
        "found, and a call that needs one makes its route incomplete.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-generated-api-unknown",
        "{api} is a generated two-phase API and no OpDef of {op} is in the roots",
        "opbuild generates aclnnInner<Op>GetWorkspaceSize from the op's OpDef (op_host/*_def.cpp) and it launches that "
        "op's AI Core kernel; without the OpDef what it launches is unknown, so the route is incomplete. Give "
        "--repo-root for the repository that registers the op.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-macro-not-expanded",
        "macro {macro} is not expanded: {why}",
        "The macro's definition is in reach but its expansion cannot be walked (a preprocessor error, a bound): what "
        "it does is unknown, so the route is incomplete.",
        Severity.WARNING,
    ),
    MessageDef(
        "route-walk-budget",
        "the walk stopped after {steps} statements",
        "A guard against pathological inputs; the route is incomplete.",
        Severity.ERROR,
    ),
)
