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
 * \file floor_mod_compute.h
 * \brief The vector remainder of one tile, exact for every input:
 *        - FP32 (FP16/BF16 computed in FP32), a tile whose every lane qualifies (FastVerdict): the cheap formula
 *          t = rint(a / b) * b - a, one fold and a's signed zero (Fast; floor_mod_fast.h proves it exact there).
 *          A tile whose lanes only exceed the quotient threshold, all below TwoPassThreshold (TwoPassVerdict):
 *          a' = a - q1 * b with q1 = rint(a / b) cut to its top bits, then the cheap formula on a' (Fast, two-pass).
 *          FLOAT tiles with divisors of more than 8 significant bits or quotients from 2^16 to 2^24: the same two
 *          passes with b split into two 12-bit parts (Split).
 *        - FP32 (FP16/BF16 computed in FP32), any other tile: fmod(|a|, |b|) by steps that each take up to 16 quotient bits, the
 *          divisor split into parts of 8 significant bits so that every product and difference is exact (three
 *          parts for FP32's 24 bits, two for FP16's 11, one for BF16's 8); the tile's largest exponent gap sets the
 *          number of steps (one V -> S hand-over per tile; no step when every |a| lies below |b|'s binade, a
 *          quotient of 0). Then fmod's sign (a's) and the torch.remainder corrections (+b on a non-zero result of
 *          the wrong sign, |b| = inf, |a| = inf, b = 0 or NaN).
 *        - INT32: a float quotient estimate, two integer steps (wrapping products are exact since the result is
 *          small) and two sign-bit corrections to the floor remainder. No reduction, no scalar.
 *        - INT64 in the INT32 range: the same on INT32 copies (the caller checks the range).
 *        Work words are shared between steps: the remainder is computed in y's buffer where y is 32-bit, the
 *        exponent of the divisor is recomputed where a step needs it, and the INT32 copy of INT64's x2 lives in
 *        the upper half of y's 64-bit lanes.
 */
#ifndef OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_COMPUTE_H_
#define OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_COMPUTE_H_

#include <cmath>

#include "kernel_operator.h"
#include "floor_mod_broadcast.h"
#include "floor_mod_fast.h"

namespace FloorModNs {
using namespace AscendC;

constexpr float MIN_NORMAL_FP32 = 1.17549435e-38f; // 2^-126
constexpr float TWO_POW_24 = 16777216.0f;
constexpr float INV_TWO_POW_24 = 5.9604645e-08f;
constexpr float MAX_FINITE_FP32 = 3.40282347e+38f;
constexpr float SUBNORMAL_FLAG = 1024.0f;       // added to a lane's exponent gap when its divisor is subnormal
constexpr float NO_STEP_GAP = -1024.0f;         // the gap of a lane that takes no steps (b = 0 or NaN, a not finite)
constexpr int32_t BITS_PER_STEP = 15;           // a step reduces the exponent gap by 15 (16 quotient bits, 1 spare)
constexpr int32_t MAX_STEPS = 19;               // (127 + 149 - 1) / 15 + 1: any FP32 pair
constexpr int32_t SUBNORMAL_STEPS = 2;          // the second phase of a subnormal divisor: a gap of at most 25
constexpr uint8_t REPEAT_BLOCKS = 8;             // 32-byte blocks of one 256-byte repeat
constexpr uint32_t ROW_REPEATS_MAX = 255;        // a Dividend row serves at most this many repeats (one call)
constexpr float BAD_WEIGHT = 256.0f;            // FastVerdict: a mask byte of bad lanes outweighs any of negative ones

__aicore__ inline uint32_t AlignCompute(uint32_t n)
{
    return (n + COMPUTE_ALIGN - 1) / COMPUTE_ALIGN * COMPUTE_ALIGN;
}

// The dividend of a tile: its lanes, or (row) one row of COMPUTE_ALIGN lanes that every 64-lane repeat reads with a
// source repeat stride of 0: an input constant across rows whose row is one repeat needs no copy per row.
struct Dividend {
    LocalTensor<float> lanes;
    bool row;
};

// Significant bits of the divisor as the FP32 steps see it: FP32's 24, FP16's 11 (an FP16 subnormal is an FP32
// normal with fewer), BF16's 8 (FP32's exponent range: its subnormals are FP32 subnormals).
template <uint32_t DIVISOR_BITS>
struct Fp32Source {
    static constexpr bool SUBNORMAL_DIVISORS = DIVISOR_BITS != 11;
    static constexpr bool HAS_REST = DIVISOR_BITS > 8;       // bits below the top 8
    static constexpr bool HAS_LOW = DIVISOR_BITS > 16;       // bits below the top 16
};

// Work words of one tile (each `tile` 32-bit lanes) and a bit mask; WorkWords in floor_mod_broadcast.h counts them.
class RemainderMath {
public:
    __aicore__ inline void Init(const LocalTensor<float>& work, const LocalTensor<uint8_t>& mask,
                                const LocalTensor<float>& slot, uint32_t tile)
    {
        work_ = work;
        mask_ = mask;
        slot_ = slot;
        tile_ = tile;
        maskStride_ = (tile / 8U + BLOCK_BYTES - 1U) / BLOCK_BYTES * BLOCK_BYTES;
    }

    __aicore__ inline LocalTensor<float> Word(uint32_t index) const { return work_[index * tile_]; }

