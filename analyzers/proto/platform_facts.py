"""What a SoC of an install supports, read from the install itself: platform_config/*.ini and the DSL's tables.

Used to decide `api_check_support("tbe.dsl.vexp", "float32")`, `api_check_support("tik.vextract", ...)` and
`intrinsic_check_support("Intrinsic_vconv", "bf162f32")` per SoC, the way the framework answers them:
- intrinsics: the `[AICoreintrinsicDtypeMap]` of every platform_config .ini whose Short_SoC_version is the SoC
  (Ascend910B1 ... Ascend910B4 for ascend910b); when the variants disagree, the answer is undecided;
- DSL APIs: DSL_CHECK_SUPPORT_MAP / UNIFY_DSL_CHECK_SUPPORT_MAP of tbe/dsl/compute/util.py (by short SoC, with
  "AllSoc" as the default), read with `ast` and never imported; where the two maps disagree, undecided;
- TIK APIs: ONLY_TIK_API_MAP of tbe/tik/common/tik_api_map.py (by short SoC + "AiCore"), else the intrinsic.
Anything the tables do not cover is undecided (None), never guessed.
"""

from __future__ import annotations

import ast
import configparser
from dataclasses import dataclass, field
from pathlib import Path

from op_migrate.analyzers.tbe.dsl_functions import SITE_PACKAGES
from op_migrate.analyzers.tbe.guards import DTYPE_NAMES

_INI_GLOBS = ("*/data/platform_config/*.ini", "data/platform_config/*.ini", "compiler/data/platform_config/*.ini")
_DSL_TABLES = "tbe/dsl/compute/util.py"
_TIK_TABLES = ("tbe/tik/common/tik_api_map.py", "tbe/tik/tik_lib/tik_params.py")
_CONSTANTS = "tbe/common/platform/platform_info.py"
_AI_CORE = "AiCore"
# get_soc_spec keys -> where the platform_config .ini holds them.
_SPECS = {"UB_SIZE": ("AICoreSpec", "ub_size"), "L1_SIZE": ("AICoreSpec", "l1_size"),
          "L0A_SIZE": ("AICoreSpec", "l0_a_size"), "L0B_SIZE": ("AICoreSpec", "l0_b_size"),
          "L0C_SIZE": ("AICoreSpec", "l0_c_size"), "CORE_NUM": ("SoCInfo", "ai_core_cnt")}


@dataclass
class PlatformFacts:
    """SoC (op-info folder name) -> its platform variants; the DSL and TIK support tables; where they came from."""

    variants: dict = field(default_factory=dict)  # soc -> [(SoC_version, {intrinsic: set of dtypes})]
    specs: dict = field(default_factory=dict)  # soc -> [{get_soc_spec key: value}] one per variant
    short: dict = field(default_factory=dict)  # soc -> Short_SoC_version as the ini spells it (Ascend910B)
    dsl: dict = field(default_factory=dict)  # api -> {short SoC | "AllSoc": dtypes}
    dsl_unify: dict = field(default_factory=dict)
    dsl_alias: dict = field(default_factory=dict)  # DSL_SAME_API_MAP: sum -> reduce_sum
    dsl_soc_alias: dict = field(default_factory=dict)  # Hi3796CV300CS -> smallhisi (dsl_check_support's own mapping)
    tik: dict = field(default_factory=dict)  # api -> {short SoC + core type: dtypes}
    tik_instr: dict = field(default_factory=dict)  # TRANS_TIK_API_TO_INSTR_MAP
    sources: list = field(default_factory=list)

    def fingerprint(self) -> tuple:
        """What a cache of answers built from these facts depends on."""
        return (sorted(self.short.items()), sorted((soc, sorted(name for name, _ in found)) for soc, found in self.variants.items()),
                sorted(self.dsl), sorted(self.dsl_unify), sorted(self.tik), self.sources)

    def short_name(self, soc: str) -> str | None:
        return self.short.get(soc.lower())

    def intrinsic(self, soc: str, name: str, dtype: str = "") -> bool | None:
        """intrinsic_check_support on this SoC: the intrinsic is listed (with this dtype) in every variant's ini."""
        found = self.variants.get(soc.lower())
        if not found:
            return None
        answers = {_intrinsic_listed(table.get(name), dtype) for _, table in found}
        return answers.pop() if len(answers) == 1 else None

    def spec(self, soc: str, key: str) -> float | None:
        """get_soc_spec(key) on this SoC: the value every variant's ini gives, else None."""
        values = {found.get(key) for found in self.specs.get(soc.lower(), ())}
        return values.pop() if len(values) == 1 else None

    def soc_version(self, soc: str) -> list[str]:
        """The full SoC versions (Ascend910B1 ...) of a short one."""
        return [name for name, _ in self.variants.get(soc.lower(), ())]

    def api(self, soc: str, name: str, dtype: str = "") -> bool | None:
        """api_check_support on this SoC for a tbe.dsl / te.lang.cce / tik API."""
        if name.startswith("tik."):
            return self._tik(soc, name[4:], dtype)
        if name.startswith(("tbe.dsl.", "te.lang.cce.")):
            return self._dsl(soc, name.rsplit(".", 1)[1], dtype)
        return False  # the framework answers False for any other prefix (platform_info.api_check_support)

    def _dsl(self, soc: str, name: str, dtype: str) -> bool | None:
        short = self.short_name(soc)
        if short is None or not (self.dsl or self.dsl_unify):
            return None
        name = self.dsl_alias.get(name, name)
        short = self.dsl_soc_alias.get(short, short)
        answers = {_listed(table.get(name), short, dtype) for table in (self.dsl, self.dsl_unify) if name in table}
        if not answers:
            return False  # neither map names it: dsl_check_support returns False
        return answers.pop() if len(answers) == 1 else None

    def _tik(self, soc: str, name: str, dtype: str) -> bool | None:
        short = self.short_name(soc)
        if short is None or not self.tik and not self.variants:
            return None
        if name in self.tik:
            supported = self.tik[name].get(short + _AI_CORE)
            return supported is not None and (not dtype or dtype in supported)
        if name.startswith("h_"):
            return None  # TIK 1.5 APIs go through rules of their own
        name = self.tik_instr.get(name, name)
        if name.startswith("vec_"):
            name = "v" + name[4:]
        return self.intrinsic(soc, f"Intrinsic_{name}", dtype)


