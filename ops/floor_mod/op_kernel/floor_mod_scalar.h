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
 * \file floor_mod_scalar.h
 * \brief Portable scalar FloorMod (torch.remainder semantics): IEEE-754 double by bit patterns, integers with
 *        explicit zero-divisor and MIN / -1 handling. Plain C++17, no CANN include; used by the kernel's scalar
 *        paths and compiled by the portable tests.
 */
#ifndef OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_SCALAR_H_
#define OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_SCALAR_H_

#include <cstdint>
#include <type_traits>

#ifndef __aicore__
#define __aicore__
#endif

namespace FloorModScalar {

constexpr uint64_t SIGN_MASK = 0x8000000000000000ULL;
constexpr uint64_t EXP_MASK = 0x7ff0000000000000ULL;
constexpr uint64_t FRAC_MASK = 0x000fffffffffffffULL;
constexpr uint64_t HIDDEN_BIT = 0x0010000000000000ULL;
constexpr uint64_t QUIET_NAN = 0x7ff8000000000000ULL;
constexpr int MIN_LSB_EXP = -1074; // weight of the lowest subnormal bit

// Integer remainder with the sign of the divisor. A zero divisor yields 0 (torch raises on CPU and is
// undefined on CUDA; we define it), and MIN % -1 yields 0 without executing the overflowing division.
template <typename T>
__aicore__ inline T RemainderInt(T x, T y)
{
    static_assert(std::is_integral<T>::value && std::is_signed<T>::value, "signed integers only");
    if (y == 0 || y == T(-1)) {
        return T(0);
    }
    T r = x % y;
    if (r != 0 && ((r < 0) != (y < 0))) {
        r = static_cast<T>(r + y);
    }
    return r;
}

struct Unpacked {
    uint64_t mantissa; // value = mantissa * 2^exponent; bit 52 set after Normalize
    int exponent;
};

__aicore__ inline Unpacked Decode(uint64_t bits)
{
    uint64_t fraction = bits & FRAC_MASK;
    int biased = static_cast<int>((bits & EXP_MASK) >> 52);
    Unpacked value{biased == 0 ? fraction : (fraction | HIDDEN_BIT), biased == 0 ? MIN_LSB_EXP : biased - 1075};
    while (value.mantissa < HIDDEN_BIT) { // subnormal: bring the leading bit to position 52
        value.mantissa <<= 1;
        --value.exponent;
    }
    return value;
}

__aicore__ inline int HighestBit(uint64_t value)
{
    int position = -1;
    while (value != 0) {
        value >>= 1;
        ++position;
    }
    return position;
}

// Rounds significand * 2^exponent to the nearest double, ties to even, including subnormals. The lowest bit
// of `significand` may be a sticky bit standing for discarded lower bits.
__aicore__ inline uint64_t PackRounded(uint64_t significand, int exponent, bool negative)
{
    uint64_t sign = negative ? SIGN_MASK : 0;
    if (significand == 0) {
        return sign;
    }
    int lsbWeight = HighestBit(significand) + exponent - 52;
    if (lsbWeight < MIN_LSB_EXP) {
        lsbWeight = MIN_LSB_EXP;
    }
    int drop = lsbWeight - exponent;
    uint64_t q = significand;
    if (drop > 0) {
        uint64_t dropped = drop >= 64 ? significand : (significand & ((1ULL << drop) - 1));
        q = drop >= 64 ? 0 : (significand >> drop);
        uint64_t half = drop > 64 ? 0 : (1ULL << (drop - 1));
        bool roundUp = drop <= 64 && (dropped > half || (dropped == half && (q & 1ULL) != 0));
        if (roundUp) {
            ++q;
        }
        if (q == (HIDDEN_BIT << 1)) { // the rounding carried into a new bit
            q >>= 1;
            ++lsbWeight;
        }
    } else if (drop < 0) {
        q <<= -drop;
    }
    if (q < HIDDEN_BIT) {
        return sign | q; // subnormal (biased exponent 0)
    }
    uint64_t biased = static_cast<uint64_t>(lsbWeight + 1075);
    if (biased >= 2047) {
        return sign | EXP_MASK;
    }
    return sign | (biased << 52) | (q & FRAC_MASK);
}

// Exact fmod of two finite, non-zero magnitudes by shift-and-subtract long division of the mantissas.
__aicore__ inline Unpacked FmodMagnitude(Unpacked x, Unpacked y)
{
    if (x.exponent < y.exponent || (x.exponent == y.exponent && x.mantissa < y.mantissa)) {
        return x;
    }
    uint64_t m = x.mantissa;
    for (int e = x.exponent; e > y.exponent; --e) {
        if (m >= y.mantissa) {
            m -= y.mantissa;
        }
        m <<= 1; // m < 2 * y.mantissa < 2^54 here
    }
    if (m >= y.mantissa) {
        m -= y.mantissa;
    }
    return Unpacked{m, y.exponent};
}

// |y| - |r| for 0 < |r| < |y|, correctly rounded: r is aligned to y with three guard bits and a sticky bit.
__aicore__ inline uint64_t SubtractMagnitudes(Unpacked y, Unpacked r, bool negative)
{
    int shift = y.exponent - r.exponent;
    uint64_t big = y.mantissa << 3;
    uint64_t small = 0;
    if (shift <= 0) {
        small = (r.mantissa << 3) << (-shift); // same or finer exponent cannot occur with r < y except shift == 0
    } else if (shift < 60) {
        small = (r.mantissa << 3) >> shift;
        if (((r.mantissa << 3) & ((1ULL << shift) - 1)) != 0) {
            small |= 1ULL; // sticky
        }
    } else {
        small = 1ULL; // only the sticky bit survives
    }
    return PackRounded(big - small, y.exponent - 3, negative);
}

// torch.remainder on IEEE-754 binary64 bit patterns: fmod, then "+ y" when the non-zero result's sign differs
// from y's. Zero results keep fmod's sign (the sign of x). NaN in, x infinite or y zero give the quiet NaN.
__aicore__ inline uint64_t RemainderBits(uint64_t xBits, uint64_t yBits)
{
    uint64_t xMag = xBits & ~SIGN_MASK;
    uint64_t yMag = yBits & ~SIGN_MASK;
    bool xNegative = (xBits & SIGN_MASK) != 0;
    bool yNegative = (yBits & SIGN_MASK) != 0;
    if (xMag > EXP_MASK || yMag > EXP_MASK || xMag == EXP_MASK || yMag == 0) {
        return QUIET_NAN;
    }
    if (xMag == 0) {
        return xBits;
    }
    if (yMag == EXP_MASK) {
        return xNegative == yNegative ? xBits : yBits; // x + (+-inf) is y itself
    }
    Unpacked y = Decode(yMag);
    Unpacked r = FmodMagnitude(Decode(xMag), y);
    if (r.mantissa == 0) {
        return xNegative ? SIGN_MASK : 0;
    }
    if (xNegative == yNegative) {
        return PackRounded(r.mantissa, r.exponent, xNegative); // exact: r is representable
    }
    while (r.mantissa < HIDDEN_BIT) {
        r.mantissa <<= 1;
        --r.exponent;
    }
    return SubtractMagnitudes(y, r, yNegative);
}

} // namespace FloorModScalar

#endif // OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_SCALAR_H_