    // r = torch.remainder(a, b) in FP32, bit-exact (fmod is exact and representable); r is the result's buffer and
    // must be neither a nor b. DIVISOR_BITS: the significant bits b can have (24, or 11 / 8 for FP16 / BF16 data).
    template <uint32_t DIVISOR_BITS>
    __aicore__ inline void Fp32(const LocalTensor<float>& a, const LocalTensor<float>& b, const LocalTensor<float>& r,
                                uint32_t n)
    {
        using Source = Fp32Source<DIVISOR_BITS>;
        uint32_t m = AlignCompute(n);
        LocalTensor<float> bn = Word(W_BN);
        LocalTensor<float> p = Word(W_P);
        Abs(r, a, m);
        Abs(bn, b, m);
        if constexpr (Source::SUBNORMAL_DIVISORS) {
            // A subnormal divisor is taken as bn * 2^24 (normal) first; ExponentGap flags its lanes from this mask.
            CompareScalar(mask_, bn, MIN_NORMAL_FP32, CMPMODE::LT, m);
            Muls(p, bn, TWO_POW_24, m);
            Select(bn, mask_, p, bn, SELMODE::VSEL_TENSOR_TENSOR_MODE, m);
        }
        float widest = ExponentGap<Source::SUBNORMAL_DIVISORS>(r, n, m);
        bool subnormal = Source::SUBNORMAL_DIVISORS && widest >= SUBNORMAL_FLAG;
        // Every lane with a gap below 0 has |a| below |b|'s binade: a quotient of 0, r = |a| already, no step and
        // no settling.
        int32_t steps = subnormal ? MAX_STEPS : (widest < 0.0f ? 0 : 1 + Steps(widest));
        for (int32_t i = 0; i < steps; ++i) {
            Step<Source>(r, m, steps > 1);
        }
        if (steps > 0) {
            Settle(r, m);
        }
        if constexpr (Source::SUBNORMAL_DIVISORS) {
            if (subnormal) {
                SecondPhase<Source>(r, b, m);
            }
        }
        Finish(a, b, r, m);
    }

    // The cheap path's verdict on a tile (FloorModFast::VERDICT_*), on FP32 copies a and b: Q = a / b stays in W_BP
    // for Fast. Bit masks in W_Y: the lanes at or above the threshold or otherwise unfit (|b| >= 2^100 or infinite:
    // kept apart in MASK_UNFIT; FLOAT's b with more than 8 significant bits), then the negative divisors, all cleared
    // past lane n (the compares cover whole 64-lane repeats); their bytes as FLOAT16 values 0..255, the bad ones
    // weighed by BAD_WEIGHT, reduced to one largest value (one reduction: >= 256 some lane is bad, else > 0 some
    // divisor is negative), read after one V -> S hand-over. A tile with a bad lane asks TwoPassVerdict and, the
    // divisors' signs unknown, takes the fold of mixed signs. `twoPass`: the same sequence with TwoPassThreshold in
    // place of FastThreshold (and for FLOAT without the divisor-bits test) decides between the two-pass path and the
    // exact one alone (FloorMod::Verdict, after a two-pass tile).
    template <uint32_t DIVISOR_BITS>
    __aicore__ inline uint32_t FastVerdict(const Dividend& a, const LocalTensor<float>& b, uint32_t n, bool twoPass)
    {
        uint32_t m = AlignCompute(n);
        uint32_t maskWords = m / 16U;
        LocalTensor<float> q = Word(W_BP);
        LocalTensor<float> p = Word(W_P);
        LocalTensor<uint8_t> bad = FastMask(MASK_BAD);
        LocalTensor<uint8_t> neg = FastMask(MASK_NEG);
        LocalTensor<uint8_t> tmp = FastMask(MASK_TMP);
        LocalTensor<uint8_t> unfit = FastMask(MASK_UNFIT);
        Quotient(a, b, m);
        Abs(p, q, m);
        const float threshold =
            twoPass ? FloorModFast::TwoPassThreshold(DIVISOR_BITS) : FloorModFast::FastThreshold(DIVISOR_BITS);
        CompareScalar(bad, p, threshold, CMPMODE::GE, m);
        Abs(p, b, m);
        CompareScalar(unfit, p, FloorModFast::DIVISOR_LIMIT, CMPMODE::GE, m);
        CompareScalar(neg, b, 0.0f, CMPMODE::LT, m);
        if constexpr (DIVISOR_BITS == 24) {
            // b of more than 8 significant bits: not the cheap path, the split two-pass one (which takes any b and so
            // does not ask when it alone is in question)
            if (!twoPass) {
                LocalTensor<int32_t> low = p.ReinterpretCast<int32_t>();
                ShiftLeft(low, b.ReinterpretCast<int32_t>(), FloorModFast::FP32_LOW_BITS_SHIFT, m);
                CompareScalar(tmp, low, 0, CMPMODE::EQ, m); // set where b has at most 8 significant bits
                Not(MaskWords(tmp), MaskWords(tmp), maskWords);
                Or(MaskWords(bad), MaskWords(bad), MaskWords(tmp), maskWords);
            }
        }
        Or(MaskWords(bad), MaskWords(bad), MaskWords(unfit), maskWords);
        if (n != m) {
            LocalTensor<float> index = Word(W_Q);
            CreateVecIndex(index, 0.0f, m);
            CompareScalar(tmp, index, static_cast<float>(n), CMPMODE::LT, m); // kept for TwoPassVerdict
            And(MaskWords(bad), MaskWords(bad), MaskWords(tmp), maskWords);
            And(MaskWords(neg), MaskWords(neg), MaskWords(tmp), maskWords);
        }
        const float largest = LargestWeighed(m);
        if (largest < BAD_WEIGHT) {
            uint32_t signs = largest != 0.0f ? FloorModFast::VERDICT_MIXED : FloorModFast::VERDICT_POSITIVE;
            return twoPass ? (signs | FloorModFast::VERDICT_TWO_PASS) : signs;
        }
        if (!twoPass && TwoPassVerdict<DIVISOR_BITS>(n)) {
            return FloorModFast::VERDICT_MIXED | FloorModFast::VERDICT_TWO_PASS;
        }
        return FloorModFast::VERDICT_EXACT;
    }

