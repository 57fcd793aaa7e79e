"""`migrate analyze` on TBE sources, in process: formats, exit codes, corpus mode, cache, operator names."""

from __future__ import annotations

import json
import os
import re
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
        "findings: 0 (0 error, 0 warning, 0 info)\n"
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
    for heading in ("### Registration and build flow", "### Compute flow", "### Where it runs (capability)", "### Branch guards",
                    "### DSL -> Ascend C", "### Findings"):
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
    summary = {k: corpus["summary"][k] for k in ("analysed", "tik", "ascendc", "hand_ir", "not_operator", "failed", "total")}
    # The fixture install's python/site-packages holds four table modules: helpers, not operators.
    assert summary == {"analysed": 7, "tik": 3, "ascendc": 1, "hand_ir": 1, "not_operator": 5, "failed": 3, "total": 20}
    assert [f["path"] for f in corpus["files"]] == [str(p) for p in sorted(FIXTURES.rglob("*.py"))]
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
    assert text.splitlines()[0] == (
        f"{len(GOOD)} files: 4 TBE DSL, 1 TIK, 0 Ascend C wrapper, 1 hand-written IR, 1 helper (not an operator), 0 failed "
        f"({len(GOOD)} from cache)"
    )


def _shown(text: str, root: Path) -> str:
    return text.replace(str(root), "<root>")


@pytest.mark.parametrize("name", ["floor_mod", "reduce_all", "Gcd", "scaled_add", "IndexScale", "pick_rows", "row_top_value"])
@pytest.mark.parametrize("fmt", ["text", "md", "json"])
def test_operator_report_by_name(name: str, fmt: str, tbe_install: Path, golden) -> None:
    result = _run("--no-cache", "--cann-root", str(tbe_install), "--format", fmt, name)
    # Warnings count (exit_codes.py), the capability merge's too: FloorMod's unchecked dtypes, Gcd's vgcd and its dtypes
    # nothing runs on ascend310, ScaledAdd's and IndexScale's type sets the fixture header does not define, RowTopValue's
    # float32 its kernel refuses on ascend310 (the fixture's TIK table has no vextract float32 there).
    assert result.exit_code == (exit_codes.OK if name in ("reduce_all", "pick_rows") else exit_codes.FINDINGS)
    suffix = {"text": "txt", "md": "md", "json": "json"}[fmt]
    golden.check(_shown(result.stdout, tbe_install), FIXTURES / "operators" / f"{name}.{suffix}")


def test_text_lists_every_finding_with_its_path_and_line(tbe_install: Path) -> None:
    result = _run("--no-cache", "--cann-root", str(tbe_install), "row_top_value")
    impl = tbe_install / "opp/built-in/op_impl/ai_core/tbe/impl/dynamic/row_top_value.py"
    assert f"{impl}:57: warning opinfo-dtype-rejected-by-tbe RowTopValue: the AI Core op-info declares x: float32 on " \
           "ascend310, but the dynamic TIK kernel accepts only float16, float32 (if " in result.stdout
    assert "\nfindings: 3 (0 error, 1 warning, 2 info)\n" in result.stdout
    table = result.stdout[result.stdout.index("where each dtype combination runs"):].split("\n\n")[0].splitlines()[1:]
    assert table and all(len(line) <= 120 for line in table)


def test_op_select_format_answers_the_ports_the_op_info_leaves_to_it(tbe_install: Path) -> None:
    document = json.loads(_run("--no-cache", "--cann-root", str(tbe_install), "--format", "json", "pick_rows").stdout)
    cells = {row["dtypes"]["x"]: {soc: c["engine"] for soc, c in row["cells"].items()}
             for row in document["capability"]["combinations"]}
    assert cells == {"float16": {"ascend310": "AI Core", "ascend910b": "AI Core", "sd3403": "none"},
                     "bfloat16": {"ascend310": "none", "ascend910b": "AI Core", "sd3403": "none"},
                     "float32": {"ascend310": "none", "ascend910b": "AI Core", "sd3403": "none"}}


