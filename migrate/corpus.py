"""The corpus runner: analyse many files with a worker pool, a content-keyed cache and a progress bar."""

from __future__ import annotations

import functools
import hashlib
import marshal
import sys
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Sequence

from op_migrate.migrate import cache, console

Worker = Callable[[str], dict]


@dataclass(frozen=True)
class CorpusJob:
    """Files to analyse; `worker` must be a module-level function (it crosses process boundaries)."""

    paths: tuple[Path, ...]
    worker: Worker
    namespace: str  # analyzer name + version + options that change the result
    jobs: int = 1
    cache_dir: Path | None = None
    show_progress: bool = False
    # Files besides an input whose contents change its document (the headers a C++ source includes): part of its key.
    dependencies: Callable[[Path], Sequence[Path]] | None = None
    # Run once before workers start, when some file is not cached: what it builds the forked workers inherit.
    prepare: Callable[[], None] | None = None
    # With several workers, a file may be analysed in shares (a file whose parts take long, spread over the
    # workers): `shares(path, jobs)` says into how many, `share_worker(path, share=, count=)` makes one, and
    # `join(path, documents=)` makes the file's document of them, the same as `worker(path)` gives.
    shares: Callable[[Path, int], int] | None = None
    share_worker: Callable[..., dict] | None = None
    join: Callable[..., dict] | None = None


@dataclass(frozen=True)
class CorpusResult:
    """Per-file documents in input order, and how many came from the cache."""

    documents: tuple[dict, ...]
    cached: int


def run_corpus(job: CorpusJob) -> CorpusResult:
    """Run `job.worker` on every path not already cached; a failing worker yields a failed entry, not a crash."""
    documents: list[dict | None] = [None] * len(job.paths)
    keys: list[str | None] = [None] * len(job.paths)
    todo: list[int] = []
    cached = 0
    digests: dict[Path, bytes] = {}
    for index, path in enumerate(job.paths):
        if job.cache_dir is None:  # no cache: no key to compute (it reads the file and every header it includes)
            todo.append(index)
            continue
        key = _cache_key(job.namespace, path)
        if key is not None and job.dependencies is not None:
            key = _with_dependencies(key, job.dependencies(path), digests)
        keys[index] = key
        hit = _cache_read(job.cache_dir, key) if key is not None else None
        if hit is not None:
            documents[index] = hit
            cached += 1
        else:
            todo.append(index)
    with console.progress(len(todo), "analysing", job.show_progress) as advance:
        for index, document in _execute(job, todo, advance):
            documents[index] = document
            if keys[index] is not None:
                _cache_write(job.cache_dir, keys[index], document)
    return CorpusResult(documents=tuple(d for d in documents if d is not None), cached=cached)


def _execute(job: CorpusJob, todo: list[int], advance):
    if job.prepare is not None and todo:
        job.prepare()
    tasks = _tasks(job, todo) if job.jobs > 1 else []
    if len(tasks) < 2:
        for index in todo:
            yield index, _safe_call(job.worker, str(job.paths[index]))
            advance()
        return
    parts: dict[int, dict[int, dict]] = {}
    with ProcessPoolExecutor(max_workers=job.jobs) as pool:
        pending = {}
        for index, share, count in tasks:
            worker = job.worker if count == 1 else functools.partial(job.share_worker, share=share, count=count)
            pending[pool.submit(_safe_call, worker, str(job.paths[index]))] = (index, share, count)
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=lambda f: pending[f]):
                index, share, count = pending.pop(future)
                parts.setdefault(index, {})[share] = future.result()
                if len(parts[index]) == count:
                    made = parts.pop(index)
                    yield index, _joined(job, str(job.paths[index]), [made[number] for number in range(count)])
                    advance()


def _joined(job: CorpusJob, path: str, documents: list[dict]) -> dict:
    """A file's document from its shares' (a failed share fails the file: its document says why)."""
    failed = next((document for document in documents if document.get("status") == "failed"), None)
    if len(documents) == 1 or failed is not None:
        return failed or documents[0]
    return _safe_call(functools.partial(job.join, documents=documents), path)


def _tasks(job: CorpusJob, todo: list[int]) -> list[tuple[int, int, int]]:
    """(file, share, shares) for each task, the longest first (by the file's size, a share taking its part): a large
    file met last would leave the other workers idle while it runs."""
    tasks = []
    sharing = job.shares is not None and job.share_worker is not None and job.join is not None
    for index in todo:
        count = job.shares(job.paths[index], job.jobs) if sharing else 1
        tasks.extend((index, share, count) for share in range(count))
    return sorted(tasks, key=lambda task: -_size(job.paths[task[0]]) / task[2])


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except OSError:
        return 0


def _safe_call(worker: Worker, path: str) -> dict:
    try:
        return worker(path)
    except Exception as error:  # one bad file never stops the run
        return {"path": path, "status": "failed", "reason": f"internal error: {type(error).__name__}: {error}"}


def _cache_key(namespace: str, path: Path) -> str | None:
    try:
        data = path.read_bytes()
    except OSError:
        return None  # unreadable files are never cached; the worker reports them
    digest = hashlib.sha256(f"{namespace}\0{sys.version_info[:2]}".encode("utf-8"))
    digest.update(b"\0")
    digest.update(str(path).encode("utf-8", errors="surrogateescape"))
    digest.update(b"\0")
    digest.update(data)
    return digest.hexdigest()


def _with_dependencies(key: str, dependencies: Sequence[Path], digests: dict[Path, bytes]) -> str:
    """The key extended by each dependency's path and content (a missing file counts as empty)."""
    digest = hashlib.sha256(key.encode("ascii"))
    for dependency in dependencies:
        if dependency not in digests:
            try:
                digests[dependency] = hashlib.sha256(dependency.read_bytes()).digest()
            except OSError:
                digests[dependency] = b""
        digest.update(str(dependency).encode("utf-8", errors="surrogateescape") + b"\0" + digests[dependency])
    return digest.hexdigest()


def _cache_read(cache_dir: Path | None, key: str) -> dict | None:
    if cache_dir is None:
        return None
    try:
        return marshal.loads((cache_dir / key[:2] / f"{key}.bin").read_bytes())
    except (OSError, ValueError, EOFError, TypeError):
        return None


def _cache_write(cache_dir: Path | None, key: str, document: dict) -> None:
    if cache_dir is None:
        return
    # marshal, not JSON: a warm run is mostly decoding, and marshal decodes plain dicts several times faster.
    # Its format belongs to one Python version, which is part of the key. Encoded now: the caller may change the
    # document before the write is carried out.
    cache.defer_write(cache_dir / key[:2] / f"{key}.bin", marshal.dumps(document))
