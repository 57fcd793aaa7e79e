"""Frozen configurations built from command-line options, one per command."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

FORMATS = ("text", "md", "json")


@dataclass(frozen=True)
class AnalyzeConfig:
    """Everything `migrate analyze` was asked to do."""

    inputs: tuple[str, ...]
    kind: str = "auto"  # auto | tbe | aclnn | pypto
    fmt: str = "text"
    output: Path | None = None
    mkdir: bool = False  # create the folder of -o when it is missing
    jobs: int = 1
    use_cache: bool = True
    cache_dir: Path | None = None  # the command passes the user cache folder (migrate/cache.py); None: no cache
    show_progress: bool = True
    cann_root: Path | None = None
    repo_roots: tuple[Path, ...] = ()  # searched in order for L0 definitions; the first that defines an op wins
    l0_catalogs: tuple[Path, ...] = ()  # catalogs written by `migrate catalog build`
    socs: tuple[str, ...] = ()
    dtypes: tuple[str, ...] = ()  # "float16" for every tensor, or "self=float16"
    shapes: tuple[str, ...] = ()  # "self=[1024,1,64]"
    scalars: tuple[str, ...] = ()  # "prob=0.5"
    strides: tuple[str, ...] = ()  # "self=[64,1]": a strided (non-contiguous) entry tensor
    offsets: tuple[str, ...] = ()  # "self=16": an entry tensor's view offset in elements
    absent: tuple[str, ...] = ()  # "biasOptional": a tensor parameter passed as nullptr
    formats: tuple[str, ...] = ()  # "self=NCHW": an entry tensor's storage format (ND otherwise)
    cases: tuple[str, ...] = ()  # "self=[1,2]:float16,other=[2]:float16"
    cases_file: Path | None = None
    compile_commands: Path | None = None
    include_dirs: tuple[Path, ...] = ()
    measure_gpu: bool = False

    @property
    def repo_root(self) -> Path | None:
        """The first repository root (reports show paths relative to it)."""
        return self.repo_roots[0] if self.repo_roots else None


@dataclass(frozen=True)
class CatalogBuildConfig:
    """Everything `migrate catalog build` was asked to do."""

    root: Path
    output: Path
    mkdir: bool = False
    show_progress: bool = True
