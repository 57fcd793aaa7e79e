"""Math APIs of the CPU model against numpy: Exp, Ln, Sqrt, Rsqrt, Reciprocal, Relu, LeakyRelu, Axpy (count forms).

The model computes in float and rounds once to the element type (vec_math.h). Sqrt, Reciprocal, Rsqrt (1/sqrt, two
float roundings), Relu, LeakyRelu and Axpy are compared bit for bit with the same float32 operations in numpy; Exp and
Ln use the host's expf/logf, so each result must be the exact value (float64) rounded to float, or a float ulp beside
it, then rounded to the element type. Halves are tested on all 65536 bit patterns.
"""

from __future__ import annotations

import json
import tomllib
from pathlib import Path

import numpy as np
import pytest

FLOATS = {"float16": np.float16, "float32": np.float32}
SPECIALS = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, 2.0, 4.0]


def _inputs(dtype) -> np.ndarray:
    """Every half; for float the specials, subnormals, 4096 random bit patterns and 4096 values of moderate size."""
    if dtype == np.float16:
        return np.arange(1 << 16, dtype=np.uint16).view(np.float16)
    rng = np.random.default_rng(31)
    parts = [np.array(SPECIALS, np.float32),
             np.array([1e-45, -1e-45, 1.1754942e-38, 3.4028235e38, -3.4028235e38, 88.72283, 88.72284, -103.97],
                      np.float32),
             rng.integers(0, 1 << 32, 4096, dtype=np.uint64).astype(np.uint32).view(np.float32),
             (rng.standard_normal(4096) * 30).astype(np.float32)]
    data = np.concatenate(parts)
    return np.concatenate([data, np.zeros(-len(data) % 8, np.float32)])  # whole 32-byte blocks


def _bits(array: np.ndarray) -> np.ndarray:
    return array.view(f"u{array.itemsize}")


def _assert_same(actual, expected):
    if np.issubdtype(expected.dtype, np.floating):
        bad = ~(np.isnan(actual) & np.isnan(expected)) & (_bits(actual) != _bits(expected))
    else:
        bad = actual != expected
    where = np.flatnonzero(bad)[:5]
    assert not bad.any(), f"{int(bad.sum())} mismatches at {where}: got {actual[where]}, expected {expected[where]}"


def _assert_float_ulp_then_rounded(actual, exact, dtype):
    """`actual` is round_dtype(f) for f the float32 nearest `exact` or one of its two float32 neighbours."""
    nearest = exact.astype(np.float32)
    candidates = [nearest, np.nextafter(nearest, np.float32(-np.inf)), np.nextafter(nearest, np.float32(np.inf))]
    ok = np.isnan(actual) & np.isnan(exact)
    for candidate in candidates:
        ok |= _bits(actual) == _bits(candidate.astype(dtype))
    where = np.flatnonzero(~ok)[:5]
    assert ok.all(), f"{int((~ok).sum())} results off by more than one float ulp at {where}: got {actual[where]}, " \
                     f"exact {exact[where]}"
    rounded_once = (_bits(actual) == _bits(nearest.astype(dtype))) | (np.isnan(actual) & np.isnan(exact))
    assert rounded_once.mean() > 0.99, "most results must be the correctly rounded float, rounded to the element type"


@pytest.mark.parametrize("type_name", sorted(FLOATS))
def test_exp_and_ln(probe, type_name):
    dtype = FLOATS[type_name]
    a = _inputs(dtype)
    with np.errstate(all="ignore"):  # signalling NaNs among the bit patterns
        wide = a.astype(np.float64)
        _assert_float_ulp_then_rounded(probe.run("scalar", ["exp", type_name, 0], [a], dtype), np.exp(wide), dtype)
        _assert_float_ulp_then_rounded(probe.run("scalar", ["ln", type_name, 0], [a], dtype), np.log(wide), dtype)