def _intrinsic_listed(listed: frozenset | None, dtype: str) -> bool | None:
    """The ini lists an intrinsic with dtypes in one of two vocabularies: names (float16) or codes (f16f16,
    f322bf16). A dtype asked in the other vocabulary is not answered here: the framework's mapping is not in the ini."""
    if listed is None:
        return False
    if not dtype or dtype in listed:
        return True
    names = {d for d in listed if d in DTYPE_NAMES}
    return False if names or dtype not in DTYPE_NAMES else None


def _listed(table: dict | None, short: str, dtype: str) -> bool:
    if table is None:
        return False
    dtypes = table.get(short, table.get("AllSoc"))
    return dtypes is not None and (not dtype or dtype in dtypes)


def read_platform_facts(roots: list[Path]) -> PlatformFacts:
    facts = PlatformFacts()
    for root in roots:
        for pattern in _INI_GLOBS:
            for path in sorted(Path(root).glob(pattern)):
                _read_ini(path, facts)
    site = next((root / relative for root in roots for relative in SITE_PACKAGES if (root / relative / _DSL_TABLES).is_file()), None)
    if site is not None:
        constants = _string_constants(site / _CONSTANTS)
        tables = _module_tables(site / _DSL_TABLES, constants)
        facts.dsl = tables.get("DSL_CHECK_SUPPORT_MAP", {})
        facts.dsl_unify = tables.get("UNIFY_DSL_CHECK_SUPPORT_MAP", {})
        facts.dsl_alias = tables.get("DSL_SAME_API_MAP", {})
        facts.dsl_soc_alias = _soc_alias(site / _DSL_TABLES, {**constants, **tables})
        facts.sources.append(str(site / _DSL_TABLES))
        for relative in _TIK_TABLES:
            found = _module_tables(site / relative, constants)
            facts.tik = facts.tik or found.get("ONLY_TIK_API_MAP", {})
            facts.tik_instr = facts.tik_instr or found.get("TRANS_TIK_API_TO_INSTR_MAP", {})
        facts.sources += [str(site / relative) for relative in _TIK_TABLES if (site / relative).is_file()]
    return facts


