"""The answers of the TBE platform queries on one SoC, read from the install: api_check_support, intrinsics, soc spec.

api_check_support("te.lang.cce.vdiv", "float32") is answered as the install's own tbe/dsl/compute/util.py does in
dynamic mode (UNIFY_DSL_CHECK_SUPPORT_MAP first, then DSL_CHECK_SUPPORT_MAP, per short SoC version, else "AllSoc");
intrinsic_check_support and get_soc_spec from the SoC's platform_config ini. Nothing of the install is imported:
the maps are read as literals with astroid.
"""

from __future__ import annotations

import configparser
from dataclasses import dataclass, field
from pathlib import Path

import astroid
from astroid import nodes

from op_migrate.analyzers.scaffold.tik_support import TikTables, TikUnknown, load_tik_tables, module_assignments

DSL_UTIL = "python/site-packages/tbe/dsl/compute/util.py"
PLATFORM_INFO = "python/site-packages/tbe/common/platform/platform_info.py"
PLATFORM_CONFIG_GLOBS = ("*-linux/data/platform_config", "data/platform_config", "compiler/data/platform_config")
_SMALL_HISI = {"Hi3796CV300CS", "Hi3796CV300ES", "SD3403"}


class PlatformError(ValueError):
    """The install does not say what a platform query answers on this SoC."""


@dataclass(frozen=True)
class Platform:
    """What the platform queries answer on one SoC, and the files that say so."""

    short_soc: str  # "Ascend910B"
    soc_version: str  # the SoC_version of the ini chosen, e.g. "Ascend910B1"
    ini_path: str | None
    dsl_util_path: str | None
    spec: dict  # lower-case ini key -> value, every section
    intrinsics: dict  # "Intrinsic_vdiv" -> set of dtypes / conversions
    dsl_support: dict  # DSL name -> {soc: tuple of dtypes}, the unify map over the static one
    same_api: dict
    constants: dict = field(default_factory=dict)  # platform_info.py's module-level strings (ASCEND_910B ...)
    tik: TikTables | None = None  # the install's TIK support tables (tik.* queries)

    def api_check_support(self, api: str, dtype: str | None) -> bool:
        """Raises PlatformError where the install's tables do not say (a tik api without TIK tables ...)."""
        if api.startswith("tik."):
            if self.tik is None:
                raise PlatformError(f"api_check_support({api!r}): the install has no TIK tables "
                                    f"(tbe/tik/common/tik_api_map.py) to answer it")
            try:
                return self.tik.supported(api[4:], dtype or "", self.short_soc, self.intrinsic_check_support)
            except TikUnknown as error:
                raise PlatformError(f"api_check_support({api!r}): {error}") from error
        if not (api.startswith("te.lang.cce.") or api.startswith("tbe.dsl.")):
            return False
        name = api.rsplit(".", 1)[-1]
        name = self.same_api.get(name, name)
        table = self.dsl_support.get(name)
        if table is None:
            return False
        soc = "smallhisi" if self.short_soc in _SMALL_HISI else self.short_soc
        supported = table.get(soc, table.get("AllSoc"))
        if supported is None:
            return False
        return dtype in (None, "") or dtype in supported

    def intrinsic_check_support(self, intrinsic: str, dtype: str | None) -> bool:
        supported = self.intrinsics.get(intrinsic)
        if supported is None:
            return False
        return dtype in (None, "") or dtype in supported

    def soc_spec(self, key: str):
        upper = key.upper()
        if upper == "SHORT_SOC_VERSION":
            return self.short_soc
        if upper in ("SOC_VERSION", "FULL_SOC_VERSION"):
            return self.soc_version
        if upper == "CORE_NUM":
            return int(self.spec.get("ai_core_cnt", 0))
        value = self.spec.get(key.lower())
        if value is None:
            raise PlatformError(f"get_soc_spec({key!r}): no such key in {self.ini_path}")
        return int(value) if value.isdigit() else value