@pytest.mark.parametrize("type_name", sorted(FLOATS))
def test_sqrt_rsqrt_reciprocal_bit_exact(probe, type_name):
    dtype = FLOATS[type_name]
    a = _inputs(dtype)
    one = np.float32(1)
    with np.errstate(all="ignore"):
        f = a.astype(np.float32)
        _assert_same(probe.run("scalar", ["sqrt", type_name, 0], [a], dtype), np.sqrt(f).astype(dtype))
        _assert_same(probe.run("scalar", ["rsqrt", type_name, 0], [a], dtype), (one / np.sqrt(f)).astype(dtype))
        _assert_same(probe.run("scalar", ["rec", type_name, 0], [a], dtype), (one / f).astype(dtype))


EDGES = {  # op -> (input, result) pairs the model documents (IEEE)
    "ln": [(0.0, -np.inf), (-0.0, -np.inf), (-1.0, np.nan), (-np.inf, np.nan), (np.inf, np.inf), (1.0, 0.0)],
    "exp": [(-np.inf, 0.0), (np.inf, np.inf), (0.0, 1.0), (-0.0, 1.0), (np.nan, np.nan)],
    "sqrt": [(-0.0, -0.0), (0.0, 0.0), (-1.0, np.nan), (np.inf, np.inf), (4.0, 2.0)],
    "rsqrt": [(0.0, np.inf), (-0.0, -np.inf), (np.inf, 0.0), (-4.0, np.nan), (4.0, 0.5)],
    "rec": [(0.0, np.inf), (-0.0, -np.inf), (np.inf, 0.0), (-np.inf, -0.0), (2.0, 0.5)],
    "relu": [(-0.0, -0.0), (-2.0, 0.0), (np.nan, np.nan), (-np.inf, 0.0), (3.0, 3.0)],
}


@pytest.mark.parametrize("type_name", sorted(FLOATS))
@pytest.mark.parametrize("op", sorted(EDGES))
def test_ieee_edge_cases(probe, op, type_name):
    dtype = FLOATS[type_name]
    inputs = np.array([x for x, _ in EDGES[op]], dtype)
    want = np.array([y for _, y in EDGES[op]], dtype)
    a = np.resize(inputs, 64)  # whole 32-byte blocks
    _assert_same(probe.run("scalar", [op, type_name, 0], [a], dtype)[: len(inputs)], want)


@pytest.mark.parametrize("type_name", ["float16", "float32", "int32"])
def test_relu(probe, type_name):
    dtype = np.dtype(type_name).type
    if type_name == "int32":
        a = np.random.default_rng(32).integers(-(1 << 31), 1 << 31, 4096, dtype=np.int64).astype(np.int32)
        a[:3] = [np.iinfo(np.int32).min, 0, np.iinfo(np.int32).max]
    else:
        a = _inputs(dtype)
    with np.errstate(invalid="ignore"):
        expected = np.where(a < 0, dtype(0), a).astype(dtype)  # -0 and NaN pass through: not < 0
    _assert_same(probe.run("scalar", ["relu", type_name, 0], [a], dtype), expected)


@pytest.mark.parametrize("type_name", sorted(FLOATS))
@pytest.mark.parametrize("slope", [0.1, -1.5, 0.0])
def test_leaky_relu(probe, type_name, slope):
    dtype = FLOATS[type_name]
    a = _inputs(dtype)
    s = dtype(slope)
    with np.errstate(all="ignore"):
        product = (a.astype(np.float32) * np.float32(s)).astype(dtype)
        expected = np.where(a < 0, product, a)
    _assert_same(probe.run("scalar", ["lrelu", type_name, repr(float(s))], [a], dtype), expected)


AXPY_PAIRS = [("float16", "float16"), ("float32", "float32"), ("float32", "float16")]


