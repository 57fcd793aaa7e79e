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
 * \file bernoulli_tiling_core.h
 * \brief Portable Bernoulli host tiling: safe element count, blockDim (one core up to 16384 outputs and 40 KiB of
 *        them, RandomOnOneCore), 256-element core and stage starts, the stage / tile plan inside the UB model, the fixed 512-byte
 *        workspace descriptor and tilingKey 0. Plain C++17; the gert adapter (bernoulli_tiling.cpp) and the tests
 *        call the same function.
 */
#ifndef OPS_BERNOULLI_OP_HOST_BERNOULLI_TILING_CORE_H_
#define OPS_BERNOULLI_OP_HOST_BERNOULLI_TILING_CORE_H_

#include <cstdint>

#include "../op_kernel/bernoulli_core.h"
#include "../op_kernel/bernoulli_tiling_data.h"

namespace BernoulliTiling {

using namespace BernoulliNs;

constexpr uint32_t kMaxDim = 8;
constexpr uint64_t kFallbackUbBytes = 196608; // used when the platform reports no UB size
constexpr uint64_t kReservedUbBytes = 8192;   // framework and alignment reserve
constexpr uint64_t kWorkspaceBytes = 512;     // fixed launcher descriptor; never holds mask or output data
constexpr uint64_t kTilingKey = 0;
constexpr uint64_t kMinRandomTile = 4096; // a tile below this is not worth a whole-block stage

enum class Status : uint32_t { kOk = 0, kBadRank, kNegativeDim, kOverflow, kBadMode, kBadDtype, kNoUb };

struct Shape {
    uint32_t rank;
    int64_t dims[kMaxDim];
};

struct Platform {
    uint32_t coreNum; // AIV cores; 0 is read as 1
    uint64_t ubSize;  // bytes; 0 means unknown
};

struct TilingResult {
    BernoulliTilingData data;
    uint32_t blockDim;
    uint64_t tilingKey;
    uint64_t workspaceBytes;
    uint64_t ubPlanBytes;
};

// Product of the dims, refusing negative dims and anything whose byte size would not fit in int64.
inline Status SafeElementCount(const Shape& shape, uint64_t& count)
{
    if (shape.rank > kMaxDim) {
        return Status::kBadRank;
    }
    constexpr uint64_t limit = static_cast<uint64_t>(INT64_MAX) / 8;
    count = 1;
    for (uint32_t i = 0; i < shape.rank; ++i) {
        if (shape.dims[i] < 0) {
            return Status::kNegativeDim;
        }
        const uint64_t dim = static_cast<uint64_t>(shape.dims[i]);
        if (dim != 0 && count > limit / dim) {
            return Status::kOverflow;
        }
        count *= dim;
    }
    return Status::kOk;
}

inline uint64_t AlignDown(uint64_t a, uint64_t b) { return a / b * b; }

// Chooses stageElements / tileElements for kModeRandomAliased: first a single stage covering the whole core share,
// then, if the mask stage leaves too little room, a 4096-element tile and the largest stage that still fits.
inline Status PlanRandom(uint32_t dtype, uint64_t ub, uint64_t blockElements, uint64_t& stage, uint64_t& tile)
{
    const uint64_t perElement = 2ULL * OutputBytes(dtype) + ScratchBytesPerElement(dtype, kModeRandomAliased);
    stage = blockElements;
    tile = blockElements < kTileCap ? blockElements : kTileCap;
    const uint64_t wholeStageMask = stage / 8;
    if (wholeStageMask < ub) {
        const uint64_t fit = AlignDown((ub - wholeStageMask) / perElement, kAlignElements);
        const uint64_t wanted = tile < kMinRandomTile ? tile : kMinRandomTile;
        if (fit >= wanted) {
            tile = tile < fit ? tile : fit;
            return Status::kOk;
        }
    }
    tile = tile < kMinRandomTile ? tile : kMinRandomTile;
    if (tile * perElement + kAlignElements / 8 > ub) {
        tile = AlignDown((ub - kAlignElements / 8) / perElement, kAlignElements);
        if (tile < kAlignElements) {
            return Status::kNoUb;
        }
    }
    stage = AlignDown((ub - tile * perElement) * 8, kAlignElements);
    stage = stage < blockElements ? stage : blockElements;
    if (stage < kAlignElements) {
        return Status::kNoUb;
    }
    tile = tile < stage ? tile : stage;
    return Status::kOk;
}

inline Status ComputeTiling(const Shape& shape, uint32_t dtype, uint32_t mode, const Platform& platform,
                            TilingResult& result)
{
    result = TilingResult{};
    if (mode >= kModeCount) {
        return Status::kBadMode;
    }
    if (dtype >= kDtypeCount) {
        return Status::kBadDtype;
    }
    uint64_t total = 0;
    const Status counted = SafeElementCount(shape, total);
    if (counted != Status::kOk) {
        return counted;
    }
    const uint64_t coreNum = platform.coreNum == 0 ? 1 : platform.coreNum;
    const uint64_t ubTotal = platform.ubSize == 0 ? kFallbackUbBytes : platform.ubSize;
    if (ubTotal <= kReservedUbBytes) {
        return Status::kNoUb;
    }
    const uint64_t ub = ubTotal - kReservedUbBytes;

    const uint64_t units = total == 0 ? 1 : CeilDiv(total, kAlignElements);
    const bool singleCore = mode == kModeRandomAliased && RandomOnOneCore(total, dtype);
    uint64_t blocks = singleCore ? 1 : (units < coreNum ? units : coreNum);
    const uint64_t blockElements = CeilDiv(units, blocks) * kAlignElements;
    blocks = total == 0 ? 1 : CeilDiv(total, blockElements);

    uint64_t stage = blockElements;
    uint64_t tile = 0;
    if (mode == kModeRandomAliased) {
        const Status planned = PlanRandom(dtype, ub, blockElements, stage, tile);
        if (planned != Status::kOk) {
            return planned;
        }
    } else {
        const uint64_t perElement = 2ULL * OutputBytes(dtype) + ScratchBytesPerElement(dtype, mode);
        const uint64_t fit = AlignDown(ub / perElement, kAlignElements);
        tile = blockElements < kTileCap ? blockElements : kTileCap;
        tile = tile < fit ? tile : fit;
        if (tile < kAlignElements) {
            return Status::kNoUb;
        }
    }

    result.data.totalElements = total;
    result.data.blockElements = blockElements;
    result.data.stageElements = stage;
    result.data.tileElements = tile;
    result.data.mode = mode;
    result.blockDim = static_cast<uint32_t>(blocks);
    result.tilingKey = kTilingKey;
    result.workspaceBytes = kWorkspaceBytes;
    result.ubPlanBytes = UbPlanBytes(dtype, mode, mode == kModeRandomAliased ? stage : 0, tile);
    return Status::kOk;
}

} // namespace BernoulliTiling

#endif // OPS_BERNOULLI_OP_HOST_BERNOULLI_TILING_CORE_H_
