"""op_select_format per SoC: where the op-info leaves the dtypes to it, what it returns on each SoC of the install.

The implementation file is read again here (only for SoCs whose op-info declares no dtypes) and
op_select_format is run symbolically once per SoC, with that SoC's answers to api_check_support,
intrinsic_check_support and get_soc_spec("SHORT_SOC_VERSION") from analyzers.proto.platform_facts. What still
depends on shapes, formats or attributes stays a condition; what cannot be read says why.
"""

from __future__ import annotations

import functools
from pathlib import Path, PurePath

from astroid import nodes
from astroid.exceptions import AstroidBuildingError

from op_migrate.analyzers.proto.dtype_names import opinfo_dtype
from op_migrate.analyzers.tbe.conditions import simplify
from op_migrate.analyzers.tbe.constants import module_constants
from op_migrate.analyzers.tbe.guards import conjoin
from op_migrate.analyzers.tbe.imports import collect_imports, package_of, parse_source
from op_migrate.analyzers.tbe.select_format import Module, read_select_format

HOOK = "op_select_format"


class SocAnswers:
    """One SoC's answers to the queries op_select_format makes."""

    def __init__(self, soc: str, platform) -> None:
        self.soc = soc
        self.platform = platform
        self.asked: dict[tuple, object] = {}  # every query made, with this SoC's answer

    def answer(self, kind: str, name: str, dtype: str) -> bool | None:
        return self._asked((kind, name, dtype))

    def name(self, full: bool) -> str | None:
        return self._asked(("name", full))

    def _asked(self, query: tuple):
        if query not in self.asked:
            self.asked[query] = self.reply(query)
        return self.asked[query]

    def reply(self, query: tuple):
        if query[0] == "name":
            if not query[1]:
                return self.platform.short_name(self.soc)
            variants = {name for name, _ in self.platform.variants.get(self.soc, ())}
            return variants.pop() if len(variants) == 1 else None
        kind, name, dtype = query
        return (self.platform.api if kind == "api" else self.platform.intrinsic)(self.soc, name, dtype)


def static_twin(path: str) -> PurePath | None:
    """The static module the framework takes a function from when a dynamic one lacks it: impl.dynamic.<op> ->
    impl.<op>, the same file name one folder up (te_fusion/fusion_manager.py get_func_of_op, CANN 8.1.RC1); None for
    a module outside a dynamic folder."""
    found = PurePath(path)
    return found.parent.parent / found.name if found.parent.name == "dynamic" else None


def soft_sync(info) -> bool:
    """Whether the op-info marks the op soft-sync, which get_func_of_op keeps to its dynamic module (soft_sync_op:
    the op-info's softsync flag, matched by name)."""
    return info is not None and str(info.flags.get("softsync.flag", "")).lower() == "true"


def selection(path: str, soc: str, platform, ports: list[tuple[str, int, str]]) -> dict:
    """{"combinations": [(dtypes, formats)], "conditions": {dtypes: text}, "unknown": reason or None} or
    {"reason": why nothing could be read}, on one SoC. Combinations follow `ports` (role, position, name)."""
    loaded = _module(path)
    if loaded is None or HOOK not in loaded[1].functions:
        return {"reason": "the implementation file could not be read again" if loaded is None else f"{path} defines no {HOOK}"}
    function, module = loaded[1].functions[HOOK], loaded[1]
    answers = SocAnswers(soc, platform)
    # SoCs that answer every query the function made the same way get the same result: run it once for them.
    for asked, known in _RESULTS.get((path, id(platform)), ()):
        if all(answers.reply(query) == answer for query, answer in asked.items()):
            return _summary(known, ports, function.lineno)
    load = functools.partial(_function_of, _impl_root(Path(path)))
    try:
        result = read_select_format(function, module, answers, load)
    except (TypeError, ValueError, AttributeError, KeyError, IndexError, RecursionError) as error:
        # A defect of the reader must not stop a whole-install run: this op's cells stay unknown, saying so.
        where = error.__traceback__
        while where is not None and where.tb_next is not None:
            where = where.tb_next
        place = f"{Path(where.tb_frame.f_code.co_filename).name}:{where.tb_lineno}" if where is not None else "?"
        result = {"function": function.name, "line": function.lineno, "outcomes": [],
                  "incomplete": f"op-migrate's reader failed ({type(error).__name__}: {error} at {place}); "
                                f"a defect of the tool, please report it"}
    _RESULTS.setdefault((path, id(platform)), []).append((answers.asked, result))
    return _summary(result, ports, function.lineno)