def test_operator_json_has_one_matrix_and_grouped_findings(tbe_install: Path) -> None:
    document = json.loads(_run("--no-cache", "--cann-root", str(tbe_install), "--format", "json", "floor_mod").stdout)
    assert (document["schema"], document["kind"], document["op_type"]) == ("op-migrate/tbe-operator@1", "tbe-operator", "FloorMod")
    assert [item["role"] for item in document["implementations"]] == ["dynamic", "static"]
    capability = document["capability"]
    cells = {(r["port"], r["dtype"]): r["cells"] for r in capability["rows"]}
    assert cells[("x1", "float64")]["ascend910b"]["engine"] == "AI CPU"
    assert cells[("x1", "float64")]["ascend910b"]["library"] == "TFKernel"
    assert cells[("x1", "bfloat16")]["ascend310"]["engine"] == "none"
    facts = [(f["symbol"], p, d) for f in document["findings"] if "socs" in f for p in f["ports"] for d in f["dtypes"]]
    assert len(facts) == len(set(facts))
    # The SoCs without dynamicShapeSupport compile the static file: their facts say so.
    static = [f for f in document["findings"] if f["symbol"] == "tbe-dtype-not-in-opinfo"]
    assert static and all("static TBE DSL kernel" in f["message"] for f in static)


def test_soc_narrows_the_matrix_the_findings_and_the_guards(tbe_install: Path) -> None:
    result = _run("--no-cache", "--cann-root", str(tbe_install), "--soc", "Ascend910B", "--format", "json", "floor_mod")
    assert result.exit_code == exit_codes.FINDINGS  # warnings count (exit_codes.py)
    document = json.loads(result.stdout)
    assert document["facts"]["socs"] == ["ascend910b"]
    assert document["capability"]["socs"] == ["ascend910b"]
    text = json.dumps({k: v for k, v in document.items() if k != "implementations"})
    assert "ascend310" not in text and "sd3403" not in text
    assert all(f["socs"] == ["ascend910b"] for f in document["findings"] if "socs" in f)
    markdown = _run("--no-cache", "--cann-root", str(tbe_install), "--soc", "ascend910b", "--format", "md", "floor_mod").stdout
    assert "ascend310" not in markdown and "sd3403" not in markdown


def test_unknown_soc_is_refused_listing_the_known_ones(tbe_install: Path) -> None:
    result = _run("--no-cache", "--cann-root", str(tbe_install), "--soc", "Ascend999", "floor_mod")
    assert result.exit_code == exit_codes.USAGE
    assert result.stderr.startswith("error: --soc Ascend999: unknown SoC 'Ascend999' (known: ascend310, ascend910b, sd3403)")


def test_malformed_dtype_names_the_option(tbe_install: Path) -> None:
    result = _run("--no-cache", "--cann-root", str(tbe_install), "--dtype", "flaot16", "floor_mod")
    assert result.exit_code == exit_codes.USAGE
    assert result.stderr.startswith("error: --dtype flaot16: ") and result.stdout == ""


def test_dtype_narrows_paths_and_rows(tbe_install: Path) -> None:
    result = _run("--no-cache", "--cann-root", str(tbe_install), "--dtype", "float16", "--format", "json", "floor_mod")
    document = json.loads(result.stdout)
    assert {r["dtype"] for r in document["capability"]["rows"]} == {"float16"}
    dynamic = document["implementations"][0]
    names = {c["name"] for c in dynamic["dsl_calls"]}
    assert "vmod" not in names  # only on the int64 path
    assert dynamic["pruned_calls"] > 0
    assert _run("--no-cache", "--dtype", "float17", str(FIXTURES / "gcd.py")).exit_code == exit_codes.USAGE


def test_corpus_with_an_install_has_a_backlog_and_a_chart(tbe_install: Path, tmp_path: Path) -> None:
    impl = tbe_install / "opp/built-in/op_impl/ai_core/tbe/impl"
    out = tmp_path / "report" / "corpus.md"
    result = _run("--no-cache", "--cann-root", str(tbe_install), "--format", "md", "--mkdir", "-o", str(out), str(impl))
    assert result.exit_code == exit_codes.FINDINGS  # warnings count (exit_codes.py)
    text = out.read_text(encoding="utf-8")
    assert "## Migration backlog" in text
    section = text.split("## Migration backlog")[1].split("## Findings by kind")[0]
    rows = [line.split(" | ")[0:2] for line in section.splitlines() if line.startswith("| ") and not line.startswith("| op type")]
    assert rows[0] == ["| IndexScale", "TIK"] and rows[-1] == ["| ScaledAdd", "Ascend C"]  # ported by hand first, done last
    assert (tmp_path / "report" / "corpus.backlog.svg").read_text(encoding="utf-8").startswith("<svg")
    corpus = json.loads(_run("--no-cache", "--cann-root", str(tbe_install), "--format", "json", str(impl)).stdout)
    assert [row["op_type"] for row in corpus["backlog"]["rows"]][-1] == "ScaledAdd"
    assert corpus["backlog"]["summary"]["kinds"] == {"hand IR": 0, "TIK": 2, "TBE DSL": 4, "Ascend C": 1}


