"""HBM traffic per task, kernel launches, a predicted chain time from a hardware profile, and before/after ratios."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from op_migrate.analyzers import catalog
from op_migrate.analyzers.model import JsonModel


@dataclass(frozen=True)
class TaskTraffic(JsonModel):
    """Bytes one launch reads and writes (logical tensor bytes: views count what they expose)."""

    index: int
    op: str
    launcher: str
    read_bytes: int
    write_bytes: int
    may: bool
    file: str
    line: int

    def to_json(self) -> dict:
        # Written out by hand: this runs once per task per case, and the generic walk dominated 10,000-case runs.
        return {"index": self.index, "op": self.op, "launcher": self.launcher, "read_bytes": self.read_bytes,
                "write_bytes": self.write_bytes, "may": self.may, "file": self.file, "line": self.line}


@dataclass(frozen=True)
class Profile(JsonModel):
    """A SoC's assumed HBM bandwidth (bytes/s) and per-launch overhead (s), from platforms.toml."""

    soc: str
    hbm_bandwidth: float
    launch_overhead: float
    source: str

    def to_json(self) -> dict:
        return {"soc": self.soc, "hbm_bandwidth": self.hbm_bandwidth, "launch_overhead": self.launch_overhead, "source": self.source}


@functools.lru_cache(maxsize=32)
def profile_for(soc: str | None) -> Profile | None:
    if soc is None:
        return None
    table = catalog.load("platforms").get("profile", {}).get(soc)
    if table is None:
        return None
    return Profile(soc, float(table["hbm_bandwidth"]), float(table["launch_overhead"]), str(table.get("source", "")))


def predicted_time(traffic: tuple[TaskTraffic, ...], profile: Profile) -> float:
    """Σ over launches of (launch overhead + bytes moved / HBM bandwidth): a bandwidth-bound prediction."""
    return sum(profile.launch_overhead + (t.read_bytes + t.write_bytes) / profile.hbm_bandwidth for t in traffic if not t.may)


def _ratio(after: float | int | None, before: float | int | None) -> float | None:
    if after is None or before is None or before == 0:
        return None
    return after / before


def compare(before: dict, after: dict) -> dict:
    """after/before ratios of two evaluated memory documents (the "memory" JSON of two routes, same case)."""
    keys = ("peak_bytes", "upper_bound_bytes", "traffic_bytes", "tasks", "predicted_time_s", "formula_terms")
    result = {"schema": "op-migrate/memory-diff@1"}
    for key in keys:
        result[key] = {"before": before.get(key), "after": after.get(key), "ratio": _ratio(after.get(key), before.get(key))}
    before_ids = {item["id"] for item in before.get("live_at_peak", [])}
    after_ids = {item["id"] for item in after.get("live_at_peak", [])}
    result["live_at_peak_removed"] = sorted(before_ids - after_ids)
    result["live_at_peak_added"] = sorted(after_ids - before_ids)
    return result
