"""Policy TOML -> Policy: every unknown key, bad name, bad glob and empty product is an error with its key path.

Format (all keys below `[policy]`):

    [policy]
    name = "floor_mod-native"                 # required
    description = "..."                       # optional
    entries = ["aclnnXxxGetWorkspaceSize"]    # required, non-empty: L2 entry points
    allow_may = false                         # default for every rule: a match under an undecided guard violates

    [[policy.routes]]                         # required, one or more; each is a product
    entries = ["aclnnInplaceXxx..."]          # optional: only these entries (inplace ones name `selfRef`)
    soc = ["Ascend910B"]                      # SoC names of analyzers/data/platforms.toml
    dtype = ["float16", { self = "int8", out = "bool" }]   # a dtype for every tensor, or per parameter
    cases = [{ self = [2, 3], other = [3], out = [2, 3], name = "optional label" }]
    scalars = { prob = [0.5] }                # optional: every value is one more axis of the product

    [[policy.forbid]] / [[policy.require]]    # zero or more each
    name = "no-output-broadcast"              # optional rule id (SARIF rule id); derived when absent
    op = "BroadcastTo"                        # exact name or glob (fnmatch: * ? [..])
    launcher = "AI_CPU"                       # AI_CORE | AI_CPU | DSA | UNKNOWN
    size = "output"                           # output | constant | other | any (default any)
    effect = "alloc"                          # makes it a tensor rule: param | alloc | view | alias | write
    dtype = "uint8"                           # tensor rule: the tensor's dtype
    shape = "packed_bits"                     # tensor rule: the tensor's ShapeRule.rule
    allow_may = true                          # per rule override
    reason = "why this rule exists"
    when = { soc = [...], dtype = [...], case = [...], scalars = { prob = [0.5] } }   # restrict the rule

    [policy.memory]
    max_gap = 0.05                            # relative gap of the predicted peak to the GPU reference, per case
    cases = ["broadcast-both"]                # optional: judge only these cases (by name)
"""

from __future__ import annotations

import dataclasses
import re
import sys
from pathlib import Path

from op_migrate.analyzers import catalog
from op_migrate.analyzers.policy import fields
from op_migrate.analyzers.policy.model import SIZE_CLASSES, CaseSpec, MemoryLimit, Policy, RouteSpec, Rule, Scope
from op_migrate.analyzers.route.model import EFFECTS, LAUNCHERS, SHAPE_RULES

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised only on Python 3.10
    import tomli as tomllib

POLICY_KEYS = {"name", "description", "entries", "allow_may", "routes", "forbid", "require", "memory"}
ROUTE_KEYS = {"entries", "soc", "dtype", "cases", "scalars"}
RULE_KEYS = {"name", "op", "launcher", "size", "effect", "dtype", "shape", "allow_may", "reason", "when"}
WHEN_KEYS = {"soc", "dtype", "case", "scalars"}
MEMORY_KEYS = {"max_gap", "cases"}
_RULE_ID = re.compile(r"^[A-Za-z0-9][A-Za-z0-9_.-]*$")


class PolicyError(ValueError):
    """A policy that cannot be used; `problems` holds one "key.path: reason" line each."""

    def __init__(self, source: str, problems: list[str]) -> None:
        self.source = source
        self.problems = tuple(problems)
        super().__init__(f"{source}: " + "; ".join(problems))


def builtin_names() -> tuple[str, ...]:
    """The names of the policies shipped under analyzers/data/policies."""
    folder = catalog.data_path("policies")
    return tuple(sorted(item.name[: -len(".toml")] for item in folder.iterdir() if item.name.endswith(".toml")))


def load_policy(reference: str) -> Policy:
    """A built-in policy by name, or a policy file by path."""
    if reference in builtin_names():
        text = catalog.data_path("policies", f"{reference}.toml").read_text(encoding="utf-8")
        return parse_policy(text, source=f"builtin:{reference}")
    path = Path(reference)
    if not path.is_file():
        known = ", ".join(builtin_names())
        raise PolicyError(reference, [f"neither a built-in policy ({known}) nor a file"])
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise PolicyError(reference, [f"cannot be read as UTF-8 text ({error})"]) from error
    return parse_policy(text, source=str(path))


