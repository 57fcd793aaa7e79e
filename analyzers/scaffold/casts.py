"""How TBE's cast_to converts between dtypes on a SoC: the hops it takes and the rounding of each hop.

From the install's tbe/dsl/compute/cast.py (_cast): a pair without a vconv instruction goes through float32, else
float16; a float -> int hop truncates when the SoC has the `...z` conversion (TF semantics), else rounds to
nearest. Whether a pair exists is the platform_config ini's Intrinsic_vconv list.
"""

from __future__ import annotations

from op_migrate.analyzers.scaffold.platform import Platform

SHORT = {"uint1": "u1", "bool": "s8", "int4": "s4", "uint8": "u8", "int8": "s8", "uint16": "u16", "int16": "s16",
         "float16": "f16", "bfloat16": "bf16", "uint32": "u32", "int32": "s32", "float32": "f32", "uint64": "u64",
         "int64": "s64"}
# Integer narrowing/widening pairs cast.py's is_cast_support accepts on 910B / 910_93 beyond the vconv list.
_INT_PAIRS = {"s642u32", "s642s16", "s642u16", "s642s8", "s642u8", "s322u32", "s322s16", "s322u16", "s322u8",
              "u322s64", "u322s32", "u322s16", "u322u16", "u322s8", "u322u8", "s162s64", "s162s32", "s162u32",
              "s162u16", "s162s8", "s162u8", "u162s64", "u162s32", "u162u32", "u162s16", "u162s8", "u162u8",
              "s82s64", "s82u32", "s82s16", "s82u16", "s82u8", "u82u32", "u82s16", "u82u16", "u82s8"}
_INT_PAIR_SOCS = {"Ascend910B", "Ascend910_93"}


def is_float(dtype: str) -> bool:
    return dtype in ("float16", "float32", "bfloat16", "float64")


def supported(platform: Platform, src: str, dst: str) -> bool:
    if src == dst:
        return True
    if src not in SHORT or dst not in SHORT:
        return False
    pair = f"{SHORT[src]}2{SHORT[dst]}"
    if pair == "s322f16":
        pair = "deq"
    if platform.short_soc in _INT_PAIR_SOCS and pair in _INT_PAIRS:
        return True
    if platform.intrinsic_check_support("Intrinsic_vconv", pair):
        return True
    # util.py is_cast_support: these pairs are composed by the DSL itself; otherwise the truncating form counts.
    if pair in ("s322s64", "s642s32", "s642f16", "s322s16"):
        return True
    return platform.intrinsic_check_support("Intrinsic_vconv", f"{pair}z")


def route(platform: Platform, src: str, dst: str) -> list[tuple[str, str, str]] | None:
    """[(from, to, mode)], mode "trunc" | "rint" | "exact"; None when TBE itself cannot cast the pair."""
    if src == dst:
        return []
    hops = [src]
    if not supported(platform, src, dst):
        if supported(platform, src, "float32") and supported(platform, "float32", dst):
            hops.append("float32")
        elif supported(platform, src, "float16") and supported(platform, "float16", dst):
            hops.append("float16")
        else:
            return None
    hops.append(dst)
    steps = []
    for a, b in zip(hops, hops[1:]):
        mode = "rint"
        if "int" in b and is_float(a):
            z = f"{SHORT[a]}2{SHORT[b]}z"
            mode = "trunc" if platform.intrinsic_check_support("Intrinsic_vconv", z) else "rint"
        steps.append((a, b, mode))
    return steps
