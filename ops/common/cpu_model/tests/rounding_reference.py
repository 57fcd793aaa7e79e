"""Python reference of Ascend C Cast rounding: every half/bfloat16 value tabulated, neighbours chosen per mode."""

from __future__ import annotations

import ml_dtypes
import numpy as np

FORMATS = {
    "float16": (np.float16, np.uint16, 2.0**16),
    "bfloat16": (ml_dtypes.bfloat16, np.uint16, 2.0**128),
}


def _table(name: str):
    dtype, bits_dtype, overflow = FORMATS[name]
    bits = np.arange(0x10000, dtype=np.uint32).astype(bits_dtype)
    with np.errstate(all="ignore"):  # the table includes signalling NaN patterns
        values = bits.view(dtype).astype(np.float64)
    finite = np.isfinite(values) & ~((values == 0) & np.signbit(values))
    order = np.argsort(values[finite], kind="stable")
    return values[finite][order], bits[finite][order], overflow


_TABLES: dict = {}


def round_to_float(x: np.ndarray, name: str, mode: str) -> np.ndarray:
    """Round float32/float64 values to half or bfloat16 in an Ascend C RoundMode; returns the target dtype."""
    if name not in _TABLES:
        _TABLES[name] = _table(name)
    values, bits, overflow = _TABLES[name]
    dtype = FORMATS[name][0]
    with np.errstate(all="ignore"):  # signalling NaNs among random bit patterns raise "invalid" on widening
        x = np.asarray(x, dtype=np.float64)
    out = np.empty(x.shape, dtype=np.float64)
    # Neighbours lo <= x <= hi among representable values; beyond the largest finite value the next
    # "value" is 2^(emax+1), which stands for infinity.
    top = values[-1]
    ext_values = np.concatenate([[-overflow], values, [overflow]])
    ext_bits = np.concatenate([[np.uint16(0)], bits, [np.uint16(0)]])
    hi_idx = np.searchsorted(ext_values, x, side="left")
    hi_idx = np.clip(hi_idx, 1, len(ext_values) - 1)
    lo_idx = hi_idx - 1
    exact = (ext_values[hi_idx] == x) & (hi_idx < len(ext_values) - 1)
    lo = ext_values[lo_idx]
    hi = ext_values[hi_idx]
    lo_odd = (ext_bits[lo_idx] & 1) == 1
    d_lo = x - lo
    d_hi = hi - x
    if mode in ("CAST_RINT", "CAST_NONE"):
        pick_hi = (d_hi < d_lo) | ((d_hi == d_lo) & lo_odd)
    elif mode == "CAST_ROUND":
        pick_hi = (d_hi < d_lo) | ((d_hi == d_lo) & (x > 0))
    elif mode == "CAST_FLOOR":
        pick_hi = np.zeros(x.shape, dtype=bool)
    elif mode == "CAST_CEIL":
        pick_hi = np.ones(x.shape, dtype=bool)
    elif mode == "CAST_TRUNC":
        pick_hi = x < 0
    elif mode == "CAST_ODD":
        pick_hi = lo_odd == False  # noqa: E712 - numpy element-wise
    else:
        raise ValueError(mode)
    out = np.where(exact, hi, np.where(pick_hi, hi, lo))
    out = np.where(out >= overflow, np.inf, np.where(out <= -overflow, -np.inf, out))
    assert top < overflow
    out = np.where(np.isinf(x), x, out)
    out = np.where(out == 0, np.copysign(0.0, x), out)
    out = np.where(np.isnan(x), np.nan, out)
    with np.errstate(all="ignore"):
        return out.astype(dtype)


def round_to_int(x: np.ndarray, dtype, mode: str) -> np.ndarray:
    """Round to an integer dtype in a RoundMode, saturating; NaN becomes 0 (the model's documented choice)."""
    with np.errstate(all="ignore"):
        x = np.asarray(x, dtype=np.float64)
        if mode in ("CAST_RINT", "CAST_NONE"):
            r = np.rint(x)
        elif mode == "CAST_FLOOR":
            r = np.floor(x)
        elif mode == "CAST_CEIL":
            r = np.ceil(x)
        elif mode == "CAST_TRUNC":
            r = np.trunc(x)
        elif mode == "CAST_ROUND":
            r = np.sign(x) * np.floor(np.abs(x) + 0.5)
        else:
            raise ValueError(mode)
        info = np.iinfo(dtype)
        # float(int64 max) is 2**63, out of range for the cast, so the saturated ends are set separately.
        high = r >= float(info.max)
        low = r <= float(info.min)
        inside = np.where(np.isnan(r) | high | low, 0, r).astype(dtype)
        return np.where(high, info.max, np.where(low, info.min, inside)).astype(dtype)
