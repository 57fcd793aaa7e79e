/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

/*!
 * \file clamp_mod_chains.h
 * \brief The compute of each ClampMod dtype combination: its TBE chain (clamp_mod.py) traced with that
 *        combination's branches decided on Ascend910B, each DSL call translated to the Ascend C calls of
 *        its mapping, with TBE's casts and the call's trap as a comment. A call the scaffold could not translate is a
 *        static_assert(false, ...) naming it and its TBE line.
 */
#ifndef OPS_EXPERIMENTAL_OP_KERNEL_CLAMP_MOD_CHAINS_H_
#define OPS_EXPERIMENTAL_OP_KERNEL_CLAMP_MOD_CHAINS_H_

#include "kernel_operator.h"
#include "clamp_mod_tiling_data.h"

namespace ClampModNs {
using namespace AscendC;

template <typename T>
struct IsFloatLike {
    static constexpr bool value = false;
};
template <>
struct IsFloatLike<half> {
    static constexpr bool value = true;
};
template <>
struct IsFloatLike<bfloat16_t> {
    static constexpr bool value = true;
};
template <>
struct IsFloatLike<float> {
    static constexpr bool value = true;
};

template <typename T, typename B>
__aicore__ inline T FromBits(B bits)
{
    static_assert(sizeof(T) == sizeof(B), "FromBits: the bit pattern has the type's size");
    T value;
    __builtin_memcpy(&value, &bits, sizeof(T));
    return value;
}

// A float value as dtype T the way tvm.const / util_astype holds it: floats round to nearest, integers truncate,
// saturate, and NaN becomes 0.
template <typename T>
__aicore__ inline T ScalarAs(float value)
{
    if constexpr (IsFloatLike<T>::value) {
        return static_cast<T>(value);
    } else {
        constexpr bool isSigned = static_cast<T>(-1) < static_cast<T>(0);
        constexpr int bits = static_cast<int>(sizeof(T) * 8);
        const float high = isSigned ? static_cast<float>(1ULL << (bits - 1)) : static_cast<float>(1ULL << (bits - 1)) * 2.0f;
        const float low = isSigned ? -high : 0.0f;
        if (value != value) {
            return static_cast<T>(0);
        }
        if (value >= high) {
            return static_cast<T>(isSigned ? (~0ULL >> (65 - bits)) : ~0ULL);
        }
        if (value <= low) {
            return isSigned ? static_cast<T>(1ULL << (bits - 1)) : static_cast<T>(0);
        }
        return static_cast<T>(value);
    }
}

// Integer ops of the scalar unit with TBE's wrap-around; division by zero (undefined in TBE) gives 0.
namespace ScalarOps {
template <typename T>
__aicore__ inline T Add(T a, T b)
{
    return static_cast<T>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b));
}
template <typename T>
__aicore__ inline T Sub(T a, T b)
{
    return static_cast<T>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b));
}
template <typename T>
__aicore__ inline T Mul(T a, T b)
{
    return static_cast<T>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b));
}
template <typename T>
__aicore__ inline T Abs(T a)
{
    if constexpr (static_cast<T>(-1) < static_cast<T>(0)) {
        return a < static_cast<T>(0) ? static_cast<T>(0ULL - static_cast<uint64_t>(a)) : a;
    } else {
        return a;
    }
}
template <typename T>
__aicore__ inline T TruncDiv(T a, T b)
{
    if (b == static_cast<T>(0)) {
        return static_cast<T>(0);
    }
    if constexpr (static_cast<T>(-1) < static_cast<T>(0)) {
        if (b == static_cast<T>(-1)) {
            return static_cast<T>(0ULL - static_cast<uint64_t>(a));
        }
    }
    return static_cast<T>(a / b);
}
template <typename T>
__aicore__ inline T FloorMod(T a, T b)
{
    if (b == static_cast<T>(0)) {
        return static_cast<T>(0);
    }
    if constexpr (static_cast<T>(-1) < static_cast<T>(0)) {
        if (b == static_cast<T>(-1)) {
            return static_cast<T>(0);
        }
        T r = static_cast<T>(a % b);
        if (r != static_cast<T>(0) && ((r < static_cast<T>(0)) != (b < static_cast<T>(0)))) {
            r = static_cast<T>(r + b);
        }
        return r;
    } else {
        return static_cast<T>(a % b);
    }
}
template <typename T>
__aicore__ inline T PowI(T a, T b)
{
    // asc-devkit Power<int32_t>'s results: a^|b| by wrapping products; b < 0 gives trunc(1 / a^|b|).
    uint64_t left = b < static_cast<T>(0) ? 0ULL - static_cast<uint64_t>(static_cast<int64_t>(b))
                                          : static_cast<uint64_t>(b);
    T result = static_cast<T>(1);
    T base = a;
    while (left != 0ULL) {
        if ((left & 1ULL) != 0ULL) {
            result = Mul<T>(result, base);
        }
        base = Mul<T>(base, base);
        left >>= 1U;
    }
    if (b < static_cast<T>(0)) {
        return (result == static_cast<T>(1) || result == static_cast<T>(-1)) ? result : static_cast<T>(0);
    }
    return result;
}
} // namespace ScalarOps

