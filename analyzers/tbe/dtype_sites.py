"""Dtype checks merged over every path that reaches them: one condition per (input, dtype) from all check sites.

A check site is one check_dtype call (or `not in` test) reached through a chain of local calls; the same helper
reached from several call sites (GatherV2 calls its DSL path from four branches) is one site with several
alternative paths. A dtype every site accepts outright is accepted always; one some sites accept is accepted on
the paths to those sites; one an unconditional site rejects is rejected.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from op_migrate.analyzers.tbe.guards import conjoin, negate

# Beyond this many alternative paths a condition names the first ones and counts the rest.
MAX_TERMS = 4
MAX_PATHS = 16


@dataclass
class Reach:
    """How a scope is reached: (caller, guards at the call site) pairs; the entry has the one pair (None, ())."""

    parents: list = field(default_factory=list)


@dataclass
class Site:
    """One check of one input: the dtypes it lets through, each with the condition of its own list."""

    param: str
    reach: Reach
    local: tuple[str, ...]  # guards inside the checking function
    entries: dict = field(default_factory=dict)  # dtype -> (condition or None, line, remapped)


def paths(reach: Reach, memo: dict | None = None, active: frozenset = frozenset()) -> list[tuple[str, ...]]:
    """Every guard sequence from the entry to a scope (deduplicated, at most MAX_PATHS)."""
    memo = {} if memo is None else memo
    key = id(reach)
    if key in memo:
        return memo[key]
    found: list[tuple[str, ...]] = []
    for parent, guards in reach.parents:
        if parent is None:
            found.append(tuple(guards))
            continue
        if id(parent) in active:
            continue  # a helper reached through itself adds no new path
        for before in paths(parent, memo, active | {key}):
            found.append(tuple(dict.fromkeys([*before, *guards])))
    found = list(dict.fromkeys(found))[:MAX_PATHS]
    memo[key] = found
    return found


def partly_checked(sites: list[Site]) -> list[str]:
    """Inputs no single check covers on every path: ScatterNdAdd checks `adds` on its DSL path only (its TIK
    path takes any dtype); GatherV2 checks x on its DSL path and on its TIK path, each reached from some branches."""
    memo: dict = {}
    covered, seen = set(), []
    for site in sites:
        seen.append(site.param)
        if any(path + site.local == () for path in paths(site.reach, memo)):
            covered.add(site.param)
    return [param for param in dict.fromkeys(seen) if param not in covered]


def merge_sites(sites: list[Site]) -> dict[str, list[tuple[str, str | None, int]]]:
    """input -> [(dtype, condition, line)] over all sites, in the order the dtypes were first met."""
    memo: dict = {}
    merged: dict[str, list[tuple[str, str | None, int]]] = {}
    by_param: dict[str, list[Site]] = {}
    for site in sites:
        by_param.setdefault(site.param, []).append(site)
    for param, group in by_param.items():
        conditions = {id(site): [tuple(dict.fromkeys([*path, *site.local])) for path in paths(site.reach, memo)] for site in group}
        unconditional = [site for site in group if () in conditions[id(site)]]
        order = list(dict.fromkeys(dtype for site in group for dtype in site.entries))
        rows = []
        for dtype in order:
            accepting = [site for site in group if dtype in site.entries]
            if any(site not in accepting for site in unconditional):
                continue  # every path through that check rejects it
            line = accepting[0].entries[dtype][1]
            outright = [site for site in accepting if site.entries[dtype][0] is None or site.entries[dtype][2]]
            if len(outright) == len(group):
                remapped = next((site.entries[dtype][0] for site in group if site.entries[dtype][2]), None)
                rows.append((dtype, remapped, line))
                continue
            terms = []
            for site in accepting:
                own = site.entries[dtype][0]
                for path in conditions[id(site)] or [()]:
                    terms.append(conjoin(dict.fromkeys([*path, *([own] if own else [])])))
            rows.append((dtype, either(list(dict.fromkeys(terms))), line))
        if rows:
            merged[param] = rows
    return merged


def either(terms: list[str]) -> str | None:
    if "" in terms:
        return None
    if len(terms) == 1:
        return terms[0]
    shown = " or ".join(f"({term})" for term in terms[:MAX_TERMS])
    return shown if len(terms) <= MAX_TERMS else f"{shown} or {len(terms) - MAX_TERMS} more paths"


def refused(accepted: dict, refusals: list) -> dict:
    """Accepted dtypes minus those a raise refuses: always (dropped), or under a condition (kept when it fails)."""
    for param, dtypes, condition in refusals:
        rows = []
        for dtype, accepted_when, line in accepted.get(param, []):
            if dtype not in dtypes:
                rows.append((dtype, accepted_when, line))
            elif condition is not None:
                rows.append((dtype, conjoin([c for c in (accepted_when, negate(condition)) if c]), line))
        if param in accepted:
            accepted[param] = rows
    return accepted


def either_condition(conditions: list[str | None]) -> str | None:
    return None if None in conditions else either(list(dict.fromkeys(conditions)))
