"""The install's platform tables answer api_check_support / intrinsic / get_soc_spec per SoC, and op_select_format
runs per SoC on those answers (tests/functional/tbe/install holds small tables written for these tests)."""

from __future__ import annotations

from pathlib import Path

import pytest

from op_migrate.analyzers.proto.condition_tests import decide_on, fact_test_of
from op_migrate.analyzers.proto.platform_facts import read_platform_facts
from op_migrate.analyzers.proto.select_facts import selection

INSTALL = Path(__file__).resolve().parents[3] / "functional" / "tbe" / "install"
FIXTURE = Path(__file__).resolve().parents[3] / "functional" / "tbe" / "select_format_op.py"
PORTS = [("input", 0, "x"), ("input", 1, "indices"), ("output", 0, "y")]


@pytest.fixture(scope="module")
def platform():
    return read_platform_facts([INSTALL])


def test_dsl_answers_come_from_the_tables_with_their_defaults_and_aliases(platform) -> None:
    assert platform.api("ascend910b", "tbe.dsl.vexp", "float32") is True
    assert platform.api("ascend310", "te.lang.cce.vexp", "float32") is False  # AllSoc: float16 only
    assert platform.api("sd3403", "tbe.dsl.vexp", "float16") is True  # sd3403 reads the smallhisi row
    assert platform.api("ascend910b", "tbe.dsl.sum", "float32") is True  # sum is reduce_sum
    assert platform.api("ascend910b", "tbe.dsl.vnothing", "float16") is False  # neither map names it
    assert platform.api("ascend910b", "other.api", "") is False


def test_intrinsics_and_specs_need_every_variant_to_agree(platform) -> None:
    assert platform.intrinsic("ascend910b", "Intrinsic_vconv", "bf162f32") is True
    assert platform.intrinsic("ascend310", "Intrinsic_vconv", "bf162f32") is False
    assert platform.intrinsic("ascend910b", "Intrinsic_vconv", "float16") is None  # codes asked by name: not ours to map
    assert platform.spec("ascend910b", "L1_SIZE") == 524288
    assert platform.spec("ascend910b", "CORE_NUM") is None  # Ascend910B1 has 24 cores, Ascend910B2 20
    assert platform.api("ascend910b", "tik.vec_trans_scatter", "float32") is True
    assert platform.api("ascend310", "tik.vextract", "float32") is False
    assert platform.api("ascend910b", "tik.h_add", "float32") is None


def test_condition_texts_are_decided_per_soc(platform) -> None:
    text = "tbe_platform.api_check_support('tbe.dsl.vexp', 'float32') and x_shape[-1] > 8"
    assert decide_on(fact_test_of(text), "ascend310", platform) is False
    assert decide_on(fact_test_of(text), "ascend910b", platform) is None  # the shape is left open
    soc = "tbe_platform.get_soc_spec('SHORT_SOC_VERSION') in ('Ascend910B',)"
    assert (decide_on(fact_test_of(soc), "ascend910b", platform), decide_on(fact_test_of(soc), "ascend310", platform)) == (True, False)


def test_op_select_format_returns_per_soc_what_its_facts_allow(platform) -> None:
    found = selection(str(FIXTURE), "ascend910b", platform, PORTS)
    combos = sorted({dtypes for dtypes, _ in found["combinations"]})
    assert combos == [("bfloat16", "int32", "bfloat16"), ("float16", "int32", "float16"), ("float32", "int32", "float32")]
    assert found["conditions"] == {} and found["unknown"] is None
    # the 5HD format only on the path where the shape is 4D; the dtypes on both
    assert {formats for _, formats in found["combinations"]} == {("ND", "ND", "ND"), ("NC1HWC0", "ND", "NC1HWC0")}
    on_310 = selection(str(FIXTURE), "ascend310", platform, PORTS)
    assert sorted({dtypes for dtypes, _ in on_310["combinations"]}) == [("float16", "int32", "float16")]


def test_what_op_select_format_cannot_give_is_said_with_the_reason(tmp_path: Path, platform) -> None:
    source = tmp_path / "wrapper.py"
    source.write_text("from tbe.tikcpp import check_op_cap\n\n\ndef op_select_format(x, y):\n"
                      "    return check_op_cap('op_select_format', 'Wrapper', [x], [y], []).decode('utf-8')\n",
                      encoding="utf-8")
    assert "the Ascend C operator decides" in selection(str(source), "ascend910b", platform, PORTS)["reason"]
    endless = tmp_path / "endless.py"
    endless.write_text("def op_select_format(x, y):\n    while True:\n        pass\n", encoding="utf-8")
    assert "ends without returning" in selection(str(endless), "ascend910b", platform, PORTS)["reason"]


def test_a_defect_of_the_reader_leaves_that_op_unknown_with_the_reason(tmp_path: Path, platform,
                                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    def broken(*_args, **_kwargs):
        raise TypeError("'list' object is not callable")

    monkeypatch.setattr("op_migrate.analyzers.proto.select_facts.read_select_format", broken)
    source = tmp_path / "plain.py"
    source.write_text("def op_select_format(x, y):\n    return ''\n", encoding="utf-8")
    reason = selection(str(source), "ascend910b", platform, PORTS)["reason"]
    assert "op-migrate's reader failed (TypeError: 'list' object is not callable at test_select_and_platform.py:" \
        in reason


def test_paths_that_meet_again_with_the_same_values_lose_the_test_they_split_on(tmp_path: Path, platform) -> None:
    source = tmp_path / "met_again.py"
    source.write_text(
        "from impl.util import util_select_op_base\n\n\n"
        "def op_select_format(x, indices, y, mode='fast', kernel_name='met_again'):\n"
        "    if mode == 'fast':\n        dtype = 'float16'\n    elif mode == 'exact':\n        dtype = 'float16'\n"
        "    else:\n        dtype = 'float16'\n"
        "    if len(x.get('ori_shape')) == 4:\n        index = 'int32'\n    else:\n        index = 'int64'\n"
        "    input0 = util_select_op_base.gen_param(classify='input0', name='x', datatype=dtype, format='ND')\n"
        "    input1 = util_select_op_base.gen_param(classify='input1', name='indices', datatype=index, format='ND')\n"
        "    output0 = util_select_op_base.gen_param(classify='output0', name='y', datatype=dtype, format='ND')\n"
        "    return util_select_op_base.get_dynamic_param_in_json([input0, input1, output0])\n",
        encoding="utf-8")
    found = selection(str(source), "ascend910b", platform, PORTS)
    assert found.get("reason") is None and found["unknown"] is None
    assert sorted(dtypes for dtypes, _ in found["combinations"]) == [("float16", "int32", "float16"),
                                                                      ("float16", "int64", "float16")]
    # the mode paths met again (no condition on mode); the shape paths did not
    shown = str(found["conditions"])
    assert "ori_shape" in shown and "mode" not in shown, shown
