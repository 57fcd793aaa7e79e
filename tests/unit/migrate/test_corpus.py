"""The corpus runner (migrate/corpus.py): files in tasks the longest first, a file in shares joined in order."""

from __future__ import annotations

import os
from pathlib import Path

from op_migrate.migrate.corpus import CorpusJob, _batches, run_corpus


def whole(path: str) -> dict:
    return {"path": path, "status": "ok", "parts": [Path(path).read_text()], "pid": [os.getpid()]}


def share(path: str, *, share: int, count: int) -> dict:
    if Path(path).read_text() == "bad" and share == 1:
        raise ValueError("share 1 cannot be made")
    return {"path": path, "status": "ok", "parts": [f"{Path(path).read_text()}#{share}/{count}"], "pid": [os.getpid()]}


def join(path: str, *, documents: list[dict]) -> dict:
    return {"path": path, "status": "ok", "parts": [p for d in documents for p in d["parts"]],
            "pid": [p for d in documents for p in d["pid"]]}


def shares(path: Path, jobs: int) -> int:
    return 3 if path.name.startswith("big") else 1


def _files(tmp_path: Path, texts: dict[str, str]) -> tuple[Path, ...]:
    for name, text in texts.items():
        (tmp_path / name).write_text(text)
    return tuple(tmp_path / name for name in texts)


def test_the_largest_files_go_first_alone_a_share_counting_its_part(tmp_path: Path) -> None:
    paths = _files(tmp_path, {"a": "x" * 10, "big": "y" * 90, "c": "z" * 40})
    job = CorpusJob(paths=paths, worker=whole, namespace="", jobs=2, shares=shares, share_worker=share, join=join)
    assert _batches(job, [0, 1, 2]) == [[(2, 0, 1)], [(1, 0, 3)], [(1, 1, 3)], [(1, 2, 3)], [(0, 0, 1)]]


def test_the_other_files_follow_in_input_order_in_runs_of_neighbours(tmp_path: Path) -> None:
    # 40 files: the four largest (two per worker) and the one in shares first, alone; the other 35 in input order,
    # in runs of 35 // 16 = 2 (a worker parses a folder's headers and helpers once for its neighbours).
    texts = {f"f{number:02d}": "x" * (number % 7 + 1) for number in range(40)}
    texts["f05"], texts["f17"], texts["f23"], texts["f31"], texts["big"] = "y" * 50, "y" * 40, "y" * 30, "y" * 20, "z"
    paths = _files(tmp_path, texts)
    job = CorpusJob(paths=paths, worker=whole, namespace="", jobs=2, shares=shares, share_worker=share, join=join)
    batches = _batches(job, list(range(len(paths))))
    big = len(paths) - 1
    assert batches[:7] == [[(5, 0, 1)], [(17, 0, 1)], [(23, 0, 1)], [(31, 0, 1)], [(big, 0, 3)], [(big, 1, 3)],
                           [(big, 2, 3)]]
    rest = [index for index in range(len(paths)) if index not in (5, 17, 23, 31, big)]
    assert batches[7:] == [[(a, 0, 1) for a in rest[start:start + 2]] for start in range(0, len(rest), 2)]


def test_shares_are_joined_in_order_and_documents_kept_in_input_order(tmp_path: Path) -> None:
    paths = _files(tmp_path, {"a": "A", "big1": "B" * 50, "c": "C", "big2": "D" * 60})
    job = CorpusJob(paths=paths, worker=whole, namespace="", jobs=2, shares=shares, share_worker=share, join=join)
    documents = run_corpus(job).documents
    assert [d["parts"] for d in documents] == [
        ["A"], [f"{'B' * 50}#{n}/3" for n in range(3)], ["C"], [f"{'D' * 60}#{n}/3" for n in range(3)]]
    assert {pid for d in documents for pid in d["pid"]} != {os.getpid()}  # made in the workers


def test_a_share_that_fails_fails_its_file_and_no_other(tmp_path: Path) -> None:
    paths = _files(tmp_path, {"big": "bad", "ok": "fine"})
    job = CorpusJob(paths=paths, worker=whole, namespace="", jobs=2, shares=shares, share_worker=share, join=join)
    failed, fine = run_corpus(job).documents
    assert failed["status"] == "failed" and "share 1 cannot be made" in failed["reason"]
    assert fine == {"path": str(paths[1]), "status": "ok", "parts": ["fine"], "pid": fine["pid"]}


def test_one_worker_makes_whole_documents(tmp_path: Path) -> None:
    paths = _files(tmp_path, {"big": "B", "c": "C"})
    job = CorpusJob(paths=paths, worker=whole, namespace="", jobs=1, shares=shares, share_worker=share, join=join)
    assert [d["parts"] for d in run_corpus(job).documents] == [["B"], ["C"]]
