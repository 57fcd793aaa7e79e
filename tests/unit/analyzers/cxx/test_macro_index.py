"""A macro used in a file is looked up where the compiler would find it: the file, its headers nearest first, then
(flagged as a guess) any host-side header of the roots, then the framework catalog; files are scanned only when
their bytes define the name; kernels, tests, examples and stand-ins are never read."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.aclnn.stand_ins import STAND_IN_FOLDERS
from op_migrate.analyzers.cxx.macro_expand import expand_text
from op_migrate.analyzers.cxx.macro_index import SKIPPED_FOLDERS, MacroIndex


def _tree(root: Path, files: dict[str, str]) -> None:
    for name, text in files.items():
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)


def test_the_lookup_order_unit_include_by_name_framework(tmp_path: Path) -> None:
    _tree(tmp_path, {
        "op/op_api/unit.cpp": "#define LOCAL 1\n#define SHARED 10\n",
        "op/op_api/near.h": "#define SHARED 20\n#define NEAR 2\n",
        "op/op_api/far.h": "#define NEAR 3\n#define FAR 4\n",
        "common/inc/util.h": "#define CHECK_PARAM_NULLPTR(p) if ((p) == nullptr) { return false; }\n",
    })
    unit = tmp_path / "op/op_api/unit.cpp"
    headers = [tmp_path / "op/op_api/near.h", tmp_path / "op/op_api/far.h"]
    index = MacroIndex([tmp_path])
    found = {name: index.lookup(name, unit, headers) for name in
             ("LOCAL", "SHARED", "NEAR", "FAR", "CHECK_PARAM_NULLPTR", "OP_CHECK_SHAPE_NOT_EQUAL", "NOTHING")}
    assert [(d.origin, Path(d.path).name, d.body) for d in (found["LOCAL"], found["SHARED"], found["NEAR"],
                                                             found["FAR"])] == \
        [("unit", "unit.cpp", "1"), ("unit", "unit.cpp", "10"), ("include", "near.h", "2"), ("include", "far.h", "4")]
    assert found["CHECK_PARAM_NULLPTR"].by_name_only and found["CHECK_PARAM_NULLPTR"].params == ("p",)
    assert found["OP_CHECK_SHAPE_NOT_EQUAL"].origin == "framework"
    assert found["NOTHING"] is None


def test_by_name_prefers_the_header_nearest_to_the_unit_and_lists_every_candidate(tmp_path: Path) -> None:
    _tree(tmp_path, {"a/op_host/util.h": "#define CHECK_RET(c, r) A\n",
                     "b/op_host/util.h": "#define CHECK_RET(c, r) B\n",
                     "b/op_host/op_api/unit.cpp": "int x;\n"})
    index = MacroIndex([tmp_path])
    found = index.lookup("CHECK_RET", tmp_path / "b/op_host/op_api/unit.cpp", [])
    assert (found.body, found.origin) == ("B", "by-name")
    assert sorted(d.body for d in index.candidates("CHECK_RET")) == ["A", "B"]


def test_a_repository_definition_wins_over_the_framework_one(tmp_path: Path) -> None:
    _tree(tmp_path, {"common/host_utils.h": "#define CHECK_RET(cond, return_expr) if (!(cond)) { return_expr; }\n"})
    index = MacroIndex([tmp_path])
    found = index.lookup("CHECK_RET", tmp_path / "x.cpp", [tmp_path / "common/host_utils.h"])
    assert (found.params, found.origin) == (("cond", "return_expr"), "include")


def test_kernels_tests_examples_and_stand_ins_are_not_read(tmp_path: Path) -> None:
    _tree(tmp_path, {f"op/{folder}/x.h": "#define ONLY_THERE 1\n"
                     for folder in ("op_kernel", "tests", "examples", "build", "stub", "ut", "mocks")})
    read: list[Path] = []
    index = MacroIndex([tmp_path], read=lambda path: read.append(path) or path.read_bytes())
    assert index.lookup("ONLY_THERE", tmp_path / "op/op_api/unit.cpp", []) is None
    assert [p for p in read if p.suffix == ".h"] == []
    assert STAND_IN_FOLDERS <= SKIPPED_FOLDERS


def test_a_file_is_scanned_only_when_it_defines_the_name(tmp_path: Path, monkeypatch) -> None:
    from op_migrate.analyzers.cxx import macro_index

    _tree(tmp_path, {"a.h": "#define A 1\n", "b.h": "#define B 2\nint A;\n", "c.h": "#  define   C 3\n"})
    scanned: list[str] = []
    original = macro_index.scan_macros
    monkeypatch.setattr(macro_index, "scan_macros", lambda data, path: scanned.append(Path(path).name)
                        or original(data, path))
    index = MacroIndex([tmp_path])
    headers = [tmp_path / "b.h", tmp_path / "c.h", tmp_path / "a.h"]
    assert index.lookup("A", tmp_path / "u.cpp", headers).body == "1"
    assert index.lookup("C", tmp_path / "u.cpp", headers).body == "3"
    assert index.lookup("A", tmp_path / "u.cpp", headers).body == "1"
    assert scanned == ["a.h", "c.h"]


def test_conditions_choose_among_definitions_and_undef_ends_one(tmp_path: Path) -> None:
    _tree(tmp_path, {"log.h": "#if defined(NNOPBASE_UT)\n#define LOG(x) test(x)\n#elif !defined(__ANDROID__)\n"
                              "#define LOG(x) real(x)\n#else\n#define LOG(x)\n#endif\n",
                     "unit.cpp": "#define TMP 1\nint a = TMP;\n#undef TMP\nint b = TMP;\n"})
    index = MacroIndex([tmp_path])
    assert index.lookup("LOG", tmp_path / "unit.cpp", [tmp_path / "log.h"]).body == "real(x)"
    assert index.lookup("TMP", tmp_path / "unit.cpp", [], line=2).body == "1"
    assert index.lookup("TMP", tmp_path / "unit.cpp", [], line=4) is None


def test_a_resolver_expands_repository_and_framework_macros_together(tmp_path: Path) -> None:
    _tree(tmp_path, {"inc/util.h": "#define CHECK_SHAPE(a, b) OP_CHECK_SHAPE_NOT_EQUAL(a, b, return ERR_SHAPE)\n"
                                   "#define ERR_SHAPE 7\n"})
    lookup = MacroIndex([tmp_path]).resolver(tmp_path / "unit.cpp", [tmp_path / "inc/util.h"])
    result = expand_text("CHECK_SHAPE(self, out);", lambda name: None if name.startswith("OP_LOG") else lookup(name))
    assert result.error is None
    assert result.text.startswith("do { if (self->GetViewShape() != out->GetViewShape()) { OP_LOGE( 161002,")
    assert result.text.endswith("return 7; } } while (0);")
    assert [(d.name, d.origin) for d in result.used] == [
        ("CHECK_SHAPE", "include"), ("ERR_SHAPE", "include"), ("OP_CHECK_SHAPE_NOT_EQUAL", "framework"),
        ("ACLNN_ERR_PARAM_INVALID", "framework")]


def test_a_resolver_can_leave_out_guesses_by_name(tmp_path: Path) -> None:
    _tree(tmp_path, {"other/op_host/x.h": "#define self other_thing\n"})
    index = MacroIndex([tmp_path])
    assert expand_text("self", index.resolver(tmp_path / "u.cpp", [])).text == "other_thing"
    assert expand_text("self", index.resolver(tmp_path / "u.cpp", [], by_name=False)).text == "self"