// Combination 0: x float32, y float32, z float32 (ascend910b)
struct ClampModChain0 {
    using In0 = float;
    using In1 = float;
    using Out0 = float;
    static constexpr uint32_t TMP_UNITS = 97;  // scratch bytes per 8 tile elements

    __aicore__ static inline void Compute(const LocalTensor<In0>& x0, const LocalTensor<In1>& x1, const LocalTensor<Out0>& y0, 
                                          TBuf<TPosition::VECCALC>& tmp, uint32_t tile, uint32_t cnt,
                                          const ClampModTilingData& td)
    {
        (void)tmp;
        (void)tile;
        (void)td;
        (void)x0;  // a chain may not read every input (tbe.fills of its shape)
        (void)x1;  // a chain may not read every input (tbe.fills of its shape)
        // TBE vdiv at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: on SoCs without a divide instruction TBE computes Reciprocal(high_precision) * lhs; results can differ in the last bits
        LocalTensor<float> t1 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Div(t1, x0, x1, cnt);
        // TBE floor at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> int32
        // trap: returns int32 by default; a float result needs adv Floor
        LocalTensor<int32_t> t2 = tmp.GetWithOffset<int32_t>(tile, 32U * (tile / 8));  // int32
        Cast(t2, t1, RoundMode::CAST_FLOOR, cnt);
        // TBE cast_to at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: float -> int truncates in TBE (use RoundMode CAST_TRUNC, not CAST_RINT); unsupported pairs go through fp16/fp32 in two casts
        LocalTensor<float> t3 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Cast(t3, t2, RoundMode::CAST_RINT, cnt);
        // TBE vmul at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t4 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Mul(t4, x1, t3, cnt);
        // TBE vsub at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t5 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Sub(t5, x0, t4, cnt);
        // TBE broadcast at clamp_mod.py:25 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        // trap: a tensor broadcast becomes stride-aware addressing in the kernel, not a GM BroadcastTo; a python float literal broadcasts as fp16 unless output_dtype is given
        LocalTensor<float> t6 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Duplicate(t6, 4.0f, cnt);
        // TBE vcmp at clamp_mod.py:26 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> uint1
        // trap: TBE 'bool' mode writes one byte per element, Ascend C Compare writes a bit mask; count and 256-byte alignment rules apply
        LocalTensor<uint8_t> t7 = tmp.GetWithOffset<uint8_t>(tile / 8, 64U * (tile / 8));  // mask
        Compare(t7, t5, t6, CMPMODE::GT, cnt);
        // TBE vsel at clamp_mod.py:27 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        // trap: a byte-bool condition needs the byte-mask Select; Select itself takes a bit mask
        LocalTensor<float> t8 = tmp.GetWithOffset<float>(tile, 65U * (tile / 8));  // float32
        Select(t8, t7, t6, t5, SELMODE::VSEL_TENSOR_TENSOR_MODE, cnt);
        // TBE vmaxs at clamp_mod.py:28 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        LocalTensor<float> t9 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Maxs(t9, t8, 0.0f, cnt);
        // TBE vabs at clamp_mod.py:33 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        Abs(y0, t9, cnt);
    }
};

