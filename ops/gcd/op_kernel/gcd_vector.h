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
 * \file gcd_vector.h
 * \brief Gcd arithmetic of one tile up to 32 bits: operands widened to fp32 magnitudes, a masked Euclid for as many
 *        trips as the tile's largest operand can need, and the exact scalar path for fp32 / bf16 / int32 tiles with
 *        an operand of 2^22 or more (their fp32 quotients are no longer exact enough).
 */
#ifndef OPS_MATH_GCD_VECTOR_H
#define OPS_MATH_GCD_VECTOR_H

#include "kernel_operator.h"
#include "gcd_core.h"
#include "gcd_walk.h"
#include "gcd_tiling_key.h"

namespace GcdNs {

using namespace AscendC;

constexpr float GCD_FLOAT_MAX = 3.4028234663852886e38f;

template <typename T>
struct GcdBits;
template <>
struct GcdBits<float> {
    using Type = uint32_t;
};
template <>
struct GcdBits<half> {
    using Type = uint16_t;
};
template <>
struct GcdBits<bfloat16_t> {
    using Type = uint16_t;
};
template <>
struct GcdBits<int32_t> {
    using Type = int32_t;
};

// One SetFlag/WaitFlag pair: the pipe waiting in EVENT's name resumes once the other pipe's earlier work is done.
template <HardEvent EVENT>
__aicore__ inline void GcdWaitFor()
{
    const event_t id = static_cast<event_t>(GetTPipePtr()->FetchEventID(EVENT));
    SetFlag<EVENT>(id);
    WaitFlag<EVENT>(id);
}

template <typename T, uint64_t DTYPE_CODE>
class GcdVectorMath {
public:
    __aicore__ inline void InitBuffers(TPipe* pipe, const GcdCore::GcdUbPlan& plan)
    {
        pipe->InitBuffer(aBuf_, plan.floatBytes);
        pipe->InitBuffer(bBuf_, plan.floatBytes);
        pipe->InitBuffer(quotientBuf_, plan.floatBytes);
        pipe->InitBuffer(scratchBuf_, plan.floatBytes);
        pipe->InitBuffer(reduceBuf_, plan.floatBytes);
        pipe->InitBuffer(halfBuf_, plan.halfBytes);
        pipe->InitBuffer(maskBuf_, plan.maskBytes);
        pipe->InitBuffer(finiteBuf_, plan.maskBytes);
    }

    __aicore__ inline LocalTensor<float> A() { return aBuf_.Get<float>(); }
    __aicore__ inline LocalTensor<float> B() { return bBuf_.Get<float>(); }
    __aicore__ inline LocalTensor<half> Staging() { return halfBuf_.Get<half>(); }

    // dst = |x| in fp32: integers widened (8-bit through half, A2 has no int8 <-> float Cast) with the dtype
    // minimum mapped back to itself as torch's in-dtype abs does; floats are truncated later, once masked.
    __aicore__ inline void ToMagnitude(const LocalTensor<float>& dst, const LocalTensor<T>& src, int32_t n)
    {
        if constexpr (DTYPE_CODE == GCD_DTYPE_INT8 || DTYPE_CODE == GCD_DTYPE_UINT8) {
            LocalTensor<half> staging = halfBuf_.Get<half>();
            Cast(staging, src, RoundMode::CAST_NONE, n);
            Cast(dst, staging, RoundMode::CAST_NONE, n);
        } else if constexpr (DTYPE_CODE == GCD_DTYPE_FLOAT) {
            Adds(dst, src, 0.0f, n);
        } else {
            Cast(dst, src, RoundMode::CAST_NONE, n); // int32 above 2^24 rounds: such a tile goes scalar anyway
        }
        FinishMagnitude(dst, n);
    }

