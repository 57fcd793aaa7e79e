"""`python -m op_migrate.migrate.reaper --parent PID --scratch DIR -- COMMAND...`: runs a gate's command in a
process group of its own and, when asked (SIGTERM, SIGINT, SIGHUP) or when op-migrate dies, ends that whole group
(pytest and every g++ it started) and removes DIR. See migrate/children.py."""

from __future__ import annotations

import ctypes
import os
import shutil
import signal
import subprocess
import sys

PR_SET_PDEATHSIG = 1


def _die_with_parent() -> None:
    """Linux: SIGTERM to us when the process that started us dies (even by SIGKILL)."""
    if not sys.platform.startswith("linux"):
        return
    try:
        ctypes.CDLL(None, use_errno=True).prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        pass


def main(argv: list[str]) -> int:
    split = argv.index("--")
    options, command = argv[:split], argv[split + 1:]
    parent = int(options[options.index("--parent") + 1])
    scratch = options[options.index("--scratch") + 1]
    _die_with_parent()
    child: subprocess.Popen | None = None
    ended = []

    def end(signum, frame) -> None:
        ended.append(signum)
        if child is not None:
            try:
                os.killpg(child.pid, signal.SIGKILL)
            except OSError:
                pass

    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, end)
    if os.getppid() != parent:  # op-migrate died before we could ask to be told
        shutil.rmtree(scratch, ignore_errors=True)
        return 128 + signal.SIGTERM
    child = subprocess.Popen(command, start_new_session=True)
    if ended:
        end(ended[0], None)
    code = child.wait()
    if ended:
        shutil.rmtree(scratch, ignore_errors=True)
        return 128 + ended[0]
    return code


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
