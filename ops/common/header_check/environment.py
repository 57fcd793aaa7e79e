"""Where the real headers are, read from the environment (the requires_ascendc tests and package-pr use it)."""

from __future__ import annotations

import os
from pathlib import Path

from .check import PARTS, CheckConfig

SKIP_REASON = (
    "needs real Ascend C headers: set ASCEND_HOME_PATH=<CANN toolkit>, or ASCENDC=<asc-devkit checkout> and "
    "ASCENDC_STUBS=<stub folder[:folder]> (host headers: ASCEND_HOME_PATH=, or OPS_MATH=, OPBASE=, METADEF=, "
    "RUNTIME=, GE= checkouts)"
)


def _path(name: str) -> Path | None:
    value = os.environ.get(name, "").strip()
    return Path(value) if value else None


def config_from_env(ops_root: Path, parts: tuple[str, ...] = PARTS, jobs: int | None = None) -> CheckConfig | None:
    """The check configuration the environment describes, or None when it names no headers."""
    home, ascendc = _path("ASCEND_HOME_PATH"), _path("ASCENDC")
    if home is None and ascendc is None:
        return None
    stubs = tuple(Path(p) for p in os.environ.get("ASCENDC_STUBS", "").split(":") if p)
    return CheckConfig(ops_root=ops_root, ascend_home=home, ascendc=ascendc, stubs=stubs, ops_math=_path("OPS_MATH"),
                       opbase=_path("OPBASE"), metadef=_path("METADEF"), runtime=_path("RUNTIME"), ge=_path("GE"),
                       parts=parts, jobs=jobs or os.cpu_count() or 1)


HOST_VARIABLES = ("ASCEND_HOME_PATH", "OPS_MATH", "OPBASE", "METADEF", "RUNTIME", "GE")


def host_folders_given() -> bool:
    """Whether the environment names any host-header folder (the host part of the requires_ascendc test runs then)."""
    return any(_path(name) is not None for name in HOST_VARIABLES)
