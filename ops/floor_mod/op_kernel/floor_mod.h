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
 * \file floor_mod.h
 * \brief FloorMod AI Core kernel with stride-aware broadcast: each core walks its output range in row segments
 *        (a segment never crosses the last compressed dim), reads each input segment contiguously (stride 1) or
 *        as one broadcast value (stride 0), computes, and writes only its own elements. No GM workspace.
 *        FP16/BF16/FP32: FP32 Div -> Floor -> Mul -> Sub with the torch.remainder corrections (sign, zero sign,
 *        infinite divisor, infinite dividend). INT32/INT64: an exact FP32 vector path when every |x| < 2^24 and
 *        no divisor is 0, otherwise scalar remainder. DOUBLE: IEEE-754 bit patterns on the scalar unit.
 */
#ifndef OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_H_
#define OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_H_

#include <cmath>
#include <type_traits>

#include "kernel_operator.h"
#include "floor_mod_tiling_data.h"
#include "floor_mod_broadcast.h"
#include "floor_mod_scalar.h"

namespace FloorModNs {
using namespace AscendC;

constexpr uint32_t COMPUTE_ALIGN = 64;      // elements: FP32 Compare needs whole 256-byte repeats
constexpr float EXACT_FP32_LIMIT = 16777216.0f; // 2^24

template <typename T>
struct StorageTraits {
    static constexpr bool IS_FLOAT = std::is_same<T, half>::value || std::is_same<T, bfloat16_t>::value ||
                                     std::is_same<T, float>::value;
    static constexpr bool IS_INT = std::is_same<T, int32_t>::value || std::is_same<T, int64_t>::value;
    static constexpr bool IS_DOUBLE_BITS = std::is_same<T, uint64_t>::value; // DOUBLE travels as its bit pattern
    static constexpr uint32_t WORK_FLOATS = std::is_same<T, float>::value ? 3U : (IS_DOUBLE_BITS ? 0U : 5U);
};

template <typename T>
class FloorModKernel {
public:
    __aicore__ inline void Init(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, const FloorModTilingData& tiling)
    {
        td_ = tiling;
        uint32_t core = static_cast<uint32_t>(GetBlockIdx());
        uint64_t extra = td_.tailDataCoreNum;
        start_ = core * td_.perCoreDataCount + (core < extra ? core : extra) * td_.blockAlignElements;
        count_ = core + 1 == td_.needCoreNum ? td_.lastCoreDataCount :
                                               td_.perCoreDataCount + (core < extra ? td_.blockAlignElements : 0);
        if (core >= td_.needCoreNum) {
            count_ = 0;
        }
        x1Gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x1));
        x2Gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x2));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y));
        tile_ = td_.usableUbSize;
        uint32_t bytes = tile_ * sizeof(T);
        pipe_.InitBuffer(in1Que_, td_.queueDepth, bytes);
        pipe_.InitBuffer(in2Que_, td_.queueDepth, bytes);
        pipe_.InitBuffer(outQue_, td_.queueDepth, bytes);
        if constexpr (StorageTraits<T>::WORK_FLOATS > 0) {
            pipe_.InitBuffer(workBuf_, StorageTraits<T>::WORK_FLOATS * tile_ * sizeof(float));
            pipe_.InitBuffer(maskBuf_, tile_ / 4); // two bit masks
        }
    }

    __aicore__ inline void Process()
    {
        if (count_ == 0) {
            return;
        }
        OffsetCursor cursor;
        cursor.Init(td_, start_);
        uint64_t done = 0;
        while (done < count_) {
            uint64_t segment = cursor.RowRemaining();
            uint64_t left = count_ - done;
            segment = segment < left ? segment : left;
            segment = segment < tile_ ? segment : tile_;
            uint32_t n = static_cast<uint32_t>(segment);
            CopyIn(in1Que_, x1Gm_, cursor.Offset1(), cursor.TailStride1(), n);
            CopyIn(in2Que_, x2Gm_, cursor.Offset2(), cursor.TailStride2(), n);
            Compute(n);
            CopyOut(start_ + done, n);
            cursor.Advance(segment);
            done += segment;
        }
    }

