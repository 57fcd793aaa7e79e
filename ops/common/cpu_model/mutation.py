"""Mutation suite of a kernel's syncs: each SetFlag/WaitFlag/PipeBarrier/EnQue/DeQue/SyncAll line (mutation_sites)
is deleted in turn, without recompiling: the CPU model skips every call whose call chain passes through that line
(CPU_MODEL_SKIP_SYNC, sync_sites.h), and the runs of the op's own tests (mutation_record) are replayed on a -g build
of the same sources. A deletion is caught when a replay stops on a hazard, a hang the device would have or a GM race
(or reports a hazard the unmutated run does not), and shown redundant when no replay that reaches the line sees an
unordered conflicting access. The model executes every API at once, so a deleted sync never changes a result here:
the hazard tracker is the check. A line no replay reaches is reported as unreached (a branch no test runs)."""

from __future__ import annotations

import hashlib
import json
import os
import re
import shutil
import subprocess
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

DEBUG_FLAGS = ("-g", "-fno-crossjumping", "-fno-ipa-icf", "-fno-optimize-sibling-calls")
HANG = ("would wait forever", "the device would hang", "without a preceding SetFlag")


@dataclass
class RecordedRun:
    """One run of a CPU-model executable as a test made it: how to build it and how to run it."""

    recipe: dict
    argv: list[str]
    stdin: str | None = None
    env: dict = field(default_factory=dict)
    test: str = ""

    def key(self) -> str:
        files = []
        for arg in self.argv:
            path = Path(arg)
            if path.is_absolute() and path.exists():
                files.append(_content_hash(path if path.is_dir() else path.parent))
        stdin = _content_hash(Path(self.stdin)) if self.stdin else ""
        text = json.dumps([self.recipe, [a for a in self.argv if not Path(a).is_absolute()], files, stdin,
                           sorted(self.env.items())])
        return hashlib.sha256(text.encode()).hexdigest()[:20]


def _content_hash(path: Path) -> str:
    h = hashlib.sha256()
    items = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
    for item in items:
        h.update(item.name.encode() + b"\0" + item.read_bytes())
    return h.hexdigest()[:16]


def load_records(folder: Path) -> list[RecordedRun]:
    """The successful, distinct runs mutation_record wrote into `folder`."""
    runs, seen = [], set()
    for file in sorted(Path(folder).glob("runs-*.jsonl")):
        for line in file.read_text(encoding="utf-8").splitlines():
            entry = json.loads(line)
            if entry["returncode"] != 0:
                continue  # a test expecting a failure: nothing to mutate
            run = RecordedRun(entry["recipe"], entry["argv"], entry["stdin"], entry["env"], entry["test"])
            key = run.key()
            if key not in seen:
                seen.add(key)
                runs.append(run)
    return runs


@dataclass
class Replay:
    returncode: int
    output: str
    hazards: frozenset
    chains: dict  # hash -> (kind, [offsets])
    seconds: float


@dataclass
class Verdict:
    site: object  # mutation_sites.Site
    status: str  # caught-hazard | caught-hang | caught-race | caught-failure | redundant | unreached
    evidence: str = ""
    runs: int = 0  # replays that reach the site

    @property
    def caught(self) -> bool:
        return self.status.startswith("caught")