// Combination 1: x float32, y float32, z float32 (ascend910b)
struct ClampModChain1 {
    using In0 = float;
    using In1 = float;
    using Out0 = float;
    static constexpr uint32_t TMP_UNITS = 97;  // scratch bytes per 8 tile elements

    __aicore__ static inline void Compute(const LocalTensor<In0>& x0, const LocalTensor<In1>& x1, const LocalTensor<Out0>& y0, 
                                          TBuf<TPosition::VECCALC>& tmp, uint32_t tile, uint32_t cnt,
                                          const ClampModTilingData& td)
    {
        (void)tmp;
        (void)tile;
        (void)td;
        (void)x0;  // a chain may not read every input (tbe.fills of its shape)
        (void)x1;  // a chain may not read every input (tbe.fills of its shape)
        // TBE vdiv at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: on SoCs without a divide instruction TBE computes Reciprocal(high_precision) * lhs; results can differ in the last bits
        LocalTensor<float> t1 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Div(t1, x0, x1, cnt);
        // TBE floor at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> int32
        // trap: returns int32 by default; a float result needs adv Floor
        LocalTensor<int32_t> t2 = tmp.GetWithOffset<int32_t>(tile, 32U * (tile / 8));  // int32
        Cast(t2, t1, RoundMode::CAST_FLOOR, cnt);
        // TBE cast_to at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: float -> int truncates in TBE (use RoundMode CAST_TRUNC, not CAST_RINT); unsupported pairs go through fp16/fp32 in two casts
        LocalTensor<float> t3 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Cast(t3, t2, RoundMode::CAST_RINT, cnt);
        // TBE vmul at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t4 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Mul(t4, x1, t3, cnt);
        // TBE vsub at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t5 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Sub(t5, x0, t4, cnt);
        // TBE broadcast at clamp_mod.py:25 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        // trap: a tensor broadcast becomes stride-aware addressing in the kernel, not a GM BroadcastTo; a python float literal broadcasts as fp16 unless output_dtype is given
        LocalTensor<float> t6 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Duplicate(t6, 4.0f, cnt);
        // TBE vcmp at clamp_mod.py:26 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> uint1
        // trap: TBE 'bool' mode writes one byte per element, Ascend C Compare writes a bit mask; count and 256-byte alignment rules apply
        LocalTensor<uint8_t> t7 = tmp.GetWithOffset<uint8_t>(tile / 8, 64U * (tile / 8));  // mask
        Compare(t7, t5, t6, CMPMODE::GT, cnt);
        // TBE vsel at clamp_mod.py:27 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        // trap: a byte-bool condition needs the byte-mask Select; Select itself takes a bit mask
        LocalTensor<float> t8 = tmp.GetWithOffset<float>(tile, 65U * (tile / 8));  // float32
        Select(t8, t7, t6, t5, SELMODE::VSEL_TENSOR_TENSOR_MODE, cnt);
        // TBE vmaxs at clamp_mod.py:28 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        Maxs(y0, t8, 0.0f, cnt);
    }
};

// Combination 2: x float32, y float32, z float32 (ascend910b)
struct ClampModChain2 {
    using In0 = float;
    using In1 = float;
    using Out0 = float;
    static constexpr uint32_t TMP_UNITS = 97;  // scratch bytes per 8 tile elements

