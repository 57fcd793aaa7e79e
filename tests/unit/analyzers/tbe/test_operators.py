"""The facts the issue names for FloorMod, ReduceAll and Gcd, asserted on the fixtures written in their idioms."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace

from op_migrate.analyzers.tbe import analyse_path
from op_migrate.analyzers.tbe.operator import _selector

CASES = Path(__file__).resolve().parents[3] / "functional" / "tbe"


def _op(name: str) -> dict:
    return analyse_path(CASES / name).to_json()


def _calls(document: dict, name: str) -> list[dict]:
    return [c for c in document["dsl_calls"] if c["name"] == name]


def test_floor_mod_dynamic_dtypes_and_int64_condition() -> None:
    document = _op("floor_mod_dynamic.py")
    assert (document["op_type"], document["mode"], document["pattern"]) == ("FloorMod", "dynamic", "ELEWISE_WITH_BROADCAST")
    x1 = {e["dtype"]: e["condition"] for e in document["dtypes"]["x1"]}
    assert x1 == {
        "float16": None,
        "float32": None,
        "int32": None,
        "bfloat16": None,
        "int64": "tbe_platform.api_check_support('tbe.dsl.vmod', 'int64')",
    }
    assert document["dtype_equalities"] == [["x1", "x2"]]


def test_floor_mod_dynamic_branches() -> None:
    document = _op("floor_mod_dynamic.py")
    (vmod,) = _calls(document, "vmod")
    assert vmod["guards"] == ["dtype == 'int64'"]
    signbits = _calls(document, "vsignbit")
    assert signbits and all(any("Ascend910B" in g and "Ascend910_93" in g for g in c["guards"]) for c in signbits)
    # The 2^24 split: the split constant is broadcast only on the not-high-performance side.
    split = [c for c in _calls(document, "broadcast") if "Constant.SPLIT_BASE" in c["args"]]
    assert len(split) == 1 and split[0]["guards"][-1].startswith("not (impl_mode == 'high_performance'")
    assert document["constants"]["Constant.SPLIT_BASE"] == "2**24 = 16777216"
    # _remainder is inlined once on the fast side and three times on the split side.
    sites = {c["via"][-1] for c in document["dsl_calls"] if c["via"] and c["via"][-1].startswith("_remainder@")}
    assert len(sites) == 4
    assert document["aicpu_fallbacks"] == ["input_dtype == 'float32' and mode == 'high_precision'"]


def test_floor_mod_static() -> None:
    document = _op("floor_mod_static.py")
    assert (document["op_type"], document["mode"], document["pattern"]) == ("FloorMod", "static", None)
    assert [e["dtype"] for e in document["dtypes"]["x1"]] == ["float16", "float32", "int32"]
    assert document["constants"]["FP32_SPLIT"] == "1 << 24 = 16777216"


def test_reduce_all_chain() -> None:
    document = _op("reduce_all.py")
    compute = [c for c in document["dsl_calls"] if c["category"] == "compute"]
    assert [c["name"] for c in compute] == ["cast_to", "vabs", "reduce_min", "cast_to"]
    assert compute[0]["args"] == ["x", "'float16'"]
    assert "keepdims=keepdims" in compute[2]["args"]
    # Each step consumes the previous one.
    assert compute[1]["inputs"] == [f"call:{compute[0]['id']}"]
    assert compute[3]["inputs"][0] == f"call:{compute[2]['id']}"
    assert document["pattern"] == "REDUCE" and document["pattern_options"]["keepdims"] == "keepdims is True"
    assert {k: [e["dtype"] for e in v] for k, v in document["dtypes"].items()} == {"x": ["int8"], "axes": ["int32", "int64"]}


def test_gcd_broadcast_then_vgcd_without_ascend_c_api() -> None:
    document = _op("gcd.py")
    compute = [c["name"] for c in document["dsl_calls"] if c["category"] == "compute"]
    assert compute == ["broadcast", "broadcast", "vgcd"]
    (mapping,) = [m for m in document["mappings"] if m["name"] == "vgcd"]
    assert mapping["ascend_c"] == [] and mapping["direct"] is False
    assert "tbe-no-direct-ascend-c-api" in {f["symbol"] for f in document["findings"]}
    assert [e["dtype"] for e in document["dtypes"]["x1"]] == ["int16", "int32", "int64"]


def test_tik_and_hand_ir_are_reported_not_failed() -> None:
    tik = _op("tik_op.py")
    assert (tik["status"], tik["op_type"]) == ("tik", "CopyTik")
    assert _op("hand_ir_op.py")["status"] == "hand_ir"
    assert _op("not_an_op.py")["status"] == "not_operator"


def test_a_dynamic_kernel_without_op_select_format_is_given_its_static_twins(tmp_path: Path) -> None:
    # te_fusion/fusion_manager.py get_func_of_op: a function impl.dynamic.<op> lacks is taken from impl.<op>,
    # unless the op is soft-sync.
    from op_migrate.analyzers.proto.platform_facts import read_platform_facts

    (tmp_path / "impl" / "dynamic").mkdir(parents=True)
    twin = tmp_path / "impl" / "pick_rows.py"
    twin.write_text((CASES / "select_format_op.py").read_text(encoding="utf-8"), encoding="utf-8")
    dynamic = SimpleNamespace(path=str(tmp_path / "impl" / "dynamic" / "pick_rows.py"), select_format=None)
    static = SimpleNamespace(path=str(twin), select_format=15)
    platform = read_platform_facts([CASES / "install"])
    ports = [("input", 0, "x"), ("input", 1, "indices"), ("output", 0, "y")]
    plain = SimpleNamespace(flags={})
    found = _selector({"ascend910b": dynamic}, dynamic, platform, [dynamic, static], {"ascend910b": plain})("ascend910b", ports)
    assert found["module"] == str(twin)
    assert sorted({d for d, _ in found["combinations"]}) == [("bfloat16", "int32", "bfloat16"),
                                                             ("float16", "int32", "float16"), ("float32", "int32", "float32")]
    soft = SimpleNamespace(flags={"softsync.flag": "true"})
    reason = _selector({"ascend910b": dynamic}, dynamic, platform, [dynamic, static], {"ascend910b": soft})("ascend910b", ports)
    assert reason == {"reason": f"{dynamic.path} defines no op_select_format and the op is soft-sync, which the framework "
                                f"does not give {twin}'s"}


def test_a_kernel_without_op_select_format_names_another_implementation_that_has_one() -> None:
    dynamic = SimpleNamespace(path="impl/dynamic/space_to_depth.py", select_format=None)
    elsewhere = SimpleNamespace(path="other/space_to_depth.py", select_format=40)
    reason = _selector({"ascend910b": dynamic}, dynamic, None, [dynamic, elsewhere])("ascend910b", [])["reason"]
    assert reason == ("impl/dynamic/space_to_depth.py defines no op_select_format (only other/space_to_depth.py does, "
                      "which is not its static module)")
    alone = _selector({"ascend910b": dynamic}, dynamic, None, [dynamic])("ascend910b", [])["reason"]
    assert alone == "impl/dynamic/space_to_depth.py defines no op_select_format"
