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
 * \file gcd_core.h
 * \brief Portable scalar math of Gcd shared by the kernel, the host and the g++ tests: the gcd of each dtype and
 *        the masked Euclid the vector path runs, with its trip bound. Plain C++17, no CANN include.
 */
#ifndef OPS_MATH_GCD_CORE_H
#define OPS_MATH_GCD_CORE_H

#include <cstdint>

#include "gcd_tiling_data.h"
#include "gcd_tiling_key.h"

// On the device kernel_operator.h (included first) defines __aicore__; host and tests see plain functions.
#ifdef __aicore__
#define GCD_CORE_FUNC __aicore__ inline
#else
#define GCD_CORE_FUNC inline
#endif

namespace GcdCore {

// ---------------------------------------------------------------- integers (int8 / uint8 / int16 / int32 / int64)
// torch.gcd for integral dtypes runs Euclid in the tensor dtype: a = abs(a); b = abs(b); while (a != 0)
// { c = a; a = b % a; b = c; } return b. abs of the minimum value does not fit and wraps back to the minimum, so a
// minimum value stays negative and C's truncating % can hand back a negative result: gcd(-128, 6) = -2,
// gcd(-128, 0) = -128 in int8, gcd(INT64_MIN, 0) = INT64_MIN. These functions are that loop, bit for bit.

// |x| in the dtype: the minimum value maps to itself (two's complement wrap, done on uint64 so nothing overflows).
template <typename T>
GCD_CORE_FUNC T WrappedAbs(T x)
{
    const int64_t wide = static_cast<int64_t>(x);
    return static_cast<T>(wide < 0 ? static_cast<int64_t>(0ULL - static_cast<uint64_t>(wide)) : wide);
}

// b % a of C for one dtype. Up to 32 bits it is computed in int64 (no overflow); for int64, x % -1 is 0 by
// definition and spelled out, as INT64_MIN % -1 overflows in C.
template <typename T>
GCD_CORE_FUNC T TruncatingRemainder(T b, T a)
{
    if constexpr (sizeof(T) == 8) {
        return a == static_cast<T>(-1) ? static_cast<T>(0) : static_cast<T>(b % a);
    } else {
        return static_cast<T>(static_cast<int64_t>(b) % static_cast<int64_t>(a));
    }
}

template <typename T>
GCD_CORE_FUNC T TorchIntGcd(T x, T y)
{
    T a = WrappedAbs(x);
    T b = WrappedAbs(y);
    while (a != 0) {
        const T c = a;
        a = TruncatingRemainder(b, a);
        b = c;
    }
    return b;
}

// ---------------------------------------------------------------- floats (fp32 / fp16 / bf16), exact
// A float operand is truncated toward zero; its integer is odd * 2^pow2 with odd < 2^(mantBits + 1), so the
// gcd (odd part gcd(oddA, oddB), power min(powA, powB)) is always exactly representable in the same format.
// Non-finite operands give a quiet NaN.
struct FloatFormat {
    uint32_t mantBits;
    uint32_t expBits;
};

constexpr FloatFormat FP32_FORMAT{23, 8};
constexpr FloatFormat FP16_FORMAT{10, 5};
constexpr FloatFormat BF16_FORMAT{7, 8};

struct TruncatedInt {
    bool nonFinite;
    bool zero;
    uint32_t odd;
    int32_t pow2;
};

GCD_CORE_FUNC uint32_t TrailingZeros(uint32_t v)
{
    uint32_t n = 0;
    while ((v & 1U) == 0U) {
        v >>= 1U;
        ++n;
    }
    return n;
}

GCD_CORE_FUNC TruncatedInt DecodeTruncated(uint32_t bits, FloatFormat fmt)
{
    const uint32_t expMax = (1U << fmt.expBits) - 1U;
    const int32_t bias = static_cast<int32_t>(expMax >> 1U);
    const uint32_t expField = (bits >> fmt.mantBits) & expMax;
    const uint32_t frac = bits & ((1U << fmt.mantBits) - 1U);
    TruncatedInt r{false, false, 0U, 0};
    if (expField == expMax) {
        r.nonFinite = true;
        return r;
    }
    const int32_t e = static_cast<int32_t>(expField) - bias;
    if (expField == 0U || e < 0) { // zero, subnormal or |x| < 1 truncates to 0
        r.zero = true;
        return r;
    }
    const uint32_t significand = (1U << fmt.mantBits) | frac;
    const int32_t shift = e - static_cast<int32_t>(fmt.mantBits);
    uint32_t integer = significand;
    int32_t pow2 = shift;
    if (shift < 0) {
        integer = significand >> static_cast<uint32_t>(-shift);
        pow2 = 0;
    }
    const uint32_t tz = TrailingZeros(integer);
    r.odd = integer >> tz;
    r.pow2 = pow2 + static_cast<int32_t>(tz);
    return r;
}

GCD_CORE_FUNC uint32_t EncodeInteger(uint32_t odd, int32_t pow2, FloatFormat fmt)
{
    uint32_t top = 0;
    while ((odd >> (top + 1U)) != 0U) {
        ++top;
    }
    const uint32_t bias = ((1U << fmt.expBits) - 1U) >> 1U;
    const uint32_t expField = static_cast<uint32_t>(static_cast<int32_t>(top) + pow2) + bias;
    const uint32_t frac = (odd << (fmt.mantBits - top)) & ((1U << fmt.mantBits) - 1U);
    return (expField << fmt.mantBits) | frac;
}

GCD_CORE_FUNC uint32_t QuietNanBits(FloatFormat fmt)
{
    const uint32_t expMax = (1U << fmt.expBits) - 1U;
    return (expMax << fmt.mantBits) | (1U << (fmt.mantBits - 1U));
}

// fp32 quiet NaN for the vector path's non-finite lanes.
GCD_CORE_FUNC float QuietNanFloat()
{
    union {
        uint32_t bits;
        float value;
    } nan{0x7FC00000U};
    return nan.value;
}

GCD_CORE_FUNC uint32_t OddGcd(uint32_t a, uint32_t b)
{
    while (b != 0U) {
        const uint32_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

GCD_CORE_FUNC uint32_t ExactFloatGcdBits(uint32_t xBits, uint32_t yBits, FloatFormat fmt)
{
    const TruncatedInt x = DecodeTruncated(xBits, fmt);
    const TruncatedInt y = DecodeTruncated(yBits, fmt);
    if (x.nonFinite || y.nonFinite) {
        return QuietNanBits(fmt);
    }
    if (x.zero && y.zero) {
        return 0U;
    }
    if (x.zero) {
        return EncodeInteger(y.odd, y.pow2, fmt);
    }
    if (y.zero) {
        return EncodeInteger(x.odd, x.pow2, fmt);
    }
    return EncodeInteger(OddGcd(x.odd, y.odd), x.pow2 < y.pow2 ? x.pow2 : y.pow2, fmt);
}

// ---------------------------------------------------------------- the vector algorithm, lane by lane
// Largest magnitude the vector path accepts for fp32 / bf16 / int32 operands: below 2^22 an integer quotient one ulp
// off still rounds to itself, any other lies more than an ulp from an integer, and every product and difference of
// the Euclid is an exact integer; a tile with a larger operand takes the exact scalar path (ExactFloatGcdBits,
// TorchIntGcd). int64 never takes the vector path (A2 has no 64-bit vector arithmetic).
constexpr float VECTOR_EXACT_LIMIT = 4194304.0f;

// Loop trips the truncating Euclid needs for operands of magnitude <= maxMagnitude: the worst pairs are consecutive
// Fibonacci numbers, and the count of Fibonacci numbers 1, 2, 3, 5, ... up to maxMagnitude is the bound. The kernel
// runs this Euclid only on int8 / int16 tiles holding the dtype minimum (GcdVectorMath::Solve).
GCD_CORE_FUNC int32_t TruncatingEuclidIterations(int64_t maxMagnitude)
{
    int32_t n = 0;
    int64_t f1 = 1;
    int64_t f2 = 1;
    while (f2 <= maxMagnitude) {
        const int64_t next = f1 + f2;
        f1 = f2;
        f2 = next;
        ++n;
    }
    return n;
}

// Loop trips the vector Euclid needs for operands of magnitude <= maxMagnitude. Each trip takes the nearest
// integer quotient, so the next divisor |r| is at most ceil(|a| / 2): |a| / 2 with the quotient correctly rounded,
// and (|a| + 1) / 2 when a division one ulp off moves a quotient onto the tie next to it (possible only for odd |a|,
// whose quotients lie 1 / (2|a|) or more from a tie). After k trips the divisor is at most ceil(M / 2^k); once it is
// 1 the next trip leaves 0. Bound: ceil(log2 M) + 1 trips (0 for M = 0), against the Fibonacci count of the
// truncating Euclid (16 instead of 22 trips at 32768, 23 instead of 32 at 2^22).
GCD_CORE_FUNC int32_t EuclidIterations(int64_t maxMagnitude)
{
    if (maxMagnitude <= 0) {
        return 0;
    }
    int32_t n = 1;
    int64_t reach = 1;
    while (reach < maxMagnitude) {
        reach *= 2;
        ++n;
    }
    return n;
}

// The first trip before which the Euclid asks whether every lane is done (every a = 0: the remaining trips would
// change nothing), then before every trip after it: from half the bound, where random operands start to finish (a
// tile of random int16 in [-3000, 3000) needs 8 or 9 of its 13), never for bounds under 4 (the check costs about a
// fifth of a trip). `trips` when the tile never asks.
GCD_CORE_FUNC int32_t EuclidFirstCheck(int32_t trips)
{
    return trips < 4 ? trips : trips / 2;
}

// Most trips a tile of the dtype can need: |int8| <= 128, uint8 <= 255, |int16| <= 32768, |fp16| <= 65504 and the
// fp32 / bf16 / int32 vector path below VECTOR_EXACT_LIMIT. The kernel runs EuclidIterations of each tile's largest
// operand, which never exceeds this.
GCD_CORE_FUNC int32_t VectorIterations(uint64_t dtypeCode)
{
    switch (dtypeCode) {
        case GCD_DTYPE_INT8:
            return EuclidIterations(128);
        case GCD_DTYPE_UINT8:
            return EuclidIterations(255);
        case GCD_DTYPE_INT16:
            return EuclidIterations(32768);
        case GCD_DTYPE_FLOAT16:
            return EuclidIterations(65504);
        default:
            return EuclidIterations(static_cast<int64_t>(VECTOR_EXACT_LIMIT));
    }
}

// One lane of the kernel's masked Euclid in fp32: a == 0 freezes the pair; otherwise (a, b) <- (b - rint(b / a) *
// a, a), rint to nearest with ties to even (CAST_RINT): every product and difference is an integer below 2^23, exact.
// Remainders take either sign; the gcd is |b| at the end (the kernel's FinishMagnitude, which also gives the int8 /
// int16 minimum back for 128 / 32768). `divide` is the lane's fp32 division: IEEE here, one ulp off in the tests.
struct IeeeDivide {
    GCD_CORE_FUNC float operator()(float b, float a) const { return b / a; }
};

// Round to nearest, ties to even, of |x| < 2^23 in the default rounding mode (the host's CAST_RINT).
GCD_CORE_FUNC float RintSmall(float x)
{
    const float shift = 8388608.0f; // 2^23: adding it leaves no fraction bits
    const float magnitude = x < 0.0f ? -x : x;
    const float rounded = (magnitude + shift) - shift;
    return x < 0.0f ? -rounded : rounded;
}

// The truncating Euclid the kernel keeps for int8 / int16 tiles with the dtype minimum, whose torch result takes the
// sign the truncating remainders leave (gcd(-128, 6) = -2 in int8): (a, b) <- (b - trunc(b / a) * a, a); a remainder
// of magnitude |a| or more (an exact quotient the division returned one ulp short) is 0. Returns b as it is.
template <typename Divide = IeeeDivide>
GCD_CORE_FUNC float TruncatingEuclidLane(float a, float b, int32_t iterations, Divide divide = Divide())
{
    for (int32_t i = 0; i < iterations; ++i) {
        const bool frozen = (a == 0.0f);
        const float divisor = frozen ? 1.0f : a;
        float quotient = divide(b, divisor);
        quotient = static_cast<float>(static_cast<int64_t>(quotient)); // CAST_TRUNC, |quotient| < 2^22
        float remainder = b - quotient * divisor;
        const float magnitude = remainder < 0.0f ? -remainder : remainder;
        if (magnitude >= (divisor < 0.0f ? -divisor : divisor)) {
            remainder = 0.0f;
        }
        b = frozen ? b : a;
        a = remainder;
    }
    return b;
}

template <typename Divide = IeeeDivide>
GCD_CORE_FUNC float VectorEuclidLane(float a, float b, int32_t iterations, Divide divide = Divide())
{
    for (int32_t i = 0; i < iterations; ++i) {
        const bool frozen = (a == 0.0f);
        const float divisor = frozen ? 1.0f : a;
        const float quotient = RintSmall(divide(b, divisor)); // |quotient| < 2^23
        const float remainder = b - quotient * divisor;
        b = frozen ? b : a;
        a = remainder;
    }
    return b < 0.0f ? -b : b;
}

} // namespace GcdCore

#endif // OPS_MATH_GCD_CORE_H
