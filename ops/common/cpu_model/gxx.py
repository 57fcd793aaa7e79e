"""g++ driver for tests: builds executables cached by a hash of flags, sources and headers, and runs them."""

from __future__ import annotations

import fcntl
import hashlib
import os
import shutil
import subprocess
import tempfile
from functools import lru_cache
from pathlib import Path
from typing import Sequence

BASE_FLAGS = ("-std=c++17", "-O2", "-Wall", "-Wextra", "-Werror", "-pthread")
HEADER_SUFFIXES = (".h", ".hh", ".hpp", ".hxx", ".inc", ".inl", ".ipp", ".tcc")


class CxxBuildError(RuntimeError):
    """The compiler rejected the sources; `stderr` holds its diagnostics."""

    def __init__(self, command: Sequence[str], stderr: str) -> None:
        self.command = list(command)
        self.stderr = stderr
        super().__init__(f"g++ failed: {' '.join(self.command)}\n{stderr}")


class CxxRunError(RuntimeError):
    """A test executable exited non-zero or timed out; stdout and stderr are kept for the message."""

    def __init__(self, command: Sequence[str], returncode: int | None, stdout: str, stderr: str) -> None:
        self.command = list(command)
        self.returncode = returncode
        self.stdout = stdout
        self.stderr = stderr
        status = "timed out" if returncode is None else f"exited with {returncode}"
        super().__init__(
            f"{' '.join(self.command)} {status}\n--- stdout ---\n{stdout[-4000:]}\n--- stderr ---\n{stderr[-4000:]}"
        )


@lru_cache(maxsize=None)
def _compiler_identity(compiler: str) -> str:
    path = shutil.which(compiler) or compiler
    version = subprocess.run([compiler, "--version"], capture_output=True, text=True, check=False).stdout
    return f"{path}\n{version}"


def _headers_under(directory: Path) -> list[Path]:
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.rglob("*") if p.is_file() and p.suffix in HEADER_SUFFIXES)


class Gxx:
    """Compile C++17 sources into cached executables and run them."""

    BuildError = CxxBuildError
    RunError = CxxRunError

    def __init__(self, cache_dir: Path, compiler: str = "g++") -> None:
        self.cache_dir = Path(cache_dir)
        self.compiler = compiler

    def command(
        self,
        sources: Sequence[Path],
        output: Path,
        include_dirs: Sequence[Path] = (),
        defines: Sequence[str] = (),
        extra_flags: Sequence[str] = (),
    ) -> list[str]:
        cmd = [self.compiler, *BASE_FLAGS, *extra_flags]
        cmd += [f"-I{Path(d)}" for d in include_dirs]
        cmd += [f"-D{d}" for d in defines]
        cmd += [str(Path(s)) for s in sources]
        cmd += ["-o", str(output)]
        return cmd

    def _digest(self, sources, include_dirs, defines, extra_flags) -> str:
        h = hashlib.sha256()
        h.update(_compiler_identity(self.compiler).encode())
        h.update(repr((BASE_FLAGS, tuple(extra_flags), tuple(defines), [str(d) for d in include_dirs])).encode())
        seen: set[Path] = set()
        files = [Path(s) for s in sources]
        for directory in include_dirs:
            files += _headers_under(Path(directory))
        # Headers reached by relative includes (a kernel's ../op_host tiling header) come from the
        # preprocessor's own dependency list, so any edited header rebuilds.
        files += self._dependencies(sources, include_dirs, defines, extra_flags)
        for path in files:
            resolved = path.resolve()
            if resolved in seen:
                continue
            seen.add(resolved)
            h.update(str(resolved).encode() + b"\0")
            h.update(resolved.read_bytes() + b"\0")
        return h.hexdigest()[:20]

    def _dependencies(self, sources, include_dirs, defines, extra_flags) -> list[Path]:
        cmd = [self.compiler, *BASE_FLAGS, *extra_flags, "-MM"]
        cmd += [f"-I{Path(d)}" for d in include_dirs] + [f"-D{d}" for d in defines]
        deps: list[Path] = []
        for source in sources:
            result = subprocess.run([*cmd, str(source)], capture_output=True, text=True, check=False)
            if result.returncode != 0:
                continue  # the real compile reports the error; failures are never cached
            text = result.stdout.replace("\\\n", " ")
            _, _, listed = text.partition(":")
            deps += [Path(token) for token in listed.split() if token]
        return deps

    def build(
        self,
        sources: Sequence[Path],
        *,
        include_dirs: Sequence[Path] = (),
        defines: Sequence[str] = (),
        name: str | None = None,
        extra_flags: Sequence[str] = (),
    ) -> Path:
        """Return the path of an executable built from `sources`, compiling only when the content changed."""
        sources = [Path(s) for s in sources]
        if not sources:
            raise ValueError("build() needs at least one source file")
        stem = name or sources[0].stem
        digest = self._digest(sources, include_dirs, defines, extra_flags)
        target = self.cache_dir / f"{stem}-{digest}"
        if target.is_file() and os.access(target, os.X_OK):
            return target
        self.cache_dir.mkdir(parents=True, exist_ok=True)
        # One compiler per target: a second xdist worker waits for the first instead of compiling again.
        with open(self.cache_dir / f".{stem}-{digest}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not (target.is_file() and os.access(target, os.X_OK)):
                self._compile(sources, target, stem, include_dirs, defines, extra_flags)
        return target

    def _compile(self, sources, target: Path, stem: str, include_dirs, defines, extra_flags) -> None:
        # Compile to a private name, then rename: no reader ever sees a half-written executable.
        fd, tmp_name = tempfile.mkstemp(prefix=f".{stem}-", suffix=".tmp", dir=self.cache_dir)
        os.close(fd)
        tmp = Path(tmp_name)
        cmd = self.command(sources, tmp, include_dirs, defines, extra_flags)
        try:
            result = subprocess.run(cmd, capture_output=True, text=True, check=False)
            if result.returncode != 0:
                raise CxxBuildError(cmd, result.stderr)
            os.chmod(tmp, 0o755)
            os.replace(tmp, target)
        finally:
            if tmp.exists():
                tmp.unlink()

    def run(
        self,
        executable: Path,
        args: Sequence[str] = (),
        stdin: bytes | None = None,
        timeout: float = 120,
        *,
        check: bool = True,
    ) -> subprocess.CompletedProcess:
        """Run an executable; with check (the default) a non-zero exit raises CxxRunError with its output."""
        cmd = [str(executable), *[str(a) for a in args]]
        try:
            result = subprocess.run(cmd, input=stdin, capture_output=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired as exc:
            raise CxxRunError(cmd, None, _text(exc.stdout), _text(exc.stderr)) from None
        if check and result.returncode != 0:
            raise CxxRunError(cmd, result.returncode, _text(result.stdout), _text(result.stderr))
        return result


def _text(data: bytes | str | None) -> str:
    if data is None:
        return ""
    if isinstance(data, bytes):
        return data.decode("utf-8", errors="replace")
    return data
