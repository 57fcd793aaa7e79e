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
 * \file bernoulli.h
 * \brief Bernoulli kernel: kModeRandomAliased expands the DSA packed mask that shares the output storage, stage by
 *        stage from the highest addresses down (whole stage of mask into UB, SyncAll when blockDim > 1, then
 *        Duplicate + Select (+ Cast) per tile and a copy-out of the true count); kModeZero / kModeOne write constants.
 *        Only the vector unit and the two DMA pipes touch UB, every hand-over through a TQue: there is no scalar
 *        GetValue / SetValue, so no MTE2_S / S_MTE3 / S_V / V_S flag is needed.
 */
#ifndef OPS_BERNOULLI_OP_KERNEL_BERNOULLI_H_
#define OPS_BERNOULLI_OP_KERNEL_BERNOULLI_H_

#include <type_traits>

#include "kernel_operator.h"
#include "bernoulli_core.h"
#include "bernoulli_tiling_data.h"

namespace BernoulliNs {

using namespace AscendC;

template <typename T>
struct DTypeCode;
template <>
struct DTypeCode<half> {
    static constexpr uint32_t value = kDtypeFloat16;
};
template <>
struct DTypeCode<float> {
    static constexpr uint32_t value = kDtypeFloat;
};
template <>
struct DTypeCode<bfloat16_t> {
    static constexpr uint32_t value = kDtypeBf16;
};
template <>
struct DTypeCode<double> {
    static constexpr uint32_t value = kDtypeDouble;
};
template <>
struct DTypeCode<int8_t> {
    static constexpr uint32_t value = kDtypeInt8;
};
template <>
struct DTypeCode<uint8_t> {
    static constexpr uint32_t value = kDtypeUint8;
};
template <>
struct DTypeCode<int16_t> {
    static constexpr uint32_t value = kDtypeInt16;
};
template <>
struct DTypeCode<int32_t> {
    static constexpr uint32_t value = kDtypeInt32;
};
template <>
struct DTypeCode<int64_t> {
    static constexpr uint32_t value = kDtypeInt64;
};
template <>
struct DTypeCode<bool> {
    static constexpr uint32_t value = kDtypeBool;
};

constexpr uint16_t kBf16OneBits = 0x3f80;
constexpr uint16_t kTwoByteOnes = 0x0101; // two int8 / uint8 / bool ones written as one uint16 lane
// 1023 * 2^52 is exact in FP32; cast to int64 it is 0x3ff0000000000000, the bits of double 1.0.
constexpr float kDoubleOneBitsAsFloat = 4607182418800017408.0f;

template <typename T>
class BernoulliKernel {
    // BOOL is one byte in GM; a GlobalTensor<bool> would leave its storage width to the compiler.
    using StorageT = std::conditional_t<std::is_same<T, bool>::value, uint8_t, T>;
    static constexpr uint32_t kCode = DTypeCode<T>::value;
    static constexpr bool kSelectInPlace = std::is_same<T, half>::value || std::is_same<T, float>::value;
    static constexpr bool kWide = kCode == kDtypeDouble || kCode == kDtypeInt64;
    static constexpr bool kByte = kCode == kDtypeInt8 || kCode == kDtypeUint8 || kCode == kDtypeBool;
    // The 0/1 select type before the Cast: half for byte and int16 outputs, float for int32 / int64 / DOUBLE.
    using SelectT = std::conditional_t<(kCode == kDtypeInt32 || kWide), float, half>;
    // The FP32 value whose exact int64 conversion has the storage bits of 1 in T (DOUBLE: 0x3ff0000000000000).
    static constexpr float kWideOne = kCode == kDtypeDouble ? kDoubleOneBitsAsFloat : 1.0f;

public:
    __aicore__ inline BernoulliKernel() {}

