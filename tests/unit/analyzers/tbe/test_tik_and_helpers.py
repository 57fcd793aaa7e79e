"""TIK operators read as DSL ones are: guards with their kinds and fact tests, dtype checks in loops and by name,
and operators whose kernel is a helper class of another module."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.tbe import analyse_path, analyse_source

FIXTURES = Path(__file__).resolve().parents[3] / "functional" / "tbe"


def _guards(document: dict) -> dict[int, tuple]:
    return {g["line"]: (tuple(g["kinds"]), g["test"]) for g in document["guards"]}


def test_tik_guards_carry_kinds_and_the_tests_facts_decide() -> None:
    document = analyse_path(FIXTURES / "tik_soc_guards.py").to_json()
    assert document["status"] == "tik"
    guards = _guards(document)
    assert guards[30] == (("dtype",), {"dtype": {"op": "==", "values": ["float16"], "param": "x"}})
    assert guards[36] == (("api_check_support",), {"api": {"name": "tik.vextract", "dtype": "float32"}})
    # flags computed from the SoC name and from a SoC spec are tested as what they were set to
    assert guards[38] == (("soc",), {"soc": {"op": "in", "values": ["Ascend310", "Ascend610"]}})
    assert guards[40] == (("soc",), {"spec": {"key": "L1_SIZE", "op": ">", "value": 0}})


def test_a_loop_over_inputs_checks_each_and_a_refusal_makes_a_dtype_conditional() -> None:
    dtypes = analyse_path(FIXTURES / "tik_soc_guards.py").to_json()["dtypes"]
    assert [(e["dtype"], e["shown"]) for e in dtypes["y"]] == [("float16", None), ("float32", None)]
    assert [(e["dtype"], e["shown"]) for e in dtypes["x"]] == [
        ("float16", None), ("float32", "tbe_platform.api_check_support('tik.vextract', 'float32')")]
    assert [e["dtype"] for e in dtypes["indices"]] == ["int32"]


HELPER = '''
from impl.util.platform_adapter import tik


class RowScale:
    def __init__(self, x, y, kernel_name):
        self.tik_instance = tik.Tik()
'''
ADAPTER = "from impl.util.compute.row_scale import RowScale\n"
OPERATOR = '''
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import RowScale


@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT, para_check.KERNEL_NAME)
def row_scale(x, y, kernel_name="row_scale"):
    RowScale(x, y, kernel_name).compute()
'''


def test_a_static_operator_whose_helper_class_creates_tik_is_tik(tmp_path: Path) -> None:
    impl = tmp_path / "impl"
    (impl / "util" / "compute").mkdir(parents=True)
    (impl / "util" / "compute" / "row_scale.py").write_text(HELPER, encoding="utf-8")
    (impl / "util" / "platform_adapter.py").write_text(ADAPTER, encoding="utf-8")
    (impl / "row_scale.py").write_text(OPERATOR, encoding="utf-8")
    document = analyse_path(impl / "row_scale.py").to_json()
    assert document["status"] == "tik"
    assert document["delegate"]["kind"] == "tik"
    assert document["delegate"]["module"] == "impl/util/compute/row_scale.py"
    assert "tbe-helper-class" in {f["symbol"] for f in document["findings"]}


def test_a_helper_class_that_cannot_be_found_is_said_so_and_the_kind_stays() -> None:
    document = analyse_source(OPERATOR, "elsewhere/row_scale.py").to_json()
    assert document["status"] == "analysed"
    assert document["delegate"]["kind"] == "unknown"
    assert "not inside an impl/ tree" in document["delegate"]["reason"]


def test_an_unregistered_implementation_under_dynamic_is_no_operator(tmp_path: Path) -> None:
    folder = tmp_path / "impl" / "dynamic"
    folder.mkdir(parents=True)
    (folder / "row_scale_tik.py").write_text(HELPER + "\n\ndef row_scale_tik(x, y, kernel_name):\n"
                                             "    return RowScale(x, y, kernel_name)\n", encoding="utf-8")
    document = analyse_path(folder / "row_scale_tik.py").to_json()
    assert document["status"] == "not_operator"
    assert "without registration" in document["reason"]
