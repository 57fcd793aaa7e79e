"""The make_tensor view rules on numbers, and the PyPTO front end on small sources."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from op_migrate.analyzers.memory.pypto import analyze_source
from op_migrate.analyzers.memory.views import Layout, check_view, row_major_stride


def _symbols(problems) -> list[str]:
    return [p.symbol for p in problems]


def test_row_major_default_and_extent() -> None:
    assert row_major_stride((8, 16)) == (16, 1)
    assert Layout.row_major((8, 16), 16).extent_bits() == 8 * 16 * 16
    assert Layout((8, 16), (32, 1), 16).extent_bits() == (7 * 32 + 15 + 1) * 16
    assert Layout((0, 16), (16, 1), 16).extent_bits() == 0


def test_each_rule() -> None:
    source = Layout.row_major((8, 16), 16)
    assert _symbols(check_view((8, 16), (16,), 16, source)[1]) == ["pypto-stride-rank-mismatch"]
    assert _symbols(check_view((8, 16), (32, 1), 16, source)[1]) == ["pypto-view-exceeds-source"]
    assert _symbols(check_view((8, 16), (32, 2), 4, None)[1]) == ["pypto-subbyte-inner-stride"]
    padded = Layout((4, 8, 16), (256, 16, 1), 16)
    assert _symbols(check_view((32, 16), (16, 1), 16, padded)[1]) == ["pypto-merged-dims-not-contiguous"]
    assert _symbols(check_view((32, 16), (8, 1), 16, Layout.row_major((4, 8, 16), 16))[1]) == ["pypto-view-stride-mismatch"]
    assert check_view((16, 8), (1, 16), 16, source)[1] == []  # the transposed view of the document


def test_dtype_reinterpretation_is_bounded_by_bytes() -> None:
    source = Layout.row_major((64, 128), 16)
    assert check_view((64, 256), None, 8, source)[1] == []
    assert _symbols(check_view((64, 257), None, 8, source)[1]) == ["pypto-view-exceeds-source"]


@given(st.lists(st.integers(1, 9), min_size=1, max_size=4), st.sampled_from([8, 16, 32]))
def test_merging_contiguous_dims_of_a_row_major_source_is_always_valid(dims, bits) -> None:
    source = Layout.row_major(tuple(dims), bits)
    merged = (dims[0] * dims[1], *dims[2:]) if len(dims) > 1 else tuple(dims)
    assert check_view(merged, row_major_stride(merged), bits, source)[1] == []


def test_pypto_source_with_module_constants_and_keywords() -> None:
    report = analyze_source(
        "import pypto_pro.language as pl\nR = 4\n"
        "@pl.jit()\ndef k(a: pl.Tensor[[R, 8], pl.DT_FP32]):\n"
        "    v = pl.make_tensor(ptr=a, shape=[R * 8], dtype=pl.DT_FP16)\n"
        "    w = pl.make_tensor(a, [R, 9])\n",
        "k.py",
    )
    assert [(v.name, v.status, v.view_bytes) for v in report.views] == [("v", "ok", 64), ("w", "invalid", 144)]
    assert [f.line for f in report.findings] == [6]