    // The same from 8-bit operands already widened to half (a gathered BLOCK tile).
    __aicore__ inline void ToMagnitudeFromHalf(const LocalTensor<float>& dst, const LocalTensor<half>& src, int32_t n)
    {
        Cast(dst, src, RoundMode::CAST_NONE, n);
        FinishMagnitude(dst, n);
    }

    // out = gcd of the magnitudes in A() and B(); x and y are the native operands, read only by the exact scalar
    // path. `lanesFromMte2`: some operand lane was written by a DataCopy the scalar unit has not waited for.
    __aicore__ inline void Solve(const LocalTensor<T>& out, const LocalTensor<T>& x, const LocalTensor<T>& y,
                                 int64_t count, bool lanesFromMte2)
    {
        LocalTensor<float> a = A();
        LocalTensor<float> b = B();
        // Vector instructions run whole 256-byte repeats; lanes past the count compute values never copied out.
        const int32_t n = static_cast<int32_t>(GcdCore::RoundUp(count, GcdCore::GCD_TILE_ALIGN));
        float largest = 0.0f;
        if constexpr (IsFloatType()) {
            largest = MaskNonFinite(a, b, n, static_cast<int32_t>(count));
        } else {
            largest = LargestMagnitude(a, b, n, static_cast<int32_t>(count));
        }
        if constexpr (HasExactPath()) {
            if (largest >= GcdCore::VECTOR_EXACT_LIMIT) {
                ScalarExact(out, x, y, count, lanesFromMte2);
                return;
            }
        }
        // The trip bound of this tile's own largest operand: tiles of small integers stop early. A tile holding the
        // int8 / int16 minimum (its largest magnitude is 128 / 32768, no other value reaches it) keeps the truncating
        // Euclid: torch's result there takes the sign its remainders leave, which the nearest quotients do not follow.
        if constexpr (HasNegativeOperands()) {
            if (largest >= WrappedMagnitude()) {
                const int32_t trips = GcdCore::TruncatingEuclidIterations(static_cast<int64_t>(largest));
                FromFloat(out, Euclid<true>(a, b, n, trips, static_cast<int32_t>(count)), n);
                return;
            }
        }
        const int32_t trips = GcdCore::EuclidIterations(static_cast<int64_t>(largest));
        FromFloat(out, Euclid<false>(a, b, n, trips, static_cast<int32_t>(count)), n);
    }

private:
    static constexpr bool IsFloatType()
    {
        return DTYPE_CODE == GCD_DTYPE_FLOAT || DTYPE_CODE == GCD_DTYPE_FLOAT16 || DTYPE_CODE == GCD_DTYPE_BF16;
    }

    // Only int8 / int16 have negative Euclid operands: the dtype minimum, whose magnitude wraps back to itself.
    static constexpr bool HasNegativeOperands()
    {
        return DTYPE_CODE == GCD_DTYPE_INT8 || DTYPE_CODE == GCD_DTYPE_INT16;
    }

    // fp32 and bf16 operands reach 2^22, int32 ones 2^31; the other dtypes always stay below VECTOR_EXACT_LIMIT.
    static constexpr bool HasExactPath()
    {
        return DTYPE_CODE == GCD_DTYPE_FLOAT || DTYPE_CODE == GCD_DTYPE_BF16 || DTYPE_CODE == GCD_DTYPE_INT32;
    }

    static constexpr float WrappedMagnitude() { return DTYPE_CODE == GCD_DTYPE_INT8 ? 128.0f : 32768.0f; }

