"""Combinations of an operator whose op-info leaves dtypes to op_select_format: that function of the TBE file,
run on the abstract interpreter for ND tensors of dynamic shape, gives the lists; columns not all ND are dropped."""

from __future__ import annotations

from dataclasses import replace

from op_migrate.analyzers.proto.model import OpInfo
from op_migrate.analyzers.proto.dtype_names import opinfo_dtype
from op_migrate.analyzers.scaffold.combos import Combination, CombinationError, SocCombinations
from op_migrate.analyzers.scaffold.dsl_calls import Dsl, Tracer
from op_migrate.analyzers.scaffold.framework import Framework, attr_value
from op_migrate.analyzers.scaffold.interp import Interpreter, UserFunction
from op_migrate.analyzers.scaffold.modules import ModuleLoader
from op_migrate.analyzers.scaffold.platform import Platform
from op_migrate.analyzers.scaffold.trace import with_roles
from op_migrate.analyzers.scaffold.values import AttrBranch, Refused, Unknown, Untranslatable

MAX_SELECT_BRANCHES = 6


def select_combinations(facts, loader: ModuleLoader, platform: Platform, info: OpInfo) -> SocCombinations:
    function = facts.module.functions.get("op_select_format")
    if function is None:
        raise CombinationError(f"{info.op_type}: the op-info of {info.soc} declares no dtypes and {facts.module.path} "
                               "has no op_select_format")
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
        interp.current_path = facts.module.path
        interp.attr_decisions = dict(decisions)
        try:
            result = interp.run_function(UserFunction(function, facts.module), list(args), {}, function)
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
        answers.append(_combinations(info, result["selected"]))
    first = answers[0]
    common = [c for c in first.combinations if all(c in other.combinations for other in answers[1:])]
    if not common:
        raise CombinationError(f"{info.op_type}: op_select_format lists no combination for every value of the "
                               "attributes it branches on")
    return replace(first, combinations=tuple(common))


def _combinations(info: OpInfo, items: list) -> SocCombinations:
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
    return SocCombinations(soc=info.soc, source=f"{info.path} (op_select_format)", ports=ports,
                           combinations=tuple(combos), flags=info.flags)