    // Q = a / b in W_BP (the dividend's row read in place with a source repeat stride of 0).
    __aicore__ inline void Quotient(const Dividend& a, const LocalTensor<float>& b, uint32_t m)
    {
        LocalTensor<float> q = Word(W_BP);
        if (a.row) {
            Div(q, a.lanes, b, COMPUTE_ALIGN, static_cast<uint8_t>(m / COMPUTE_ALIGN), RowParams());
        } else {
            Div(q, a.lanes, b, m);
        }
    }

    // BLOCK_RESIDENT FLOAT: what a chunk of divisor rows (n lanes, whole rows of COMPUTE_ALIGN, no padding) allows
    // every tile it serves. VERDICT_EXACT when some divisor is unfit for the cheap path (|b| >= the divisor limit,
    // infinite, or more than 8 significant bits): its tiles ask FastVerdict as before. Otherwise its signs
    // (VERDICT_POSITIVE / VERDICT_MIXED) and, in `bound`, each column's largest 1 / |b| over the chunk's rows, for
    // FastOnChunk. One reduction and V -> S hand-over per chunk (FastVerdict's masks and weighing).
    __aicore__ inline uint32_t ChunkVerdict(const LocalTensor<float>& b, const LocalTensor<float>& bound, uint32_t n)
    {
        uint32_t maskWords = n / 16U;
        LocalTensor<float> p = Word(W_P);
        LocalTensor<uint8_t> bad = FastMask(MASK_BAD);
        LocalTensor<uint8_t> tmp = FastMask(MASK_TMP);
        LocalTensor<int32_t> low = Word(W_BP).ReinterpretCast<int32_t>();
        Abs(p, b, n);
        CompareScalar(bad, p, FloorModFast::DIVISOR_LIMIT, CMPMODE::GE, n);
        ShiftLeft(low, b.ReinterpretCast<int32_t>(), FloorModFast::FP32_LOW_BITS_SHIFT, n);
        CompareScalar(tmp, low, 0, CMPMODE::EQ, n); // set where b has at most 8 significant bits
        Not(MaskWords(tmp), MaskWords(tmp), maskWords);
        Or(MaskWords(bad), MaskWords(bad), MaskWords(tmp), maskWords);
        CompareScalar(FastMask(MASK_NEG), b, 0.0f, CMPMODE::LT, n);
        const float largest = LargestWeighed(n);
        if (largest >= BAD_WEIGHT) {
            return FloorModFast::VERDICT_EXACT;
        }
        // 1 / |b| per lane (a row of ones read with a source repeat stride of 0), then the rows folded by Max.
        LocalTensor<float> one = Word(W_BN);
        LocalTensor<float> inverse = Word(W_Q);
        Duplicate(one, 1.0f, static_cast<int32_t>(COMPUTE_ALIGN));
        Div(inverse, one, p, COMPUTE_ALIGN, static_cast<uint8_t>(n / COMPUTE_ALIGN), RowParams());
        for (uint32_t rows = n / COMPUTE_ALIGN; rows > 1;) {
            uint32_t half = rows / 2U;
            Max(inverse, inverse, inverse[(rows - half) * COMPUTE_ALIGN], half * COMPUTE_ALIGN);
            rows -= half;
        }
        Adds(bound, inverse, 0.0f, COMPUTE_ALIGN);
        return largest != 0.0f ? FloorModFast::VERDICT_MIXED : FloorModFast::VERDICT_POSITIVE;
    }

