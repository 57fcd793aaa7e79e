"""Predicted time of a CPU-model launch: the timeline's cycles (CPU_MODEL_COST_TABLE) over the cost table's clock,
bounded below by the chip's HBM bandwidth, and the HBM roofline of a kernel, both from the cited tables."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path

COST_TABLE = Path(__file__).resolve().parent / "cost_a2.toml"
PIPES = ("S", "V", "MTE2", "MTE3")


@dataclass(frozen=True)
class Platform:
    """Clock (cost table), HBM bandwidth and launch overhead (platforms.toml profile) of one SoC."""

    soc: str
    clock_hz: float
    hbm_bandwidth: float
    launch_overhead: float
    sources: tuple[str, ...]

    def to_json(self) -> dict:
        return {"soc": self.soc, "clock_hz": self.clock_hz, "hbm_bandwidth": self.hbm_bandwidth,
                "launch_overhead": self.launch_overhead, "sources": list(self.sources)}


def platform(profile, table: Path = COST_TABLE) -> Platform:
    """`profile` is the analyzers' platforms.toml profile of the SoC (op_migrate.analyzers.memory.traffic)."""
    clock = tomllib.loads(table.read_text(encoding="utf-8"))["clock"]
    return Platform(profile.soc, float(clock["cycles_per_second"]), profile.hbm_bandwidth, profile.launch_overhead,
                    (clock["source"], profile.source))


@dataclass(frozen=True)
class LaunchTime:
    """One launch, predicted: the slowest core's timeline and the chip's HBM floor for the bytes it moved."""

    cycles: float
    busy: dict  # cycles per pipe on the slowest-busy core of each pipe
    gm_bytes: int
    pipes_s: float
    hbm_s: float
    uncosted: tuple[str, ...]

    @property
    def kernel_s(self) -> float:
        return max(self.pipes_s, self.hbm_s)

    @property
    def bound(self) -> str:
        if self.hbm_s >= self.pipes_s:
            return "HBM"
        return max(self.busy, key=self.busy.get)

    def to_json(self) -> dict:
        return {"cycles": self.cycles, "busy_max_per_core": self.busy, "gm_bytes": self.gm_bytes,
                "pipes_s": self.pipes_s, "hbm_s": self.hbm_s, "kernel_s": self.kernel_s, "bound": self.bound,
                "uncosted": list(self.uncosted)}


def launch_time(launch: dict, where: Platform) -> LaunchTime:
    """`launch` is one JSON line of CPU_MODEL_COUNTERS written with a cost table set."""
    predicted = launch.get("predicted")
    if predicted is None:
        raise ValueError("the launch has no 'predicted' block: run it with CPU_MODEL_COST_TABLE set")
    total = launch["total"]
    gm_bytes = (total["dma_gm_to_ub_bytes"] + total["dma_ub_to_gm_bytes"] + total["scalar_gm_read_bytes"]
                + total["scalar_gm_write_bytes"])
    busy = {pipe: max((core["busy"][pipe] for core in predicted["per_core"]), default=0.0) for pipe in PIPES}
    return LaunchTime(predicted["cycles"], busy, gm_bytes, predicted["cycles"] / where.clock_hz,
                      gm_bytes / where.hbm_bandwidth, tuple(predicted["uncosted"]))


def roofline_s(bytes_that_must_move: int, where: Platform) -> float:
    """The HBM floor: the bytes a kernel cannot avoid moving over the chip's HBM bandwidth."""
    return bytes_that_must_move / where.hbm_bandwidth
