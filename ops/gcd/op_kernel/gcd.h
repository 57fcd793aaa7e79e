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
 * \file gcd.h
 * \brief Gcd kernel class: each core walks its output range tile by tile (CopyIn -> Compute -> CopyOut).
 *        Inputs are read linearly (DataCopyPad) or, on broadcast / strided keys, by row segments (DataCopyPad or
 *        Duplicate) or element by element through the offset cursor of gcd_walk.h. Compute widens to fp32 and
 *        runs a masked Euclid for as many trips as the tile's largest operand can need.
 */
#ifndef OPS_MATH_GCD_KERNEL_H
#define OPS_MATH_GCD_KERNEL_H

#include "kernel_operator.h"
#include "gcd_core.h"
#include "gcd_walk.h"
#include "gcd_tiling_data.h"
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

template <typename T, uint64_t DTYPE_CODE, bool LINEAR>
class GcdKernel {
public:
    __aicore__ inline GcdKernel() {}

    __aicore__ inline void Init(GM_ADDR self, GM_ADDR other, GM_ADDR out, const GcdTilingData* tiling, TPipe* pipe)
    {
        tiling_ = tiling;
        range_ = GcdCore::CoreOutputRange(*tiling, static_cast<int64_t>(GetBlockIdx()));
        selfGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(self));
        otherGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(other));
        outGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(out));
        const GcdCore::GcdUbPlan plan = GcdCore::PlanUb(tiling->tileNum, static_cast<int64_t>(sizeof(T)));
        pipe->InitBuffer(selfQueue_, GcdCore::GCD_QUEUE_DEPTH, plan.queueBytes);
        pipe->InitBuffer(otherQueue_, GcdCore::GCD_QUEUE_DEPTH, plan.queueBytes);
        pipe->InitBuffer(outQueue_, GcdCore::GCD_QUEUE_DEPTH, plan.queueBytes);
        pipe->InitBuffer(aBuf_, plan.floatBytes);
        pipe->InitBuffer(bBuf_, plan.floatBytes);
        pipe->InitBuffer(quotientBuf_, plan.floatBytes);
        pipe->InitBuffer(scratchBuf_, plan.floatBytes);
        pipe->InitBuffer(reduceBuf_, plan.floatBytes);
        pipe->InitBuffer(halfBuf_, plan.halfBytes);
        pipe->InitBuffer(maskBuf_, plan.maskBytes);
        pipe->InitBuffer(finiteBuf_, plan.maskBytes);
        rowCopy_ = !LINEAR && GcdCore::UseRowCopy(*tiling, static_cast<int64_t>(sizeof(T)));
        rowLen_ = tiling->outShape[tiling->rank - 1];
    }

    __aicore__ inline void Process()
    {
        if (range_.end <= range_.begin) {
            return;
        }
        if (rowCopy_) {
            for (int64_t start = range_.begin; start < range_.end;) {
                const int64_t used = CopyInRows(start);
                Compute(used);
                start = CopyOutRows(start);
            }
            return;
        }
        if constexpr (!LINEAR) {
            cursor_.Init(*tiling_, range_.begin);
        }
        for (int64_t start = range_.begin; start < range_.end; start += tiling_->tileNum) {
            const int64_t rest = range_.end - start;
            const int64_t count = rest < tiling_->tileNum ? rest : tiling_->tileNum;
            CopyIn(start, count);
            Compute(count);
            CopyOut(start, count);
        }
    }