    // A tile of rows, each the dividend row a.lanes (COMPUTE_ALIGN lanes) against a row of the chunk ChunkVerdict
    // passed with `signs`: the cheap remainder r, and whether it holds: every lane has |a / b| < FastThreshold when
    // |a| * bound < ROW_QUOTIENT_LIMIT in every column (floor_mod_fast.h proves that this suffices; NaN or infinite
    // products fail). The row's compare (three one-repeat instructions) goes first and the scalar unit reads its mask
    // while the vector unit computes the remainder; a false return leaves r for the caller's verdict to redo.
    __aicore__ inline bool FastOnChunk(const Dividend& a, const LocalTensor<float>& b, const LocalTensor<float>& bound,
                                       uint32_t signs, const LocalTensor<float>& r, uint32_t n)
    {
        LocalTensor<float> u = Word(W_P);
        LocalTensor<uint8_t> ok = FastMask(MASK_HARD); // no mask of the cheap path: free until the read
        Abs(u, a.lanes, COMPUTE_ALIGN);
        Mul(u, u, bound, COMPUTE_ALIGN);
        CompareScalar(ok, u, FloorModFast::ROW_QUOTIENT_LIMIT, CMPMODE::LT, COMPUTE_ALIGN);
        event_t vectorToScalar = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
        SetFlag<HardEvent::V_S>(vectorToScalar);
        Quotient(a, b, n);
        if (signs == FloorModFast::VERDICT_MIXED) {
            // the fold's mask of negative divisors: another tile's exact path may have used its word since
            CompareScalar(FastMask(MASK_NEG), b, 0.0f, CMPMODE::LT, n);
        }
        Fast<24>(a, b, signs, r, n);
        WaitFlag<HardEvent::V_S>(vectorToScalar);
        LocalTensor<uint32_t> words = ok.ReinterpretCast<uint32_t>();
        const bool all = (words.GetValue(0) & words.GetValue(1)) == 0xFFFFFFFFU;
        event_t scalarToVector = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_V));
        SetFlag<HardEvent::S_V>(scalarToVector); // the next tile's compare rewrites the mask
        WaitFlag<HardEvent::S_V>(scalarToVector);
        return all;
    }

    // The cheap remainder r (FP32, r neither a nor b) after FastVerdict (Q in W_BP, the negative divisors' mask) gave
    // `verdict`: t = rint(Q) * b - a negated, r = b - t where t != 0 has b's sign (the fold), else a * 0 - t (a's
    // signed zero where t = 0). Two-pass (floor_mod_fast.h TwoPassThreshold): a' = a - q1 * b in W_BN first,
    // q1 = rint(Q) with its low mantissa bits cleared, then the same on a' with its own quotient. FLOAT's two-pass
    // tiles: Split.
    template <uint32_t DIVISOR_BITS>
    __aicore__ inline void Fast(const Dividend& a, const LocalTensor<float>& b, uint32_t verdict,
                                const LocalTensor<float>& r, uint32_t n)
    {
        uint32_t m = AlignCompute(n);
        LocalTensor<float> q = Word(W_BP);
        LocalTensor<float> p = Word(W_P);
        LocalTensor<float> t = Word(W_Q);
        Dividend x = a;
        Cast(q, q, RoundMode::CAST_RINT, m);
        if ((verdict & FloorModFast::VERDICT_TWO_PASS) != 0U) {
            if constexpr (DIVISOR_BITS == 24) {
                Fold(a, Split(a, b, m), b, verdict, r, m);
                return;
            } else {
                constexpr int32_t clear = FloorModFast::QuotientClearBits(DIVISOR_BITS);
                LocalTensor<int32_t> qi = q.ReinterpretCast<int32_t>();
                x = Dividend{Word(W_BN), false};
                ShiftRight(qi, qi, clear, m);
                ShiftLeft(qi, qi, clear, m);
                Mul(p, q, b, m);
                SubFrom(x.lanes, a, p, m);
                Div(q, x.lanes, b, m);
                Cast(q, q, RoundMode::CAST_RINT, m);
            }
        }
        Mul(p, q, b, m);
        if (x.row) {
            Sub(t, p, x.lanes, COMPUTE_ALIGN, static_cast<uint8_t>(m / COMPUTE_ALIGN), RowParams(RowOperand::SECOND));
        } else {
            Sub(t, p, x.lanes, m);
        }
        Fold(a, t, b, verdict, r, m);
    }

    // FLOAT's split two-pass path (floor_mod_fast.h SplitLane, which proves it), after Fast's rint of Q (W_BP):
    // q1 = rint(Q) rounded to 12 significant bits, x = (a - q1 * bh) - q1 * bl = a - q1 * b exactly, then
    // t = (q * bh - x) + q * bl = q * b - x exactly with q = rint(x / b); bh (W_Q) is b with its low 12 mantissa bits
    // cleared, bl = b - bh (W_P, computed where used: no word is free for it). t is in W_BN.
    __aicore__ inline LocalTensor<float> Split(const Dividend& a, const LocalTensor<float>& b, uint32_t m)
    {
        LocalTensor<float> q = Word(W_BP);
        LocalTensor<float> p = Word(W_P);
        LocalTensor<float> x = Word(W_BN);
        LocalTensor<float> bh = Word(W_Q);
        LocalTensor<int32_t> qi = q.ReinterpretCast<int32_t>();
        LocalTensor<int32_t> bhi = bh.ReinterpretCast<int32_t>();
        Adds(qi, qi, FloorModFast::SPLIT_ROUND, m);
        ShiftRight(qi, qi, FloorModFast::SPLIT_BITS, m);
        ShiftLeft(qi, qi, FloorModFast::SPLIT_BITS, m);
        ShiftRight(bhi, b.ReinterpretCast<int32_t>(), FloorModFast::SPLIT_BITS, m);
        ShiftLeft(bhi, bhi, FloorModFast::SPLIT_BITS, m);
        Mul(p, q, bh, m);
        SubFrom(x, a, p, m);
        LowProduct(p, q, b, bh, m);
        Sub(x, x, p, m);
        Div(q, x, b, m);
        Cast(q, q, RoundMode::CAST_RINT, m);
        Mul(p, q, bh, m);
        Sub(x, p, x, m);
        LowProduct(p, q, b, bh, m);
        Add(x, x, p, m);
        return x;
    }

    // p = q * bl with bl = b - bh (exact: b's low 12 mantissa bits), exact for q of at most 12 significant bits.
    __aicore__ inline void LowProduct(const LocalTensor<float>& p, const LocalTensor<float>& q,
                                      const LocalTensor<float>& b, const LocalTensor<float>& bh, uint32_t m)
    {
        Sub(p, b, bh, m);
        Mul(p, q, p, m);
    }

    // r = b - t where t != 0 has b's sign (one fold: t was q * b - a with q = floor(a / b) or one more), else
    // a * 0 - t: (fold ? b : a * 0) - t, one subtraction either way. t is never -0 (x - x is +0), so a zero r
    // takes a's sign.
    __aicore__ inline void Fold(const Dividend& a, const LocalTensor<float>& t, const LocalTensor<float>& b,
                                uint32_t verdict, const LocalTensor<float>& r, uint32_t m)
    {
        uint32_t maskWords = m / 16U;
        LocalTensor<float> p = Word(W_P);
        LocalTensor<uint8_t> fold = FastMask(MASK_FOLD);
        CompareScalar(fold, t, 0.0f, CMPMODE::GT, m);
        if ((verdict & FloorModFast::VERDICT_SIGNS) == FloorModFast::VERDICT_MIXED) {
            // fold = (t > 0 and b >= 0) or (t < 0 and b < 0): a product t * b could underflow to 0.
            LocalTensor<uint8_t> below = FastMask(MASK_FOLD_NEG);
            LocalTensor<uint8_t> tmp = FastMask(MASK_TMP);
            CompareScalar(below, t, 0.0f, CMPMODE::LT, m);
            And(MaskWords(below), MaskWords(below), MaskWords(FastMask(MASK_NEG)), maskWords);
            Not(MaskWords(tmp), MaskWords(FastMask(MASK_NEG)), maskWords);
            And(MaskWords(fold), MaskWords(fold), MaskWords(tmp), maskWords);
            Or(MaskWords(fold), MaskWords(fold), MaskWords(below), maskWords);
        }
        if (a.row) {
            Muls(p, a.lanes, 0.0f, COMPUTE_ALIGN, static_cast<uint8_t>(m / COMPUTE_ALIGN),
                 UnaryRepeatParams(1, 1, REPEAT_BLOCKS, 0));
        } else {
            Muls(p, a.lanes, 0.0f, m);
        }
        Select(p, fold, b, p, SELMODE::VSEL_TENSOR_TENSOR_MODE, m);
        Sub(r, p, t, m);
    }

    // out = floor remainder of int32 a by b (0 for b = 0 or b = -1), bit-exact, vector only. out is the remainder's
    // buffer from the first subtraction on; it may be a (read before), not b.
    __aicore__ inline void Int32(const LocalTensor<int32_t>& a, const LocalTensor<int32_t>& b,
                                 const LocalTensor<int32_t>& out, uint32_t n)
    {
        uint32_t m = AlignCompute(n);
        LocalTensor<float> af = Word(W_IA);
        LocalTensor<float> bf = Word(W_IB);
        LocalTensor<int32_t> q = Word(W_IQ).ReinterpretCast<int32_t>();
        LocalTensor<int32_t> r = out;
        LocalTensor<int32_t> t = Word(W_IT).ReinterpretCast<int32_t>();
        LocalTensor<int32_t> u = Word(W_IU).ReinterpretCast<int32_t>();
        Cast(af, a, RoundMode::CAST_RINT, m);
        Cast(bf, b, RoundMode::CAST_RINT, m);
        // q1 = floor(a / b) in FP32 is off by < 2^8 (relative error 3 * 2^-24 of |a / b| < 2^31); a - q1 * b is
        // exact in wrapping INT32 arithmetic because the true value is small, and exact in FP32 when |b| < 2^10
        // (the only case with a large error), so the second quotient is off by at most one.
        Div(t.ReinterpretCast<float>(), af, bf, m);
        Cast(q, t.ReinterpretCast<float>(), RoundMode::CAST_FLOOR, m);
        Mul(t, q, b, m);
        Sub(r, a, t, m);
        Cast(af, r, RoundMode::CAST_RINT, m);
        Div(t.ReinterpretCast<float>(), af, bf, m);
        Cast(q, t.ReinterpretCast<float>(), RoundMode::CAST_FLOOR, m);
        Mul(t, q, b, m);
        Sub(r, r, t, m);
        LocalTensor<int32_t> sb = q;                           // -1 where b < 0, else 0
        LocalTensor<int32_t> notSb = af.ReinterpretCast<int32_t>();
        ShiftRight(sb, b, 31, m);
        Not(Half(notSb), Half(sb), 2 * m);
        // r != 0 with the sign opposite to b's: r += b.
        ShiftRight(t, r, 31, m);                               // r < 0
        Muls(u, r, -1, m);
        ShiftRight(u, u, 31, m);                               // -r < 0 (also for INT_MIN, cleared next)
        Not(Half(bf.ReinterpretCast<int32_t>()), Half(t), 2 * m);
        And(Half(u), Half(u), Half(bf.ReinterpretCast<int32_t>()), 2 * m); // r > 0
        PickBySign(t, u, sb, notSb, b, m);
        Add(r, r, t, m);
        // |r| >= |b| with b's sign: r -= b.
        Sub(t, r, b, m);
        ShiftRight(u, t, 31, m);
        Not(Half(u), Half(u), 2 * m);                          // r - b >= 0
        Muls(t, t, -1, m);
        ShiftRight(t, t, 31, m);
        Not(Half(t), Half(t), 2 * m);                          // r - b <= 0
        PickBySign(u, t, sb, notSb, b, m);
        Sub(r, r, u, m);
        // b = 0 gives 0 (b = -1 already does): r & ((b | -b) >> 31), all ones exactly where b != 0. Integer
        // lanes never go through a float Select, whose handling of NaN bit patterns is not ours to rely on.
        Muls(t, b, -1, m);
        Or(Half(t), Half(t), Half(b), 2 * m);
        ShiftRight(t, t, 31, m);
        And(Half(out), Half(r), Half(t), 2 * m);
    }

    // The largest |x| of both INT64 inputs, as FP32 (one V -> S hand-over); the caller takes the INT32 path
    // below 2^31 - 128 (every FP32 value below it rounds from an INT32 value).
    __aicore__ inline float Int64Magnitude(const LocalTensor<int64_t>& a, const LocalTensor<int64_t>& b, uint32_t n)
    {
        uint32_t m = AlignCompute(n);
        LocalTensor<float> af = Word(W_IA);
        LocalTensor<float> bf = Word(W_IB);
        Cast(af, a, RoundMode::CAST_RINT, m);
        Cast(bf, b, RoundMode::CAST_RINT, m);
        Abs(af, af, m);
        Abs(bf, bf, m);
        Max(af, af, bf, m);
        return ReduceToScalar(af, n);
    }

    // out (64-bit lanes, `tile` of them) = the INT32 remainder, computed on INT32 copies: x1's in a work word (the
    // remainder), x2's in the upper half of out's bytes, dead before the widening Cast writes them.
    __aicore__ inline void Int64(const LocalTensor<int64_t>& a, const LocalTensor<int64_t>& b,
                                 const LocalTensor<int64_t>& out, uint32_t n)
    {
        uint32_t m = AlignCompute(n);
        LocalTensor<int32_t> a32 = Word(W_I64A).ReinterpretCast<int32_t>();
        LocalTensor<int32_t> b32 = out.ReinterpretCast<int32_t>()[tile_];
        Cast(a32, a, RoundMode::CAST_NONE, m);
        Cast(b32, b, RoundMode::CAST_NONE, m);
        Int32(a32, b32, a32, n);
        Cast(out, a32, RoundMode::CAST_NONE, m);
    }

    static constexpr uint32_t W_HALF_R = 5; // FP16/BF16: the FP32 remainder and FP32 copies of the inputs
    static constexpr uint32_t W_HALF_A = 6;
    static constexpr uint32_t W_HALF_B = 7;