class Suite:
    """The mutation suite of one op: its kernel folder, the recorded runs and a g++ driver (gxx.Gxx)."""

    def __init__(self, gxx, kernel_dir: Path, runs: list[RecordedRun], sites, *, timeout: float = 600,
                 extra_env: dict | None = None) -> None:
        self.gxx = gxx
        self.kernel_dir = Path(kernel_dir).resolve()
        self.runs = runs
        self.sites = sites
        self.timeout = timeout
        self.extra_env = extra_env or {}
        self._exes: dict[str, Path] = {}
        self._lines: dict[tuple[Path, str], list[tuple[str, int]]] = {}
        self.baseline: list[Replay | None] = []
        self.reach: dict[str, list[tuple[int, set[str]]]] = {}  # site key -> [(run index, chain hashes)]
        self.broken: list[tuple[RecordedRun, str]] = []  # runs whose unmutated replay fails (listed, not used)

    def executable(self, recipe: dict) -> Path:
        key = json.dumps(recipe, sort_keys=True)
        if key not in self._exes:
            stem = recipe.get("name") or Path(recipe["sources"][0]).stem
            self._exes[key] = self.gxx.build([Path(s) for s in recipe["sources"]],
                                             include_dirs=[Path(d) for d in recipe["include_dirs"]],
                                             defines=recipe["defines"], name=f"{stem}-mutation",
                                             extra_flags=(*recipe["extra_flags"], *DEBUG_FLAGS))
        return self._exes[key]

    def replay(self, run: RecordedRun, *, skip: set[str] = frozenset(), trace: bool = False) -> Replay:
        with tempfile.TemporaryDirectory(prefix="mutation-") as scratch:
            scratch = Path(scratch)
            argv, copies = [], {}
            for arg in run.argv:  # a private copy of every folder the run writes in: replays never see each other
                path = Path(arg)
                folder = path if path.is_dir() else path.parent
                if path.is_absolute() and folder.is_dir() and "files" in folder.parts:
                    if folder not in copies:
                        copies[folder] = scratch / f"f{len(copies)}"
                        shutil.copytree(folder, copies[folder])
                    arg = str(copies[folder] / path.relative_to(folder)) if path != folder else str(copies[folder])
                argv.append(arg)
            report, trace_file = scratch / "hazards.txt", scratch / "trace.txt"
            env = {k: v for k, v in os.environ.items() if not k.startswith("CPU_MODEL_")}
            env.update(run.env)
            env.pop("CPU_MODEL_COUNTERS", None)
            env.update({"CPU_MODEL_CHECK_PIPE_SYNC": "1", "CPU_MODEL_PIPE_SYNC_HAZARDS": "all",
                        "CPU_MODEL_PIPE_SYNC_REPORT": str(report), **self.extra_env})
            if trace:
                env["CPU_MODEL_SYNC_TRACE"] = str(trace_file)
            if skip:
                env["CPU_MODEL_SKIP_SYNC"] = ",".join(sorted(skip))
            stdin = Path(run.stdin).read_bytes() if run.stdin else None
            started = time.monotonic()
            done = subprocess.run([str(self.executable(run.recipe)), *argv], input=stdin, capture_output=True,
                                  env=env, timeout=self.timeout, check=False)
            seconds = time.monotonic() - started
            hazards = frozenset(_normalise(l) for l in report.read_text(errors="replace").splitlines()) \
                if report.exists() else frozenset()
            chains = {}
            if trace_file.exists():
                for line in trace_file.read_text().splitlines():
                    kind, digest, _count, _skipped, offsets = line.split(" ")
                    chains[digest] = (kind, [int(o, 16) for o in offsets.split(",")])
            output = done.stdout.decode(errors="replace") + done.stderr.decode(errors="replace")
            return Replay(done.returncode, output, hazards, chains, seconds)

    # ----- sites reached -------------------------------------------------------------------------------------------

    def _symbolize(self, exe: Path, offsets: set[int]) -> None:
        wanted = sorted(o for o in offsets if (exe, o) not in self._lines)
        if wanted:
            self._lines.update({(exe, o): lines for o, lines in _inline_chains(exe, wanted).items()})

    def chain_sites(self, exe: Path, offsets: list[int]) -> set[str]:
        """The kernel sites a call chain passes through."""
        self._symbolize(exe, set(offsets))
        by_path = {(str((self.kernel_dir.parent / s.file).resolve()), s.line): s.key for s in self.sites}
        found = set()
        for offset in offsets:
            for path, line in self._lines.get((exe, offset), []):
                key = by_path.get((path, line))
                if key:
                    found.add(key)
        return found

    def enumerate(self, progress=None) -> None:
        """Replays every run once, unmutated, with the trace on: what each reaches and the hazards it already has."""
        self.baseline = []
        for index, run in enumerate(self.runs):
            replay = self.replay(run, trace=True)
            if replay.returncode != 0:
                self.baseline.append(None)
                self.broken.append((run, _first_error(replay.output)))
                continue
            self.baseline.append(replay)
            exe = self.executable(run.recipe)
            for digest, (_kind, offsets) in replay.chains.items():
                for key in self.chain_sites(exe, offsets):
                    entries = self.reach.setdefault(key, [])
                    if entries and entries[-1][0] == index:
                        entries[-1][1].add(digest)
                    else:
                        entries.append((index, {digest}))
            if progress:
                progress(index + 1, len(self.runs))

    # ----- mutations -------------------------------------------------------------------------------------------------

    def mutate(self, site) -> Verdict:
        reached = self.reach.get(site.key, [])
        if not reached:
            return Verdict(site, "unreached")
        order = sorted(reached, key=lambda item: self.baseline[item[0]].seconds)
        for index, digests in order:
            run, base = self.runs[index], self.baseline[index]
            mutated = self.replay(run, skip=digests)
            status = _caught(base, mutated)
            if status:
                return Verdict(site, status, f"{run.test or ' '.join(run.argv)}: {_evidence(base, mutated)}",
                               len(reached))
        return Verdict(site, "redundant", f"{len(reached)} replays reach it, none sees an unordered access",
                       len(reached))

    def run(self, progress=None) -> list[Verdict]:
        if not self.baseline:
            self.enumerate()
        verdicts = []
        for number, site in enumerate(self.sites, start=1):
            verdicts.append(self.mutate(site))
            if progress:
                progress(number, len(self.sites), verdicts[-1])
        return verdicts