@pytest.mark.parametrize(("dst_type", "src_type"), AXPY_PAIRS)
def test_axpy_adds_the_scaled_source_to_the_destination(probe, dst_type, src_type):
    dst_dtype, src_dtype = FLOATS[dst_type], FLOATS[src_type]
    rng = np.random.default_rng(33)
    n = 4096
    src = (rng.standard_normal(n) * 40).astype(src_dtype)
    dst = (rng.standard_normal(n) * 40).astype(dst_dtype)
    src[:5] = np.array([np.inf, np.nan, 0.0, -0.0, 1.0], src_dtype)
    dst[:5] = np.array([np.inf, 1.0, -0.0, -0.0, np.inf], dst_dtype)
    s = src_dtype(-1.75)
    with np.errstate(all="ignore"):
        expected = (src.astype(np.float32) * np.float32(s) + dst.astype(np.float32)).astype(dst_dtype)
    actual = probe.run("axpy", [dst_type, src_type, repr(float(s))], [src, dst], dst_dtype)
    _assert_same(actual, expected)
    # inf * -1.75 + inf and NaN * s + 1 are NaN; 0 * -1.75 + -0 = -0 + -0 = -0; -0 * -1.75 + -0 = +0 + -0 = +0
    assert np.isnan(actual[:2]).all()
    assert _bits(actual[2:4]).tolist() == _bits(np.array([-0.0, 0.0], dst_dtype)).tolist()


@pytest.mark.parametrize(("dst_type", "src_type", "message"), [
    ("float32", "float16", "Axpy: half source and float destination overlap"),
    ("float32", "float32", "Axpy: source and destination overlap partially"),
])
def test_axpy_overlap_rules(probe, dst_type, src_type, message):
    src = np.ones(256, FLOATS[src_type])
    dst = np.ones(256, FLOATS[dst_type])
    assert message in probe.fails("axpy", [dst_type, src_type, 2.0], [src, dst], trailing=["overlap"])


A2_TABLE = Path(__file__).resolve().parents[1] / "cost_a2.toml"
# probe op -> (dst type, src type or None, counter key, A2 element/cycle of its cost row)
COSTED = [
    ("exp", "float16", None, "Exp.half", 32), ("exp", "float32", None, "Exp.float", 32),
    ("ln", "float16", None, "Ln.half", 32), ("ln", "float32", None, "Ln.float", 32),
    ("sqrt", "float16", None, "Sqrt.half", 32), ("sqrt", "float32", None, "Sqrt.float", 32),
    ("rsqrt", "float16", None, "Rsqrt.half", 128), ("rsqrt", "float32", None, "Rsqrt.float", 64),
    ("rec", "float16", None, "Reciprocal.half", 128), ("rec", "float32", None, "Reciprocal.float", 64),
    ("relu", "float16", None, "Relu.half", 128), ("relu", "float32", None, "Relu.float", 64),
    ("relu", "int32", None, "Relu.int32", 64),
    ("lrelu", "float16", None, "LeakyRelu.half", 128), ("lrelu", "float32", None, "LeakyRelu.float", 64),
    ("axpy", "float16", "float16", "Axpy.half", 128), ("axpy", "float32", "float32", "Axpy.float", 64),
    ("axpy", "float32", "float16", "Axpy.half->float", 64),
]


@pytest.mark.parametrize(("op", "dst_type", "src_type", "key", "per_cycle"), COSTED,
                         ids=[row[3] for row in COSTED])
def test_counted_on_the_vector_pipe_and_priced_by_the_a2_table(probe, tmp_path, monkeypatch, op, dst_type, src_type,
                                                                key, per_cycle):
    counters = tmp_path / "counters.jsonl"
    monkeypatch.setenv("CPU_MODEL_COUNTERS", str(counters))
    monkeypatch.setenv("CPU_MODEL_COST_TABLE", str(A2_TABLE))
    dst = np.ones(1024, np.dtype(dst_type))
    if op == "axpy":
        probe.run("axpy", [dst_type, src_type, 2], [np.ones(1024, np.dtype(src_type)), dst], dst.dtype)
    else:
        probe.run("scalar", [op, dst_type, 0], [dst], dst.dtype)
    (launch,) = [json.loads(line) for line in counters.read_text(encoding="utf-8").splitlines()]
    repeats = 1024 * dst.itemsize // 256  # 256-byte repeats of the widest operand (the destination)
    assert launch["total"]["vector_by_api"] == {key: {"calls": 1, "repeats": repeats}}
    assert launch["predicted"]["uncosted"] == []
    table = tomllib.loads(A2_TABLE.read_text(encoding="utf-8"))
    instruction = next(row["cycles"] for row in table["cost"] if row["name"] == "vector_instruction")
    assert launch["predicted"]["busy"]["V"] == instruction + repeats * (256 // dst.itemsize) // per_cycle
