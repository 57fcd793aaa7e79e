"""Child processes that end with op-migrate: gates in their own process group behind a reaper, git commands that
are let finish.

A gate (pytest, and the g++ it starts) runs under `python -m op_migrate.migrate.reaper` in a new session: the
terminal's Ctrl-C reaches op-migrate alone, which then asks the reaper to end the gate's whole process group and to
remove its scratch folder, and waits for that. If op-migrate itself is killed (SIGKILL), the kernel tells the
reaper (Linux PR_SET_PDEATHSIG), which does the same. A git command is never cut short: an interrupted git could
leave a half-written object that `git fsck` calls garbage, so op-migrate waits for it and only then stops.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

REAPER_GRACE_S = 10.0  # how long the reaper may take to end a gate and remove its folder


@dataclass(frozen=True)
class Finished:
    """What a child left: its exit code and its output (text)."""

    returncode: int
    stdout: str
    stderr: str


def run_gate(command: list[str], *, env: dict, cwd: Path, scratch: Path) -> Finished:
    """Run a gate's command under the reaper; `scratch` (the gate's own folder) is removed on every exit path."""
    reaper = [sys.executable, "-m", "op_migrate.migrate.reaper", "--parent", str(os.getpid()), "--scratch",
              str(scratch), "--", *command]
    process = subprocess.Popen(reaper, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, cwd=cwd,
                               start_new_session=True, text=True)
    try:
        stdout, stderr = process.communicate()
    except BaseException:  # Ctrl-C, SIGTERM, or an error of ours: the gate ends with us
        _end(process)
        raise
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    return Finished(process.returncode, stdout, stderr)


def _end(process: subprocess.Popen) -> None:
    """Ask the reaper to end the gate's process group, and wait for it (SIGKILL to the group after the grace)."""
    try:
        process.send_signal(signal.SIGTERM)
        process.communicate(timeout=REAPER_GRACE_S)
    except subprocess.TimeoutExpired:
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            pass
        process.wait()
    except (OSError, KeyboardInterrupt):
        try:
            os.killpg(process.pid, signal.SIGKILL)
        except OSError:
            pass


def run_settled(command: list[str], *, stdin: bytes | None, env: dict) -> subprocess.CompletedProcess:
    """Run a short command (git) to its end even when op-migrate is interrupted meanwhile; then re-raise.

    Started in its own session so that the terminal's Ctrl-C does not reach it; SIGINT/SIGTERM arriving while we
    wait are held until the command has finished.
    """
    process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                               env=env, start_new_session=True)
    pending: BaseException | None = None
    data = stdin
    while True:
        try:
            stdout, stderr = process.communicate(data)
            break
        except BaseException as error:  # noqa: B902 - held, re-raised once the command is done
            pending = pending or error
            data = None  # communicate() already sent it
    if pending is not None:
        raise pending
    return subprocess.CompletedProcess(command, process.returncode, stdout, stderr)