    __aicore__ static inline void Compute(const LocalTensor<In0>& x0, const LocalTensor<In1>& x1, const LocalTensor<Out0>& y0, 
                                          TBuf<TPosition::VECCALC>& tmp, uint32_t tile, uint32_t cnt,
                                          const ClampModTilingData& td)
    {
        (void)tmp;
        (void)tile;
        (void)td;
        (void)x0;  // a chain may not read every input (tbe.fills of its shape)
        (void)x1;  // a chain may not read every input (tbe.fills of its shape)
        // TBE vdiv at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: on SoCs without a divide instruction TBE computes Reciprocal(high_precision) * lhs; results can differ in the last bits
        LocalTensor<float> t1 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Div(t1, x0, x1, cnt);
        // TBE floor at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> int32
        // trap: returns int32 by default; a float result needs adv Floor
        LocalTensor<int32_t> t2 = tmp.GetWithOffset<int32_t>(tile, 32U * (tile / 8));  // int32
        Cast(t2, t1, RoundMode::CAST_FLOOR, cnt);
        // TBE cast_to at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: float -> int truncates in TBE (use RoundMode CAST_TRUNC, not CAST_RINT); unsupported pairs go through fp16/fp32 in two casts
        LocalTensor<float> t3 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Cast(t3, t2, RoundMode::CAST_RINT, cnt);
        // TBE vmul at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t4 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Mul(t4, x1, t3, cnt);
        // TBE vsub at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t5 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Sub(t5, x0, t4, cnt);
        // TBE broadcast at clamp_mod.py:25 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        // trap: a tensor broadcast becomes stride-aware addressing in the kernel, not a GM BroadcastTo; a python float literal broadcasts as fp16 unless output_dtype is given
        LocalTensor<float> t6 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Duplicate(t6, 4.0f, cnt);
        // TBE vcmp at clamp_mod.py:26 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> uint1
        // trap: TBE 'bool' mode writes one byte per element, Ascend C Compare writes a bit mask; count and 256-byte alignment rules apply
        LocalTensor<uint8_t> t7 = tmp.GetWithOffset<uint8_t>(tile / 8, 64U * (tile / 8));  // mask
        Compare(t7, t5, t6, CMPMODE::GT, cnt);
        // TBE vsel at clamp_mod.py:27 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        // trap: a byte-bool condition needs the byte-mask Select; Select itself takes a bit mask
        LocalTensor<float> t8 = tmp.GetWithOffset<float>(tile, 65U * (tile / 8));  // float32
        Select(t8, t7, t6, t5, SELMODE::VSEL_TENSOR_TENSOR_MODE, cnt);
        // TBE vmaxs at clamp_mod.py:28 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        LocalTensor<float> t9 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Maxs(t9, t8, 0.0f, cnt);
        // TBE vmuls at clamp_mod.py:31 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        // trap: the scalar takes the tensor dtype
        LocalTensor<float> t10 = tmp.GetWithOffset<float>(tile, 65U * (tile / 8));  // float32
        Muls(t10, t9, ScalarAs<float>(td.scalars[0]), cnt);
        // TBE vabs at clamp_mod.py:33 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        Abs(y0, t10, cnt);
    }
};

// Combination 3: x float32, y float32, z float32 (ascend910b)
struct ClampModChain3 {
    using In0 = float;
    using In1 = float;
    using Out0 = float;
    static constexpr uint32_t TMP_UNITS = 97;  // scratch bytes per 8 tile elements

