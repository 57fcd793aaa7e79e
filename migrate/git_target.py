"""Writes a package into an ops-math checkout through git plumbing: one new branch, nothing else touched.

Blobs are written with `git hash-object -w`, trees with `git mktree` (the new op folder, then each folder above it
from HEAD's tree with that one entry replaced), the commit with `git commit-tree`: no index, no work tree, no
temporary file. Every git command is let finish even when op-migrate is interrupted (migrate/children.py), so no
half-written object is left; a stopped run leaves only whole, unreferenced objects, which git's gc removes. The
branch ref is created last, atomically, with `git update-ref <ref> <new> ""` (which refuses if it appeared
meanwhile), and a lock held for the whole run refuses a second package-pr on the same branch up front.
"""

from __future__ import annotations

import hashlib
import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from op_migrate.migrate import children, exit_codes
from op_migrate.migrate.errors import MigrateError

try:
    import fcntl
except ImportError:  # pragma: no cover - Windows: no lock, the atomic update-ref still refuses the loser
    fcntl = None

OPS_MATH_MARKERS = ("experimental", "cmake", "build.sh")
TREE, BLOB, EXECUTABLE = "040000", "100644", "100755"


class GitError(MigrateError):
    """A git command failed; the message carries its stderr."""


@dataclass(frozen=True)
class TargetState:
    """What a target checkout looks like before we write: used for the refusals and by tests."""

    head: str
    branches: tuple[str, ...]
    dirty: bool


@dataclass(frozen=True)
class Upstream:
    """A file the target already has under the destination folder: its mode and blob id at HEAD."""

    path: str
    mode: str
    blob: str


def run_git(repo: Path, *args: str, stdin: bytes | None = None, env: dict | None = None) -> str:
    """Run git with an argument list (never a shell) in `repo`, to its end; raise GitError with stderr on failure."""
    completed = children.run_settled(["git", "-C", str(repo), *args], stdin=stdin, env={**os.environ, **(env or {})})
    if completed.returncode != 0:
        raise GitError(f"git {' '.join(args[:2])} failed: {completed.stderr.decode('utf-8', 'replace').strip()}",
                       exit_codes.USAGE)
    return completed.stdout.decode("utf-8", "replace")


def is_ops_math_like(repo: Path) -> bool:
    """A git work tree with ops-math's top-level markers (experimental/, cmake/, build.sh)."""
    if not (repo / ".git").exists():
        return False
    return all((repo / marker).exists() for marker in OPS_MATH_MARKERS)


def inspect(repo: Path) -> TargetState:
    head = run_git(repo, "rev-parse", "--verify", "HEAD").strip()
    branches = tuple(run_git(repo, "for-each-ref", "--format=%(refname:short)", "refs/heads").split())
    dirty = bool(run_git(repo, "status", "--porcelain", "--untracked-files=all").strip())
    return TargetState(head=head, branches=branches, dirty=dirty)


def path_exists_at_head(repo: Path, relative: str) -> bool:
    return bool(run_git(repo, "ls-tree", "--name-only", "HEAD", "--", relative).strip()) or (repo / relative).exists()


def upstream_files(repo: Path, prefix: str) -> dict[str, Upstream]:
    """Every file under `prefix` at HEAD (path relative to the repository root)."""
    found = {}
    for record in run_git(repo, "ls-tree", "-r", "-z", "HEAD", "--", prefix).split("\0"):
        if not record:
            continue
        meta, path = record.split("\t", 1)
        mode, _, blob = meta.split(" ")
        found[path] = Upstream(path, mode, blob)
    return found


def folder_authors(repo: Path, prefix: str) -> tuple[tuple[str, int], ...]:
    """The authors of the commits that touched `prefix` (by git log from HEAD), most commits first, with counts."""
    counts: dict[str, int] = {}
    for name in run_git(repo, "log", "--format=%aN", "HEAD", "--", prefix).splitlines():
        if name.strip():
            counts[name.strip()] = counts.get(name.strip(), 0) + 1
    return tuple(sorted(counts.items(), key=lambda item: (-item[1], item[0])))


