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
    batches = _batches(job, todo) if job.jobs > 1 else []
    if len(batches) < 2:
        for index in todo:
            yield index, _safe_call(job.worker, str(job.paths[index]))
            advance()
        return
    parts: dict[int, dict[int, dict]] = {}
    with ProcessPoolExecutor(max_workers=job.jobs) as pool:
        pending = {pool.submit(_run_batch, job.worker, job.share_worker,
                               [(str(job.paths[index]), share, count) for index, share, count in batch]): batch
                   for batch in batches}
        while pending:
            done, _ = wait(pending, return_when=FIRST_COMPLETED)
            for future in sorted(done, key=lambda f: pending[f]):
                batch = pending.pop(future)
                for (index, share, count), document in zip(batch, future.result()):
                    parts.setdefault(index, {})[share] = document
                    if len(parts[index]) == count:
                        made = parts.pop(index)
                        yield index, _joined(job, str(job.paths[index]), [made[number] for number in range(count)])
                        advance()


def _run_batch(worker: Worker, share_worker, items: list[tuple[str, int, int]]) -> list[dict]:
    return [_safe_call(worker if count == 1 else functools.partial(share_worker, share=share, count=count), path)
            for path, share, count in items]


def _joined(job: CorpusJob, path: str, documents: list[dict]) -> dict:
    """A file's document from its shares' (a failed share fails the file: its document says why)."""
    failed = next((document for document in documents if document.get("status") == "failed"), None)
    if len(documents) == 1 or failed is not None:
        return failed or documents[0]
    return _safe_call(functools.partial(job.join, documents=documents), path)


def _batches(job: CorpusJob, todo: list[int]) -> list[list[tuple[int, int, int]]]:
    """What each worker call runs, (file, share, shares) each, in the order handed out. First the largest files
    (the largest twentieth, at least two per worker, and every file walked in shares), one task each, the longest
    first (a share taking its part of the file's size): a large file met last would leave the other workers idle
    while it runs. Then the others in input order, in runs of neighbouring files (which read the same headers and
    helpers, parsed once per worker)."""
    sharing = job.shares is not None and job.share_worker is not None and job.join is not None
    counts = {index: job.shares(job.paths[index], job.jobs) if sharing else 1 for index in todo}
    by_size = sorted(todo, key=lambda index: -_size(job.paths[index]))
    first = set(by_size[:max(2 * job.jobs, len(todo) // 20)]) | {index for index in todo if counts[index] > 1}
    alone = sorted(((index, share, counts[index]) for index in first for share in range(counts[index])),
                   key=lambda task: (-_size(job.paths[task[0]]) / task[2], task))
    rest = [(index, 0, 1) for index in todo if index not in first]
    run = max(1, len(rest) // (job.jobs * 8))
    return [[task] for task in alone] + [rest[start:start + run] for start in range(0, len(rest), run)]


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
