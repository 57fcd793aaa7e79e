"""Combinations of an operator whose op-info leaves dtypes to op_select_format: that function of the TBE file,
run on the abstract interpreter for ND tensors of dynamic shape, gives the lists; columns not all ND are dropped.

Which file's op_select_format: the framework asks the module it compiles (impl.dynamic.<op> for a dynamic op) and,
when that module has no such function, the static module of the same name (impl.<op>), unless the op is soft-sync:
te_fusion/fusion_manager.py get_func_of_op (CANN 8.1.RC1, python/site-packages), which call_op_func uses to find the
function it is asked to run.
"""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from astroid.exceptions import AstroidBuildingError, AstroidSyntaxError

from op_migrate.analyzers.proto.model import OpInfo
from op_migrate.analyzers.proto.dtype_names import opinfo_dtype
from op_migrate.analyzers.proto.select_facts import soft_sync, static_twin
from op_migrate.analyzers.scaffold.combos import Combination, CombinationError, SocCombinations
from op_migrate.analyzers.scaffold.dsl_calls import Dsl, Tracer
from op_migrate.analyzers.scaffold.framework import Framework, attr_value
from op_migrate.analyzers.scaffold.interp import Interpreter, UserFunction
from op_migrate.analyzers.scaffold.modules import ModuleLoader
from op_migrate.analyzers.scaffold.platform import Platform
from op_migrate.analyzers.scaffold.trace import with_roles
from op_migrate.analyzers.scaffold.values import AttrBranch, Refused, Unknown, Untranslatable

MAX_SELECT_BRANCHES = 6
HOOK = "op_select_format"


def select_module(facts, loader: ModuleLoader, info: OpInfo):
    """The module whose op_select_format the framework runs for this op: the entry's own, else, for an entry under a
    dynamic folder of an op that is not soft-sync, the static module of the same name (get_func_of_op)."""
    if HOOK in facts.module.functions:
        return facts.module
    where = f"the op-info of {info.soc} declares no dtypes and {facts.module.path} has no {HOOK}"
    twin = static_twin(facts.module.path)
    if twin is None:
        raise CombinationError(f"{info.op_type}: {where}")
    if soft_sync(info):
        raise CombinationError(f"{info.op_type}: {where}, and a soft-sync op is not given the static module's")
    twin = Path(twin)
    try:
        static = loader.parse_file(twin, facts.module.name.replace(".dynamic.", ".", 1)) if twin.is_file() else None
    except (AstroidSyntaxError, AstroidBuildingError, OSError, RecursionError, ValueError):
        static = None
    if static is None or HOOK not in static.functions:
        raise CombinationError(f"{info.op_type}: {where}, nor has its static module {twin}")
    return static



def select_combinations(facts, loader: ModuleLoader, platform: Platform, info: OpInfo) -> SocCombinations:
    module = select_module(facts, loader, info)
    function = module.functions[HOOK]
    inputs = sum(p.index.startswith("input") for p in info.params)
    facts = with_roles(facts, inputs, len(info.params) - inputs)
    by_name = {p.name: p.role for p in facts.ports}
    args = []
    arguments = function.args
    names = [a.name for a in (arguments.posonlyargs or []) + (arguments.args or [])]
    for index, name in enumerate(names):
        # op_select_format takes the entry's parameters in the entry's order, under names of its own.
        role = facts.ports[index].role if index < len(facts.ports) else by_name.get(name)
        if role in ("input", "output"):
            # The graph calls op_select_format with concrete shapes; a dynamic rank-2 one takes no 4-D/5-D or
            # scalar branch, so what it answers for ND is what any ND tensor gets.
            args.append({"dtype": Unknown("op_select_format sees no dtype"), "shape": [-1, -1],
                         "ori_shape": [-1, -1], "format": "ND", "ori_format": "ND",
                         "range": [(1, None), (1, None)], "param_name": name})
        elif role == "attr":
            args.append(attr_value(name, None, None))
        else:
            args.append(info.op_type.lower() if name == "kernel_name" else None)
    while args and args[-1] is None and len(args) > len(names) - len(arguments.defaults or []):
        args.pop()
    # A branch on an attribute is followed both ways: the combinations every outcome lists are registered
    # whatever the attribute; one that only some outcomes list is not (the kernel cannot know the attribute then).
    pending, answers = [{}], []
    while pending:
        decisions = pending.pop()
        tracer = Tracer()
        framework = Framework(platform, tracer)
        interp = Interpreter(loader, Dsl(tracer, framework), framework)
        interp.current_path = module.path
        interp.attr_decisions = dict(decisions)
        try:
            result = interp.run_function(UserFunction(function, module), list(args), {}, function)
        except AttrBranch as branch:
            if len(decisions) >= MAX_SELECT_BRANCHES:
                raise CombinationError(f"{info.op_type}: op_select_format branches on attributes more than "
                                       f"{MAX_SELECT_BRANCHES} times") from branch
            pending += [{**decisions, branch.key: outcome} for outcome in (True, False)]
            continue
        except (Untranslatable, Refused) as error:
            raise CombinationError(f"{info.op_type}: op_select_format cannot be followed for ND: {error.reason} "
                                   f"(line {error.line})") from error
        if not isinstance(result, dict) or "selected" not in result:
            raise CombinationError(f"{info.op_type}: op_select_format returned {interp.describe(result)}")
        # Read from the static module: the table says so (the entry's own op_select_format goes unsaid).
        answers.append(_combinations(info, result["selected"], module.path if module is not facts.module else None))
    first = answers[0]
    common = [c for c in first.combinations if all(c in other.combinations for other in answers[1:])]
    if not common:
        raise CombinationError(f"{info.op_type}: op_select_format lists no combination for every value of the "
                               "attributes it branches on")
    return replace(first, combinations=tuple(common))


def _combinations(info: OpInfo, items: list, other: str | None = None) -> SocCombinations:
    by_index = {}
    for item in items:
        if not isinstance(item, dict) or not isinstance(item.get("datatype"), str):
            raise CombinationError(f"{info.op_type}: op_select_format gives a parameter the scaffold cannot read")
        formats = item.get("unknownshape_format") or item.get("format")
        by_index[item["classify"]] = (item["name"], [opinfo_dtype(d) for d in item["datatype"].split(",") if d.strip()],
                                      [f.strip() for f in str(formats).split(",")])
    params = [p for p in info.params if p.index in by_index] or []
    order = [p.index for p in info.params] if params else sorted(by_index, key=lambda k: (k.startswith("output"), k))
    widths = {len(by_index[k][1]) for k in order}
    if len(widths) != 1:
        raise CombinationError(f"{info.op_type}: op_select_format lists {sorted(widths)} dtypes per parameter")
    combos, seen = [], set()
    for column in range(widths.pop()):
        formats = tuple((k, by_index[k][2][column] if column < len(by_index[k][2]) else "ND") for k in order)
        dtypes = tuple((k, by_index[k][1][column]) for k in order)
        if (dtypes, formats) in seen:
            continue
        seen.add((dtypes, formats))
        combos.append(Combination(dtypes=dtypes, formats=formats))
    kinds = {p.index: p.param_type or "required" for p in info.params}
    ports = tuple((k, by_index[k][0], "input" if k.startswith("input") else "output", kinds.get(k, "required"))
                  for k in order)
    return SocCombinations(soc=info.soc, source=f"{info.path} (op_select_format{f' of {other}' if other else ''})", ports=ports,
                           combinations=tuple(combos), flags=info.flags)
