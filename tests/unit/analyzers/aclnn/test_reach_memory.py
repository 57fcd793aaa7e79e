"""What keeps the reach index build small and out of the workers: the build in a child process, one object per
distinct name, the tiling sight's remembered include tails. None of it may change the index."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from op_migrate.analyzers.aclnn import chain
from op_migrate.analyzers.aclnn.reach_build import _Build
from op_migrate.analyzers.aclnn.reach_files import universe
from op_migrate.analyzers.aclnn.reach_index import ReachIndex
from op_migrate.analyzers.aclnn.reach_lex import mask
from op_migrate.analyzers.aclnn.reach_tiling import TilingSight

FIXTURES = Path(__file__).resolve().parents[3] / "functional/aclnn/reach"
ROOTS = (FIXTURES / "repo", FIXTURES / "upstream")


def _document(index: ReachIndex) -> dict:
    document = index.to_json()
    document["stats"] = {k: v for k, v in document["stats"].items() if k not in ("seconds", "pid")}
    return document


@pytest.fixture
def no_kept_indexes():
    chain.clear_reach_indexes()
    yield
    chain.clear_reach_indexes()


def test_the_index_is_built_in_a_child_and_kept_for_this_process(monkeypatch, no_kept_indexes) -> None:
    built = ReachIndex.build

    def build(roots, parse=None):
        index = built(roots, parse)
        index.stats["pid"] = os.getpid()
        return index

    monkeypatch.setattr(ReachIndex, "build", staticmethod(build))
    with chain.reach_index_apart(ROOTS):
        assert ROOTS not in chain._REACH_INDEXES  # the caller's work runs while the child builds
    kept = chain.reach_index(ROOTS)
    assert kept.stats["pid"] != os.getpid()  # built by another process
    monkeypatch.setattr(ReachIndex, "build", staticmethod(lambda *a, **k: pytest.fail("built again")))
    assert chain.reach_index(ROOTS) is kept
    assert _document(kept) == _document(built(list(ROOTS)))
    assert kept.reaches("RunGadget").names == ("RunGadget", "ComputeGadget", "LaunchGadget")


def test_without_a_child_process_the_index_is_built_here(monkeypatch, no_kept_indexes) -> None:
    def no_fork(method):
        raise ValueError(f"cannot find context for {method!r}")

    monkeypatch.setattr(chain.multiprocessing, "get_context", no_fork)
    with chain.reach_index_apart(ROOTS):
        pass
    assert _document(chain.reach_index(ROOTS)) == _document(ReachIndex.build(list(ROOTS)))


def test_at_most_four_sets_of_roots_are_kept_the_least_recently_used_goes(tmp_path, no_kept_indexes) -> None:
    sets = []
    for number in range(5):
        root = tmp_path / f"r{number}"
        root.mkdir()
        sets.append((root,))
    for roots in sets[:4]:
        chain.reach_index(roots)
    first = chain.reach_index(sets[0])  # used again: the second set is now the oldest
    chain.reach_index(sets[4])
    assert chain.reach_index(sets[0]) is first
    assert sets[1] not in chain._REACH_INDEXES and len(chain._REACH_INDEXES) == 4


def test_every_set_of_names_shares_one_object_per_name() -> None:
    build = _Build(universe(list(ROOTS)), None)
    one = build.shared([b"Run" + b"Gadget", b"x"])
    two = build.shared(frozenset({b"RunGad" + b"get", b"y"}))
    assert one == {b"RunGadget", b"x"} and two == {b"RunGadget", b"y"}
    assert next(w for w in one if w == b"RunGadget") is next(w for w in two if w == b"RunGadget")


def test_the_build_shares_names_between_files_and_definitions() -> None:
    build = _Build(universe(list(ROOTS)), None)
    build.lex()
    pool = build.pool
    assert pool
    for refs in build.refs:
        assert all(pool[word] is word for word in refs)
    for names in build.names:
        assert all(pool[word] is word for word in names)


def test_include_tails_are_remembered_by_the_whole_include_text(tmp_path) -> None:
    paths = []
    for folder in ("a", "b"):
        header = tmp_path / folder / "tiling.h"
        header.parent.mkdir()
        header.write_text(f"namespace optiling {{ void Tile{folder.upper()}(); }}\n")
        paths.append(str(header))
    first, second = tmp_path / "one.cpp", tmp_path / "two.cpp"
    first.write_text('#include "a/tiling.h"\n')
    second.write_text('#include "b/tiling.h"\n')
    sight = TilingSight(paths + [str(first), str(second)])
    assert sight.sees_name(str(first), b"TileA") and not sight.sees_name(str(first), b"TileB")
    assert sight.sees_name(str(second), b"TileB") and not sight.sees_name(str(second), b"TileA")


def test_the_masked_text_given_reads_as_the_text_masked_here(tmp_path) -> None:
    source = tmp_path / "x.cpp"
    data = b'// optiling::Hidden\nnamespace optiling {\nvoid Shown(); const char* s = "Quoted";\n}\n'
    source.write_bytes(data)
    given = TilingSight([str(source)]).names(str(source), data, mask(data)[0])
    assert given == TilingSight([str(source)]).names(str(source))
    assert b"Shown" in given[0] and b"Hidden" not in given[0] and b"Quoted" not in given[0]