def _read_ini(path: Path, facts: PlatformFacts) -> None:
    parser = configparser.ConfigParser(interpolation=None, strict=False)
    parser.optionxform = str
    try:
        parser.read_string(path.read_text(encoding="utf-8", errors="replace"))
    except (OSError, configparser.Error):
        return
    if not parser.has_section("version"):
        return
    short = parser.get("version", "Short_SoC_version", fallback=None)
    full = parser.get("version", "SoC_version", fallback=path.stem)
    if not short:
        return
    table = {}
    if parser.has_section("AICoreintrinsicDtypeMap"):
        for _, value in parser.items("AICoreintrinsicDtypeMap"):
            name, _, dtypes = value.partition("|")
            table[name.strip()] = frozenset(d.strip() for d in dtypes.split(",") if d.strip())
    soc = short.lower()
    facts.short.setdefault(soc, short)
    facts.variants.setdefault(soc, []).append((full, table))
    specs = {}
    for key, (section, option) in _SPECS.items():
        value = parser.get(section, option, fallback=None) if parser.has_section(section) else None
        if value is not None and value.strip().lstrip("-").isdigit():
            specs[key] = int(value)
    facts.specs.setdefault(soc, []).append(specs)
    if str(path.parent) not in facts.sources:
        facts.sources.append(str(path.parent))


def _string_constants(path: Path) -> dict:
    """NAME = "string" at module level."""
    try:
        tree = ast.parse(path.read_bytes())
    except (OSError, SyntaxError, ValueError):
        return {}
    found = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and isinstance(node.value, ast.Constant) and isinstance(node.value.value, str):
            for target in node.targets:
                if isinstance(target, ast.Name):
                    found[target.id] = node.value.value
    return found


def _module_tables(path: Path, constants: dict) -> dict:
    """Every module-level NAME = <literal> whose value a small evaluator can compute (dicts of tuples of strings,
    names of constants, `A + B` of strings, dict(A, **B))."""
    try:
        tree = ast.parse(path.read_bytes())
    except (OSError, SyntaxError, ValueError):
        return {}
    known = dict(constants)
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
            value = _literal(node.value, known)
            if value is not _UNKNOWN:
                known[node.targets[0].id] = value
    return known


_UNKNOWN = object()


def _literal(node: ast.expr, known: dict):
    if isinstance(node, ast.Constant):
        return node.value
    if isinstance(node, ast.Name):
        return known.get(node.id, _UNKNOWN)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        items = [_literal(e, known) for e in node.elts]
        return _UNKNOWN if _UNKNOWN in items else tuple(items)
    if isinstance(node, ast.Dict):
        result = {}
        for key, value in zip(node.keys, node.values):
            if key is None:  # {**other}
                merged = _literal(value, known)
                if not isinstance(merged, dict):
                    return _UNKNOWN
                result.update(merged)
                continue
            key_value, item = _literal(key, known), _literal(value, known)
            if key_value is _UNKNOWN or item is _UNKNOWN:
                continue  # one unreadable entry leaves the others
            result[key_value] = item
        return result
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        left, right = _literal(node.left, known), _literal(node.right, known)
        if isinstance(left, str) and isinstance(right, str) or isinstance(left, tuple) and isinstance(right, tuple):
            return left + right
        return _UNKNOWN
    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "dict":
        result = {}
        for argument in node.args:
            value = _literal(argument, known)
            if not isinstance(value, dict):
                return _UNKNOWN
            result.update(value)
        for keyword in node.keywords:
            value = _literal(keyword.value, known)
            if value is _UNKNOWN or keyword.arg is None and not isinstance(value, dict):
                return _UNKNOWN
            result.update(value if keyword.arg is None else {keyword.arg: value})
        return result
    return _UNKNOWN


def _soc_alias(path: Path, known: dict) -> dict:
    """`if soc_ver in (A, B, C): soc_ver = D` in dsl_check_support: A, B, C share D's row."""
    try:
        tree = ast.parse(path.read_bytes())
    except (OSError, SyntaxError, ValueError):
        return {}
    alias = {}
    for function in (n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "dsl_check_support"):
        for node in ast.walk(function):
            if not (isinstance(node, ast.If) and isinstance(node.test, ast.Compare) and len(node.test.ops) == 1
                    and isinstance(node.test.ops[0], ast.In) and len(node.body) == 1 and isinstance(node.body[0], ast.Assign)):
                continue
            members = _literal(node.test.comparators[0], known)
            target = _literal(node.body[0].value, known)
            if isinstance(members, tuple) and isinstance(target, str):
                alias.update({member: target for member in members if isinstance(member, str)})
    return alias
