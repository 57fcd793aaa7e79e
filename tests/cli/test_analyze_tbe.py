"""`migrate analyze` on TBE sources, in process: formats, exit codes, corpus mode, cache, operator names."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from op_migrate.migrate import exit_codes
from op_migrate.migrate.cli import main

FIXTURES = Path(__file__).resolve().parents[1] / "functional" / "tbe"
GOOD = ("floor_mod_dynamic.py", "floor_mod_static.py", "gcd.py", "reduce_all.py", "tik_op.py", "hand_ir_op.py", "not_an_op.py")


@pytest.fixture(autouse=True)
def no_cann_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("ASCEND_HOME_PATH", "ASCEND_INSTALL_PATH", "ASCEND_OPP_PATH"):
        monkeypatch.delenv(name, raising=False)


def _run(*args: str):
    return CliRunner().invoke(main, ["analyze", "--kind", "tbe", "--no-progress", *args], catch_exceptions=False)


def test_text_summary_is_short_and_exact() -> None:
    path = str(FIXTURES / "reduce_all.py")
    result = _run("--no-cache", path)
    assert result.exit_code == exit_codes.OK
    assert result.stdout == (
        f"ReduceAll (dynamic, REDUCE)  {path}\n"
        "  dtype x: int8\n"
        "  dtype axes: int32, int64\n"
        "  DSL compute calls: 4 on all paths, 3 distinct: cast_to, reduce_min, vabs\n"
        "  findings: 0 (0 error, 0 warning, 0 info)\n"
    )


def test_json_carries_the_fixed_fields() -> None:
    result = _run("--no-cache", "--format", "json", str(FIXTURES / "floor_mod_dynamic.py"))
    assert result.exit_code == exit_codes.FINDINGS  # warnings count (exit_codes.py)
    document = json.loads(result.stdout)
    assert (document["schema"], document["kind"], document["op_type"], document["mode"], document["pattern"]) == (
        "op-migrate/tbe@1",
        "tbe",
        "FloorMod",
        "dynamic",
        "ELEWISE_WITH_BROADCAST",
    )
    assert set(document["dtypes"]["x1"][0]) >= {"dtype", "condition"}
    assert set(document["dsl_calls"][0]) >= {"name", "line", "guards"}
    assert set(document["findings"][0]) >= {"symbol", "message", "line"}
    assert document["aicpu_fallbacks"] == ["input_dtype == 'float32' and mode == 'high_precision'"]


def test_markdown_has_both_flowcharts_and_the_tables() -> None:
    result = _run("--no-cache", "--format", "md", str(FIXTURES / "floor_mod_dynamic.py"))
    assert result.exit_code == exit_codes.FINDINGS  # warnings count (exit_codes.py)
    text = result.stdout
    assert text.count("```mermaid") >= 2
    for heading in ("### Registration and build flow", "### Compute flow", "### Capability per SoC", "### DSL -> Ascend C", "### Findings"):
        assert heading in text


def test_bad_file_alone_exits_one_with_a_located_diagnostic() -> None:
    path = str(FIXTURES / "bad_syntax.py")
    result = _run("--no-cache", path)
    assert result.exit_code == exit_codes.FINDINGS
    assert result.stderr == f"{path}:3: the file does not parse: '(' was never closed\n"


def test_directory_mode_reports_every_file_and_goes_on(tmp_path: Path) -> None:
    result = _run("--cache-dir", str(tmp_path / "cache"), "--format", "json", str(FIXTURES))
    assert result.exit_code == exit_codes.FINDINGS  # three bad inputs
    corpus = json.loads(result.stdout)
    assert corpus["schema"] == "op-migrate/tbe@1" and corpus["kind"] == "tbe"
    summary = {k: corpus["summary"][k] for k in ("analysed", "not_operator", "tik", "hand_ir", "failed", "total")}
    assert summary == {"analysed": 4, "not_operator": 1, "tik": 1, "hand_ir": 1, "failed": 3, "total": 10}
    assert [Path(f["path"]).name for f in corpus["files"]] == sorted(p.name for p in FIXTURES.glob("*.py"))
    assert "bad_encoding.py:1: the file is not UTF-8" in result.stderr
    assert "empty.py:1: the file is empty" in result.stderr


def test_cache_serves_the_second_run_and_parallel_runs_agree(tmp_path: Path) -> None:
    corpus = tmp_path / "ops"
    corpus.mkdir()
    for name in GOOD:
        shutil.copy(FIXTURES / name, corpus / name)
    cache = str(tmp_path / "cache")
    first = _run("--cache-dir", cache, "-j", "2", "--format", "json", str(corpus))
    second = _run("--cache-dir", cache, "--format", "json", str(corpus))
    assert first.exit_code == second.exit_code == exit_codes.FINDINGS
    cold, warm = json.loads(first.stdout), json.loads(second.stdout)
    assert (cold["cached"], warm["cached"]) == (0, len(GOOD))
    assert cold["files"] == warm["files"]
    text = _run("--cache-dir", cache, str(corpus)).stdout
    assert text.splitlines()[0] == f"{len(GOOD)} files: 4 analysed, 1 not operator, 1 tik, 1 hand ir, 0 failed ({len(GOOD)} from cache)"


def _install(root: Path) -> None:
    impl = root / "opp/built-in/op_impl/ai_core/tbe/impl/dynamic"
    impl.mkdir(parents=True)
    shutil.copy(FIXTURES / "floor_mod_dynamic.py", impl / "floor_mod.py")
    inc = root / "opp/built-in/op_graph/inc"
    inc.mkdir(parents=True)
    types = "TensorType({DT_INT32, DT_INT64, DT_FLOAT, DT_FLOAT16, DT_DOUBLE, DT_BF16})"
    (inc / "elewise_calculation_ops.h").write_text(
        f"REG_OP(FloorMod)\n    .INPUT(x1, {types})\n    .INPUT(x2, {types})\n    .OUTPUT(y, {types})\n    .OP_END_FACTORY_REG(FloorMod)\n",
        encoding="utf-8",
    )
    config = root / "opp/built-in/op_impl/ai_core/tbe/config/ascend910b"
    config.mkdir(parents=True)
    entry = {"name": "x1", "dtype": "float16,float,int32,int64,bfloat16", "format": "ND,ND,ND,ND,ND", "paramType": "required"}
    document = {"FloorMod": {"input0": entry, "input1": dict(entry, name="x2"), "needCheckSupport": {"flag": "true"}}}
    (config / "aic-ascend910b-ops-info-legacy.json").write_text(json.dumps(document), encoding="utf-8")


def test_operator_name_resolves_in_a_cann_install(tmp_path: Path) -> None:
    _install(tmp_path)
    result = _run("--no-cache", "--cann-root", str(tmp_path), "--format", "json", "floor_mod")
    assert result.exit_code == exit_codes.FINDINGS  # warnings count (exit_codes.py)
    document = json.loads(result.stdout)
    capability = document["capability"]
    assert [s["role"] for s in capability["sources"]] == ["TBE", "REG_OP", "op-info ascend910b"]
    rows = {(r["param"], r["dtype"]): r["runs_on"] for r in capability["socs"]["ascend910b"]}
    assert rows[("x1", "double")] == "AI CPU" and rows[("x1", "float16")] == "AI Core"
    merged = [f for f in document["findings"] if f["symbol"] == "proto-dtype-not-in-opinfo"]
    assert [f["message"] for f in merged] == [
        f"FloorMod: the prototype lists double for {name} but the ascend910b op-info does not: it runs on AI CPU there"
        for name in ("x1", "x2")
    ]
    assert "found TBE source" in result.stderr and "found REG_OP(FloorMod)" in result.stderr
    assert f"not found: {tmp_path}/opp/built-in/op_impl/ai_core/tbe/impl/floor_mod.py" in result.stderr


def test_operator_name_through_the_environment_and_the_source_tree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    impl = tmp_path / "ops/built-in/tbe/impl/dynamic"
    impl.mkdir(parents=True)
    shutil.copy(FIXTURES / "gcd.py", impl / "gcd.py")
    monkeypatch.setenv("ASCEND_HOME_PATH", str(tmp_path))
    result = _run("--no-cache", "Gcd")
    assert result.exit_code == exit_codes.FINDINGS  # warnings count (exit_codes.py)
    assert result.stdout.startswith("Gcd (dynamic, ELEWISE_WITH_BROADCAST)")
    assert "not found: REG_OP(Gcd)" in result.stderr


def test_unknown_operator_and_missing_root_are_usage_errors(tmp_path: Path) -> None:
    missing = _run("--no-cache", "--cann-root", str(tmp_path), "no_such_op")
    assert missing.exit_code == exit_codes.USAGE
    assert "no TBE source for 'no_such_op'; searched:" in missing.stderr
    rootless = _run("--no-cache", "no_such_op")
    assert rootless.exit_code == exit_codes.USAGE
    assert "no CANN root is known" in rootless.stderr


def test_text_summary_names_the_aicpu_dtypes_per_soc(tmp_path: Path) -> None:
    _install(tmp_path)
    result = _run("--no-cache", "--cann-root", str(tmp_path), "floor_mod")
    assert result.exit_code == exit_codes.FINDINGS  # warnings count (exit_codes.py)
    assert result.stdout.splitlines()[-2:] == [
        "  op-info ascend910b: AI CPU for double",
        "  findings: 4 (0 error, 3 warning, 1 info)",
    ]