def build_commit(repo: Path, files: list[tuple[str, bytes, bool]], replace_prefix: str, message: str) -> str:
    """Create (unreferenced) a commit on top of HEAD whose tree is HEAD's with `replace_prefix` holding exactly
    `files` (paths relative to the repository root, all under the prefix)."""
    nested: dict = {}
    for relative, data, executable in files:
        parts = relative[len(replace_prefix) + 1:].split("/")
        node = nested
        for part in parts[:-1]:
            node = node.setdefault(part, {})
        blob = run_git(repo, "hash-object", "-w", "--stdin", stdin=data).strip()
        node[parts[-1]] = (EXECUTABLE if executable else BLOB, blob)
    folder = _write_tree(repo, nested)
    head = run_git(repo, "rev-parse", "--verify", "HEAD").strip()
    root = _splice(repo, f"{head}^{{tree}}", replace_prefix.split("/"), folder)
    return run_git(repo, "commit-tree", root, "-p", head, "-m", message).strip()


def _write_tree(repo: Path, node: dict) -> str:
    entries = []
    for name, value in node.items():
        if isinstance(value, dict):
            entries.append((TREE, "tree", _write_tree(repo, value), name))
        else:
            entries.append((value[0], "blob", value[1], name))
    return _mktree(repo, entries)


def _mktree(repo: Path, entries: list[tuple[str, str, str, str]]) -> str:
    text = "".join(f"{mode} {kind} {sha}\t{name}\0" for mode, kind, sha, name in entries)
    return run_git(repo, "mktree", "-z", stdin=text.encode("utf-8")).strip()


def _splice(repo: Path, tree: str | None, parts: list[str], new_tree: str) -> str:
    """`tree` with the folder at `parts` replaced by `new_tree` (folders on the way created when missing)."""
    entries = []
    current = None
    if tree is not None:
        for record in run_git(repo, "ls-tree", "-z", tree).split("\0"):
            if not record:
                continue
            meta, name = record.split("\t", 1)
            mode, kind, sha = meta.split(" ")
            if name == parts[0]:
                current = sha if kind == "tree" else None
                continue
            entries.append((mode, kind, sha, name))
    inner = new_tree if len(parts) == 1 else _splice(repo, current, parts[1:], new_tree)
    entries.append((TREE, "tree", inner, parts[0]))
    return _mktree(repo, entries)


def create_branch(repo: Path, branch: str, commit: str) -> None:
    """Point a NEW branch at `commit`; the empty old value makes git refuse an existing ref."""
    run_git(repo, "update-ref", f"refs/heads/{branch}", commit, "")


def format_patch(repo: Path, commit: str) -> bytes:
    return run_git(repo, "format-patch", "-1", "--stdout", commit).encode("utf-8")


def diff_stat(repo: Path, commit: str) -> str:
    return run_git(repo, "diff", "--stat", f"{commit}~1", commit)


@contextmanager
def branch_lock(repo: Path, branch: str) -> Iterator[None]:
    """Hold `<git dir>/op-migrate-<branch digest>.lock` for the whole run: a second package-pr on the same branch is
    refused at once, not after its gates. The kernel drops the lock when the process ends, however it ends; the
    file is removed on the way out (a stale file from a killed run is taken over, never trusted)."""
    if fcntl is None:
        yield
        return
    git_dir = Path(run_git(repo, "rev-parse", "--absolute-git-dir").strip())
    path = git_dir / f"op-migrate-{hashlib.sha1(branch.encode('utf-8')).hexdigest()[:16]}.lock"
    while True:
        handle = open(path, "a+")
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.seek(0)
            holder = handle.read().strip() or "another process"
            handle.close()
            raise MigrateError(f"refusing: another package-pr is writing branch {branch!r} in {repo} ({holder}); "
                               "wait for it to finish", exit_codes.USAGE) from None
        # The holder before us may have removed the file after we opened it: then lock the new one instead.
        if path.exists() and os.stat(path).st_ino == os.fstat(handle.fileno()).st_ino:
            break
        handle.close()
    try:
        handle.seek(0)
        handle.truncate()
        handle.write(f"pid {os.getpid()}")
        handle.flush()
        yield
    finally:
        try:
            path.unlink()
        except OSError:
            pass
        handle.close()