private:
    __aicore__ inline void CopyIn(TQue<TPosition::VECIN, 2>& que, GlobalTensor<T>& gm, int64_t offset,
                                  int64_t stride, uint32_t n)
    {
        LocalTensor<T> local = que.template AllocTensor<T>();
        if (stride != 0) {
            DataCopyExtParams params{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0};
            DataCopyPadExtParams<T> pad{false, 0, 0, T()};
            DataCopyPad(local, gm[offset], params, pad);
        } else {
            Fill(local, gm.GetValue(offset), n);
        }
        que.EnQue(local);
    }

    // One broadcast value over the segment: Duplicate where A2 has it, the scalar unit for 64-bit types.
    __aicore__ inline void Fill(LocalTensor<T>& local, T value, uint32_t n)
    {
        if constexpr (sizeof(T) == 8) {
            for (uint32_t i = 0; i < n; ++i) {
                local.SetValue(i, value);
            }
        } else {
            Duplicate(local, value, AlignUp(n));
        }
    }

    __aicore__ inline void CopyOut(uint64_t outOffset, uint32_t n)
    {
        LocalTensor<T> y = outQue_.template DeQue<T>();
        DataCopyExtParams params{1, static_cast<uint32_t>(n * sizeof(T)), 0, 0, 0};
        DataCopyPad(yGm_[outOffset], y, params);
        outQue_.FreeTensor(y);
    }

    __aicore__ inline void Compute(uint32_t n)
    {
        LocalTensor<T> x1 = in1Que_.template DeQue<T>();
        LocalTensor<T> x2 = in2Que_.template DeQue<T>();
        LocalTensor<T> y = outQue_.template AllocTensor<T>();
        if constexpr (StorageTraits<T>::IS_DOUBLE_BITS) {
            for (uint32_t i = 0; i < n; ++i) {
                y.SetValue(i, FloorModScalar::RemainderBits(x1.GetValue(i), x2.GetValue(i)));
            }
        } else if constexpr (StorageTraits<T>::IS_INT) {
            ComputeInt(x1, x2, y, n);
        } else {
            ComputeFloat(x1, x2, y, n);
        }
        outQue_.EnQue(y);
        in1Que_.FreeTensor(x1);
        in2Que_.FreeTensor(x2);
    }

    __aicore__ inline uint32_t AlignUp(uint32_t n) const
    {
        return (n + COMPUTE_ALIGN - 1) / COMPUTE_ALIGN * COMPUTE_ALIGN;
    }

    __aicore__ inline LocalTensor<float> Work(uint32_t index)
    {
        return workBuf_.template Get<float>()[index * tile_];
    }

    // r = x1 - floor(x1 / x2) * x2, then the corrections that make it torch.remainder (fmod-based):
    // a non-zero r of the wrong sign gets + x2; a zero r takes x1's sign; |x2| = inf gives x1 when x1 is zero or
    // of x2's sign, else x2; |x1| = inf gives NaN. NaN operands and x2 = 0 already give NaN.
    __aicore__ inline void RemainderFp32(const LocalTensor<float>& a, const LocalTensor<float>& b,
                                         const LocalTensor<float>& r, uint32_t n)
    {
        LocalTensor<float> tmp = Work(WORK_TMP);
        LocalTensor<float> t = Work(WORK_T);
        LocalTensor<uint8_t> mask = maskBuf_.template Get<uint8_t>();
        uint32_t m = AlignUp(n);
        Div(r, a, b, m);
        Cast(r, r, RoundMode::CAST_FLOOR, m);
        Mul(r, r, b, m);
        Sub(r, a, r, m);
        Mul(t, r, b, m);
        CompareScalar(mask, t, 0.0f, CMPMODE::LT, m);
        Add(tmp, r, b, m);
        Select(r, mask, tmp, r, SELMODE::VSEL_TENSOR_TENSOR_MODE, m);
        Muls(tmp, a, 0.0f, m);
        CompareScalar(mask, r, 0.0f, CMPMODE::EQ, m);
        Select(r, mask, tmp, r, SELMODE::VSEL_TENSOR_TENSOR_MODE, m);
        Mul(t, a, b, m);
        CompareScalar(mask, t, 0.0f, CMPMODE::LT, m);
        Select(tmp, mask, b, a, SELMODE::VSEL_TENSOR_TENSOR_MODE, m);
        Abs(t, b, m);
        CompareScalar(mask, t, INFINITY, CMPMODE::EQ, m);
        Select(r, mask, tmp, r, SELMODE::VSEL_TENSOR_TENSOR_MODE, m);
        Abs(t, a, m);
        CompareScalar(mask, t, INFINITY, CMPMODE::NE, m); // a set bit keeps r; |x1| = inf takes NaN
        Select(r, mask, r, static_cast<float>(NAN), SELMODE::VSEL_TENSOR_SCALAR_MODE, m);
    }

    __aicore__ inline void ComputeFloat(LocalTensor<T>& x1, LocalTensor<T>& x2, LocalTensor<T>& y, uint32_t n)
    {
        uint32_t m = AlignUp(n);
        if constexpr (std::is_same<T, float>::value) {
            RemainderFp32(x1, x2, y, n);
        } else {
            LocalTensor<float> a = Work(WORK_A);
            LocalTensor<float> b = Work(WORK_B);
            LocalTensor<float> r = Work(WORK_R);
            Cast(a, x1, RoundMode::CAST_NONE, m);
            Cast(b, x2, RoundMode::CAST_NONE, m);
            RemainderFp32(a, b, r, n);
            Cast(y, r, RoundMode::CAST_RINT, m);
        }
    }

    // Exact through FP32 when |x1|, |x2| < 2^24 and x2 != 0 (the rounded quotient then never crosses an integer,
    // so floor, the product and the difference are exact); otherwise the scalar remainder of every element.
    __aicore__ inline void ComputeInt(LocalTensor<T>& x1, LocalTensor<T>& x2, LocalTensor<T>& y, uint32_t n)
    {
        uint32_t m = AlignUp(n);
        LocalTensor<float> a = Work(WORK_A);
        LocalTensor<float> b = Work(WORK_B);
        LocalTensor<float> r = Work(WORK_R);
        LocalTensor<float> tmp = Work(WORK_TMP);
        LocalTensor<float> t = Work(WORK_T);
        Cast(a, x1, RoundMode::CAST_RINT, m);
        Cast(b, x2, RoundMode::CAST_RINT, m);
        // Three reductions into separate 32-byte slots, then one vector -> scalar hand-over to read them.
        LocalTensor<float> maxASlot = t;
        LocalTensor<float> maxBSlot = t[REDUCE_SLOT];
        LocalTensor<float> minBSlot = t[2 * REDUCE_SLOT];
        Abs(tmp, a, n);
        ReduceMax(maxASlot, tmp, r, n);
        Abs(tmp, b, n);
        ReduceMax(maxBSlot, tmp, r, n);
        ReduceMin(minBSlot, tmp, r, n);
        event_t vectorToScalar = static_cast<event_t>(pipe_.FetchEventID(HardEvent::V_S));
        SetFlag<HardEvent::V_S>(vectorToScalar);
        WaitFlag<HardEvent::V_S>(vectorToScalar);
        float maxA = maxASlot.GetValue(0);
        float maxB = maxBSlot.GetValue(0);
        float minB = minBSlot.GetValue(0);
        event_t scalarToVector = static_cast<event_t>(pipe_.FetchEventID(HardEvent::S_V));
        SetFlag<HardEvent::S_V>(scalarToVector);
        WaitFlag<HardEvent::S_V>(scalarToVector);
        if (maxA < EXACT_FP32_LIMIT && maxB < EXACT_FP32_LIMIT && minB > 0.0f) {
            Div(r, a, b, m);
            Cast(r, r, RoundMode::CAST_FLOOR, m);
            Mul(r, r, b, m);
            Sub(r, a, r, m);
            Cast(y, r, RoundMode::CAST_RINT, m);
            return;
        }
        for (uint32_t i = 0; i < n; ++i) {
            y.SetValue(i, FloorModScalar::RemainderInt<T>(x1.GetValue(i), x2.GetValue(i)));
        }
    }

    static constexpr uint32_t REDUCE_SLOT = 8; // floats: one 32-byte block per reduction result
    static constexpr uint32_t WORK_TMP = 0;
    static constexpr uint32_t WORK_T = 1;
    static constexpr uint32_t WORK_A = 2;
    static constexpr uint32_t WORK_B = 3;
    static constexpr uint32_t WORK_R = 4;

    TPipe pipe_;
    TQue<TPosition::VECIN, 2> in1Que_;
    TQue<TPosition::VECIN, 2> in2Que_;
    TQue<TPosition::VECOUT, 2> outQue_;
    TBuf<TPosition::VECCALC> workBuf_;
    TBuf<TPosition::VECCALC> maskBuf_;
    GlobalTensor<T> x1Gm_;
    GlobalTensor<T> x2Gm_;
    GlobalTensor<T> yGm_;
    FloorModTilingData td_;
    uint64_t start_ = 0;
    uint64_t count_ = 0;
    uint32_t tile_ = 0;
};

} // namespace FloorModNs

#endif // OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_H_