def load_platform(roots: list[Path], soc: str) -> Platform:
    """The platform facts of `soc` (any spelling: ascend910b, Ascend910B) from the first root that has them."""
    ini_path, parser = _find_ini(roots, soc)
    short = parser.get("version", "Short_SoC_version", fallback=soc)
    spec = {key: value for section in parser.sections() for key, value in parser.items(section)}
    intrinsics = {}
    # An AI Core build reads AICoreintrinsicDtypeMap: its entries win over the vector / cube cores' (910B's
    # Intrinsic_vcmp lists int16 for the AI Core only).
    for section in sorted(parser.sections(), key=lambda name: name.lower() == "aicoreintrinsicdtypemap"):
        for _, value in parser.items(section):
            if value.startswith("Intrinsic_") and "|" in value:
                name, dtypes = value.split("|", 1)
                intrinsics[name] = frozenset(d.strip() for d in dtypes.split(","))
    util_path = _first(roots, DSL_UTIL)
    constants = _module_strings(_first(roots, PLATFORM_INFO))
    support, same = ({}, {})
    if util_path is not None:
        support, same = _dsl_maps(util_path, constants)
    return Platform(short_soc=short, soc_version=parser.get("version", "SoC_version", fallback=short),
                    ini_path=str(ini_path), dsl_util_path=str(util_path) if util_path else None, spec=spec,
                    intrinsics=intrinsics, dsl_support=support, same_api=same, constants=constants,
                    tik=load_tik_tables(roots))


def _find_ini(roots: list[Path], soc: str) -> tuple[Path, configparser.ConfigParser]:
    wanted = soc.lower()
    for root in roots:
        for pattern in PLATFORM_CONFIG_GLOBS:
            for folder in sorted(root.glob(pattern)):
                for ini in sorted(folder.glob("*.ini")):
                    parser = configparser.ConfigParser(interpolation=None, strict=False)
                    parser.optionxform = str
                    try:
                        parser.read(ini, encoding="utf-8")
                    except (configparser.Error, OSError, UnicodeDecodeError):
                        continue
                    if parser.get("version", "Short_SoC_version", fallback="").lower() == wanted:
                        return ini, parser
    raise PlatformError(f"no platform_config ini with Short_SoC_version {soc} under {', '.join(map(str, roots))}")


def _first(roots: list[Path], relative: str) -> Path | None:
    for root in roots:
        candidate = root / relative
        if candidate.is_file():
            return candidate
    return None


def _module_strings(path: Path | None) -> dict:
    if path is None:
        return {}
    tree = astroid.parse(path.read_text(encoding="utf-8", errors="replace"), apply_transforms=False)
    found = {}
    for statement in tree.body:
        if isinstance(statement, nodes.Assign) and isinstance(statement.value, nodes.Const):
            for target in statement.targets:
                if isinstance(target, nodes.AssignName) and isinstance(statement.value.value, str):
                    found[target.name] = statement.value.value
    return found


def _dsl_maps(path: Path, constants: dict) -> tuple[dict, dict]:
    known = dict(constants)
    maps: dict[str, object] = {}
    for target, assigned in module_assignments(path):
        value = _literal(assigned, known)
        if isinstance(value, str):
            known[target] = value
        if target in ("DSL_CHECK_SUPPORT_MAP", "UNIFY_DSL_CHECK_SUPPORT_MAP", "DSL_SAME_API_MAP"):
            maps[target] = value
    support = dict(maps.get("DSL_CHECK_SUPPORT_MAP") or {})
    support.update(maps.get("UNIFY_DSL_CHECK_SUPPORT_MAP") or {})
    return support, dict(maps.get("DSL_SAME_API_MAP") or {})


def _literal(node: nodes.NodeNG, known: dict):
    if isinstance(node, nodes.Const):
        return node.value
    if isinstance(node, nodes.Name):
        return known.get(node.name)
    if isinstance(node, (nodes.Tuple, nodes.List, nodes.Set)):
        return tuple(_literal(element, known) for element in node.elts)
    if isinstance(node, nodes.Dict):
        result = {}
        for key, value in node.items:
            # A repeated key keeps its last value, as Python does (the install's maps repeat a few).
            result[_literal(key, known)] = _literal(value, known)
        return result
    return None
