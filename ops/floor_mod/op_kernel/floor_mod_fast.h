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
 *        sign (q one too many) gives t - b; the result is a * 0 - t (a * 0 is a's signed zero: a zero t takes a's
 *        sign, fmod's zero, which torch keeps; any other t is negated exactly).
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
 *          the other cases a and q * b are within a factor of 2 (Sterbenz). The fold's t - b = -r0 rounds once. A
 *          zero r0 never folds (q = a / b).
 *        Other lanes: a NaN quotient (0 / 0, a NaN operand) is NaN all through, torch's result (every comparison is
 *        false: the lane neither disqualifies its tile nor folds); |Q| = inf (b = 0, an infinite a), an infinite b
 *        (its quotient 0 would make 0 * b NaN) and |b| >= 2^100 disqualify the tile, as any |Q| >= FastThreshold.
 *        A tile takes this path when none of its lanes disqualifies it (FastVerdict). A tile whose only disqualified
 *        lanes have FastThreshold <= |Q| < TwoPassThreshold takes the two-pass path on every lane (TwoPassLane: a
 *        is first reduced by q1 * b, an exact multiple of b, see TwoPassThreshold); any other tile the exact path.
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
// 2^(e(Q) - 23 + divisor bits), and Q is within 2 ulp of a / b. FLOAT16 2^25 (q1 13 bits), BFLOAT16 and FLOAT's
// 8-bit divisors 2^31 (q1 16 bits).
constexpr float TwoPassThreshold(uint32_t divisorBits)
{
    return divisorBits == 11 ? 33554432.0f : 2147483648.0f;
}

constexpr int32_t QuotientClearBits(uint32_t divisorBits)
{
    return divisorBits == 11 ? 11 : 8;
}

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

// The cheap formula on (x, b) with x's quotient Q, the zero's sign from a (x = a, or a reduced by a multiple of b).
inline float CheapRemainder(float a, float x, float b, float quotient, bool negative)
{
    const float q = std::nearbyint(quotient); // CAST_RINT: to nearest, ties to even
    const float p = q * b;
    float t = p - x;
    const bool fold = negative ? t < 0.0f : t > 0.0f;
    if (fold) {
        t = t - b;
    }
    const float zero = a * 0.0f;
    return zero - t;
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

// The two-pass path's lane (TwoPassThreshold): `disqualifies` when it sends its tile to the exact path.
template <typename Divide>
inline LaneResult TwoPassLane(float a, float b, uint32_t divisorBits, Divide divide)
{
    LaneResult out{false, b < 0.0f, 0.0f};
    const float quotient = divide(a, b);
    out.disqualifies = std::fabs(quotient) >= TwoPassThreshold(divisorBits);
    out.disqualifies = out.disqualifies || std::fabs(b) >= DIVISOR_LIMIT;
    if (divisorBits == 24) {
        out.disqualifies = out.disqualifies || static_cast<int32_t>(Bits(b) << FP32_LOW_BITS_SHIFT) != 0;
    }
    const float rounded = std::nearbyint(quotient);
    const int32_t clear = QuotientClearBits(divisorBits);
    const int32_t cut = (static_cast<int32_t>(Bits(rounded)) >> clear) * (1 << clear); // arithmetic, as ShiftRight
    float q1;
    const uint32_t cutBits = static_cast<uint32_t>(cut);
    std::memcpy(&q1, &cutBits, sizeof(q1));
    const float p = q1 * b;
    const float reduced = a - p;
    out.r = CheapRemainder(a, reduced, b, divide(reduced, b), out.negative);
    return out;
}

} // namespace FloorModFast
#endif

#endif // OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_FAST_H_