    __aicore__ static inline void Compute(const LocalTensor<In0>& x0, const LocalTensor<In1>& x1, const LocalTensor<Out0>& y0, 
                                          TBuf<TPosition::VECCALC>& tmp, uint32_t tile, uint32_t cnt,
                                          const ClampModTilingData& td)
    {
        (void)tmp;
        (void)tile;
        (void)td;
        (void)x0;  // a chain may not read every input (tbe.fills of its shape)
        (void)x1;  // a chain may not read every input (tbe.fills of its shape)
        // TBE vdiv at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: on SoCs without a divide instruction TBE computes Reciprocal(high_precision) * lhs; results can differ in the last bits
        LocalTensor<float> t1 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Div(t1, x0, x1, cnt);
        // TBE floor at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> int32
        // trap: returns int32 by default; a float result needs adv Floor
        LocalTensor<int32_t> t2 = tmp.GetWithOffset<int32_t>(tile, 32U * (tile / 8));  // int32
        Cast(t2, t1, RoundMode::CAST_FLOOR, cnt);
        // TBE cast_to at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: float -> int truncates in TBE (use RoundMode CAST_TRUNC, not CAST_RINT); unsupported pairs go through fp16/fp32 in two casts
        LocalTensor<float> t3 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Cast(t3, t2, RoundMode::CAST_RINT, cnt);
        // TBE vmul at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t4 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Mul(t4, x1, t3, cnt);
        // TBE vsub at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t5 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Sub(t5, x0, t4, cnt);
        // TBE broadcast at clamp_mod.py:25 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        // trap: a tensor broadcast becomes stride-aware addressing in the kernel, not a GM BroadcastTo; a python float literal broadcasts as fp16 unless output_dtype is given
        LocalTensor<float> t6 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Duplicate(t6, 4.0f, cnt);
        // TBE vcmp at clamp_mod.py:26 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> uint1
        // trap: TBE 'bool' mode writes one byte per element, Ascend C Compare writes a bit mask; count and 256-byte alignment rules apply
        LocalTensor<uint8_t> t7 = tmp.GetWithOffset<uint8_t>(tile / 8, 64U * (tile / 8));  // mask
        Compare(t7, t5, t6, CMPMODE::GT, cnt);
        // TBE vsel at clamp_mod.py:27 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        // trap: a byte-bool condition needs the byte-mask Select; Select itself takes a bit mask
        LocalTensor<float> t8 = tmp.GetWithOffset<float>(tile, 65U * (tile / 8));  // float32
        Select(t8, t7, t6, t5, SELMODE::VSEL_TENSOR_TENSOR_MODE, cnt);
        // TBE vmaxs at clamp_mod.py:28 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        LocalTensor<float> t9 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Maxs(t9, t8, 0.0f, cnt);
        // TBE vmuls at clamp_mod.py:31 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        // trap: the scalar takes the tensor dtype
        Muls(y0, t9, ScalarAs<float>(td.scalars[0]), cnt);
    }
};

// Combination 4: x float32, y float32, z float32 (ascend910b)
struct ClampModChain4 {
    using In0 = float;
    using In1 = float;
    using Out0 = float;
    static constexpr uint32_t TMP_UNITS = 64;  // scratch bytes per 8 tile elements

    __aicore__ static inline void Compute(const LocalTensor<In0>& x0, const LocalTensor<In1>& x1, const LocalTensor<Out0>& y0, 
                                          TBuf<TPosition::VECCALC>& tmp, uint32_t tile, uint32_t cnt,
                                          const ClampModTilingData& td)
    {
        (void)tmp;
        (void)tile;
        (void)td;
        (void)x0;  // a chain may not read every input (tbe.fills of its shape)
        (void)x1;  // a chain may not read every input (tbe.fills of its shape)
        // TBE vdiv at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: on SoCs without a divide instruction TBE computes Reciprocal(high_precision) * lhs; results can differ in the last bits
        LocalTensor<float> t1 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Div(t1, x0, x1, cnt);
        // TBE floor at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> int32
        // trap: returns int32 by default; a float result needs adv Floor
        LocalTensor<int32_t> t2 = tmp.GetWithOffset<int32_t>(tile, 32U * (tile / 8));  // int32
        Cast(t2, t1, RoundMode::CAST_FLOOR, cnt);
        // TBE cast_to at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: float -> int truncates in TBE (use RoundMode CAST_TRUNC, not CAST_RINT); unsupported pairs go through fp16/fp32 in two casts
        LocalTensor<float> t3 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Cast(t3, t2, RoundMode::CAST_RINT, cnt);
        // TBE vmul at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t4 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Mul(t4, x1, t3, cnt);
        // TBE vsub at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t5 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Sub(t5, x0, t4, cnt);
        // TBE vabs at clamp_mod.py:33 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        Abs(y0, t5, cnt);
    }
};