# (path, platform) -> [(queries and their answers, result)]: the runs already made in this process.
_RESULTS: dict[tuple, list] = {}


def _summary(result: dict, ports, line: int) -> dict:
    if result["incomplete"]:
        return {"reason": f"{HOOK} (line {line}) could not be read to the end: {result['incomplete']}"}
    known, unknown = [], []
    for outcome in result["outcomes"]:
        combos = _combinations(outcome, ports)
        condition = conjoin([c["shown"] if c["holds"] else simplify(f"not ({c['text']})") for c in outcome["conditions"]])
        if isinstance(combos, str):
            unknown.append(f"{combos}{f' when {condition}' if condition else ''}")
        else:
            known.append((combos, condition))
    if not known:
        return {"reason": f"{HOOK} (line {line}): " + "; ".join(dict.fromkeys(unknown))}
    order: dict[tuple, list] = {}
    conditions: dict[tuple, list[str]] = {}
    for path, (combos, condition) in enumerate(known):
        for dtypes, formats in combos:
            order.setdefault(dtypes, [])
            if formats not in order[dtypes]:
                order[dtypes].append(formats)
            conditions.setdefault(dtypes, {})[path] = condition
    always = [d for d in order if len(conditions[d]) == len(known) and not unknown]
    texts = {d: _either([c for c in conditions[d].values() if c], len(known)) for d in order if d not in always}
    return {"combinations": [(d, f) for d, formats in order.items() for f in formats],
            "conditions": {d: t for d, t in texts.items() if t},
            "unknown": "; ".join(dict.fromkeys(unknown)) or None}


_LONGEST = 160


def _either(conditions: list[str], paths: int) -> str | None:
    """The paths' conditions joined by `or`; past a line's length, how many paths there are instead."""
    if not conditions:
        return None
    text = simplify(" or ".join(f"({c})" for c in dict.fromkeys(conditions)))
    if len(text) <= _LONGEST:
        return text
    return f"on {len(conditions)} of its {paths} paths, which test shapes or attributes (not on the others)"


def _combinations(outcome: dict, ports) -> list[tuple[tuple, tuple]] | str:
    """Column i of every port's lists, in the matrix's port order; a string says why not."""
    if outcome["ports"] is None:
        return outcome["unknown"]
    by_index = {p["index"]: p for p in outcome["ports"]}
    by_name = {p["name"]: p for p in outcome["ports"]}
    chosen = [by_index.get(f"{role}{position}") or by_name.get(name) for role, position, name in ports]
    missing = [p for p in chosen if p is not None and p["dtypes"] is None]
    if missing:
        return f"the dtypes of {missing[0]['name']} are not known here ({missing[0]['unknown']})"
    widths = {len(p["dtypes"]) for p in chosen if p is not None}
    if len(widths) > 1:
        return "its ports' dtype lists differ in length"
    width = widths.pop() if widths else 0
    found = []
    for column in range(width):
        dtypes = tuple(opinfo_dtype(p["dtypes"][column]) if p is not None else None for p in chosen)
        formats = tuple(p["formats"][column] if p is not None and p["formats"] and column < len(p["formats"]) else None
                        for p in chosen)
        found.append((dtypes, formats))
    return found


@functools.lru_cache(maxsize=64)
def _module(path: str) -> tuple[nodes.Module, Module] | None:
    try:
        text = Path(path).read_text(encoding="utf-8")
        tree = parse_source(text, path)
    except (OSError, UnicodeDecodeError, SyntaxError, AstroidBuildingError, ValueError, RecursionError):
        return None
    values, _ = module_constants(tree)
    functions = {node.name: node for node in tree.body if isinstance(node, nodes.FunctionDef)}
    return tree, Module(collect_imports(tree, package=package_of(path)), functions, values, path)


def _impl_root(path: Path) -> Path | None:
    for parent in path.resolve().parents:
        if parent.name == "impl":
            return parent
    return None


def _function_of(impl: Path | None, qualified: str):
    """(FunctionDef, Module) of `impl.<module>.<function>` in the operator tree, or None."""
    if impl is None or not qualified.startswith("impl."):
        return None
    module, _, name = qualified.rpartition(".")
    candidate = impl.joinpath(*module.split(".")[1:]).with_suffix(".py")
    loaded = _module(str(candidate)) if candidate.is_file() else None
    if loaded is None or name not in loaded[1].functions:
        return None
    return loaded[1].functions[name], loaded[1]