def parse_policy(text: str, source: str = "<policy>") -> Policy:
    """Parse and validate; raises PolicyError listing every problem found."""
    try:
        document = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise PolicyError(source, [f"not valid TOML: {error}"]) from error
    problems: list[str] = []
    fields.unknown_keys(document, {"policy"}, "", problems)
    body = document.get("policy")
    if not isinstance(body, dict):
        raise PolicyError(source, problems + ["policy: missing [policy] table"])
    fields.unknown_keys(body, POLICY_KEYS, "policy", problems)
    platforms = Platforms()
    name = fields.text(body, "name", "policy", problems, required=True)
    entries = fields.texts(body.get("entries"), "policy.entries", problems, required=True)
    default_may = fields.flag(body, "allow_may", "policy", problems)
    routes = tuple(_route(item, f"policy.routes[{i}]", platforms, problems, entries)
                   for i, item in enumerate(fields.tables(body, "routes", "policy", problems, required=True)))
    rules: list[Rule] = []
    for kind in ("forbid", "require"):
        for i, item in enumerate(fields.tables(body, kind, "policy", problems)):
            rules.append(_rule(item, kind, f"policy.{kind}[{i}]", default_may, platforms, problems))
    seen: set[str] = set()
    for rule in rules:
        if rule.name in seen:
            problems.append(f"rule name {rule.name!r} is used twice; give one of them a `name`")
        seen.add(rule.name)
    known_cases = {case.name for route in routes for case in route.cases}
    for rule in rules:
        for case_name in rule.when.cases:
            if case_name not in known_cases:
                problems.append(f"policy.{rule.kind} rule {rule.name!r}: when.case {case_name!r} names no case of policy.routes")
    memory = None
    if "memory" in body:
        memory = _memory(body["memory"], problems)
        for case_name in memory.cases if memory else ():
            if case_name not in known_cases:
                problems.append(f"policy.memory.cases: {case_name!r} names no case of policy.routes")
    if problems:
        raise PolicyError(source, problems)
    return Policy(name=name or "", source=source, entries=entries, routes=routes, rules=tuple(rules),
                  memory=memory, description=str(body.get("description", "")))


class Platforms:
    """SoC and dtype names accepted in policies, from analyzers/data/platforms.toml."""

    def __init__(self) -> None:
        data = catalog.load("platforms")
        self.socs = {name: entry.get("arch") for name, entry in data.get("soc", {}).items()}
        self.dtypes: dict[str, str] = {}
        for name, entry in data.get("dtype", {}).items():
            for spelling in (name, *entry.get("aliases", ()), entry.get("dt"), entry.get("acl")):
                if spelling:
                    self.dtypes[str(spelling).lower()] = name

    def dtype(self, value, where: str, problems: list[str]) -> str | None:
        if not isinstance(value, str) or value.lower() not in self.dtypes:
            problems.append(f"{where}: unknown dtype {value!r} (known: {', '.join(sorted(set(self.dtypes.values())))})")
            return None
        return self.dtypes[value.lower()]

    def soc(self, value, where: str, problems: list[str]) -> str | None:
        if value not in self.socs:
            problems.append(f"{where}: unknown SoC {value!r} (known: {', '.join(sorted(self.socs))})")
            return None
        return value


def _route(table: dict, where: str, platforms: Platforms, problems: list[str], entries: tuple[str, ...]) -> RouteSpec:
    fields.unknown_keys(table, ROUTE_KEYS, where, problems)
    only = fields.texts(table.get("entries"), f"{where}.entries", problems, required=False)
    for name in only:
        if name not in entries:
            problems.append(f"{where}.entries: {name!r} is not one of policy.entries")
    socs = tuple(s for i, value in enumerate(fields.items(table, "soc", where, problems))
                 if (s := platforms.soc(value, f"{where}.soc[{i}]", problems)))
    dtypes = []
    for i, value in enumerate(fields.items(table, "dtype", where, problems)):
        item = f"{where}.dtype[{i}]"
        if isinstance(value, dict):
            bindings = tuple((str(param), platforms.dtype(d, f"{item}.{param}", problems)) for param, d in value.items())
            if not bindings:
                problems.append(f"{item}: an empty table binds no dtype")
            dtypes.append(tuple((param, d) for param, d in bindings if d))
        else:
            dtype = platforms.dtype(value, item, problems)
            dtypes.append((("*", dtype),) if dtype else ())
    cases = tuple(_case(value, f"{where}.cases[{i}]", i, problems)
                  for i, value in enumerate(fields.items(table, "cases", where, problems)))
    scalars = fields.scalar_lists(table.get("scalars", {}), f"{where}.scalars", problems)
    for name, values in scalars:
        if not values:
            problems.append(f"{where}.scalars.{name}: empty list makes the product soc × dtype × cases × scalars empty")
    return RouteSpec(socs=socs, dtypes=tuple(dtypes), cases=cases, scalars=scalars, entries=only)


