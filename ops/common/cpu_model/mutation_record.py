"""pytest plugin of the mutation suite: records every run of a CPU-model executable the tests make (its build recipe,
argv, stdin, CPU_MODEL_* environment and a snapshot of the temporary files it names), so the suite can replay the
op's own test configurations with a sync line deleted. Load with `-p mutation_record` (this folder on PYTHONPATH)
and MUTATION_RECORD_DIR=<dir>; without the variable it does nothing."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

RECORD_DIR = os.environ.get("MUTATION_RECORD_DIR")
_real_run = subprocess.run
_recipes: dict[str, dict] = {}


def _snapshot(arg: str, runs: Path, copied: dict[str, str]) -> str:
    """The argument rewritten to a private copy of the temporary folder it lives in (inputs as they were)."""
    path = Path(arg)
    temp = Path(tempfile.gettempdir()).resolve()
    if not path.is_absolute() or temp not in path.resolve().parents:
        return arg
    folder = path if path.is_dir() else path.parent
    if not folder.is_dir():
        return arg
    key = str(folder.resolve())
    if key not in copied:
        unique = f"{os.getpid()}:{key}:{len(copied)}:{os.urandom(4).hex()}"
        target = runs / "files" / hashlib.sha256(unique.encode()).hexdigest()[:16]
        shutil.copytree(folder, target)
        copied[key] = str(target)
    return str(Path(copied[key]) / path.relative_to(folder)) if path != folder else copied[key]


def _recording_run(*args, **kwargs):
    cmd = args[0] if args else kwargs.get("args")
    exe = str(cmd[0]) if isinstance(cmd, (list, tuple)) and cmd else None
    if exe not in _recipes:
        return _real_run(*args, **kwargs)
    runs = Path(RECORD_DIR)
    copied: dict[str, str] = {}
    argv = [_snapshot(str(a), runs, copied) for a in cmd[1:]]
    stdin = kwargs.get("input")
    stdin_file = None
    if stdin is not None:
        data = stdin.encode() if isinstance(stdin, str) else stdin
        stdin_file = runs / "files" / (hashlib.sha256(data).hexdigest()[:16] + ".stdin")
        stdin_file.parent.mkdir(parents=True, exist_ok=True)
        stdin_file.write_bytes(data)
    env = kwargs.get("env") or os.environ
    result = _real_run(*args, **kwargs)
    entry = {"exe": exe, "recipe": _recipes[exe], "argv": argv, "stdin": str(stdin_file) if stdin_file else None,
             "env": {k: v for k, v in env.items() if k.startswith("CPU_MODEL_")},
             "returncode": result.returncode, "test": os.environ.get("PYTEST_CURRENT_TEST", "")}
    with open(runs / f"runs-{os.getpid()}.jsonl", "a", encoding="utf-8") as out:
        out.write(json.dumps(entry) + "\n")
    return result


def _wrap_build(gxx_class):
    real_build = gxx_class.build

    def build(self, sources, *, include_dirs=(), defines=(), name=None, extra_flags=()):
        target = real_build(self, sources, include_dirs=include_dirs, defines=defines, name=name,
                            extra_flags=extra_flags)
        _recipes[str(target)] = {"sources": [str(s) for s in sources], "include_dirs": [str(d) for d in include_dirs],
                                 "defines": list(defines), "name": name, "extra_flags": list(extra_flags)}
        return target

    gxx_class.build = build


def pytest_configure(config):
    if not RECORD_DIR:
        return
    Path(RECORD_DIR).mkdir(parents=True, exist_ok=True)
    subprocess.run = _recording_run


def pytest_collection_finish(session):
    # ops/conftest.py loads the g++ driver under this name; its Gxx is the class every fixture builds with.
    module = sys.modules.get("op_migrate_cpu_model_gxx")
    if RECORD_DIR and module is not None:
        _wrap_build(module.Gxx)
