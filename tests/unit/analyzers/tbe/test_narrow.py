"""Facts narrow a document: guards the SoC or dtype decides are marked, their ruled-out branches leave calls and flow."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from op_migrate.analyzers.fact_tests import decide
from op_migrate.analyzers.tbe import analyse_source
from op_migrate.analyzers.tbe.narrow import narrow_document

SOURCE = '''
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tbe_platform
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import register_operator


def op_compute(x, dtype):
    if tbe_platform.get_soc_spec("SHORT_SOC_VERSION") in ("Ascend910B", "Ascend910_93"):
        x = tbe.vexp(x)
    else:
        x = tbe.vsignbit(x)
    if dtype == "int64":
        return tbe.vmod(x, x)
    return tbe.vabs(x)


@register_operator("Op")
@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.REQUIRED_OUTPUT, para_check.KERNEL_NAME)
def op(x, y, kernel_name="op"):
    dtype = x.get("dtype").lower()
    para_check.check_dtype(dtype, ("float16", "int64"), param_name="x")
    return op_compute(x, dtype)
'''


def _document() -> dict:
    return analyse_source(SOURCE, "op.py").to_json()


def _names(document: dict) -> list[str]:
    return [c["name"] for c in document["dsl_calls"]]


def test_a_soc_decides_its_branch_and_the_unknown_call_on_the_other_side_goes() -> None:
    document = _document()
    assert _names(document) == ["vexp", "vsignbit", "vmod", "vabs"]
    narrowed = narrow_document(document, ["ascend910b"], {})
    assert _names(narrowed) == ["vexp", "vmod", "vabs"]
    assert "tbe-no-direct-ascend-c-api" not in {f["symbol"] for f in narrowed["findings"]}
    assert [m["name"] for m in narrowed["mappings"]] == ["vexp", "vmod", "vabs"]
    other = narrow_document(document, ["ascend310p"], {})
    assert _names(other) == ["vsignbit", "vmod", "vabs"]
    # Two SoCs that disagree leave the branch open.
    assert _names(narrow_document(document, ["ascend910b", "ascend310p"], {})) == _names(document)


def test_a_dtype_decides_dtype_branches_and_prunes_the_flow() -> None:
    narrowed = narrow_document(_document(), None, {"*": "float16"})
    assert _names(narrowed) == ["vexp", "vsignbit", "vabs"]
    assert narrowed["pruned_calls"] == 1
    text = str(narrowed["flow"])
    assert "vmod" not in text and "vabs" in text
    assert {g["text"]: g["decided"] for g in narrowed["guards"]}["dtype == 'int64'"] is False


def test_without_facts_the_document_is_unchanged() -> None:
    document = _document()
    assert narrow_document(document, None, {}) is document


LEAVES = st.sampled_from([None, {"soc": {"op": "in", "values": ["Ascend910B"]}}, {"dtype": {"op": "==", "values": ["float16"], "param": None}}])
TESTS = st.recursive(LEAVES, lambda inner: st.one_of(
    st.builds(lambda a: {"not": a}, inner).filter(lambda t: t["not"] is not None),
    st.builds(lambda parts: {"all": parts}, st.lists(inner, min_size=1, max_size=3)),
    st.builds(lambda parts: {"any": parts}, st.lists(inner, min_size=1, max_size=3)),
), max_leaves=6)


def _concrete(test, soc: str, dtype: str, unknown: bool):
    """The truth of a test when every undecidable part is `unknown`."""
    if test is None:
        return unknown
    if "all" in test:
        return all(_concrete(t, soc, dtype, unknown) for t in test["all"])
    if "any" in test:
        return any(_concrete(t, soc, dtype, unknown) for t in test["any"])
    if "not" in test:
        return not _concrete(test["not"], soc, dtype, unknown)
    if "soc" in test:
        return soc.lower() in [v.lower() for v in test["soc"]["values"]]
    return dtype == test["dtype"]["values"][0]


@given(TESTS, st.sampled_from(["ascend910b", "ascend310p"]), st.sampled_from(["float16", "float32"]))
def test_a_decision_holds_whatever_the_undecidable_parts_are(test, soc: str, dtype: str) -> None:
    decision = decide(test, [soc], lambda param: dtype)
    if decision is not None:
        assert decision == _concrete(test, soc, dtype, True) == _concrete(test, soc, dtype, False)


def test_the_soc_part_of_a_guard_the_soc_leaves_open_is_told() -> None:
    source = SOURCE.replace('    if dtype == "int64":\n',
                            '    if tbe_platform.get_soc_spec("SHORT_SOC_VERSION") in ("Ascend910B",) and dtype == "int64":\n')
    document = analyse_source(source, "op.py").to_json()
    guards = {g["line"]: g for g in narrow_document(document, ["ascend910b"], {})["guards"]}
    mixed = next(g for g in guards.values() if "and dtype" in g["text"])
    assert (mixed["decided"], mixed["soc_decided"]) == (None, True)
    mixed = next(g for g in narrow_document(document, ["ascend310"], {})["guards"] if "and dtype" in g["text"])
    assert mixed["decided"] is False  # the SoC part alone rules the branch out
    both = next(g for g in narrow_document(document, ["ascend910b", "ascend310"], {})["guards"] if "and dtype" in g["text"])
    assert (both["decided"], both["soc_decided"]) == (None, None)  # true on one SoC, false on the other
