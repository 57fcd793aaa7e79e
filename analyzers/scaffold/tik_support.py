"""api_check_support("tik.<api>", dtype) answered as the install's TIK does (tbe/tik/common/common_util.py
_deal_tik_api), read as literals: an api of ONLY_TIK_API_MAP (tik_api_map.py) is supported where the map lists the
SoC's "<short SoC><core type>" (AiCore for the operators scaffolded) with the dtype; any other api is renamed by
TRANS_TIK_API_TO_INSTR_MAP (tik_params.py), `vec_x` becomes `vx`, and the answer is the SoC ini's
intrinsic_check_support("Intrinsic_<instr>", dtype). `util_soc_common.after_v200()` is
api_check_support("tik.vcopy"): answering False for every tik api (as this module's absence did) traced the pre-v200
branches of Erf, Erfc, EluGrad ... on Ascend910B, golden and kernel agreeing on a chain TBE does not build there.
What the tables do not say (no TIK in the install, a map entry this reader cannot evaluate, TIK 1.5's `h_` apis) is
a TikUnknown, never False."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import astroid
from astroid import nodes

TIK_API_MAP = "python/site-packages/tbe/tik/common/tik_api_map.py"
TIK_PARAMS = "python/site-packages/tbe/tik/tik_lib/tik_params.py"
CORE_TYPE = "AiCore"  # get_soc_spec("AICORE_TYPE") of an AI Core build
_UNREAD = object()


class TikUnknown(ValueError):
    """The install's TIK tables do not say whether the api is supported."""


@dataclass(frozen=True)
class TikTables:
    only: dict  # api -> {"<soc><core>": tuple of dtypes}, or _UNREAD where the entry is not a literal
    trans: dict  # tik api -> instruction
    path: str

    def supported(self, api: str, dtype: str, short_soc: str, intrinsic_check) -> bool:
        """`api` without its "tik." prefix; intrinsic_check(name, dtype) answers from the SoC's ini."""
        if api in self.only:
            entry = self.only[api]
            if entry is _UNREAD or not isinstance(entry, dict):
                raise TikUnknown(f"tik.{api}: its entry of ONLY_TIK_API_MAP ({self.path}) is not a literal read here")
            socs = entry.get(short_soc + CORE_TYPE)
            return socs is not None and (dtype == "" or dtype in socs)
        instr = self.trans.get(api, api)
        if instr.startswith("vec_"):
            instr = "v" + instr[4:]
        if instr.startswith("h_"):
            raise TikUnknown(f"tik.{api}: TIK 1.5 apis (h_*) are answered from tables this reader does not model")
        return intrinsic_check("Intrinsic_" + instr, dtype)


def load_tik_tables(roots: list[Path]) -> TikTables | None:
    """The TIK tables of the first root that has tik_api_map.py; None when no root has it."""
    for root in roots:
        api_map = root / TIK_API_MAP
        if api_map.is_file():
            only = _module_values(api_map, "ONLY_TIK_API_MAP", entries=True)
            params = root / TIK_PARAMS
            trans = _module_values(params, "TRANS_TIK_API_TO_INSTR_MAP") if params.is_file() else {}
            return TikTables(only=only if isinstance(only, dict) else {}, trans=trans if isinstance(trans, dict)
                             else {}, path=str(api_map))
    return None


def _module_values(path: Path, wanted: str, entries: bool = False):
    """The value of the module-level `wanted`, every earlier module-level name evaluated as a literal; with entries,
    a dict whose values are evaluated one by one (an entry that is not a literal is _UNREAD)."""
    known: dict = {}
    for target, assigned in module_assignments(path):
        if target == wanted:
            if entries and isinstance(assigned, nodes.Dict):
                result = {}
                for key, value in assigned.items:
                    name = _value(key, known)
                    if isinstance(name, str):
                        result[name] = _value(value, known)
                return result
            return _value(assigned, known)
        known[target] = _value(assigned, known)
    return _UNREAD


def module_assignments(path: Path):
    """(name, value node) of each module-level `name = value` of a Python file, in order."""
    tree = astroid.parse(path.read_text(encoding="utf-8", errors="replace"), apply_transforms=False)
    for statement in tree.body:
        if isinstance(statement, nodes.Assign) and len(statement.targets) == 1 and \
                isinstance(statement.targets[0], nodes.AssignName):
            yield statement.targets[0].name, statement.value


def _value(node: nodes.NodeNG, known: dict):
    """A literal built from strings, lists, dicts, names bound earlier, `+` and dict(a, **b); else _UNREAD."""
    if isinstance(node, nodes.Const):
        return node.value
    if isinstance(node, nodes.Name):
        return known.get(node.name, _UNREAD)
    if isinstance(node, nodes.BinOp) and node.op == "+":
        left, right = _value(node.left, known), _value(node.right, known)
        if isinstance(left, str) and isinstance(right, str):
            return left + right
        if isinstance(left, tuple) and isinstance(right, tuple):
            return left + right
        return _UNREAD
    if isinstance(node, (nodes.Tuple, nodes.List, nodes.Set)):
        values = tuple(_value(element, known) for element in node.elts)
        return _UNREAD if any(v is _UNREAD for v in values) else values
    if isinstance(node, nodes.Dict):
        result: dict = {}
        for key, value in node.items:
            if isinstance(key, nodes.DictUnpack):
                unpacked = _value(value, known)
                if not isinstance(unpacked, dict):
                    return _UNREAD
                result.update(unpacked)
                continue
            name, item = _value(key, known), _value(value, known)
            if name is _UNREAD or item is _UNREAD:
                return _UNREAD
            result[name] = item
        return result
    if isinstance(node, nodes.Call) and isinstance(node.func, nodes.Name) and node.func.name == "dict":
        result = {}
        for argument in node.args:
            value = _value(argument, known)
            if not isinstance(value, dict):
                return _UNREAD
            result.update(value)
        for keyword in node.keywords or ():
            value = _value(keyword.value, known)
            if keyword.arg is None and isinstance(value, dict):
                result.update(value)
            elif keyword.arg is not None and value is not _UNREAD:
                result[keyword.arg] = value
            else:
                return _UNREAD
        return result
    return _UNREAD