    __aicore__ inline void FinishMagnitude(const LocalTensor<float>& dst, int32_t n)
    {
        Abs(dst, dst, n);
        if constexpr (DTYPE_CODE == GCD_DTYPE_INT8 || DTYPE_CODE == GCD_DTYPE_INT16) {
            LocalTensor<uint8_t> mask = maskBuf_.Get<uint8_t>();
            const float wrapped = WrappedMagnitude();
            CompareScalar(mask, dst, wrapped, CMPMODE::NE, n);
            Select(dst, mask, dst, -wrapped, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        }
    }

    // Truncates toward zero through int32 (float -> int32 CAST_TRUNC, int32 -> float): both pairs exist on A2 and
    // every value truncated here is below 2^31 or only needs to stay >= VECTOR_EXACT_LIMIT after saturation.
    __aicore__ inline void Truncate(const LocalTensor<float>& t, int32_t n)
    {
        LocalTensor<int32_t> asInt = t.template ReinterpretCast<int32_t>();
        Cast(asInt, t, RoundMode::CAST_TRUNC, n);
        Cast(t, asInt, RoundMode::CAST_NONE, n);
    }

    // The tile's largest magnitude, read by the scalar unit once the vector unit has written it (V_S). Every vector
    // instruction of the tile so far (Gather, Duplicate, the casts) precedes the ReduceMax, so the same wait also
    // orders the exact path's scalar reads of vector-written operand lanes.
    __aicore__ inline float ReadLargest(const LocalTensor<float>& largest, int32_t count)
    {
        LocalTensor<float> reduced = quotientBuf_.Get<float>();
        LocalTensor<float> work = reduceBuf_.Get<float>();
        ReduceMax(reduced, largest, work, count, false); // lanes past the count hold stale data
        GcdWaitFor<HardEvent::V_S>();
        const float value = reduced.GetValue(0);
        GcdWaitFor<HardEvent::S_V>(); // the Euclid's Select rewrites this buffer next (write-after-read)
        return value;
    }

    // Whether the mask (a != 0) has a bit set among the first `count` lanes: its bytes as FLOAT16 values 0..255 (the
    // last byte may hold lanes past the count, which can only keep the loop going) reduced in `free`, a buffer the
    // trip does not read, to their largest, read after V -> S. S -> V then: the trip's Select rewrites the result's
    // buffer (the divisor's).
    __aicore__ inline bool AnyLaneLeft(const LocalTensor<uint8_t>& mask, const LocalTensor<float>& free, int32_t count)
    {
        const int32_t bytes = (count + 7) / 8;
        LocalTensor<half> values = free.template ReinterpretCast<half>();
        LocalTensor<half> largest = quotientBuf_.Get<half>();
        Cast(values, mask, RoundMode::CAST_NONE, bytes);
        ReduceMax(largest, values, reduceBuf_.Get<half>(), bytes, false);
        GcdWaitFor<HardEvent::V_S>();
        const float value = static_cast<float>(largest.GetValue(0));
        GcdWaitFor<HardEvent::S_V>();
        return value != 0.0f;
    }

    // Keeps in finiteBuf_ the lanes where both operands are finite, zeroes the others (their output becomes NaN in
    // FromFloat) and truncates the rest. Returns the largest truncated magnitude of the tile.
    __aicore__ inline float MaskNonFinite(const LocalTensor<float>& a, const LocalTensor<float>& b, int32_t n,
                                          int32_t count)
    {
        LocalTensor<uint8_t> finite = finiteBuf_.Get<uint8_t>();
        LocalTensor<uint8_t> mask = maskBuf_.Get<uint8_t>();
        LocalTensor<float> largest = scratchBuf_.Get<float>();
        CompareScalar(finite, a, GCD_FLOAT_MAX, CMPMODE::LE, n);
        CompareScalar(mask, b, GCD_FLOAT_MAX, CMPMODE::LE, n);
        And(finite.ReinterpretCast<uint16_t>(), finite.ReinterpretCast<uint16_t>(), mask.ReinterpretCast<uint16_t>(),
            n / 16);
        Select(a, finite, a, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        Select(b, finite, b, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        Truncate(a, n);
        Truncate(b, n);
        Max(largest, a, b, n);
        return ReadLargest(largest, count);
    }

    // max(|a|, |b|) over the tile's lanes (|wrapped minimum| counts as 128 / 32768, which is its Euclid magnitude).
    __aicore__ inline float LargestMagnitude(const LocalTensor<float>& a, const LocalTensor<float>& b, int32_t n,
                                             int32_t count)
    {
        LocalTensor<float> absA = scratchBuf_.Get<float>();
        LocalTensor<float> absB = quotientBuf_.Get<float>();
        Abs(absA, a, n);
        Abs(absB, b, n);
        Max(absA, absA, absB, n);
        return ReadLargest(absA, count);
    }

    // Masked Euclid on all lanes at once: a lane with a == 0 is frozen, the others step (a, b) <- (b - q * a, a);
    // returns the buffer that holds b (the three buffers rotate, no copies).
    // Nearest (TRUNCATING false): q = rint(b / a); the nearest quotient at least halves the divisor every trip
    // (GcdCore::EuclidIterations) and needs no correction: below VECTOR_EXACT_LIMIT = 2^22 an integer quotient
    // returned one ulp off (the device's Div is documented to 1 ulp) still rounds to itself, and a quotient the ulp
    // moves onto a tie leaves |r| = (|a| + 1) / 2, inside the bound. Remainders take either sign: b is made |b| (128 /
    // 32768 back to the int8 / int16 minimum).
    // Truncating (int8 / int16 tiles with the dtype minimum): q = trunc(b / a), the remainder of C, so the minimum
    // behaves exactly as TorchIntGcd, for the Fibonacci bound. A quotient that is not an integer lies at least 1/|a| >
    // |b/a| * 2^-22 away from one, more than an ulp; only an exact quotient n can truncate to n - sign(n), leaving
    // r = +-a instead of 0, which is set to 0. test_gcd_kernel.py runs both with every quotient one ulp low and high.
    // From GcdCore::EuclidFirstCheck on, a trip first asks whether any of the `count` lanes still has a != 0 (one
    // reduction of the mask and a V -> S hand-over, AnyLaneLeft) and the loop ends when none has: frozen lanes would
    // stay as they are for the remaining trips.
    template <bool TRUNCATING>
    __aicore__ inline LocalTensor<float> Euclid(LocalTensor<float> a, LocalTensor<float> b, int32_t n, int32_t trips,
                                                int32_t count)
    {
        LocalTensor<uint8_t> mask = maskBuf_.Get<uint8_t>();
        LocalTensor<float> divisor = quotientBuf_.Get<float>();
        LocalTensor<float> magnitude = reduceBuf_.Get<float>();
        LocalTensor<float> remainder = scratchBuf_.Get<float>();
        const int32_t firstCheck = GcdCore::EuclidFirstCheck(trips);
        for (int32_t i = 0; i < trips; ++i) {
            CompareScalar(mask, a, 0.0f, CMPMODE::NE, n);
            if (i >= firstCheck && !AnyLaneLeft(mask, remainder, count)) {
                break;
            }
            Select(divisor, mask, a, 1.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
            Div(remainder, b, divisor, n);
            if constexpr (TRUNCATING) {
                Truncate(remainder, n);
            } else {
                Cast(remainder, remainder, RoundMode::CAST_RINT, n);
            }
            Mul(remainder, remainder, divisor, n);
            Sub(remainder, b, remainder, n); // 0 on a frozen lane: b is integral and the divisor 1
            Select(b, mask, a, b, SELMODE::VSEL_TENSOR_TENSOR_MODE, n);
            if constexpr (TRUNCATING) {
                Abs(divisor, divisor, n);
                Abs(magnitude, remainder, n);
                Compare(mask, magnitude, divisor, CMPMODE::LT, n);
                Select(remainder, mask, remainder, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
            }
            LocalTensor<float> spent = a; // the remainder is the next a; the old a's buffer takes the next remainder
            a = remainder;
            remainder = spent;
        }
        if constexpr (!TRUNCATING) {
            FinishMagnitude(b, n);
        }
        return b;
    }

    __aicore__ inline void FromFloat(const LocalTensor<T>& dst, const LocalTensor<float>& g, int32_t n)
    {
        if constexpr (IsFloatType()) {
            const float nan = GcdCore::QuietNanFloat();
            Select(g, finiteBuf_.Get<uint8_t>(), g, nan, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        }
        if constexpr (DTYPE_CODE == GCD_DTYPE_INT8 || DTYPE_CODE == GCD_DTYPE_UINT8) {
            LocalTensor<half> staging = halfBuf_.Get<half>();
            Cast(staging, g, RoundMode::CAST_NONE, n);
            Cast(dst, staging, RoundMode::CAST_TRUNC, n);
        } else if constexpr (DTYPE_CODE == GCD_DTYPE_FLOAT) {
            Adds(dst, g, 0.0f, n);
        } else {
            Cast(dst, g, RoundMode::CAST_RINT, n); // every gcd is an integer exactly representable in T
        }
    }

    // Exact gcd per element on the scalar unit: bit-level for fp32 / bf16, torch's loop for int32.
    __aicore__ inline void ScalarExact(const LocalTensor<T>& out, const LocalTensor<T>& x, const LocalTensor<T>& y,
                                       int64_t count, bool lanesFromMte2)
    {
        if constexpr (HasExactPath()) {
            if (lanesFromMte2) {
                GcdWaitFor<HardEvent::MTE2_S>(); // a VECIN DeQue orders MTE2 -> V only
            }
            GcdWaitFor<HardEvent::MTE3_S>(); // MTE3 may still be copying out this buffer's previous tile
            using Bits = typename GcdBits<T>::Type;
            LocalTensor<Bits> xBits = x.template ReinterpretCast<Bits>();
            LocalTensor<Bits> yBits = y.template ReinterpretCast<Bits>();
            LocalTensor<Bits> outBits = out.template ReinterpretCast<Bits>();
            for (int64_t i = 0; i < count; ++i) {
                const uint32_t lane = static_cast<uint32_t>(i);
                outBits.SetValue(lane, ExactLane(xBits.GetValue(lane), yBits.GetValue(lane)));
            }
            GcdWaitFor<HardEvent::S_MTE3>(); // a VECOUT EnQue orders V -> MTE3 only
            // The next tile's Gather or Cast rewrites the lanes read above (write-after-read, S -> V), and MTE2 the
            // queue buffers they may be (S -> MTE2): a VECIN FreeTensor orders V -> MTE2 only.
            GcdWaitFor<HardEvent::S_V>();
            if (lanesFromMte2) {
                GcdWaitFor<HardEvent::S_MTE2>();
            }
        }
    }

    template <typename Bits>
    __aicore__ inline Bits ExactLane(Bits x, Bits y)
    {
        if constexpr (DTYPE_CODE == GCD_DTYPE_INT32) {
            return GcdCore::TorchIntGcd<int32_t>(x, y);
        } else {
            constexpr GcdCore::FloatFormat fmt = DTYPE_CODE == GCD_DTYPE_FLOAT ? GcdCore::FP32_FORMAT :
                                                                                GcdCore::BF16_FORMAT;
            return static_cast<Bits>(GcdCore::ExactFloatGcdBits(x, y, fmt));
        }
    }

    TBuf<QuePosition::VECCALC> aBuf_;
    TBuf<QuePosition::VECCALC> bBuf_;
    TBuf<QuePosition::VECCALC> quotientBuf_;
    TBuf<QuePosition::VECCALC> scratchBuf_;
    TBuf<QuePosition::VECCALC> reduceBuf_;
    TBuf<QuePosition::VECCALC> halfBuf_;
    TBuf<QuePosition::VECCALC> maskBuf_;
    TBuf<QuePosition::VECCALC> finiteBuf_;
};

} // namespace GcdNs

#endif // OPS_MATH_GCD_VECTOR_H