// Combination 5: x float32, y float32, z float32 (ascend910b)
struct ClampModChain5 {
    using In0 = float;
    using In1 = float;
    using Out0 = float;
    static constexpr uint32_t TMP_UNITS = 64;  // scratch bytes per 8 tile elements

    __aicore__ static inline void Compute(const LocalTensor<In0>& x0, const LocalTensor<In1>& x1, const LocalTensor<Out0>& y0, 
                                          TBuf<TPosition::VECCALC>& tmp, uint32_t tile, uint32_t cnt,
                                          const ClampModTilingData& td)
    {
        (void)tmp;
        (void)tile;
        (void)td;
        (void)x0;  // a chain may not read every input (tbe.fills of its shape)
        (void)x1;  // a chain may not read every input (tbe.fills of its shape)
        // TBE vdiv at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: on SoCs without a divide instruction TBE computes Reciprocal(high_precision) * lhs; results can differ in the last bits
        LocalTensor<float> t1 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Div(t1, x0, x1, cnt);
        // TBE floor at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> int32
        // trap: returns int32 by default; a float result needs adv Floor
        LocalTensor<int32_t> t2 = tmp.GetWithOffset<int32_t>(tile, 32U * (tile / 8));  // int32
        Cast(t2, t1, RoundMode::CAST_FLOOR, cnt);
        // TBE cast_to at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: float -> int truncates in TBE (use RoundMode CAST_TRUNC, not CAST_RINT); unsupported pairs go through fp16/fp32 in two casts
        LocalTensor<float> t3 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Cast(t3, t2, RoundMode::CAST_RINT, cnt);
        // TBE vmul at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t4 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Mul(t4, x1, t3, cnt);
        // TBE vsub at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        Sub(y0, x0, t4, cnt);
    }
};

// Combination 6: x float32, y float32, z float32 (ascend910b)
struct ClampModChain6 {
    using In0 = float;
    using In1 = float;
    using Out0 = float;
    static constexpr uint32_t TMP_UNITS = 64;  // scratch bytes per 8 tile elements

    __aicore__ static inline void Compute(const LocalTensor<In0>& x0, const LocalTensor<In1>& x1, const LocalTensor<Out0>& y0, 
                                          TBuf<TPosition::VECCALC>& tmp, uint32_t tile, uint32_t cnt,
                                          const ClampModTilingData& td)
    {
        (void)tmp;
        (void)tile;
        (void)td;
        (void)x0;  // a chain may not read every input (tbe.fills of its shape)
        (void)x1;  // a chain may not read every input (tbe.fills of its shape)
        // TBE vdiv at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: on SoCs without a divide instruction TBE computes Reciprocal(high_precision) * lhs; results can differ in the last bits
        LocalTensor<float> t1 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Div(t1, x0, x1, cnt);
        // TBE floor at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> int32
        // trap: returns int32 by default; a float result needs adv Floor
        LocalTensor<int32_t> t2 = tmp.GetWithOffset<int32_t>(tile, 32U * (tile / 8));  // int32
        Cast(t2, t1, RoundMode::CAST_FLOOR, cnt);
        // TBE cast_to at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: float -> int truncates in TBE (use RoundMode CAST_TRUNC, not CAST_RINT); unsupported pairs go through fp16/fp32 in two casts
        LocalTensor<float> t3 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Cast(t3, t2, RoundMode::CAST_RINT, cnt);
        // TBE vmul at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t4 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Mul(t4, x1, t3, cnt);
        // TBE vsub at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t5 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Sub(t5, x0, t4, cnt);
        // TBE vmuls at clamp_mod.py:31 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        // trap: the scalar takes the tensor dtype
        LocalTensor<float> t6 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Muls(t6, t5, ScalarAs<float>(td.scalars[0]), cnt);
        // TBE vabs at clamp_mod.py:33 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        Abs(y0, t6, cnt);
    }
};

