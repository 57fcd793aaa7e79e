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
 * \file scaled_diff_chains.h
 * \brief The compute of each ScaledDiff dtype combination: its TBE chain (scaled_diff.py) traced with that
 *        combination's branches decided on Ascend910B, each DSL call translated to the Ascend C calls of
 *        its mapping, with TBE's casts and the call's trap as a comment. A call the scaffold could not translate is a
 *        static_assert(false, ...) naming it and its TBE line.
 */
#ifndef OPS_EXPERIMENTAL_OP_KERNEL_SCALED_DIFF_CHAINS_H_
#define OPS_EXPERIMENTAL_OP_KERNEL_SCALED_DIFF_CHAINS_H_

#include "kernel_operator.h"
#include "scaled_diff_tiling_data.h"

namespace ScaledDiffNs {
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

// Combination 0: x1 float16, x2 float16, y float16 (ascend910b)
struct ScaledDiffChain0 {
    using In0 = half;
    using In1 = half;
    using Out0 = half;
    static constexpr uint32_t TMP_UNITS = 80;  // scratch bytes per 8 tile elements

    __aicore__ static inline void Compute(const LocalTensor<In0>& x0, const LocalTensor<In1>& x1, const LocalTensor<Out0>& y0, 
                                          TBuf<TPosition::VECCALC>& tmp, uint32_t tile, uint32_t cnt,
                                          const ScaledDiffTilingData& td)
    {
        (void)tmp;
        (void)tile;
        (void)td;
        (void)x0;  // a chain may not read every input (tbe.fills of its shape)
        (void)x1;  // a chain may not read every input (tbe.fills of its shape)
        // TBE vsub at scaled_diff.py:33 (inlined from scaled_diff@37 > scaled_diff_compute@60) -> float16
        LocalTensor<half> t1 = tmp.GetWithOffset<half>(tile, 0U * (tile / 8));  // float16
        Sub(t1, x0, x1, cnt);
        // TBE cast_to at util_fixture.py:12 (inlined from scaled_diff@37 > scaled_diff_compute@60 > scaled_abs@34) -> float32
        // trap: float -> int truncates in TBE (use RoundMode CAST_TRUNC, not CAST_RINT); unsupported pairs go through fp16/fp32 in two casts
        LocalTensor<float> t2 = tmp.GetWithOffset<float>(tile, 16U * (tile / 8));  // float32
        Cast(t2, t1, RoundMode::CAST_NONE, cnt);
        // TBE vmuls at util_fixture.py:13 (inlined from scaled_diff@37 > scaled_diff_compute@60 > scaled_abs@34) -> float32
        // trap: the scalar takes the tensor dtype
        LocalTensor<float> t3 = tmp.GetWithOffset<float>(tile, 48U * (tile / 8));  // float32
        Muls(t3, t2, ScalarAs<float>(td.scalars[0]), cnt);
        // TBE vabs at util_fixture.py:14 (inlined from scaled_diff@37 > scaled_diff_compute@60 > scaled_abs@34) -> float32
        LocalTensor<float> t4 = tmp.GetWithOffset<float>(tile, 16U * (tile / 8));  // float32
        Abs(t4, t3, cnt);
        // TBE cast_to at util_fixture.py:16 (inlined from scaled_diff@37 > scaled_diff_compute@60 > scaled_abs@34) -> float16
        // trap: float -> int truncates in TBE (use RoundMode CAST_TRUNC, not CAST_RINT); unsupported pairs go through fp16/fp32 in two casts
        Cast(y0, t4, RoundMode::CAST_RINT, cnt);
    }
};

// Combination 1: x1 float32, x2 float32, y float32 (ascend910b)
struct ScaledDiffChain1 {
    using In0 = float;
    using In1 = float;
    using Out0 = float;
    static constexpr uint32_t TMP_UNITS = 64;  // scratch bytes per 8 tile elements

    __aicore__ static inline void Compute(const LocalTensor<In0>& x0, const LocalTensor<In1>& x1, const LocalTensor<Out0>& y0, 
                                          TBuf<TPosition::VECCALC>& tmp, uint32_t tile, uint32_t cnt,
                                          const ScaledDiffTilingData& td)
    {
        (void)tmp;
        (void)tile;
        (void)td;
        (void)x0;  // a chain may not read every input (tbe.fills of its shape)
        (void)x1;  // a chain may not read every input (tbe.fills of its shape)
        // TBE vsub at scaled_diff.py:33 (inlined from scaled_diff@37 > scaled_diff_compute@60) -> float32
        LocalTensor<float> t1 = tmp.GetWithOffset<float>(tile, 0U * (tile / 8));  // float32
        Sub(t1, x0, x1, cnt);
        // TBE vmuls at util_fixture.py:13 (inlined from scaled_diff@37 > scaled_diff_compute@60 > scaled_abs@34) -> float32
        // trap: the scalar takes the tensor dtype
        LocalTensor<float> t2 = tmp.GetWithOffset<float>(tile, 32U * (tile / 8));  // float32
        Muls(t2, t1, ScalarAs<float>(td.scalars[0]), cnt);
        // TBE vabs at util_fixture.py:14 (inlined from scaled_diff@37 > scaled_diff_compute@60 > scaled_abs@34) -> float32
        Abs(y0, t2, cnt);
    }
};

// Combination 2: x1 int32, x2 int32, y int32 (ascend910b)
struct ScaledDiffChain2 {
    using In0 = int32_t;
    using In1 = int32_t;
    using Out0 = int32_t;
    static constexpr uint32_t TMP_UNITS = 0;  // scratch bytes per 8 tile elements

    __aicore__ static inline void Compute(const LocalTensor<In0>& x0, const LocalTensor<In1>& x1, const LocalTensor<Out0>& y0, 
                                          TBuf<TPosition::VECCALC>& tmp, uint32_t tile, uint32_t cnt,
                                          const ScaledDiffTilingData& td)
    {
        (void)tmp;
        (void)tile;
        (void)td;
        (void)x0;  // a chain may not read every input (tbe.fills of its shape)
        (void)x1;  // a chain may not read every input (tbe.fills of its shape)
        // TBE vsub at scaled_diff.py:31 (inlined from scaled_diff@37 > scaled_diff_compute@60) -> int32
        Sub(y0, x0, x1, cnt);
    }
};

// Combination 3: x1 int32, x2 int32, y int32 (ascend910b)
struct ScaledDiffChain3 {
    using In0 = int32_t;
    using In1 = int32_t;
    using Out0 = int32_t;
    static constexpr uint32_t TMP_UNITS = 0;  // scratch bytes per 8 tile elements

    __aicore__ static inline void Compute(const LocalTensor<In0>& x0, const LocalTensor<In1>& x1, const LocalTensor<Out0>& y0, 
                                          TBuf<TPosition::VECCALC>& tmp, uint32_t tile, uint32_t cnt,
                                          const ScaledDiffTilingData& td)
    {
        (void)tmp;
        (void)tile;
        (void)td;
        (void)x0;  // a chain may not read every input (tbe.fills of its shape)
        (void)x1;  // a chain may not read every input (tbe.fills of its shape)
        // TBE vsub at scaled_diff.py:32 (inlined from scaled_diff@37 > scaled_diff_compute@60) -> int32
        Sub(y0, x1, x0, cnt);
    }
};

} // namespace ScaledDiffNs

#endif // OPS_EXPERIMENTAL_OP_KERNEL_SCALED_DIFF_CHAINS_H_
