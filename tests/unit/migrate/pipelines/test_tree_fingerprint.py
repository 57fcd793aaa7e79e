"""The roots' digest in the ACLNN cache namespace: every C/C++ file under the roots, and headers outside them."""

from __future__ import annotations

import os
from pathlib import Path

from op_migrate.analyzers.aclnn import clear_caches
from op_migrate.migrate import cache
from op_migrate.migrate.pipelines import tree_fingerprint as module
from op_migrate.migrate.pipelines.tree_fingerprint import tree_fingerprint


def _tree(tmp_path: Path) -> tuple[Path, Path]:
    root = tmp_path / "repo"
    folder = root / "math" / "demo" / "op_api"
    folder.mkdir(parents=True)
    (folder / "aclnn_demo.cpp").write_text('#include "demo.h"\n#include "../../../../shared/outside.h"\n')
    (folder / "demo.h").write_text("int Demo();\n")
    (root / "docs").mkdir()
    (root / "docs" / "notes.md").write_text("not C++\n")
    shared = tmp_path / "shared"
    shared.mkdir()
    (shared / "outside.h").write_text('#include "deeper.h"\n')
    (shared / "deeper.h").write_text("int Deeper();\n")
    return root, shared


def _fingerprint(root: Path, cache_dir: Path) -> str:
    clear_caches()  # as each run does: the process's include resolver remembers what it read
    value = tree_fingerprint((root,), (), cache_dir)
    cache.commit()
    return value


def _touch(path: Path, text: str) -> None:
    path.write_text(text)
    stat = path.stat()
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))


def test_the_digest_is_stable_and_follows_each_c_file_under_the_roots(tmp_path: Path) -> None:
    root, _ = _tree(tmp_path)
    first = _fingerprint(root, tmp_path / "cache")
    assert _fingerprint(root, tmp_path / "cache") == first
    _touch(root / "docs" / "notes.md", "still not C++, longer\n")
    assert _fingerprint(root, tmp_path / "cache") == first
    # A header no source includes yet: it may be reached by a helper lookup, and an include may now resolve to it.
    (root / "math" / "demo" / "op_api" / "new.h").write_text("int New();\n")
    second = _fingerprint(root, tmp_path / "cache")
    assert second != first
    _touch(root / "math" / "demo" / "op_api" / "demo.h", "int Demo(int);\n")
    assert _fingerprint(root, tmp_path / "cache") != second


def test_headers_outside_the_roots_are_followed_through_the_remembered_closure(tmp_path: Path, monkeypatch) -> None:
    root, shared = _tree(tmp_path)
    first = _fingerprint(root, tmp_path / "cache")
    assert module.outside_headers((root.resolve(),)) == [shared.resolve() / "deeper.h", shared.resolve() / "outside.h"]
    calls = []
    original = module.outside_headers
    monkeypatch.setattr(module, "outside_headers", lambda *args: calls.append(args) or original(*args))
    assert _fingerprint(root, tmp_path / "cache") == first and calls == []  # remembered: no header read again
    _touch(shared / "deeper.h", "int Deeper(int);\n")  # a header of a header outside the roots
    second = _fingerprint(root, tmp_path / "cache")
    assert second != first and len(calls) == 1
    _touch(shared / "outside.h", '#include "deeper.h"\n#include "third.h"\n')
    (shared / "third.h").write_text("int Third();\n")
    third = _fingerprint(root, tmp_path / "cache")
    assert third != second and len(calls) == 2
    _touch(shared / "third.h", "int Third(int);\n")  # newly reached: remembered with the new closure
    assert _fingerprint(root, tmp_path / "cache") != third and len(calls) == 3


def test_an_unwritable_cache_folder_costs_only_the_closure(tmp_path: Path) -> None:
    root, _ = _tree(tmp_path)
    blocked = tmp_path / "blocked"
    blocked.write_text("a file where the cache folder should be")
    assert _fingerprint(root, blocked) == _fingerprint(root, tmp_path / "cache")


def test_a_source_under_a_root_needs_no_key_of_its_own_and_any_other_source_keeps_its_headers(tmp_path: Path) -> None:
    root, shared = _tree(tmp_path)
    source = root / "math" / "demo" / "op_api" / "aclnn_demo.cpp"
    assert module.dependencies_not_covered((root,), source) == []
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    (elsewhere / "aclnn_other.cpp").write_text('#include "../shared/outside.h"\n')
    clear_caches()
    assert module.dependencies_not_covered((root,), elsewhere / "aclnn_other.cpp") == [
        shared / "outside.h", shared / "deeper.h"]


def test_the_run_inputs_headers_outside_the_roots_are_followed(tmp_path: Path) -> None:
    root, shared = _tree(tmp_path)
    (root / "math" / "demo" / "op_api" / "aclnn_demo.cpp").write_text("int Plain();\n")
    side = root / "tools" / "side.cpp"  # under the root, but not one of its op_api sources
    side.parent.mkdir()
    side.write_text('#include "../../shared/outside.h"\n')
    clear_caches()
    assert module.outside_headers((root,)) == []
    assert module.outside_headers((root,), (side,)) == [shared / "deeper.h", shared / "outside.h"]
    before = tree_fingerprint((root,), (), tmp_path / "cache", (side,))
    cache.commit()
    _touch(shared / "deeper.h", "int Deeper(long);\n")
    clear_caches()
    assert tree_fingerprint((root,), (), tmp_path / "cache", (side,)) != before
