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
 * \brief Portable Bernoulli host tiling: safe element count, blockDim (one core while the packed mask is at most
 *        16 KiB), 256-element core and stage starts, the stage / tile plan inside the UB model, the fixed 512-byte
 *        workspace descriptor and tilingKey 0. Plain C++17; the gert adapter (bernoulli_tiling.cpp) and the tests
 *        call the same function.
 */
#ifndef OPS_BERNOULLI_OP_HOST_BERNOULLI_TILING_CORE_H_
#define OPS_BERNOULLI_OP_HOST_BERNOULLI_TILING_CORE_H_

#include <cstdint>

#include "../op_kernel/bernoulli_core.h"
#include "../op_kernel/bernoulli_tiling_data.h"

namespace BernoulliTiling {

using BernoulliNs::BernoulliTilingData;
using namespace BernoulliCore;

constexpr uint32_t MAX_DIM = 8;
constexpr uint64_t FALLBACK_UB_BYTES = 196608;  // used when the platform reports no UB size
constexpr uint64_t RESERVED_UB_BYTES = 8192;    // framework and alignment reserve
constexpr uint64_t WORKSPACE_BYTES = 512;       // fixed launcher descriptor; never holds mask or output data
constexpr uint64_t TILING_KEY = 0;
constexpr uint64_t MIN_RANDOM_TILE = 4096;      // a tile below this is not worth a whole-block stage

enum class Status : uint32_t { OK = 0, BAD_RANK, NEGATIVE_DIM, OVERFLOW, BAD_MODE, BAD_DTYPE, NO_UB };

struct Shape {
    uint32_t rank;
    int64_t dims[MAX_DIM];
};

struct Platform {
    uint32_t coreNum;  // AIV cores; 0 is read as 1
    uint64_t ubSize;   // bytes; 0 means unknown
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
    if (shape.rank > MAX_DIM) {
        return Status::BAD_RANK;
    }
    constexpr uint64_t limit = static_cast<uint64_t>(INT64_MAX) / 8;
    count = 1;
    for (uint32_t i = 0; i < shape.rank; ++i) {
        if (shape.dims[i] < 0) {
            return Status::NEGATIVE_DIM;
        }
        const uint64_t dim = static_cast<uint64_t>(shape.dims[i]);
        if (dim != 0 && count > limit / dim) {
            return Status::OVERFLOW;
        }
        count *= dim;
    }
    return Status::OK;
}

inline uint64_t AlignDown(uint64_t a, uint64_t b) { return a / b * b; }

// Chooses stageElements / tileElements for RANDOM_ALIASED: first a single stage covering the whole core share,
// then, if the mask stage leaves too little room, a 4096-element tile and the largest stage that still fits.
inline Status PlanRandom(uint32_t dtype, uint64_t ub, uint64_t blockElements, uint64_t& stage, uint64_t& tile)
{
    const uint64_t perElement = 2ULL * OutputBytes(dtype) + ScratchBytesPerElement(dtype, RANDOM_ALIASED);
    const uint64_t fixed = FixedScratchBytes(dtype, RANDOM_ALIASED);
    stage = blockElements;
    tile = blockElements < TILE_CAP ? blockElements : TILE_CAP;
    const uint64_t wholeStageMask = stage / 8 + fixed;
    if (wholeStageMask < ub) {
        const uint64_t fit = AlignDown((ub - wholeStageMask) / perElement, ALIGN_ELEMENTS);
        const uint64_t wanted = tile < MIN_RANDOM_TILE ? tile : MIN_RANDOM_TILE;
        if (fit >= wanted) {
            tile = tile < fit ? tile : fit;
            return Status::OK;
        }
    }
    tile = tile < MIN_RANDOM_TILE ? tile : MIN_RANDOM_TILE;
    if (tile * perElement + fixed + ALIGN_ELEMENTS / 8 > ub) {
        tile = AlignDown((ub - fixed - ALIGN_ELEMENTS / 8) / perElement, ALIGN_ELEMENTS);
        if (tile < ALIGN_ELEMENTS) {
            return Status::NO_UB;
        }
    }
    stage = AlignDown((ub - fixed - tile * perElement) * 8, ALIGN_ELEMENTS);
    stage = stage < blockElements ? stage : blockElements;
    if (stage < ALIGN_ELEMENTS) {
        return Status::NO_UB;
    }
    tile = tile < stage ? tile : stage;
    return Status::OK;
}

inline Status ComputeTiling(const Shape& shape, uint32_t dtype, uint32_t mode, const Platform& platform,
                            TilingResult& result)
{
    result = TilingResult{};
    if (mode >= MODE_COUNT) {
        return Status::BAD_MODE;
    }
    if (dtype >= DTYPE_COUNT) {
        return Status::BAD_DTYPE;
    }
    uint64_t total = 0;
    const Status counted = SafeElementCount(shape, total);
    if (counted != Status::OK) {
        return counted;
    }
    const uint64_t coreNum = platform.coreNum == 0 ? 1 : platform.coreNum;
    const uint64_t ubTotal = platform.ubSize == 0 ? FALLBACK_UB_BYTES : platform.ubSize;
    if (ubTotal <= RESERVED_UB_BYTES) {
        return Status::NO_UB;
    }
    const uint64_t ub = ubTotal - RESERVED_UB_BYTES;

    const uint64_t units = total == 0 ? 1 : CeilDiv(total, ALIGN_ELEMENTS);
    const bool singleCore = mode == RANDOM_ALIASED && DsaMaskBytes(total) <= SMALL_MASK_BYTES;
    uint64_t blocks = singleCore ? 1 : (units < coreNum ? units : coreNum);
    const uint64_t blockElements = CeilDiv(units, blocks) * ALIGN_ELEMENTS;
    blocks = total == 0 ? 1 : CeilDiv(total, blockElements);

    uint64_t stage = blockElements;
    uint64_t tile = 0;
    if (mode == RANDOM_ALIASED) {
        const Status planned = PlanRandom(dtype, ub, blockElements, stage, tile);
        if (planned != Status::OK) {
            return planned;
        }
    } else {
        const uint64_t perElement = 2ULL * OutputBytes(dtype) + ScratchBytesPerElement(dtype, mode);
        const uint64_t fit = AlignDown((ub - FixedScratchBytes(dtype, mode)) / perElement, ALIGN_ELEMENTS);
        const uint64_t cap = TileCap(dtype, mode);
        tile = blockElements < cap ? blockElements : cap;
        tile = tile < fit ? tile : fit;
        if (tile < ALIGN_ELEMENTS) {
            return Status::NO_UB;
        }
    }

    result.data.totalElements = total;
    result.data.blockElements = blockElements;
    result.data.stageElements = stage;
    result.data.tileElements = tile;
    result.data.mode = mode;
    result.blockDim = static_cast<uint32_t>(blocks);
    result.tilingKey = TILING_KEY;
    result.workspaceBytes = WORKSPACE_BYTES;
    result.ubPlanBytes = UbPlanBytes(dtype, mode, mode == RANDOM_ALIASED ? stage : 0, tile);
    return Status::OK;
}

}  // namespace BernoulliTiling

#endif  // OPS_BERNOULLI_OP_HOST_BERNOULLI_TILING_CORE_H_