def test_unknown_operator_and_missing_root_are_usage_errors(tmp_path: Path) -> None:
    missing = _run("--no-cache", "--cann-root", str(tmp_path), "no_such_op")
    assert missing.exit_code == exit_codes.USAGE
    assert "no implementation file for 'no_such_op'; searched:" in missing.stderr
    rootless = _run("--no-cache", "no_such_op")
    assert rootless.exit_code == exit_codes.USAGE
    assert "no CANN root is known" in rootless.stderr


def test_operator_name_through_the_environment(tbe_install: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("ASCEND_HOME_PATH", str(tbe_install))
    result = _run("--no-cache", "Gcd")
    assert result.exit_code == exit_codes.FINDINGS  # warnings count (exit_codes.py)
    assert result.stdout.startswith("Gcd: TBE DSL operator (gcd)")


def test_a_warm_run_parses_nothing_and_loads_no_catalog(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    corpus = tmp_path / "ops"
    corpus.mkdir()
    for name in GOOD:
        shutil.copy(FIXTURES / name, corpus / name)
    cache = str(tmp_path / "cache")
    cold = _run("--cache-dir", cache, "--format", "json", str(corpus))

    def refuse(*args, **kwargs):
        raise AssertionError("a cache hit must not parse or load a catalog")

    from op_migrate.analyzers import catalog
    from op_migrate.analyzers.tbe import imports

    monkeypatch.setattr(imports.astroid, "parse", refuse)
    monkeypatch.setattr(catalog, "load", refuse)
    warm = _run("--cache-dir", cache, "--format", "json", str(corpus))
    assert warm.exit_code == cold.exit_code == exit_codes.FINDINGS  # floor_mod_dynamic.py has a warning
    assert json.loads(warm.stdout)["cached"] == len(GOOD)
    assert json.loads(warm.stdout)["files"] == json.loads(cold.stdout)["files"]


def test_a_warm_corpus_run_with_an_install_rebuilds_no_matrix(tbe_install: Path, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    impl = tbe_install / "opp/built-in/op_impl/ai_core/tbe/impl"
    broken = tbe_install / "opp/built-in/op_impl/aicpu/cust_kernel/config/cust_kernel.json"
    broken.parent.mkdir(parents=True)
    broken.write_text("{not json", encoding="utf-8")
    cache = str(tmp_path / "cache")
    arguments = ("--cache-dir", cache, "--cann-root", str(tbe_install), "--format", "json", str(impl))
    cold = _run(*arguments)
    assert "not read: " in cold.stderr and "cust_kernel.json" in cold.stderr

    from op_migrate.migrate.pipelines import tbe as pipeline

    built = []
    real = pipeline.operator_matrix

    def counted(op_type, *args, **kwargs):
        built.append(op_type)
        return real(op_type, *args, **kwargs)

    monkeypatch.setattr(pipeline, "operator_matrix", counted)
    warm = _run(*arguments)
    assert built == []
    assert warm.stderr == cold.stderr  # the unreadable config is still reported
    cold_doc, warm_doc = json.loads(cold.stdout), json.loads(warm.stdout)
    assert warm_doc["cached"] == len(warm_doc["files"]) and cold_doc["cached"] == 0
    assert {k: v for k, v in warm_doc.items() if k != "cached"} == {k: v for k, v in cold_doc.items() if k != "cached"}

    # One changed implementation rebuilds its own op only; a changed op-info rebuilds them all.
    gcd = next(path for path in impl.rglob("gcd.py"))
    gcd.write_text(gcd.read_text(encoding="utf-8").replace('"int32"', '"uint8"'), encoding="utf-8")
    _run(*arguments)
    assert built == ["Gcd"]
    built.clear()
    opinfo = tbe_install / "opp/built-in/op_impl/ai_core/tbe/config/sd3403/aic-sd3403-ops-info.json"
    opinfo.write_text(opinfo.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    _run(*arguments)
    assert sorted(built) == sorted(row["op_type"] for row in warm_doc["backlog"]["rows"] if row["op_type"])


RESIZE_AA = '''
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import register_operator


@register_operator("ResizeNearestAA")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT, para_check.KERNEL_NAME)
def resize_nearest_aa(x, y, kernel_name="resize_nearest_aa"):
    dtype = x.get("dtype").lower()
    para_check.check_dtype(dtype, ("float16", "float32"), param_name="x")
    data = tvm.placeholder(x.get("shape"), name="x", dtype=dtype)
    res = tbe.vmuls(data, 1.0)
    with tvm.target.cce():
        sch = tbe.auto_schedule(res)
    tbe.build(sch, {"name": kernel_name, "tensor_list": [data, res]})
'''


def test_by_name_the_op_type_is_the_one_the_install_knows(tbe_install: Path) -> None:
    # resize_nearest_aa derives ResizeNearestAa; the file registers ResizeNearestAA and the op-info lists that.
    (tbe_install / "opp/built-in/op_impl/ai_core/tbe/impl/dynamic/resize_nearest_aa.py").write_text(RESIZE_AA, encoding="utf-8")
    opinfo = tbe_install / "opp/built-in/op_impl/ai_core/tbe/config/ascend910b/aic-ascend910b-ops-info.json"
    entries = json.loads(opinfo.read_text(encoding="utf-8"))
    entries["ResizeNearestAA"] = {
        "dynamicShapeSupport": {"flag": "true"}, "opFile": {"value": "resize_nearest_aa"},
        "input0": {"name": "x", "dtype": "float16,float", "paramType": "required"},
        "output0": {"name": "y", "dtype": "float16,float", "paramType": "required"},
    }
    opinfo.write_text(json.dumps(entries), encoding="utf-8")
    result = _run("--no-cache", "--cann-root", str(tbe_install), "--format", "json", "resize_nearest_aa")
    assert result.exit_code == exit_codes.OK
    assert "op type ResizeNearestAA (from its registration; the name gives ResizeNearestAa" in result.stderr
    document = json.loads(result.stdout)
    assert document["op_type"] == "ResizeNearestAA"
    cells = {(r["port"], r["dtype"]): r["cells"]["ascend910b"]["engine"] for r in document["capability"]["rows"]}
    assert cells == {("x", "float16"): "AI Core", ("x", "float32"): "AI Core", ("y", "float16"): "AI Core",
                     ("y", "float32"): "AI Core"}


# --- On a real install (OP_MIGRATE_CANN_ROOT=<CANN toolkit>): the three operators this toolkit migrates, by name ------
_REAL_ROOT = os.environ.get("OP_MIGRATE_CANN_ROOT")
requires_install = pytest.mark.skipif(
    not (_REAL_ROOT and Path(_REAL_ROOT, "opp/built-in/op_impl/ai_core/tbe/config").is_dir()),
    reason="no CANN install (set OP_MIGRATE_CANN_ROOT)",
)


def _raw_params(entry: dict, role: str) -> list[tuple[int, str, dict]]:
    found = []
    for key, value in entry.items():
        base = key.rstrip("0123456789")
        if isinstance(value, dict) and base in (role, f"dynamic_{role}") and key[len(base):].isdigit():
            found.append((int(key[len(base):]), value.get("name"), value))
    return sorted(found, key=lambda item: item[0])


def _raw_dtypes(text: str) -> list[str]:
    names = {"float": "float32", "double": "float64", "half": "float16"}
    found = []
    for token in text.split(","):
        token = token.strip().lower()
        token = token[3:] if token.startswith("dt_") else token
        if token:
            found.append(names.get(token, token))
    return found


def _raw_expectation(root: Path, op_type: str, role: str, port: str, position: int, others: set, dtype: str, soc: str):
    """(engine, libraries, renamed) read straight from the JSON files: the AI Core op-info of the SoC, else the AI CPU
    configs (engine DNN_VM_AICPU); a port is matched by name, else at its position unless that entry names another."""

    def match(entry: dict):
        params = _raw_params(entry, role)
        named = next((param for _, name, param in params if name == port), None)
        if named is not None:
            return named, False
        positional = next((param for index, name, param in params if index == position and name not in others), None)
        return positional, positional is not None

    opp = root / "opp/built-in/op_impl"
    for path in sorted((opp / f"ai_core/tbe/config/{soc}").glob("aic-*-ops-info*.json")):
        entry = json.loads(path.read_text(encoding="utf-8")).get(op_type)
        if entry is None:
            continue
        param, renamed = match(entry)
        if param is not None and "dtype" not in param:
            return "unknown", None, False
        if param is not None and dtype in _raw_dtypes(param["dtype"]):
            return "AI Core", None, renamed
        break
    libraries, renamed_any = [], False
    for path in sorted(opp.glob("aicpu/*/config/*.json")):
        kernel = json.loads(path.read_text(encoding="utf-8")).get(op_type)
        if not isinstance(kernel, dict) or kernel.get("opInfo", {}).get("engine", "DNN_VM_AICPU") != "DNN_VM_AICPU":
            continue
        param, renamed = match(kernel)
        if param is not None and dtype in _raw_dtypes(str(param.get("type", ""))):
            libraries.append(kernel["opInfo"]["opKernelLib"])
            renamed_any |= renamed
    return ("AI CPU", ", ".join(sorted(set(libraries))), renamed_any) if libraries else ("none", None, False)


@requires_install
@pytest.mark.slow
@pytest.mark.parametrize("name", ["reduce_all", "floor_mod", "gcd"])
def test_on_the_install_every_runs_on_cell_is_the_op_infos_and_each_fact_is_said_once(name: str) -> None:
    root = Path(_REAL_ROOT)
    result = _run("--no-cache", "--cann-root", str(root), "--format", "json", name)
    assert result.exit_code in (exit_codes.OK, exit_codes.FINDINGS), result.stderr
    document = json.loads(result.stdout)
    symbols = [f["symbol"] for f in document["findings"]]
    assert "tbe-unknown-dsl-call" not in symbols and "proto-unknown-type-set" not in symbols
    facts = [(f["symbol"], p, d) for f in document["findings"] if "socs" in f for p in f["ports"] or [""] for d in f["dtypes"] or [""]]
    assert len(facts) == len(set(facts)), "a fact is said more than once"
    lines = [(f["symbol"], f["line"], f["message"]) for f in document["findings"]]
    assert len(lines) == len(set(lines))
    capability = document["capability"]
    socs = sorted(path.name for path in (root / "opp/built-in/op_impl/ai_core/tbe/config").iterdir() if path.is_dir())
    assert capability["socs"] == socs
    ports = list(dict.fromkeys((row["role"], row["port"]) for row in capability["rows"]))
    wrong = []
    for row in capability["rows"]:
        same_role = [port for role, port in ports if role == row["role"]]
        others = set(same_role) - {row["port"]}
        for soc in socs:
            cell = row["cells"][soc]
            engine, libraries, renamed = _raw_expectation(root, capability["op_type"], row["role"], row["port"],
                                                          same_role.index(row["port"]), others, row["dtype"], soc)
            got = (cell["engine"], ", ".join(sorted(cell["library"].split(", "))) if cell["library"] else None)
            noted = any("calls this" in note for note in cell["notes"])
            if got != (engine, libraries) or renamed and not noted:
                wrong.append((row["port"], row["dtype"], soc, got, (engine, libraries)))
    assert wrong == []
    assert len(capability["rows"]) * len(socs) > 0


@requires_install
@pytest.mark.slow
@pytest.mark.parametrize("name", ["reduce_all", "floor_mod", "gcd"])
def test_on_the_install_soc_ascend910b_reports_nothing_about_another_soc(name: str) -> None:
    root = Path(_REAL_ROOT)
    others = [path.name for path in (root / "opp/built-in/op_impl/ai_core/tbe/config").iterdir()
              if path.is_dir() and path.name != "ascend910b"]
    document = json.loads(_run("--no-cache", "--cann-root", str(root), "--soc", "Ascend910B", "--format", "json", name).stdout)
    assert document["capability"]["socs"] == ["ascend910b"]
    assert all(f["socs"] == ["ascend910b"] for f in document["findings"] if "socs" in f)
    for implementation in document["implementations"]:
        assert set(implementation["compiled_on"] or []) <= {"ascend910b"}
    # Guard texts quote the source (`'Ascend910_93'`); what the tool says uses the op-info's lower-case names.
    for fmt in ("text", "md", "json"):
        shown = _run("--no-cache", "--cann-root", str(root), "--soc", "Ascend910B", "--format", fmt, name).stdout
        assert [soc for soc in others if re.search(rf"\b{soc}\b", shown)] == [], fmt


def test_by_name_a_helper_module_is_said_to_be_no_operator(tbe_install: Path) -> None:
    helper = tbe_install / "opp/built-in/op_impl/ai_core/tbe/impl/dynamic/pool_grad_cut_h.py"
    helper.write_text("from impl.util.platform_adapter import tik\n\n\nclass PoolGradBase:\n"
                      "    def __init__(self, grad):\n        self.tik_instance = tik.Tik()\n", encoding="utf-8")
    result = _run("--no-cache", "--cann-root", str(tbe_install), "pool_grad_cut_h")
    assert result.exit_code == exit_codes.FINDINGS  # opinfo-op-unknown is a warning: nothing says where it runs
    lines = result.stdout.splitlines()
    assert lines[0] == "PoolGradCutH: not an operator (pool_grad_cut_h is a helper module)"
    assert "compiled" not in result.stdout and "where each dtype combination runs" not in result.stdout
    assert (f"{helper}:1: warning opinfo-op-unknown PoolGradCutH: no AI Core op-info, AI CPU kernel or REG_OP of the "
            "roots names this op type") in result.stdout