// Combination 7: x float32, y float32, z float32 (ascend910b)
struct ClampModChain7 {
    using In0 = float;
    using In1 = float;
    using Out0 = float;
    static constexpr uint32_t TMP_UNITS = 64;  // scratch bytes per 8 tile elements

    __aicore__ static inline void Compute(const LocalTensor<In0>& x0, const LocalTensor<In1>& x1, const LocalTensor<Out0>& y0, 
                                          TBuf<TPosition::VECCALC>& tmp, uint32_t tile, uint32_t cnt,
                                          const ClampModTilingData& td)
    {
        (void)tmp;
        (void)tile;
        (void)td;
        (void)x0;  // a chain may not read every input (tbe.fills of its shape)
        (void)x1;  // a chain may not read every input (tbe.fills of its shape)
        // TBE vdiv at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: on SoCs without a divide instruction TBE computes Reciprocal(high_precision) * lhs; results can differ in the last bits
        LocalTensor<float> t1 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Div(t1, x0, x1, cnt);
        // TBE floor at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> int32
        // trap: returns int32 by default; a float result needs adv Floor
        LocalTensor<int32_t> t2 = tmp.GetWithOffset<int32_t>(tile, 32U * (tile / 8));  // int32
        Cast(t2, t1, RoundMode::CAST_FLOOR, cnt);
        // TBE cast_to at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        // trap: float -> int truncates in TBE (use RoundMode CAST_TRUNC, not CAST_RINT); unsupported pairs go through fp16/fp32 in two casts
        LocalTensor<float> t3 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Cast(t3, t2, RoundMode::CAST_RINT, cnt);
        // TBE vmul at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t4 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Mul(t4, x1, t3, cnt);
        // TBE vsub at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52 > tbe.vmod) -> float32
        LocalTensor<float> t5 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Sub(t5, x0, t4, cnt);
        // TBE vmuls at clamp_mod.py:31 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> float32
        // trap: the scalar takes the tensor dtype
        Muls(y0, t5, ScalarAs<float>(td.scalars[0]), cnt);
    }
};

// Combination 8: x int64, y int64, z int64 (ascend910b)
struct ClampModChain8 {
    using In0 = int64_t;
    using In1 = int64_t;
    using Out0 = int64_t;
    static constexpr uint32_t TMP_UNITS = 0;  // scratch bytes per 8 tile elements

    __aicore__ static inline void Compute(const LocalTensor<In0>& x0, const LocalTensor<In1>& x1, const LocalTensor<Out0>& y0, 
                                          TBuf<TPosition::VECCALC>& tmp, uint32_t tile, uint32_t cnt,
                                          const ClampModTilingData& td)
    {
        (void)tmp;
        (void)tile;
        (void)td;
        (void)x0;  // a chain may not read every input (tbe.fills of its shape)
        (void)x1;  // a chain may not read every input (tbe.fills of its shape)
        // TBE vmod at clamp_mod.py:21 (inlined from clamp_mod@37 > clamp_mod_compute@52) -> int64
        // trap: vmod is floor-mod (sign of the divisor), not Fmod: adv Fmod truncates and differs for mixed signs
        PipeBarrier<PIPE_ALL>();  // the scalar unit reads vector and DMA results and writes for them
        for (uint32_t i = 0; i < cnt; ++i) {
                const int64_t a0 = x0.GetValue(i);
                const int64_t a1 = x1.GetValue(i);
                y0.SetValue(i, static_cast<int64_t>(ScalarOps::FloorMod<int64_t>(a0, a1)));
        }
        PipeBarrier<PIPE_ALL>();
        // int64: no vector integer division on A2; floor-mod on the scalar unit (x % 0 -> 0)
    }
};

} // namespace ClampModNs

#endif // OPS_EXPERIMENTAL_OP_KERNEL_CLAMP_MOD_CHAINS_H_
