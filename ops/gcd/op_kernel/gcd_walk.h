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
 * \file gcd_walk.h
 * \brief Portable layout logic of Gcd shared by the kernel, the host and the g++ tests: per-core output ranges, the
 *        UB plan, the row segments of broadcast tiles and the broadcast offset cursor. Plain C++17, no CANN include.
 */
#ifndef OPS_MATH_GCD_WALK_H
#define OPS_MATH_GCD_WALK_H

#include <cstdint>

#include "gcd_core.h"
#include "gcd_tiling_data.h"

namespace GcdCore {

// ---------------------------------------------------------------- per-core output ranges
struct OutputRange {
    int64_t begin;
    int64_t end;
};

GCD_CORE_FUNC OutputRange CoreOutputRange(const GcdTilingData& t, int64_t blockIdx)
{
    if (blockIdx >= t.usedCoreNum) {
        return OutputRange{t.totalNum, t.totalNum};
    }
    const int64_t begin = blockIdx * t.perCoreNum;
    const int64_t count = (blockIdx == t.usedCoreNum - 1) ? t.lastCoreNum : t.perCoreNum;
    return OutputRange{begin, begin + count};
}

// ---------------------------------------------------------------- UB plan of one core
// Queues hold the dtype (self, other, out; double-buffered); the vector Euclid works in fp32 in five buffers
// (a, b, quotient, scratch, ReduceMax work), 8-bit dtypes pass through a half staging buffer (A2 has no
// int8 <-> float Cast), and two Compare masks take one bit per element each.
constexpr int64_t GCD_UB_RESERVED_BYTES = 8 * 1024;
constexpr int64_t GCD_TILE_ALIGN = 64; // 64 fp32 = 256 bytes: Compare's count rule on A2
constexpr int64_t GCD_QUEUE_DEPTH = 2;
constexpr int64_t GCD_FLOAT_BUFFERS = 5;

struct GcdUbPlan {
    int64_t queueBytes; // one buffer of one queue (tileNum * dtypeSize)
    int64_t floatBytes; // one fp32 work buffer
    int64_t halfBytes;  // the half staging buffer
    int64_t maskBytes;  // one Compare mask
    int64_t totalBytes; // everything above with its count, as InitBuffer rounds it (32 bytes)
};

GCD_CORE_FUNC int64_t RoundUp(int64_t v, int64_t a) { return (v + a - 1) / a * a; }

GCD_CORE_FUNC GcdUbPlan PlanUb(int64_t tileNum, int64_t dtypeSize)
{
    GcdUbPlan p{};
    p.queueBytes = RoundUp(tileNum * dtypeSize, 32);
    p.floatBytes = RoundUp(tileNum * 4, 32);
    p.halfBytes = RoundUp(tileNum * 2, 32);
    p.maskBytes = RoundUp(tileNum / 8, 32);
    p.totalBytes =
        3 * GCD_QUEUE_DEPTH * p.queueBytes + GCD_FLOAT_BUFFERS * p.floatBytes + p.halfBytes + 2 * p.maskBytes;
    return p;
}

// ---------------------------------------------------------------- row copies for broadcast keys
// When both inputs walk the innermost merged dim with stride 1 or 0, a tile is filled row segment by row
// segment (DataCopyPad for stride 1, Duplicate of one value for stride 0) instead of element by element.
// Each segment takes a 32-byte aligned slot in UB; segments end at a row end, the core's end or the tile's room.
constexpr int64_t GCD_ROW_MIN_BYTES = 64; // shorter rows stay on the element gather: a copy per row costs more

struct RowSegment {
    int64_t len;  // output elements of the segment
    int64_t slot; // UB elements it occupies (len aligned up to 32 bytes)
};

GCD_CORE_FUNC bool UseRowCopy(const GcdTilingData& t, int64_t dtypeSize)
{
    const int64_t inner = t.rank - 1;
    const bool selfOk = t.selfStrides[inner] == 0 || t.selfStrides[inner] == 1;
    const bool otherOk = t.otherStrides[inner] == 0 || t.otherStrides[inner] == 1;
    return selfOk && otherOk && t.outShape[inner] * dtypeSize >= GCD_ROW_MIN_BYTES;
}

// `used` UB elements of the tile are taken (a multiple of alignElems, as tileNum is).
GCD_CORE_FUNC RowSegment NextRowSegment(int64_t pos, int64_t used, int64_t rowLen, int64_t end, int64_t tileNum,
                                        int64_t alignElems)
{
    int64_t len = rowLen - pos % rowLen;
    len = len < end - pos ? len : end - pos;
    len = len < tileNum - used ? len : tileNum - used;
    return RowSegment{len, RoundUp(len, alignElems)};
}

// ---------------------------------------------------------------- broadcast offset cursor
// Walks output linear indices in order and keeps each input's element offset: Init decomposes a linear index
// once (div/mod per dim), Advance is an odometer step. A stride of 0 repeats the element along that dim.
class OffsetCursor {
public:
    GCD_CORE_FUNC void Init(const GcdTilingData& t, int64_t linear)
    {
        rank_ = t.rank;
        selfOffset_ = 0;
        otherOffset_ = 0;
        for (int64_t d = rank_ - 1; d >= 0; --d) {
            shape_[d] = t.outShape[d];
            selfStrides_[d] = t.selfStrides[d];
            otherStrides_[d] = t.otherStrides[d];
            coord_[d] = linear % shape_[d];
            linear /= shape_[d];
            selfOffset_ += coord_[d] * selfStrides_[d];
            otherOffset_ += coord_[d] * otherStrides_[d];
        }
    }

    GCD_CORE_FUNC void Advance()
    {
        int64_t d = rank_ - 1;
        while (d >= 0) {
            ++coord_[d];
            selfOffset_ += selfStrides_[d];
            otherOffset_ += otherStrides_[d];
            if (coord_[d] < shape_[d]) {
                return;
            }
            selfOffset_ -= coord_[d] * selfStrides_[d];
            otherOffset_ -= coord_[d] * otherStrides_[d];
            coord_[d] = 0;
            --d;
        }
    }

    GCD_CORE_FUNC int64_t SelfOffset() const { return selfOffset_; }
    GCD_CORE_FUNC int64_t OtherOffset() const { return otherOffset_; }

private:
    int64_t rank_ = 0;
    int64_t selfOffset_ = 0;
    int64_t otherOffset_ = 0;
    int64_t shape_[GCD_MAX_DIMS] = {};
    int64_t coord_[GCD_MAX_DIMS] = {};
    int64_t selfStrides_[GCD_MAX_DIMS] = {};
    int64_t otherStrides_[GCD_MAX_DIMS] = {};
};

} // namespace GcdCore

#endif // OPS_MATH_GCD_WALK_H
