"""Platform and dtype vocabulary from analyzers/data/platforms.toml: SoC -> arch, enum spellings, DT_* names."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from op_migrate.analyzers import catalog


@dataclass(frozen=True)
class Soc:
    """A SoC version as the code compares it (`SocVersion::ASCEND910B`); `order` follows the enumerator order."""

    name: str
    arch: str
    enum: str
    order: int
    opdef_names: tuple[str, ...] = ()  # how OpDef `AICore().AddConfig(...)` and op-info name it (`ascend910b`)


@dataclass(frozen=True)
class Arch:
    """An NPU arch (`NpuArch::DAV_2201`)."""

    name: str
    regbase: bool


def _table() -> dict:
    return catalog.load("platforms")


@functools.lru_cache(maxsize=None)
def socs() -> dict[str, Soc]:
    return {
        name: Soc(name=name, arch=entry["arch"], enum=entry["enum"], order=entry["order"],
                  opdef_names=tuple(entry.get("opdef", [name.lower()])))
        for name, entry in _table().get("soc", {}).items()
    }


@functools.lru_cache(maxsize=None)
def arches() -> dict[str, Arch]:
    return {name: Arch(name=name, regbase=entry["regbase"]) for name, entry in _table().get("arch", {}).items()}


@functools.lru_cache(maxsize=None)
def soc_enums() -> dict[str, int | None]:
    """SocVersion enumerators that are not --soc targets -> their order, None when not known (a SoC fact never
    equals them)."""
    return {name: (order if order >= 0 else None) for name, order in _table().get("soc_enum", {}).items()}


@functools.lru_cache(maxsize=None)
def arch_enums() -> frozenset[str]:
    """NpuArch enumerators that are no --soc target's arch."""
    return frozenset(_table().get("arch_enum", {}).get("names", ()))


@functools.lru_cache(maxsize=None)
def _predicates() -> dict[str, dict]:
    return dict(_table().get("predicate", {}))


PLATFORM_PREDICATES = frozenset(catalog.load("platforms").get("predicate", {}))


def platform_predicate(name: str, soc: str | None) -> bool | None:
    """The answer of a framework predicate like SupportMoveAlign() on `soc`; None when the SoC is unknown."""
    entry = _predicates().get(name)
    if entry is None or soc is None or soc not in socs():
        return None
    value = _table()["soc"][soc].get(entry["field"])
    return bool(value) if value is not None else None


def predicate_source(name: str) -> str:
    return _predicates().get(name, {}).get("source", "")


def soc_named(text: str) -> Soc | None:
    """A SoC from a CLI name ("Ascend910B", case-insensitive) or a code spelling ("SocVersion::ASCEND910B")."""
    lowered = text.strip().lower()
    for soc in socs().values():
        if soc.name.lower() == lowered:
            return soc
    return soc_by_spelling().get(_last(text))


@functools.lru_cache(maxsize=None)
def soc_by_spelling() -> dict[str, Soc]:
    found: dict[str, Soc] = {}
    for name, entry in _table().get("soc", {}).items():
        for spelling in entry.get("spellings", []):
            found[_last(spelling)] = socs()[name]
    return found


@functools.lru_cache(maxsize=None)
def arch_by_spelling() -> dict[str, Arch]:
    found: dict[str, Arch] = {}
    for name, entry in _table().get("arch", {}).items():
        for spelling in entry.get("spellings", []):
            found[_last(spelling)] = arches()[name]
    return found


@functools.lru_cache(maxsize=None)
def dtype_by_token() -> dict[str, str]:
    """DT_FLOAT16 / ACL_FLOAT16 / float16 / fp16 -> "float16"."""
    found: dict[str, str] = {}
    for name, entry in _table().get("dtype", {}).items():
        found[name] = name
        found[entry["dt"]] = name
        found[entry["acl"]] = name
        for alias in entry.get("aliases", []):
            found[alias] = name
    return found


def dtype_name(text: str) -> str | None:
    """The canonical dtype name of a code token (`op::DataType::DT_DOUBLE` -> "float64") or a CLI name."""
    return dtype_by_token().get(_last(text)) or dtype_by_token().get(text.strip().lower())


def dtype_bytes(name: str) -> int | None:
    entry = _table().get("dtype", {}).get(name)
    return None if entry is None else entry["bytes"]


def dt_spelling(name: str) -> str:
    """"float64" -> "DT_DOUBLE" (for reports that speak the code's language)."""
    entry = _table().get("dtype", {}).get(name)
    return entry["dt"] if entry else name


def _last(text: str) -> str:
    return text.strip().rsplit("::", 1)[-1]
