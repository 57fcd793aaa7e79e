"""Test harness for kernels built against the CPU model: compile with the model first on the include path."""

from __future__ import annotations

from pathlib import Path
from typing import Sequence


class CpuModel:
    """Builds kernel entry sources plus a C++ driver against the Ascend C CPU model headers."""

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