def _case(value, where: str, index: int, problems: list[str]) -> CaseSpec:
    if not isinstance(value, dict):
        problems.append(f"{where}: a case is a table of parameter = [dims]")
        return CaseSpec(name=f"case{index + 1}", shapes=())
    shapes = []
    for param, dims in value.items():
        if param == "name":
            continue
        if not isinstance(dims, list) or not all(isinstance(d, int) and not isinstance(d, bool) and d >= 0 for d in dims):
            problems.append(f"{where}.{param}: a shape is a list of non-negative integers, got {dims!r}")
            continue
        shapes.append((str(param), tuple(dims)))
    if not shapes:
        problems.append(f"{where}: the case gives no shape")
    name = value.get("name", f"case{index + 1}")
    if not isinstance(name, str) or not name:
        problems.append(f"{where}.name: must be a non-empty string")
        name = f"case{index + 1}"
    return CaseSpec(name=name, shapes=tuple(shapes))


def _rule(table: dict, kind: str, where: str, default_may: bool, platforms: Platforms, problems: list[str]) -> Rule:
    fields.unknown_keys(table, RULE_KEYS, where, problems)
    op = fields.text(table, "op", where, problems)
    if op is not None and not fields.valid_glob(op):
        problems.append(f"{where}.op: bad glob {op!r} (letters, digits, _ : . - and * ? [..] with closed brackets)")
    launcher = fields.choice(table, "launcher", LAUNCHERS, where, problems)
    size = fields.choice(table, "size", SIZE_CLASSES, where, problems) or "any"
    effect = fields.choice(table, "effect", EFFECTS, where, problems)
    shape = fields.choice(table, "shape", SHAPE_RULES, where, problems)
    dtype = platforms.dtype(table["dtype"], f"{where}.dtype", problems) if "dtype" in table else None
    if op is None and launcher is None and effect is None and dtype is None and shape is None:
        problems.append(f"{where}: selects nothing; give at least one of op, launcher, effect, dtype, shape")
    if kind == "require" and (effect is not None or dtype is not None or shape is not None):
        problems.append(f"{where}: require rules select tasks (op, launcher, size), not tensors")
    name = fields.text(table, "name", where, problems)
    if name is not None and not _RULE_ID.match(name):
        problems.append(f"{where}.name: {name!r} is not a rule id (letters, digits, _ . -)")
    allow_may = fields.flag(table, "allow_may", where, problems, default=default_may)
    rule = Rule(name=name or "", kind=kind, op=op, launcher=launcher, size=size, effect=effect, dtype=dtype,
                shape=shape, allow_may=allow_may, reason=str(table.get("reason", "")),
                when=_when(table.get("when", {}), f"{where}.when", platforms, problems))
    if not name:
        rule = dataclasses.replace(rule, name=_derived_name(rule))
    return rule


def _derived_name(rule: Rule) -> str:
    parts = [rule.kind]
    for value in (rule.effect, rule.dtype, rule.shape, rule.op, rule.launcher):
        if value:
            parts.append(re.sub(r"[^A-Za-z0-9_]+", "_", value).strip("_") or "glob")
    if rule.size != "any":
        parts.append(f"{rule.size}-sized")
    return "-".join(parts)


def _when(table, where: str, platforms: Platforms, problems: list[str]) -> Scope:
    if not isinstance(table, dict):
        problems.append(f"{where}: must be a table")
        return Scope()
    fields.unknown_keys(table, WHEN_KEYS, where, problems)
    socs = tuple(s for i, v in enumerate(fields.items(table, "soc", where, problems, required=False))
                 if (s := platforms.soc(v, f"{where}.soc[{i}]", problems)))
    dtypes = tuple(d for i, v in enumerate(fields.items(table, "dtype", where, problems, required=False))
                   if (d := platforms.dtype(v, f"{where}.dtype[{i}]", problems)))
    cases = tuple(str(c) for c in fields.items(table, "case", where, problems, required=False))
    scalars = fields.scalar_lists(table.get("scalars", {}), f"{where}.scalars", problems)
    return Scope(socs=socs, dtypes=dtypes, cases=cases, scalars=scalars)


def _memory(table, problems: list[str]) -> MemoryLimit | None:
    if not isinstance(table, dict):
        problems.append("policy.memory: must be a table")
        return None
    fields.unknown_keys(table, MEMORY_KEYS, "policy.memory", problems)
    gap = table.get("max_gap")
    if isinstance(gap, bool) or not isinstance(gap, (int, float)) or gap < 0:
        problems.append(f"policy.memory.max_gap: a non-negative number is required, got {gap!r}")
        return None
    cases = fields.texts(table.get("cases"), "policy.memory.cases", problems, required=False)
    return MemoryLimit(max_gap=float(gap), cases=cases)