    __aicore__ inline void Init(GM_ADDR mask, GM_ADDR y, const BernoulliTilingData* tiling, TPipe* pipe)
    {
        total_ = tiling->totalElements;
        blockElements_ = tiling->blockElements;
        stageElements_ = tiling->stageElements;
        tileElements_ = tiling->tileElements;
        mode_ = tiling->mode;
        if (total_ == 0) {
            return;
        }
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ StorageT*>(y), total_);
        const uint32_t tile = static_cast<uint32_t>(tileElements_);
        if (mode_ == kModeRandomAliased) {
            maskGm_.SetGlobalBuffer(reinterpret_cast<__gm__ uint8_t*>(mask), DsaMaskBytes(total_));
            pipe->InitBuffer(maskQueue_, 1, static_cast<uint32_t>(stageElements_ / 8));
        }
        pipe->InitBuffer(outQueue_, 2, tile * static_cast<uint32_t>(sizeof(StorageT)));
        const uint32_t scratchBytes = ScratchBytesPerElement(kCode, mode_) * tile;
        if (scratchBytes > 0) {
            pipe->InitBuffer(scratchBuf_, scratchBytes);
        }
        if constexpr (kWide) {
            if (mode_ == kModeOne) {
                // Every kModeOne tile is a Cast of this one tile of the float whose int64 value has the right bits.
                Duplicate(scratchBuf_.Get<float>(), kWideOne, static_cast<int32_t>(tile));
            }
        }
    }

    __aicore__ inline void Process()
    {
        if (total_ == 0) {
            return;
        }
        if (mode_ == kModeRandomAliased) {
            ProcessRandom();
        } else {
            ProcessConstant(mode_ == kModeOne);
        }
    }

private:
    __aicore__ inline void ProcessRandom()
    {
        const uint64_t blockDim = static_cast<uint64_t>(GetBlockNum());
        const uint64_t blockIdx = static_cast<uint64_t>(GetBlockIdx());
        const uint64_t stages = StageCount(total_, blockDim, stageElements_);
        for (uint64_t order = 0; order < stages; ++order) {
            const StageSegment segment = SegmentOf(total_, blockDim, stageElements_, order, blockIdx);
            LocalTensor<uint8_t> maskLocal = maskQueue_.AllocTensor<uint8_t>();
            if (segment.count > 0) {
                CopyInMask(maskLocal, segment);
            }
            maskQueue_.EnQue(maskLocal);
            maskLocal = maskQueue_.DeQue<uint8_t>();
            // Every core holds its whole stage of mask in UB before any core overwrites the storage it came from.
            if (blockDim > 1) {
                SyncAll();
            }
            for (uint64_t done = 0; done < segment.count; done += tileElements_) {
                const uint64_t left = segment.count - done;
                const uint32_t count = static_cast<uint32_t>(left < tileElements_ ? left : tileElements_);
                ExpandTile(maskLocal[static_cast<uint32_t>(done / 8)], count);
                CopyOut(segment.start + done, count);
            }
            maskQueue_.FreeTensor(maskLocal);
        }
    }

    __aicore__ inline void CopyInMask(const LocalTensor<uint8_t>& maskLocal, const StageSegment& segment)
    {
        const uint32_t bytes = static_cast<uint32_t>(CeilDiv(segment.count, 8));
        const uint8_t rightPad = static_cast<uint8_t>(RoundUp(bytes, kBlockBytes) - bytes);
        DataCopyExtParams params{1, bytes, 0, 0, 0};
        DataCopyPadExtParams<uint8_t> pad{true, 0, rightPad, 0};
        DataCopyPad(maskLocal, maskGm_[segment.start / 8], params, pad);
    }

