"""Writes a package into an ops-math checkout through git plumbing: one new branch, nothing else touched.

The commit is built with a private index file (GIT_INDEX_FILE in a temporary directory), so the target's
index, HEAD and working tree are never modified; the branch ref is created last, atomically, with
`git update-ref <ref> <new> ""` (which refuses if the ref appeared meanwhile). A failure at any earlier
step leaves only unreferenced objects behind, which git's own gc removes.
"""

from __future__ import annotations

import os
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

from op_migrate.migrate.errors import MigrateError
from op_migrate.migrate import exit_codes

OPS_MATH_MARKERS = ("experimental", "cmake", "build.sh")


class GitError(MigrateError):
    """A git command failed; the message carries its stderr."""


@dataclass(frozen=True)
class TargetState:
    """What a target checkout looks like before we write: used for the refusals and by tests."""

    head: str
    branches: tuple[str, ...]
    dirty: bool


def run_git(repo: Path, *args: str, stdin: bytes | None = None, env: dict | None = None) -> str:
    """Run git with an argument list (never a shell) in `repo`; raise GitError with stderr on failure."""
    completed = subprocess.run(
        ["git", "-C", str(repo), *args],
        input=stdin,
        capture_output=True,
        env={**os.environ, **(env or {})},
        check=False,
    )
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


def build_commit(repo: Path, files: list[tuple[str, bytes, bool]], replace_prefix: str, message: str) -> str:
    """Create (unreferenced) a commit on top of HEAD whose tree has `files`, with `replace_prefix` emptied first."""
    with tempfile.TemporaryDirectory(prefix="op-migrate-index-") as scratch:
        env = {"GIT_INDEX_FILE": str(Path(scratch) / "index")}
        run_git(repo, "read-tree", "HEAD", env=env)
        run_git(repo, "rm", "--cached", "-r", "-q", "--ignore-unmatch", "--", replace_prefix, env=env)
        lines = []
        for relative, data, executable in files:
            blob = run_git(repo, "hash-object", "-w", "--stdin", stdin=data).strip()
            lines.append(f"{'100755' if executable else '100644'} {blob}\t{relative}")
        run_git(repo, "update-index", "--index-info", stdin=("\n".join(lines) + "\n").encode("utf-8"), env=env)
        tree = run_git(repo, "write-tree", env=env).strip()
    head = run_git(repo, "rev-parse", "--verify", "HEAD").strip()
    return run_git(repo, "commit-tree", tree, "-p", head, "-m", message).strip()


def create_branch(repo: Path, branch: str, commit: str) -> None:
    """Point a NEW branch at `commit`; the empty old value makes git refuse an existing ref."""
    run_git(repo, "update-ref", f"refs/heads/{branch}", commit, "")


def format_patch(repo: Path, commit: str) -> bytes:
    return run_git(repo, "format-patch", "-1", "--stdout", commit).encode("utf-8")


def diff_stat(repo: Path, commit: str) -> str:
    return run_git(repo, "diff", "--stat", f"{commit}~1", commit)
