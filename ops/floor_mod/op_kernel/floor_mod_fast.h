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
 * \file floor_mod_fast.h
 * \brief The cheap FP32 remainder of FLOAT16 / BFLOAT16 / FLOAT data and when a tile may take it. Plain C++17, no
 *        CANN include: the kernel (RemainderMath::FastVerdict / Fast) uses the constants; the tests run FastLane and
 *        TwoPassLane, the lane-by-lane twins of the kernel's sequences, on every FLOAT16 and BFLOAT16 pair and on FLOAT's edges and
 *        random pairs against torch.remainder, with the division exact and one ulp off either way
 *        (tests/portable/fast_check.cpp).
 *
 *        Per lane: Q = a / b; q = rint(Q); t = q * b - a (the remainder negated); one fold: t != 0 with b's
 *        sign (q one too many) gives b - t; otherwise the result is a * 0 - t (a * 0 is a's signed zero: a zero t
 *        takes a's sign, fmod's zero, which torch keeps; any other t is negated exactly).
 *        Why this is torch's result, for a lane with |Q| < FastThreshold, |b| below the divisor limit and, for
 *        FLOAT, b of at most 8 significant bits (its low 16 mantissa bits 0; FLOAT's divisorBits is 24, its threshold
 *        that of 8 bits):
 *        - q is floor(a / b) or one more: Q is within 2 ulp of a / b (a division one ulp off, then rounded), at most
 *          2^-7 below 2^16, far less than the 1/2 rint would need to land outside [floor, floor + 1]; an integer a / b
 *          gives q = a / b.
 *        - q * b is exact: |q| <= FastThreshold = 2^(24 - divisor bits), so q has at most 24 - divisor bits
 *          significant bits; it stays below 2^116 (no overflow) under the divisor limit.
 *        - t is exact or rounded once: for q = floor(a / b), t = -(a - q * b) rounds the exact floor remainder r0
 *          once, as torch rounds fmod + b once (r0 representable: no rounding). For q = floor(a / b) + 1, t is
 *          q * b - a = b - r0 exactly: q = 0 gives t = -a; q <= -1 means |a / b| in (|q|, |q| + 1), at most twice |q|;
 *          q >= 2 means a / b > q - 1/2 - 2^-7 >= q / 2; q = 1 means Q > 1/2 (rint's tie goes to 0), so the correctly
 *          rounded a / b is at least 1/2 and a / b >= 1/2 - 2^-26: a lies in b/2's binade (below it only if b/2 is a
 *          power of two, where no float lies that close under it), so b - a is a multiple of ulp(b/2) under 2b. In
 *          the other cases a and q * b are within a factor of 2 (Sterbenz). The fold's b - t = r0 rounds once. A
 *          zero r0 never folds (q = a / b).
 *        Other lanes: a NaN quotient (0 / 0, a NaN operand) is NaN all through, torch's result (every comparison is
 *        false: the lane neither disqualifies its tile nor folds); |Q| = inf (b = 0, an infinite a), an infinite b
 *        (its quotient 0 would make 0 * b NaN) and |b| >= 2^100 disqualify the tile, as any |Q| >= FastThreshold.
 *        A tile takes this path when none of its lanes disqualifies it (FastVerdict). A tile whose only disqualified
 *        lanes have FastThreshold <= |Q| < TwoPassThreshold takes the two-pass path on every lane (TwoPassLane: a
 *        is first reduced by q1 * b, an exact multiple of b, see TwoPassThreshold); any other tile the exact path.
 *
 *        FLOAT divisors of more than 8 significant bits (randn data: 24) take the split two-pass path instead
 *        (SplitRemainder, a tile whose lanes all have |Q| < 2^24 and a normal |b| below the divisor limit): b is split
 *        into bh (its top 12 significant bits: the low 12 mantissa bits cleared) and bl = b - bh (exact; the low 12
 *        bits, at most 12 significant bits), so that q * bh and q * bl are exact for any q of at most 12 significant
 *        bits. Notation: e(x) the exponent of x (x in [2^e, 2^(e+1))), ulp(x) = 2^(e(x) - 23); Q within 1.5 ulp(Q) of
 *        a / b (a division one ulp off the correctly rounded quotient).
 *        First pass, q = rint(Q), E = e(q) (q != 0), q1 = q rounded to 12 significant bits (half up in magnitude: its
 *        bit pattern + 2^11, then the low 12 bits cleared; q itself when |q| < 2^12, whose low 12 bits are 0);
 *        x = (a - q1 * bh) - q1 * bl is exactly R = a - q1 * b:
 *        - q1 * bh and q1 * bl are exact (12 x 12 bits; every value here is a multiple of 2^-149 and below 2^124).
 *        - |a / b - q1| < 2^(E - 11) for E >= 12: |a / b - q| <= 1/2 + 1.5 * 2^(E - 23) (rint, then the division),
 *          |q - q1| <= 2^(E - 12) (half of q1's grain 2^(E - 11)), and 1/2 + 1.5 * 2^(E - 23) < 2^(E - 12) for
 *          12 <= E <= 23 (for E = 23, q = Q: 1.5 < 2^11). So |R| < 2^(E - 11) * |b| < 2^(E - 11 + e(b) + 1).
 *        - R is a multiple of g = 2^(E - 11) * ulp(b) = 2^(E + e(b) - 34): q1 * b is (q1 a multiple of 2^(E - 11)), and
 *          so is a, since |a| >= (2^E - 2) * |b| >= 2^(E + e(b) - 1) makes ulp(a) >= 2^(E + e(b) - 24). With the bound
 *          above |R| < 2^24 g: R is representable. For |q| < 2^12 (q1 = q) R is -t of the one-pass case below.
 *        - a - q1 * bh is exact by Sterbenz: for |q1| >= 2, |a / b - q1| <= max(1/2 + 2^-11, 2^(E - 11)) <= |q1| / 4
 *          and bh / b in (1 - 2^-11, 1] keep q1 * bh / a in [1/2, 2]; q1 = 0 gives a; for |q1| = 1, |a / b| in
 *          (1/2 - 2^-25, 3/2 + 2^-23): |a| <= 2 |bh|, and |bh| <= 2 |a| since bh = b or |bh| <= |b| - ulp(b) <= 2 |a|.
 *          Then (a - q1 * bh) - q1 * bl rounds the representable R: no rounding.
 *        So |x / b| < 2^(E - 11) <= 2^12 (E <= 23, i.e. |Q| < 2^24), and a - x is an integer multiple of b.
 *        Second pass on x (one pass, q = rint(x / b) of at most 12 significant bits: |q| <= 2^12): q is floor(x / b)
 *        or one more (|x / b - q| <= 1/2 + 2^-11); t = (q * bh - x) + q * bl is exactly q * b - x: q * bh - x is
 *        exact as above, and q * b - x is representable (q = floor: -r0, the exact floor remainder of x; q = floor + 1:
 *        b - r0, a multiple of min(ulp(x), ulp(b)) below |b| in magnitude, which fits 24 bits when ulp(b) <= ulp(x);
 *        otherwise |x| < |b|, q is 0 (t = -x) or 1 with x / b > 1/2 - 2^-25, x in b / 2's binade, b - x a multiple
 *        of ulp(x) below 2^(e(b)): 24 bits). The fold and a * 0 - t are the one-pass formula's: r0 of x is r0 of a
 *        (a - x = q1 * b), rounded once in the fold as torch rounds fmod + b once. t is never -0 (q * bh carries
 *        x's sign when x is a zero, and x - x is +0), so a * 0 - t keeps a's signed zero.
 *        Subnormal b = k * 2^-149 (k < 2^23; count in units of 2^-149, where every integer below 2^24 is a float):
 *        k < 2^12 gives bh = 0, bl = b, and the argument above with a - q1 * b exact by Sterbenz. Otherwise bh >= b / 2
 *        is a multiple of 2^12 units, q1 * bh a multiple of 2^(max(E - 11, 0) + 12) >= ulp(a) (a < 2^(E + 24) units)
 *        with the same sign as a and at most 2|a|: a - q1 * bh is a multiple of ulp(a) of magnitude at most |a|, a
 *        float. R: a multiple of 2^(E - 12) (ulp(a), a >= 2^(E + 11) units) below 2^(E - 11) * k < 2^(E + 12) units.
 *        The second pass the same way; b - r0 lies below k < 2^24 units.
 */
#ifndef OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_FAST_H_
#define OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_FAST_H_

#include <cstdint>

namespace FloorModFast {

constexpr float DIVISOR_LIMIT = 1.2676506002282294e+30f; // 2^100: divisors from here on (and inf) go exact
constexpr int32_t FP32_LOW_BITS_SHIFT = 16;         // FLOAT: the low 16 mantissa bits of b, moved to the top

// The largest |a / b| (exclusive) of the cheap path: 2^(24 - divisor bits), so that q * b is exact. divisorBits:
// 11 (FLOAT16), 8 (BFLOAT16, and FLOAT divisors whose low 16 mantissa bits are 0).
constexpr float FastThreshold(uint32_t divisorBits)
{
    return divisorBits == 11 ? 8192.0f : 65536.0f;
}

// The two-pass path (a tile with a lane at or above FastThreshold and none disqualified otherwise): first
// a' = a - q1 * b with q1 = rint(Q) cut to its top 24 - divisor bits (QuotientClearBits low mantissa bits cleared, so
// q1 * b is exact; q1 = rint(Q) itself below FastThreshold), exact by Sterbenz where q1 was cut (q1 * b within
// 2^-(23 - divisor bits) of a) and equal to the cheap formula's -t elsewhere; then the cheap formula on (a', b), whose
// remainder is a's (q1 is an integer). Below TwoPassThreshold |a' / b| < FastThreshold: the cut leaves less than
// 2^(e(Q) - 23 + divisor bits), and Q is within 2 ulp of a / b. FLOAT16 2^25 (q1 13 bits), BFLOAT16 2^31 (q1 16
// bits). FLOAT (divisorBits 24) takes the split two-pass path (SplitLane) below 2^24, whatever its divisors' bits.
constexpr float TwoPassThreshold(uint32_t divisorBits)
{
    return divisorBits == 11 ? 33554432.0f : (divisorBits == 8 ? 2147483648.0f : 16777216.0f);
}

// The split two-pass path of FLOAT (divisorBits 24, any divisor of at most 24 significant bits; see the head of the
// file): b's low SPLIT_BITS mantissa bits make bl, q1 is rint(Q) rounded to 24 - SPLIT_BITS significant bits.
constexpr int32_t SPLIT_BITS = 12;
constexpr int32_t SPLIT_ROUND = 1 << (SPLIT_BITS - 1); // added to q's bit pattern: q1 rounds half up in magnitude

constexpr int32_t QuotientClearBits(uint32_t divisorBits)
{
    return divisorBits == 11 ? 11 : 8;
}

// BLOCK_RESIDENT FLOAT (RemainderMath::FastOnChunk): a tile of rows, each the dividend row a against one row of a chunk
// whose divisors are all fit for the cheap path (ChunkVerdict: below the divisor limit, at most 8 significant bits),
// takes the cheap path without FastVerdict when u = |a| * c < ROW_QUOTIENT_LIMIT in every column, c being the column's
// largest d = 1 / |b| (a Div) over the chunk's rows. Then every lane has |Q| < FastThreshold(8) = 2^16: with the
// division correctly rounded or one ulp off (|d - 1/|b|| <= 1.5 * 2^-23 / |b|), Mul and Abs rounded to nearest, and
// c >= d of the lane's own b, |a / b| = |a| / |b| <= |a| * c / (1 - 1.5 * 2^-23) <= u * (1 + 2^-24) / (1 - 1.5 *
// 2^-23) < u * (1 + 2^-21) (an underflowing u means |a / b| < 2^-125), and Q is within 1.5 ulp of a / b:
// |Q| < u * (1 + 2^-21) * (1 + 2^-22) < 65535 * (1 + 2^-20) < 2^16. A zero or tiny divisor makes c infinite (u infinite
// or NaN: the compare fails), as does an infinite or NaN a: such tiles ask FastVerdict. A NaN b's lane is NaN all
// through on the cheap path (above), whatever c holds.
constexpr float ROW_QUOTIENT_LIMIT = 65535.0f;

// After a tile the verdict sent to the exact path, a core takes the exact path on its next FAST_RETRY - 1 tiles
// without asking; after a two-pass tile, its next FAST_RETRY - 1 tiles ask the two-pass verdict alone
// (FloorMod::Verdict).
constexpr uint32_t FAST_RETRY = 8;

// Tile verdicts of RemainderMath::FastVerdict.
constexpr uint32_t VERDICT_EXACT = 0;    // some lane is disqualified: the exact path
constexpr uint32_t VERDICT_POSITIVE = 1; // no divisor of the tile is negative: the fold is t > 0
constexpr uint32_t VERDICT_MIXED = 2;    // the fold is t > 0 where b >= 0, t < 0 where b < 0
constexpr uint32_t VERDICT_SIGNS = 3;    // the two above
constexpr uint32_t VERDICT_TWO_PASS = 4; // with POSITIVE or MIXED: reduce a by q1 * b first (TwoPassThreshold)

} // namespace FloorModFast

#ifndef __CCE_AICORE__ // the lane model is host code: the tests, never the device
#include <cmath>
#include <cstring>

namespace FloorModFast {

struct LaneResult {
    bool disqualifies; // the lane sends its tile to the exact path
    bool negative;     // b < 0 (the tile's verdict is VERDICT_MIXED)
    float r;           // the cheap remainder in FP32 (the kernel's, on a tile no lane disqualifies)
};

inline uint32_t Bits(float x)
{
    uint32_t u;
    std::memcpy(&u, &x, sizeof(u));
    return u;
}

// The fold and the sign of zero as RemainderMath::Fold computes them from t = q * b - x: (fold ? b : a * 0) - t.
inline float Fold(float a, float t, float b, bool negative)
{
    const bool fold = negative ? t < 0.0f : t > 0.0f;
    return (fold ? b : a * 0.0f) - t;
}

// The cheap formula on (x, b) with x's quotient Q, the zero's sign from a (x = a, or a reduced by a multiple of b).
inline float CheapRemainder(float a, float x, float b, float quotient, bool negative)
{
    const float q = std::nearbyint(quotient); // CAST_RINT: to nearest, ties to even
    const float p = q * b;
    const float t = p - x;
    return Fold(a, t, b, negative);
}

// The kernel's sequence on one lane, in FP32 with `divide` as the vector Div; every comparison as CompareScalar
// makes it (IEEE: false when NaN is involved).
template <typename Divide>
inline LaneResult FastLane(float a, float b, uint32_t divisorBits, Divide divide)
{
    LaneResult out{false, b < 0.0f, 0.0f};
    float quotient = divide(a, b);
    out.disqualifies = std::fabs(quotient) >= FastThreshold(divisorBits);
    out.disqualifies = out.disqualifies || std::fabs(b) >= DIVISOR_LIMIT;
    if (divisorBits == 24) { // FLOAT data
        out.disqualifies = out.disqualifies || static_cast<int32_t>(Bits(b) << FP32_LOW_BITS_SHIFT) != 0;
    }
    out.r = CheapRemainder(a, a, b, quotient, out.negative);
    return out;
}

inline float FromBits(uint32_t u)
{
    float f;
    std::memcpy(&f, &u, sizeof(f));
    return f;
}

// x's bit pattern as int32, shifted right (arithmetic, as the vector ShiftRight of int32) and back left: its low
// `bits` bits cleared, the sign kept.
inline float ClearLowBits(float x, int32_t bits, int32_t add = 0)
{
    const int32_t word = static_cast<int32_t>(Bits(x)) + add; // as the vector Adds of int32
    return FromBits(static_cast<uint32_t>((word >> bits) * (1 << bits)));
}

// The split two-pass lane of FLOAT (the head of the file): `disqualifies` when it sends its tile to the exact path.
template <typename Divide>
inline LaneResult SplitLane(float a, float b, Divide divide)
{
    LaneResult out{false, b < 0.0f, 0.0f};
    const float quotient = divide(a, b);
    out.disqualifies = std::fabs(quotient) >= TwoPassThreshold(24);
    out.disqualifies = out.disqualifies || std::fabs(b) >= DIVISOR_LIMIT;
    const float bh = ClearLowBits(b, SPLIT_BITS);
    const float q1 = ClearLowBits(std::nearbyint(quotient), SPLIT_BITS, SPLIT_ROUND);
    const float x = (a - q1 * bh) - q1 * (b - bh);
    const float q = std::nearbyint(divide(x, b));
    const float t = (q * bh - x) + q * (b - bh);
    out.r = Fold(a, t, b, out.negative);
    return out;
}

// The two-pass path's lane (TwoPassThreshold): `disqualifies` when it sends its tile to the exact path. FLOAT:
// SplitLane.
template <typename Divide>
inline LaneResult TwoPassLane(float a, float b, uint32_t divisorBits, Divide divide)
{
    if (divisorBits == 24) {
        return SplitLane(a, b, divide);
    }
    LaneResult out{false, b < 0.0f, 0.0f};
    const float quotient = divide(a, b);
    out.disqualifies = std::fabs(quotient) >= TwoPassThreshold(divisorBits);
    out.disqualifies = out.disqualifies || std::fabs(b) >= DIVISOR_LIMIT;
    const float q1 = ClearLowBits(std::nearbyint(quotient), QuotientClearBits(divisorBits));
    const float p = q1 * b;
    const float reduced = a - p;
    out.r = CheapRemainder(a, reduced, b, divide(reduced, b), out.negative);
    return out;
}

} // namespace FloorModFast
#endif

#endif // OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_FAST_H_