    // Lanes past `count` up to the 256-element boundary are computed from zero padding and never copied out.
    __aicore__ inline void ExpandTile(const LocalTensor<uint8_t>& mask, uint32_t count)
    {
        const uint32_t lanes = static_cast<uint32_t>(RoundUp(count, kAlignElements));
        LocalTensor<StorageT> out = outQueue_.AllocTensor<StorageT>();
        if constexpr (kSelectInPlace) {
            Duplicate(out, static_cast<T>(1), lanes);
            Select(out, mask, out, static_cast<T>(0), SELMODE::VSEL_TENSOR_SCALAR_MODE, lanes);
        } else if constexpr (kCode == kDtypeBf16) {
            // 0x3f80 is bfloat16 1.0; Select only moves 16-bit lanes, so it runs on the half view.
            LocalTensor<half> lanes16 = out.template ReinterpretCast<half>();
            Duplicate(out.template ReinterpretCast<uint16_t>(), kBf16OneBits, lanes);
            Select(lanes16, mask, lanes16, static_cast<half>(0), SELMODE::VSEL_TENSOR_SCALAR_MODE, lanes);
        } else {
            LocalTensor<SelectT> selected = scratchBuf_.Get<SelectT>();
            SelectT one = static_cast<SelectT>(1);
            if constexpr (kWide) {
                one = kWideOne;
            }
            Duplicate(selected, one, lanes);
            Select(selected, mask, selected, static_cast<SelectT>(0), SELMODE::VSEL_TENSOR_SCALAR_MODE, lanes);
            if constexpr (kByte) {
                Cast(out, selected, RoundMode::CAST_NONE, lanes);
            } else if constexpr (kWide) {
                // DOUBLE is written as the int64 bit pattern of 0.0 / 1.0: no FP64 arithmetic exists on A2.
                Cast(out.template ReinterpretCast<int64_t>(), selected, RoundMode::CAST_RINT, lanes);
            } else {
                Cast(out, selected, RoundMode::CAST_RINT, lanes);
            }
        }
        outQueue_.EnQue(out);
    }

    __aicore__ inline void ProcessConstant(bool one)
    {
        const uint64_t start = static_cast<uint64_t>(GetBlockIdx()) * blockElements_;
        if (start >= total_) {
            return;
        }
        const uint64_t count = total_ - start < blockElements_ ? total_ - start : blockElements_;
        for (uint64_t done = 0; done < count; done += tileElements_) {
            const uint64_t left = count - done;
            const uint32_t n = static_cast<uint32_t>(left < tileElements_ ? left : tileElements_);
            FillTile(n, one);
            CopyOut(start + done, n);
        }
    }

    __aicore__ inline void FillTile(uint32_t count, bool one)
    {
        const uint32_t lanes = static_cast<uint32_t>(RoundUp(count, kAlignElements));
        LocalTensor<StorageT> out = outQueue_.AllocTensor<StorageT>();
        if constexpr (kByte) {
            Duplicate(out.template ReinterpretCast<uint16_t>(), one ? kTwoByteOnes : uint16_t{0}, lanes / 2);
        } else if constexpr (kCode == kDtypeBf16) {
            Duplicate(out.template ReinterpretCast<uint16_t>(), one ? kBf16OneBits : uint16_t{0}, lanes);
        } else if constexpr (kWide) {
            if (one) {
                Cast(out.template ReinterpretCast<int64_t>(), scratchBuf_.Get<float>(), RoundMode::CAST_RINT, lanes);
            } else {
                Duplicate(out.template ReinterpretCast<int32_t>(), 0, static_cast<int32_t>(2 * lanes));
            }
        } else {
            Duplicate(out, static_cast<T>(one ? 1 : 0), lanes);
        }
        outQueue_.EnQue(out);
    }

    __aicore__ inline void CopyOut(uint64_t start, uint32_t count)
    {
        LocalTensor<StorageT> out = outQueue_.DeQue<StorageT>();
        DataCopyExtParams params{1, count * static_cast<uint32_t>(sizeof(StorageT)), 0, 0, 0};
        DataCopyPad(yGm_[start], out, params);
        outQueue_.FreeTensor(out);
    }

    TQue<QuePosition::VECIN, 1> maskQueue_;
    TQue<QuePosition::VECOUT, 2> outQueue_;
    TBuf<TPosition::VECCALC> scratchBuf_;
    GlobalTensor<uint8_t> maskGm_;
    GlobalTensor<StorageT> yGm_;
    uint64_t total_ = 0;
    uint64_t blockElements_ = 0;
    uint64_t stageElements_ = 0;
    uint64_t tileElements_ = 0;
    uint32_t mode_ = kModeRandomAliased;
};

} // namespace BernoulliNs

#endif // OPS_BERNOULLI_OP_KERNEL_BERNOULLI_H_
