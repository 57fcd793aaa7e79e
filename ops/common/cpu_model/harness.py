"""Test harness for kernels built against the CPU model: compile with the model first on the include path, run
a driver on numpy inputs through <dir>/<name>.bin files, and compare with goldens bit for bit or within tolerance."""

from __future__ import annotations

from pathlib import Path
from typing import Mapping, Sequence


class CpuModel:
    """Builds kernel entry sources plus a C++ driver against the Ascend C CPU model headers, and runs them."""

    def __init__(self, gxx, include_dir: Path) -> None:
        self.gxx = gxx
        self.include_dir = Path(include_dir)

    def build_kernel(
        self,
        sources: Sequence[Path],
        *,
        include_dirs: Sequence[Path] = (),
        defines: Sequence[str] = (),
        name: str | None = None,
        extra_flags: Sequence[str] = (),
    ) -> Path:
        """Compile `sources` (kernel .cpp + driver) with the model's include dir ahead of `include_dirs`."""
        return self.gxx.build(
            sources,
            include_dirs=(self.include_dir, *include_dirs),
            defines=defines,
            name=name,
            extra_flags=extra_flags,
        )

    def run_kernel(
        self,
        executable: Path,
        workdir: Path,
        inputs: Mapping[str, "np.ndarray"],
        outputs: Mapping[str, object],
        *,
        cores: int = 1,
        mode: str = "threads",
        options: Mapping[str, object] | None = None,
        timeout: float = 120,
    ) -> dict:
        """Write inputs as <workdir>/<name>.bin, run `driver --dir workdir --cores N --mode M --k v ...`, and
        return each output read back with its numpy dtype (outputs maps name -> dtype)."""
        import numpy as np

        workdir = Path(workdir)
        workdir.mkdir(parents=True, exist_ok=True)
        for name, array in inputs.items():
            np.ascontiguousarray(array).tofile(workdir / f"{name}.bin")
        args = ["--dir", str(workdir), "--cores", str(cores), "--mode", mode]
        for key, value in (options or {}).items():
            args += [f"--{key}", str(value)]
        self.last_run = self.gxx.run(executable, args, timeout=timeout)
        return {name: np.fromfile(workdir / f"{name}.bin", dtype=dtype) for name, dtype in outputs.items()}

    @staticmethod
    def assert_bitwise_equal(actual, expected) -> None:
        """Same bits everywhere, except that any NaN matches any NaN."""
        import numpy as np

        actual = np.asarray(actual)
        expected = np.asarray(expected)
        assert actual.shape == expected.shape, f"shape {actual.shape} != {expected.shape}"
        unsigned = f"u{actual.dtype.itemsize}"
        bad = actual.view(unsigned) != expected.view(unsigned)
        if actual.dtype.kind in "fV" or str(actual.dtype) == "bfloat16":
            with np.errstate(all="ignore"):
                bad &= ~(np.isnan(actual.astype(np.float64)) & np.isnan(expected.astype(np.float64)))
        where = np.flatnonzero(bad)[:8]
        assert not bad.any(), f"{int(bad.sum())} of {bad.size} differ, first {where}: {actual[where]} != {expected[where]}"

    @staticmethod
    def assert_close(actual, expected, *, rtol: float, atol: float) -> None:
        """Within atol + rtol*|expected|; NaN must meet NaN and infinities must match exactly."""
        import numpy as np

        with np.errstate(all="ignore"):
            a = np.asarray(actual).astype(np.float64)
            e = np.asarray(expected).astype(np.float64)
        assert a.shape == e.shape, f"shape {a.shape} != {e.shape}"
        nan_ok = np.isnan(a) == np.isnan(e)
        finite = np.isfinite(e) & np.isfinite(a)
        inf_ok = np.where(np.isinf(e) | np.isinf(a), a == e, True)
        close = np.where(finite, np.abs(a - e) <= atol + rtol * np.abs(e), True)
        bad = ~(nan_ok & inf_ok & close)
        where = np.flatnonzero(bad)[:8]
        assert not bad.any(), f"{int(bad.sum())} of {bad.size} outside tolerance, first {where}: {a[where]} vs {e[where]}"