def _inline_chains(exe: Path, offsets: list[int]) -> dict[int, list[tuple[str, int]]]:
    """addr2line -a -i: for each return address (offset from the executable's start, PIE) the source lines of the
    call it returns from, innermost inlined frame first."""
    done = subprocess.run(["addr2line", "-a", "-i", "-e", str(exe)], input="\n".join(hex(o - 1) for o in offsets),
                          capture_output=True, text=True, check=True)
    answers: dict[int, list[tuple[str, int]]] = {}
    current = None
    for text in done.stdout.splitlines():
        if text.startswith("0x"):
            current = int(text, 16) + 1
            answers[current] = []
            continue
        match = re.match(r"(.+):(\d+)", text.split(" (discriminator")[0])
        if current is not None and match and not match.group(1).startswith("??"):
            answers[current].append((os.path.normpath(match.group(1)), int(match.group(2))))
    return answers


def _normalise(hazard: str) -> str:
    return re.sub(r"\s+", " ", hazard).strip()


def _first_error(output: str) -> str:
    """The model's own message when there is one (a driver may also print how it died, e.g. 'terminate called')."""
    lines = output.splitlines()
    for wanted in ("cpu_model: ", "ConstraintError", "error"):
        for line in lines:
            if wanted in line or (wanted == "error" and wanted in line.lower()):
                return line.strip()[line.strip().find(wanted) if wanted == "cpu_model: " else 0:][:300]
    return output.strip().splitlines()[-1][:300] if output.strip() else "no output"


def _caught(base: Replay, mutated: Replay) -> str | None:
    if mutated.returncode != base.returncode or ("cpu_model:" in mutated.output and "cpu_model:" not in base.output):
        text = mutated.output
        if any(marker in text for marker in HANG):
            return "caught-hang"
        if "GM race" in text or "share the 64-byte line" in text:
            return "caught-race"
        if "with no SetFlag" in text or "with no PipeBarrier" in text:
            return "caught-hazard"
        return "caught-failure"
    if mutated.hazards - base.hazards:
        return "caught-hazard"
    return None


def _evidence(base: Replay, mutated: Replay) -> str:
    new = sorted(mutated.hazards - base.hazards)
    if new:
        return new[0][:300]
    return _first_error(mutated.output)