private:
    enum class RowOperand { FIRST, SECOND };

    // Dense repeats of 64 FP32 lanes, the row operand's source repeat stride 0.
    __aicore__ static inline BinaryRepeatParams RowParams(RowOperand row = RowOperand::FIRST)
    {
        return BinaryRepeatParams(1, 1, 1, REPEAT_BLOCKS, row == RowOperand::FIRST ? 0 : REPEAT_BLOCKS,
                                  row == RowOperand::SECOND ? 0 : REPEAT_BLOCKS);
    }

    // dst = a - p.
    __aicore__ inline void SubFrom(const LocalTensor<float>& dst, const Dividend& a, const LocalTensor<float>& p,
                                   uint32_t m)
    {
        if (a.row) {
            Sub(dst, a.lanes, p, COMPUTE_ALIGN, static_cast<uint8_t>(m / COMPUTE_ALIGN), RowParams());
        } else {
            Sub(dst, a.lanes, p, m);
        }
    }

    __aicore__ static inline LocalTensor<int16_t> Half(const LocalTensor<int32_t>& x)
    {
        return x.ReinterpretCast<int16_t>();
    }

    __aicore__ static inline LocalTensor<int16_t> MaskWords(const LocalTensor<uint8_t>& mask)
    {
        return mask.ReinterpretCast<int16_t>();
    }

    __aicore__ inline LocalTensor<uint8_t> FastMask(uint32_t index) const
    {
        return Word(W_Y).ReinterpretCast<uint8_t>()[index * maskStride_];
    }

    // Whether a tile with a lane at or above FastThreshold may take the two-pass path: no lane unfit (MASK_UNFIT) or
    // at or above TwoPassThreshold (|Q| from W_BP, which FastVerdict left), within the first n. One more reduction
    // and V -> S hand-over, only on such tiles.
    template <uint32_t DIVISOR_BITS>
    __aicore__ inline bool TwoPassVerdict(uint32_t n)
    {
        uint32_t m = AlignCompute(n);
        uint32_t maskWords = m / 16U;
        LocalTensor<float> p = Word(W_P);
        LocalTensor<uint8_t> hard = FastMask(MASK_HARD);
        Abs(p, Word(W_BP), m);
        CompareScalar(hard, p, FloorModFast::TwoPassThreshold(DIVISOR_BITS), CMPMODE::GE, m);
        Or(MaskWords(hard), MaskWords(hard), MaskWords(FastMask(MASK_UNFIT)), maskWords);
        if (n != m) {
            And(MaskWords(hard), MaskWords(hard), MaskWords(FastMask(MASK_TMP)), maskWords);
        }
        uint32_t bytes = m / 8U;
        LocalTensor<half> values = Word(W_Q).ReinterpretCast<half>();
        Cast(values, hard, RoundMode::CAST_NONE, bytes);
        ReduceMax(slot_.ReinterpretCast<half>(), values, values[tile_], static_cast<int32_t>(bytes));
        return ReadSlot() == 0.0f;
    }

    // The largest byte of the bad-lane mask weighed by BAD_WEIGHT and of the negative-divisor mask (m lanes each, in
    // W_Y), as FLOAT16 values 0..255 reduced to one: >= BAD_WEIGHT some lane is bad, else > 0 some divisor is negative.
    __aicore__ inline float LargestWeighed(uint32_t m)
    {
        uint32_t bytes = m / 8U;
        LocalTensor<half> values = Word(W_Q).ReinterpretCast<half>();
        Cast(values, Word(W_Y).ReinterpretCast<uint8_t>(), RoundMode::CAST_NONE, maskStride_ + bytes);
        Muls(values, values, static_cast<half>(BAD_WEIGHT), bytes);
        Max(values, values, values[maskStride_], bytes);
        ReduceMax(slot_.ReinterpretCast<half>(), values, values[tile_], static_cast<int32_t>(bytes));
        return ReadSlot();
    }

    // The value a verdict's reduction left in slot_ (FLOAT16, one V -> S hand-over), then S -> V: the next tile's
    // reductions rewrite slot_.
    __aicore__ inline float ReadSlot()
    {
        event_t vectorToScalar = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
        SetFlag<HardEvent::V_S>(vectorToScalar);
        WaitFlag<HardEvent::V_S>(vectorToScalar);
        const float value = static_cast<float>(slot_.ReinterpretCast<half>().GetValue(0));
        event_t scalarToVector = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_V));
        SetFlag<HardEvent::S_V>(scalarToVector);
        WaitFlag<HardEvent::S_V>(scalarToVector);
        return value;
    }

    // dst = b where (pick & ~sb) | (pickNeg & sb), else 0; pick/pickNeg hold all-ones or zero per lane.
    __aicore__ inline void PickBySign(const LocalTensor<int32_t>& pick, const LocalTensor<int32_t>& pickNeg,
                                      const LocalTensor<int32_t>& sb, const LocalTensor<int32_t>& notSb,
                                      const LocalTensor<int32_t>& b, uint32_t m)
    {
        And(Half(pick), Half(pick), Half(notSb), 2 * m);
        And(Half(pickNeg), Half(pickNeg), Half(sb), 2 * m);
        Or(Half(pick), Half(pick), Half(pickNeg), 2 * m);
        And(Half(pick), Half(pick), Half(b), 2 * m);
    }

    __aicore__ inline float ReduceToScalar(const LocalTensor<float>& values, uint32_t n)
    {
        ReduceMax(slot_, values, Word(W_Q), static_cast<int32_t>(n));
        event_t vectorToScalar = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
        SetFlag<HardEvent::V_S>(vectorToScalar);
        WaitFlag<HardEvent::V_S>(vectorToScalar);
        const float value = slot_.GetValue(0);
        // The next tile's ReduceMax rewrites slot_: it must not overtake this read (write-after-read, S -> V).
        event_t scalarToVector = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_V));
        SetFlag<HardEvent::S_V>(scalarToVector);
        WaitFlag<HardEvent::S_V>(scalarToVector);
        return value;
    }

    // The tile's largest exponent gap e(|a|) - e(bn) over lanes that take steps (finite a, b != 0), plus the
    // subnormal flag on lanes the mask marks (SUBNORMAL: the mask Fp32 left). Exponents are the biased fields (a
    // subnormal |a| reads 0: a negative gap, q = 0, right). Lanes without steps count NO_STEP_GAP.
    template <bool SUBNORMAL>
    __aicore__ inline float ExponentGap(const LocalTensor<float>& r, uint32_t n, uint32_t m)
    {
        LocalTensor<int32_t> e = Word(W_Y).ReinterpretCast<int32_t>();
        LocalTensor<int32_t> q = Word(W_Q).ReinterpretCast<int32_t>();
        LocalTensor<float> p = Word(W_P);
        LocalTensor<float> bn = Word(W_BN);
        ShiftRight(e, bn.ReinterpretCast<int32_t>(), 23, m);
        ShiftRight(q, r.ReinterpretCast<int32_t>(), 23, m);
        Sub(q, q, e, m);
        Cast(p, q, RoundMode::CAST_RINT, m);
        if constexpr (SUBNORMAL) {
            Adds(q.ReinterpretCast<float>(), p, SUBNORMAL_FLAG, m);
            Select(p, mask_, q.ReinterpretCast<float>(), p, SELMODE::VSEL_TENSOR_TENSOR_MODE, m);
        }
        // Lanes that take no steps: b = 0 (below the subnormal bound too) or NaN, and a infinite or NaN.
        CompareScalar(mask_, r, MAX_FINITE_FP32, CMPMODE::LE, m);
        Select(p, mask_, p, NO_STEP_GAP, SELMODE::VSEL_TENSOR_SCALAR_MODE, m);
        CompareScalar(mask_, bn, 0.0f, CMPMODE::GT, m);
        Select(p, mask_, p, NO_STEP_GAP, SELMODE::VSEL_TENSOR_SCALAR_MODE, m);
        return ReduceToScalar(p, n); // lanes past n hold an older tile's values
    }

    __aicore__ static inline int32_t Steps(float gap)
    {
        int32_t extra = static_cast<int32_t>(gap) - BITS_PER_STEP;
        return extra > 0 ? (extra + BITS_PER_STEP - 1) / BITS_PER_STEP : 0;
    }

    // r = r - q * bp with bp = bn * 2^s, s = max(e(r) - e(bn) - 15, 0) (0 when not scaling) and q = floor(r / bp)
    // < 2^16: bp is cut into parts of 8 significant bits (as many as the source has), so each q * part and each
    // difference is exact; q may be one too large (the rounded quotient), leaving r in (-bp, 0), which + bp makes
    // exact again.
    template <typename Source>
    __aicore__ inline void Step(const LocalTensor<float>& r, uint32_t m, bool scale)
    {
        LocalTensor<float> bn = Word(W_BN);
        LocalTensor<float> bp = scale ? Word(W_BP) : bn;
        LocalTensor<float> q = Word(W_Q);
        LocalTensor<float> p = Word(W_P);
        LocalTensor<float> y = Word(W_Y);
        LocalTensor<int32_t> qi = q.ReinterpretCast<int32_t>();
        LocalTensor<int32_t> pi = p.ReinterpretCast<int32_t>();
        LocalTensor<int32_t> yi = y.ReinterpretCast<int32_t>();
        if (scale) {
            ShiftRight(yi, bn.ReinterpretCast<int32_t>(), 23, m); // e(bn), recomputed: no word kept for it
            ShiftRight(qi, r.ReinterpretCast<int32_t>(), 23, m);
            Sub(qi, qi, yi, m);
            Adds(qi, qi, -BITS_PER_STEP, m);
            Maxs(qi, qi, 0, m);
            ShiftLeft(qi, qi, 23, m);
            Add(bp.ReinterpretCast<int32_t>(), bn.ReinterpretCast<int32_t>(), qi, m);
        }
        LocalTensor<float> top = bp; // BF16 data: bp is its own top 8 bits
        if constexpr (Source::HAS_REST) {
            ShiftRight(yi, bp.ReinterpretCast<int32_t>(), 16, m);
            ShiftLeft(yi, yi, 16, m); // top 8 significant bits
            top = y;
        }
        Div(q, r, bp, m);
        Cast(q, q, RoundMode::CAST_FLOOR, m);
        Mul(p, q, top, m);
        Sub(r, r, p, m);
        if constexpr (Source::HAS_LOW) {
            ShiftRight(pi, bp.ReinterpretCast<int32_t>(), 8, m);
            ShiftLeft(pi, pi, 8, m); // top 16 significant bits
            Sub(y, p, y, m);         // middle 8
            Sub(p, bp, p, m);        // low 8
            Mul(y, q, y, m);
            Sub(r, r, y, m);
            Mul(p, q, p, m);
            Sub(r, r, p, m);
        } else if constexpr (Source::HAS_REST) {
            Sub(y, bp, y, m);        // FP16 data: the 3 bits below the top 8
            Mul(y, q, y, m);
            Sub(r, r, y, m);
        }
        CompareScalar(mask_, r, 0.0f, CMPMODE::LT, m);
        Add(p, r, bp, m);
        Select(r, mask_, p, r, SELMODE::VSEL_TENSOR_TENSOR_MODE, m);
    }

    // r in [bn, 2 bn) would mean a quotient one too small: with a correctly rounded Div it cannot happen; a Div
    // one unit low (the device's accuracy is documented to 1 ulp) is absorbed here, r - bn being exact there.
    __aicore__ inline void Settle(const LocalTensor<float>& r, uint32_t m)
    {
        LocalTensor<float> bn = Word(W_BN);
        LocalTensor<float> p = Word(W_P);
        Compare(mask_, r, bn, CMPMODE::GE, m);
        Sub(p, r, bn, m);
        Select(r, mask_, p, r, SELMODE::VSEL_TENSOR_TENSOR_MODE, m);
    }

    // Subnormal divisors: r < bn = |b| * 2^24 now; fmod(r * 2^24, bn) / 2^24 is fmod(r, |b|), both scalings exact.
    template <typename Source>
    __aicore__ inline void SecondPhase(const LocalTensor<float>& r, const LocalTensor<float>& b, uint32_t m)
    {
        LocalTensor<float> p = Word(W_P);
        Abs(p, b, m);
        CompareScalar(mask_, p, MIN_NORMAL_FP32, CMPMODE::LT, m);
        Muls(p, r, TWO_POW_24, m);
        Select(r, mask_, p, r, SELMODE::VSEL_TENSOR_TENSOR_MODE, m);
        for (int32_t i = 0; i < SUBNORMAL_STEPS; ++i) {
            Step<Source>(r, m, true);
        }
        Settle(r, m);
        Abs(p, b, m);
        CompareScalar(mask_, p, MIN_NORMAL_FP32, CMPMODE::LT, m);
        Muls(p, r, INV_TWO_POW_24, m);
        Select(r, mask_, p, r, SELMODE::VSEL_TENSOR_TENSOR_MODE, m);
    }

    // fmod(a, +-inf) is a: |a| on those lanes makes the general rule give torch's (a for a zero or of b's sign, else
    // a + b = b). fmod takes a's sign; torch.remainder adds b to a non-zero result of the other sign. |a| = inf, b = 0
    // and a NaN b give NaN (a NaN a is NaN already): explicit, so that no lane depends on how the device divides by
    // zero or steps with an infinite or zero divisor.
    __aicore__ inline void Finish(const LocalTensor<float>& a, const LocalTensor<float>& b, const LocalTensor<float>& r,
                                  uint32_t m)
    {
        LocalTensor<float> p = Word(W_P);
        LocalTensor<float> y = Word(W_Y);
        LocalTensor<uint32_t> pu = p.ReinterpretCast<uint32_t>();
        Abs(y, b, m); // |b| until the end
        CompareScalar(mask_, y, INFINITY, CMPMODE::EQ, m);
        Abs(p, a, m);
        Select(r, mask_, p, r, SELMODE::VSEL_TENSOR_TENSOR_MODE, m);
        ShiftRight(pu, a.ReinterpretCast<uint32_t>(), 31U, m);
        ShiftLeft(pu, pu, 31U, m);
        Or(r.ReinterpretCast<uint16_t>(), r.ReinterpretCast<uint16_t>(), p.ReinterpretCast<uint16_t>(), 2 * m);
        // Signs compared by selecting -r where b < 0: a product r * b could underflow to -0.
        CompareScalar(mask_, b, 0.0f, CMPMODE::LT, m);
        Muls(p, r, -1.0f, m);
        Select(p, mask_, p, r, SELMODE::VSEL_TENSOR_TENSOR_MODE, m);
        CompareScalar(mask_, p, 0.0f, CMPMODE::LT, m);
        Add(p, r, b, m);
        Select(r, mask_, p, r, SELMODE::VSEL_TENSOR_TENSOR_MODE, m);
        CompareScalar(mask_, y, 0.0f, CMPMODE::GT, m); // b neither 0 nor NaN
        Select(r, mask_, r, static_cast<float>(NAN), SELMODE::VSEL_TENSOR_SCALAR_MODE, m);
        Abs(p, a, m);
        CompareScalar(mask_, p, INFINITY, CMPMODE::NE, m);
        Select(r, mask_, r, static_cast<float>(NAN), SELMODE::VSEL_TENSOR_SCALAR_MODE, m);
    }

    // FP32 words (FP16/BF16 add W_HALF_*); the remainder is the caller's buffer
    static constexpr uint32_t W_BN = 0;
    static constexpr uint32_t W_BP = 1;
    static constexpr uint32_t W_Q = 2;
    static constexpr uint32_t W_P = 3;
    static constexpr uint32_t W_Y = 4;
    // INT32 words (INT64 adds its INT32 copy of x1); the remainder is the caller's buffer
    static constexpr uint32_t W_IA = 0;
    static constexpr uint32_t W_IB = 1;
    static constexpr uint32_t W_IQ = 2;
    static constexpr uint32_t W_IT = 3;
    static constexpr uint32_t W_IU = 4;
    static constexpr uint32_t W_I64A = 5;
    // The cheap path's bit masks, maskStride_ bytes each, in W_Y (which it does not otherwise use)
    static constexpr uint32_t MASK_BAD = 0;
    static constexpr uint32_t MASK_NEG = 1;
    static constexpr uint32_t MASK_TMP = 2;
    static constexpr uint32_t MASK_FOLD = 3;
    static constexpr uint32_t MASK_FOLD_NEG = 4;
    static constexpr uint32_t MASK_UNFIT = 5;
    static constexpr uint32_t MASK_HARD = 6;

    LocalTensor<float> work_;
    LocalTensor<uint8_t> mask_;
    LocalTensor<float> slot_;
    uint32_t tile_ = 0;
    uint32_t maskStride_ = 0;
};

} // namespace FloorModNs

#endif // OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_COMPUTE_H_
