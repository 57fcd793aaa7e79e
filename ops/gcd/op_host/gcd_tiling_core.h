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
 * \file gcd_tiling_core.h
 * \brief Portable Gcd host tiling: broadcast shape and strides, dim merging, per-core ranges, then the copy mode
 *        (gcd_tiling_mode.h), its UB tile and the tiling key. Plain C++17 (no CANN include) so that gcd_tiling.cpp
 *        and the g++ tests share it.
 */
#ifndef OPS_MATH_GCD_TILING_CORE_H
#define OPS_MATH_GCD_TILING_CORE_H

#include <cstdint>

#include "gcd_tiling_mode.h"
#include "../op_kernel/gcd_core.h"
#include "../op_kernel/gcd_walk.h"
#include "../op_kernel/gcd_tiling_data.h"
#include "../op_kernel/gcd_tiling_key.h"

namespace GcdTiling {

constexpr int64_t MIN_ELEMENTS_PER_CORE = 1024; // below this a core costs more to start than it computes

enum class Status : int32_t {
    OK = 0,
    BAD_RANK = 1,
    BAD_DIM = 2,
    BAD_DTYPE = 3,
    NOT_BROADCASTABLE = 4,
    BAD_PLATFORM = 5,
    BAD_STRIDE = 6,
    VIEW_UNSUPPORTED = 7, // a strided view no copy mode reads (aclnnGcd makes its inputs contiguous first)
};

// Strides are view strides in elements, as aclTensor::GetViewStrides gives them.
struct TensorView {
    int64_t rank;
    int64_t shape[GCD_MAX_DIMS];
    int64_t strides[GCD_MAX_DIMS];
};

struct TilingInput {
    uint64_t dtypeCode; // GCD_DTYPE_* of gcd_tiling_key.h
    TensorView self;
    TensorView other;
    int64_t coreNum; // AIV cores of the platform
    int64_t ubSize;  // UB bytes of one core
};

struct TilingResult {
    Status status;
    GcdTilingData data;
    uint64_t tilingKey;
    int64_t blockDim;
    int64_t workspaceSize; // the whole workspace the tiling requests, in bytes (0: the kernel needs none)
};

inline int64_t DtypeSize(uint64_t dtypeCode)
{
    switch (dtypeCode) {
        case GCD_DTYPE_INT8:
        case GCD_DTYPE_UINT8:
            return 1;
        case GCD_DTYPE_INT16:
        case GCD_DTYPE_FLOAT16:
        case GCD_DTYPE_BF16:
            return 2;
        case GCD_DTYPE_FLOAT:
        case GCD_DTYPE_INT32:
            return 4;
        case GCD_DTYPE_INT64:
            return 8;
        default:
            return 0;
    }
}

struct AlignedDims {
    int64_t rank;
    int64_t out[GCD_MAX_DIMS];
    int64_t selfShape[GCD_MAX_DIMS];
    int64_t otherShape[GCD_MAX_DIMS];
    int64_t selfStrides[GCD_MAX_DIMS];
    int64_t otherStrides[GCD_MAX_DIMS];
};

// NumPy broadcasting: right-align, equal dims or a 1 broadcast; a broadcast dim gets stride 0.
inline Status Broadcast(const TensorView& s, const TensorView& o, AlignedDims& a)
{
    a.rank = s.rank > o.rank ? s.rank : o.rank;
    for (int64_t i = 0; i < a.rank; ++i) {
        const int64_t si = i - (a.rank - s.rank);
        const int64_t oi = i - (a.rank - o.rank);
        const int64_t sDim = si >= 0 ? s.shape[si] : 1;
        const int64_t oDim = oi >= 0 ? o.shape[oi] : 1;
        if (sDim < 0 || oDim < 0) {
            return Status::BAD_DIM;
        }
        if ((si >= 0 && s.strides[si] < 0) || (oi >= 0 && o.strides[oi] < 0)) {
            return Status::BAD_STRIDE; // spans and gather offsets assume the offsets grow with the indices
        }
        if (sDim != oDim && sDim != 1 && oDim != 1) {
            return Status::NOT_BROADCASTABLE;
        }
        a.out[i] = sDim == 1 ? oDim : sDim;
        a.selfShape[i] = sDim;
        a.otherShape[i] = oDim;
        a.selfStrides[i] = (sDim == 1 || si < 0) ? 0 : s.strides[si];
        a.otherStrides[i] = (oDim == 1 || oi < 0) ? 0 : o.strides[oi];
    }
    return Status::OK;
}

// Drops size-1 output dims and merges neighbours that both inputs walk linearly, so that the cursor's odometer
// rarely carries: same-shape contiguous inputs end as rank 1, [a,b,c] with [1,1,c] as rank 2.
inline void MergeDims(const AlignedDims& a, GcdTilingData& t)
{
    int64_t r = 0;
    for (int64_t i = 0; i < a.rank; ++i) {
        if (a.out[i] == 1) {
            continue;
        }
        const bool mergeable = r > 0 && t.selfStrides[r - 1] == a.selfStrides[i] * a.out[i] &&
                               t.otherStrides[r - 1] == a.otherStrides[i] * a.out[i] &&
                               (t.selfShape[r - 1] == 1) == (a.selfShape[i] == 1) &&
                               (t.otherShape[r - 1] == 1) == (a.otherShape[i] == 1);
        if (mergeable) {
            t.outShape[r - 1] *= a.out[i];
            t.selfShape[r - 1] *= a.selfShape[i];
            t.otherShape[r - 1] *= a.otherShape[i];
            t.selfStrides[r - 1] = a.selfStrides[i];
            t.otherStrides[r - 1] = a.otherStrides[i];
            continue;
        }
        t.outShape[r] = a.out[i];
        t.selfShape[r] = a.selfShape[i];
        t.otherShape[r] = a.otherShape[i];
        t.selfStrides[r] = a.selfStrides[i];
        t.otherStrides[r] = a.otherStrides[i];
        ++r;
    }
    if (r == 0) { // every dim is 1: a single element
        t.outShape[0] = 1;
        t.selfShape[0] = 1;
        t.otherShape[0] = 1;
        t.selfStrides[0] = 0;
        t.otherStrides[0] = 0;
        r = 1;
    }
    t.rank = r;
    for (int64_t i = r; i < GCD_MAX_DIMS; ++i) {
        t.outShape[i] = 1;
        t.selfShape[i] = 1;
        t.otherShape[i] = 1;
        t.selfStrides[i] = 0;
        t.otherStrides[i] = 0;
    }
}

// Every core but the last owns perCoreNum elements, a multiple of 32 bytes of output (no two cores write one
// 32-byte block) and at least MIN_ELEMENTS_PER_CORE.
inline void SplitCores(int64_t dtypeSize, int64_t coreNum, GcdTilingData& t)
{
    const int64_t alignElems = 32 / dtypeSize;
    int64_t perCore = (t.totalNum + coreNum - 1) / coreNum;
    perCore = perCore < MIN_ELEMENTS_PER_CORE ? MIN_ELEMENTS_PER_CORE : perCore;
    perCore = GcdCore::RoundUp(perCore, alignElems);
    t.perCoreNum = perCore;
    t.usedCoreNum = t.totalNum == 0 ? 1 : (t.totalNum + perCore - 1) / perCore;
    t.lastCoreNum = t.totalNum - (t.usedCoreNum - 1) * perCore;
}

inline TilingResult ComputeTiling(const TilingInput& in)
{
    TilingResult res{};
    const int64_t dtypeSize = DtypeSize(in.dtypeCode);
    if (dtypeSize == 0) {
        res.status = Status::BAD_DTYPE;
        return res;
    }
    if (in.self.rank < 1 || in.self.rank > GCD_MAX_DIMS || in.other.rank < 1 || in.other.rank > GCD_MAX_DIMS) {
        res.status = Status::BAD_RANK;
        return res;
    }
    if (in.coreNum < 1 || MaxTileElements(GCD_MODE_LINEAR, dtypeSize, in.ubSize, 2) < GcdCore::GCD_TILE_ALIGN ||
        MaxTileElements(GCD_MODE_BLOCK, dtypeSize, in.ubSize, 2) < GcdCore::GCD_TILE_ALIGN) {
        res.status = Status::BAD_PLATFORM;
        return res;
    }
    AlignedDims aligned{};
    res.status = Broadcast(in.self, in.other, aligned);
    if (res.status != Status::OK) {
        return res;
    }
    res.data.totalNum = 1;
    for (int64_t i = 0; i < aligned.rank; ++i) {
        res.data.totalNum *= aligned.out[i];
    }
    MergeDims(aligned, res.data);
    SplitCores(dtypeSize, in.coreNum, res.data);
    const uint64_t mode = ChooseCopyMode(dtypeSize, in.ubSize, res.data);
    if (mode == GCD_MODE_NONE) {
        res.status = Status::VIEW_UNSUPPORTED;
        return res;
    }
    res.tilingKey = GcdTilingKey(in.dtypeCode, mode);
    res.blockDim = res.data.usedCoreNum;
    res.workspaceSize = 0;
    return res;
}

} // namespace GcdTiling

#endif // OPS_MATH_GCD_TILING_CORE_H