private:
    __aicore__ inline void CopyIn(int64_t start, int64_t count)
    {
        LocalTensor<T> selfLocal = selfQueue_.template AllocTensor<T>();
        LocalTensor<T> otherLocal = otherQueue_.template AllocTensor<T>();
        if constexpr (LINEAR) {
            const DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
            const DataCopyPadExtParams<T> pad{false, 0, 0, 0};
            DataCopyPad(selfLocal, selfGm_[start], params, pad);
            DataCopyPad(otherLocal, otherGm_[start], params, pad);
        } else {
            // Broadcast or strided inputs: one scalar read per element, the cursor keeps both offsets.
            for (int64_t i = 0; i < count; ++i) {
                selfLocal.SetValue(static_cast<uint32_t>(i), selfGm_.GetValue(cursor_.SelfOffset()));
                otherLocal.SetValue(static_cast<uint32_t>(i), otherGm_.GetValue(cursor_.OtherOffset()));
                cursor_.Advance();
            }
            event_t scalarToVector = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_V));
            SetFlag<HardEvent::S_V>(scalarToVector);
            WaitFlag<HardEvent::S_V>(scalarToVector);
        }
        selfQueue_.EnQue(selfLocal);
        otherQueue_.EnQue(otherLocal);
    }

    __aicore__ inline void Compute(int64_t count)
    {
        LocalTensor<T> selfLocal = selfQueue_.template DeQue<T>();
        LocalTensor<T> otherLocal = otherQueue_.template DeQue<T>();
        LocalTensor<T> outLocal = outQueue_.template AllocTensor<T>();
        LocalTensor<float> a = aBuf_.Get<float>();
        LocalTensor<float> b = bBuf_.Get<float>();
        // Vector instructions run whole 256-byte repeats; lanes past the count compute values never copied out.
        const int32_t n = static_cast<int32_t>(GcdCore::RoundUp(count, GcdCore::GCD_TILE_ALIGN));
        ToMagnitude(a, selfLocal, n);
        ToMagnitude(b, otherLocal, n);
        bool exactScalar = false;
        int32_t trips = 0;
        if constexpr (IsFloatType()) {
            const float largest = MaskNonFinite(a, b, n, static_cast<int32_t>(count));
            exactScalar = largest >= GcdCore::VECTOR_EXACT_LIMIT;
            // The Fibonacci bound of this tile's own largest operand: tiles of small integers stop early.
            trips = exactScalar ? 0 : GcdCore::EuclidIterations(static_cast<int64_t>(largest));
        } else {
            trips = GcdCore::EuclidIterations(static_cast<int64_t>(LargestMagnitude(a, b, n, count)));
        }
        if (exactScalar) {
            ScalarExact(outLocal, selfLocal, otherLocal, count);
        } else {
            Euclid(a, b, n, trips);
            FromFloat(outLocal, b, n);
        }
        outQueue_.EnQue(outLocal);
        selfQueue_.FreeTensor(selfLocal);
        otherQueue_.FreeTensor(otherLocal);
    }

    // Fills the tile from `start` with row segments; returns the UB elements used (padding lanes hold 0).
    __aicore__ inline int64_t CopyInRows(int64_t start)
    {
        LocalTensor<T> selfLocal = selfQueue_.template AllocTensor<T>();
        LocalTensor<T> otherLocal = otherQueue_.template AllocTensor<T>();
        int64_t used = 0;
        for (int64_t pos = start; pos < range_.end && used < tiling_->tileNum;) {
            const GcdCore::RowSegment seg =
                GcdCore::NextRowSegment(pos, used, rowLen_, range_.end, tiling_->tileNum, ALIGN_ELEMS);
            cursor_.Init(*tiling_, pos);
            FillSegment(selfLocal, selfGm_, cursor_.SelfOffset(), tiling_->selfStrides[tiling_->rank - 1], used, seg);
            FillSegment(otherLocal, otherGm_, cursor_.OtherOffset(), tiling_->otherStrides[tiling_->rank - 1], used,
                        seg);
            pos += seg.len;
            used += seg.slot;
        }
        selfQueue_.EnQue(selfLocal);
        otherQueue_.EnQue(otherLocal);
        return used;
    }

    // Stride 1: DataCopyPad of the row segment, its slot padded with 0. Stride 0: one GM read, Duplicate over the
    // slot (8-bit values are duplicated as a 16-bit pair: A2 has no 8-bit Duplicate).
    __aicore__ inline void FillSegment(const LocalTensor<T>& local, const GlobalTensor<T>& gm, int64_t offset,
                                       int64_t innerStride, int64_t used, const GcdCore::RowSegment& seg)
    {
        LocalTensor<T> slot = local[static_cast<uint32_t>(used)];
        if (innerStride == 1) {
            const DataCopyExtParams params{1, static_cast<uint32_t>(seg.len * sizeof(T)), 0, 0, 0};
            const DataCopyPadExtParams<T> pad{true, 0, static_cast<uint8_t>(seg.slot - seg.len), static_cast<T>(0)};
            DataCopyPad(slot, gm[offset], params, pad);
            return;
        }
        const T value = gm.GetValue(offset);
        if constexpr (sizeof(T) == 1) {
            const uint16_t byte = static_cast<uint8_t>(value);
            const uint16_t pair = static_cast<uint16_t>(byte | (byte << 8));
            LocalTensor<uint16_t> pairs = slot.template ReinterpretCast<uint16_t>();
            Duplicate(pairs, pair, static_cast<int32_t>(seg.slot / 2));
        } else {
            Duplicate(slot, value, static_cast<int32_t>(seg.slot));
        }
    }

    // Writes the tile's row segments back (the same walk as CopyInRows); returns the next output position.
    __aicore__ inline int64_t CopyOutRows(int64_t start)
    {
        LocalTensor<T> outLocal = outQueue_.template DeQue<T>();
        int64_t used = 0;
        int64_t pos = start;
        while (pos < range_.end && used < tiling_->tileNum) {
            const GcdCore::RowSegment seg =
                GcdCore::NextRowSegment(pos, used, rowLen_, range_.end, tiling_->tileNum, ALIGN_ELEMS);
            const DataCopyExtParams params{1, static_cast<uint32_t>(seg.len * sizeof(T)), 0, 0, 0};
            DataCopyPad(outGm_[pos], outLocal[static_cast<uint32_t>(used)], params);
            pos += seg.len;
            used += seg.slot;
        }
        outQueue_.FreeTensor(outLocal);
        return pos;
    }

    __aicore__ inline void CopyOut(int64_t start, int64_t count)
    {
        LocalTensor<T> outLocal = outQueue_.template DeQue<T>();
        const DataCopyExtParams params{1, static_cast<uint32_t>(count * sizeof(T)), 0, 0, 0};
        DataCopyPad(outGm_[start], outLocal, params);
        outQueue_.FreeTensor(outLocal);
    }

    static constexpr bool IsFloatType()
    {
        return DTYPE_CODE == GCD_DTYPE_FLOAT || DTYPE_CODE == GCD_DTYPE_FLOAT16 || DTYPE_CODE == GCD_DTYPE_BF16;
    }

    // dst = |x| in fp32: integers widened (8-bit through half, A2 has no int8 <-> float Cast) with the dtype
    // minimum mapped back to itself as torch's in-dtype abs does; floats are truncated later, once masked.
    __aicore__ inline void ToMagnitude(const LocalTensor<float>& dst, const LocalTensor<T>& src, int32_t n)
    {
        LocalTensor<uint8_t> mask = maskBuf_.Get<uint8_t>();
        if constexpr (DTYPE_CODE == GCD_DTYPE_INT8 || DTYPE_CODE == GCD_DTYPE_UINT8) {
            LocalTensor<half> staging = halfBuf_.Get<half>();
            Cast(staging, src, RoundMode::CAST_NONE, n);
            Cast(dst, staging, RoundMode::CAST_NONE, n);
        } else if constexpr (DTYPE_CODE == GCD_DTYPE_FLOAT) {
            Adds(dst, src, 0.0f, n);
        } else {
            Cast(dst, src, RoundMode::CAST_NONE, n);
        }
        Abs(dst, dst, n);
        if constexpr (DTYPE_CODE == GCD_DTYPE_INT8 || DTYPE_CODE == GCD_DTYPE_INT16) {
            const float wrapped = DTYPE_CODE == GCD_DTYPE_INT8 ? 128.0f : 32768.0f;
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

    // Keeps in finiteBuf_ the lanes where both operands are finite, zeroes the others (their output becomes NaN in
    // FromFloat) and truncates the rest. Returns the largest truncated magnitude of the tile: from
    // VECTOR_EXACT_LIMIT on, the tile takes the exact scalar path (fp32 quotients of larger integers are inexact).
    __aicore__ inline float MaskNonFinite(const LocalTensor<float>& a, const LocalTensor<float>& b, int32_t n,
                                          int32_t count)
    {
        LocalTensor<uint8_t> finite = finiteBuf_.Get<uint8_t>();
        LocalTensor<uint8_t> mask = maskBuf_.Get<uint8_t>();
        LocalTensor<float> largest = scratchBuf_.Get<float>();
        LocalTensor<float> reduced = quotientBuf_.Get<float>();
        LocalTensor<float> work = reduceBuf_.Get<float>();
        CompareScalar(finite, a, GCD_FLOAT_MAX, CMPMODE::LE, n);
        CompareScalar(mask, b, GCD_FLOAT_MAX, CMPMODE::LE, n);
        And(finite.ReinterpretCast<uint16_t>(), finite.ReinterpretCast<uint16_t>(), mask.ReinterpretCast<uint16_t>(),
            n / 16);
        Select(a, finite, a, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        Select(b, finite, b, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        Truncate(a, n);
        Truncate(b, n);
        Max(largest, a, b, n);
        ReduceMax(reduced, largest, work, count, false); // lanes past the count hold stale data
        event_t vectorToScalar = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
        SetFlag<HardEvent::V_S>(vectorToScalar);
        WaitFlag<HardEvent::V_S>(vectorToScalar);
        return reduced.GetValue(0);
    }

    // max(|a|, |b|) over the tile's lanes (|wrapped minimum| counts as 128 / 32768, which is its Euclid magnitude).
    __aicore__ inline float LargestMagnitude(const LocalTensor<float>& a, const LocalTensor<float>& b, int32_t n,
                                             int64_t count)
    {
        LocalTensor<float> absA = scratchBuf_.Get<float>();
        LocalTensor<float> absB = quotientBuf_.Get<float>();
        LocalTensor<float> work = reduceBuf_.Get<float>();
        Abs(absA, a, n);
        Abs(absB, b, n);
        Max(absA, absA, absB, n);
        ReduceMax(absB, absA, work, static_cast<int32_t>(count), false); // lanes past the count hold stale data
        event_t vectorToScalar = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::V_S));
        SetFlag<HardEvent::V_S>(vectorToScalar);
        WaitFlag<HardEvent::V_S>(vectorToScalar);
        return absB.GetValue(0);
    }

    // Masked Euclid on all lanes at once: a lane with a == 0 is frozen, the others step
    // (a, b) <- (b - trunc(b / a) * a, a).
    __aicore__ inline void Euclid(const LocalTensor<float>& a, const LocalTensor<float>& b, int32_t n, int32_t trips)
    {
        LocalTensor<uint8_t> active = maskBuf_.Get<uint8_t>();
        LocalTensor<float> divisor = quotientBuf_.Get<float>();
        LocalTensor<float> remainder = scratchBuf_.Get<float>();
        for (int32_t i = 0; i < trips; ++i) {
            CompareScalar(active, a, 0.0f, CMPMODE::NE, n);
            Select(divisor, active, a, 1.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
            Div(remainder, b, divisor, n);
            Truncate(remainder, n);
            Mul(remainder, remainder, divisor, n);
            Sub(remainder, b, remainder, n);
            Select(b, active, a, b, SELMODE::VSEL_TENSOR_TENSOR_MODE, n);
            Select(a, active, remainder, 0.0f, SELMODE::VSEL_TENSOR_SCALAR_MODE, n);
        }
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

    // Exact bit-level gcd per element (tiles with an operand of 2^22 or more; fp32 / bf16 only).
    __aicore__ inline void ScalarExact(const LocalTensor<T>& out, const LocalTensor<T>& x, const LocalTensor<T>& y,
                                       int64_t count)
    {
        if constexpr (IsFloatType()) {
            using Bits = typename GcdBits<T>::Type;
            constexpr GcdCore::FloatFormat fmt = DTYPE_CODE == GCD_DTYPE_FLOAT ? GcdCore::FP32_FORMAT :
                                                 DTYPE_CODE == GCD_DTYPE_BF16  ? GcdCore::BF16_FORMAT :
                                                                                 GcdCore::FP16_FORMAT;
            LocalTensor<Bits> xBits = x.template ReinterpretCast<Bits>();
            LocalTensor<Bits> yBits = y.template ReinterpretCast<Bits>();
            LocalTensor<Bits> outBits = out.template ReinterpretCast<Bits>();
            for (int64_t i = 0; i < count; ++i) {
                const uint32_t g = GcdCore::ExactFloatGcdBits(xBits.GetValue(static_cast<uint32_t>(i)),
                                                              yBits.GetValue(static_cast<uint32_t>(i)), fmt);
                outBits.SetValue(static_cast<uint32_t>(i), static_cast<Bits>(g));
            }
            event_t scalarToCopy = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::S_MTE3));
            SetFlag<HardEvent::S_MTE3>(scalarToCopy);
            WaitFlag<HardEvent::S_MTE3>(scalarToCopy);
        }
    }

    const GcdTilingData* tiling_ = nullptr;
    GcdCore::OutputRange range_{0, 0};
    GcdCore::OffsetCursor cursor_;
    bool rowCopy_ = false;
    int64_t rowLen_ = 1;
    static constexpr int64_t ALIGN_ELEMS = 32 / static_cast<int64_t>(sizeof(T));
    GlobalTensor<T> selfGm_;
    GlobalTensor<T> otherGm_;
    GlobalTensor<T> outGm_;
    TQue<QuePosition::VECIN, GcdCore::GCD_QUEUE_DEPTH> selfQueue_;
    TQue<QuePosition::VECIN, GcdCore::GCD_QUEUE_DEPTH> otherQueue_;
    TQue<QuePosition::VECOUT, GcdCore::GCD_QUEUE_DEPTH> outQueue_;
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

#endif // OPS_MATH_GCD_KERNEL_H
