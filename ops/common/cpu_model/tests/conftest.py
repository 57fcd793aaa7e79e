"""Fixtures of the CPU-model self-tests: the compiled API probe and a runner that feeds it numpy arrays."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

CPP_DIR = Path(__file__).resolve().parent / "cpp"


class Probe:
    """Runs one API of the CPU model through tests/cpp/api_probe.cpp on numpy inputs."""

    def __init__(self, gxx, executable: Path, workdir: Path) -> None:
        self.gxx = gxx
        self.executable = executable
        self.workdir = workdir
        self._counter = 0

    def _path(self, stem: str) -> Path:
        self._counter += 1
        return self.workdir / f"{stem}-{self._counter}.bin"

    def run(self, api: str, args, inputs, out_dtype, *, trailing=()) -> np.ndarray:
        """Write `inputs` to files, run `api_probe api *args in... out *trailing`, return the output array."""
        in_paths = []
        for array in inputs:
            path = self._path("in")
            np.ascontiguousarray(array).tofile(path)
            in_paths.append(str(path))
        out_path = self._path("out")
        self.gxx.run(self.executable, [api, *map(str, args), *in_paths, str(out_path), *map(str, trailing)])
        return np.fromfile(out_path, dtype=out_dtype)

    def fails(self, api: str, args, inputs, *, trailing=()) -> str:
        """Run a call expected to break an A2 rule; return the ConstraintError text from stderr."""
        in_paths = []
        for array in inputs:
            path = self._path("in")
            np.ascontiguousarray(array).tofile(path)
            in_paths.append(str(path))
        result = self.gxx.run(
            self.executable, [api, *map(str, args), *in_paths, str(self._path("out")), *map(str, trailing)],
            check=False
        )
        assert result.returncode == 3, result.stderr.decode()
        return result.stderr.decode()


@pytest.fixture(scope="session")
def probe(cpu_model, tmp_path_factory) -> Probe:
    executable = cpu_model.build_kernel([CPP_DIR / "api_probe.cpp"], include_dirs=[CPP_DIR], name="api_probe")
    return Probe(cpu_model.gxx, executable, tmp_path_factory.mktemp("probe"))


@pytest.fixture(scope="session")
def probe_div_up(cpu_model, tmp_path_factory) -> Probe:
    """The probe on a model whose Div returns every finite non-zero quotient one ulp toward +inf."""
    executable = cpu_model.build_kernel([CPP_DIR / "api_probe.cpp"], include_dirs=[CPP_DIR],
                                        defines=["CPU_MODEL_DIV_ULP=1"], name="api_probe_div_up")
    return Probe(cpu_model.gxx, executable, tmp_path_factory.mktemp("probe_div_up"))
