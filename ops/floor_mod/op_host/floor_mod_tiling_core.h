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
 * \file floor_mod_tiling_core.h
 * \brief Portable FloorMod tiling: right-aligned broadcast with checked products, compression of adjacent dims
 *        with the same broadcast state, stride 0 on broadcast dims, mode selection with fallback to GENERAL (and
 *        BLOCK_RESIDENT for FLOAT's row-times-block layout, whose cores split chunk-major work items),
 *        core split in aligned blocks (whole rows when the kernel tiles whole rows) and the largest tile whose UB
 *        plan (PlanUb, floor_mod_broadcast.h: the kernel's own buffers) fits. Plain C++17; the gert adapter
 *        (floor_mod_tiling.cpp) and the tests call the same functions.
 */
#ifndef OPS_FLOOR_MOD_OP_HOST_FLOOR_MOD_TILING_CORE_H_
#define OPS_FLOOR_MOD_OP_HOST_FLOOR_MOD_TILING_CORE_H_

#include <cstdint>

#include "../op_kernel/floor_mod_tiling_data.h"
#include "../op_kernel/floor_mod_broadcast.h"

namespace FloorModTiling {

using FloorModNs::FloorModTilingData;
using FloorModNs::MAX_DIM;

// The kernel's tiling key (FLOOR_MOD_TPL_* of op_kernel/floor_mod_tiling_key.h) is this value.
enum class DType : uint32_t { FLOAT16 = 0, BFLOAT16 = 1, FLOAT32 = 2, INT32 = 3, INT64 = 4, DOUBLE = 5 };

enum class Status : uint32_t { OK = 0, BAD_RANK, NOT_BROADCASTABLE, OUT_SHAPE_MISMATCH, OVERFLOW, NO_UB };

struct Shape {
    uint32_t rank;
    int64_t dims[MAX_DIM];
};

struct Platform {
    uint32_t coreNum;
    uint64_t ubSize;
};

struct CoreRange {
    uint64_t start;
    uint64_t count;
};

constexpr uint64_t RESERVED_UB_BYTES = 1024;
constexpr uint64_t MIN_ELEMENTS_PER_CORE = 1024;
constexpr uint64_t MIN_ELEMENTS_PER_CORE_UNALIGNED_ROWS = 2048;
constexpr uint64_t TILE_ALIGN_ELEMENTS = 64;
constexpr uint64_t MAX_TILE_ELEMENTS = 1ULL << 24; // far above any UB; plan bytes stay below 2^32 (8 words x 2^24 x 4)
constexpr uint64_t BLOCK_BYTES = FloorModNs::BLOCK_BYTES;

inline uint32_t DTypeBytes(DType dtype)
{
    switch (dtype) {
        case DType::FLOAT16:
        case DType::BFLOAT16:
            return 2;
        case DType::FLOAT32:
        case DType::INT32:
            return 4;
        default:
            return 8;
    }
}

inline uint32_t KindOf(DType dtype)
{
    switch (dtype) {
        case DType::FLOAT16:
        case DType::BFLOAT16:
            return FloorModNs::KIND_HALF;
        case DType::FLOAT32:
            return FloorModNs::KIND_FP32;
        case DType::INT32:
            return FloorModNs::KIND_INT32;
        case DType::INT64:
            return FloorModNs::KIND_INT64;
        default:
            return FloorModNs::KIND_DOUBLE_BITS;
    }
}

// UB the tiling leaves to the kernel's buffers: the platform's UB less the reserve and the tiling data.
inline uint64_t KernelUbBudget(uint64_t ubSize)
{
    uint64_t fixed = RESERVED_UB_BYTES + sizeof(FloorModTilingData);
    return ubSize > fixed ? ubSize - fixed : 0;
}

// The largest tile (a multiple of TILE_ALIGN_ELEMENTS, 0 if none) in [low, high] whose plan, laid out for row tiles
// or not, fits `budget`: for a fixed layout every buffer grows with the tile, so a bisection finds it.
inline uint64_t LargestFittingTile(const FloorModTilingData& td, uint32_t kind, uint32_t depth, uint64_t budget,
                                   bool rowTiles, uint64_t low, uint64_t high)
{
    uint64_t lo = (low + TILE_ALIGN_ELEMENTS - 1) / TILE_ALIGN_ELEMENTS;
    uint64_t hi = high / TILE_ALIGN_ELEMENTS;
    uint64_t best = 0;
    while (lo <= hi) {
        uint64_t mid = lo + (hi - lo) / 2;
        uint32_t tile = static_cast<uint32_t>(mid * TILE_ALIGN_ELEMENTS);
        if (FloorModNs::PlanUbAs(td, kind, tile, depth, rowTiles).Total() <= budget) {
            best = tile;
            lo = mid + 1;
        } else {
            hi = mid - 1;
        }
    }
    return best;
}

// The largest tile whose plan as the kernel lays it out (row tiles from two rows per tile on, where the mode
// allows) fits the budget. The plan is monotone on each side of that threshold, not across it (a replicated input
// needs a wide buffer only with row tiles), so each side is searched on its own, rows first.
inline uint64_t TileForDepth(const FloorModTilingData& td, uint32_t kind, uint32_t depth, uint64_t budget)
{
    // Every element costs at least y's bytes; the cap keeps every plan figure far inside 32 bits.
    uint64_t most = budget / td.dtypeBytes < MAX_TILE_ELEMENTS ? budget / td.dtypeBytes : MAX_TILE_ELEMENTS;
    bool rowAble = td.broadcastMode >= FloorModNs::TAIL_CONTIGUOUS && FloorModNs::RowsAreFetchable(td);
    uint64_t twoRows = 2ULL * FloorModNs::RowStrideOf(td);
    if (rowAble) {
        uint64_t tile = LargestFittingTile(td, kind, depth, budget, true, twoRows, most);
        if (tile != 0) {
            return tile;
        }
    }
    return LargestFittingTile(td, kind, depth, budget, false, TILE_ALIGN_ELEMENTS,
                              rowAble && twoRows - 1 < most ? twoRows - 1 : most);
}

inline bool CheckedMultiply(int64_t a, int64_t b, int64_t& out)
{
    if (a < 0 || b < 0) {
        return false;
    }
    if (a != 0 && b > INT64_MAX / a) {
        return false;
    }
    out = a * b;
    return true;
}

// Right-aligns the shapes (rank-0 counts as [1]), checks broadcastability and y, merges adjacent dims with the
// same broadcast state for both inputs, drops size-1 output dims, and fills rank/outShape/strides/total.
inline Status BuildBroadcast(const Shape& x1, const Shape& x2, const Shape& y, FloorModTilingData& td)
{
    if (x1.rank > MAX_DIM || x2.rank > MAX_DIM || y.rank > MAX_DIM) {
        return Status::BAD_RANK;
    }
    uint32_t rank = x1.rank > x2.rank ? x1.rank : x2.rank;
    int64_t a[MAX_DIM] = {1};
    int64_t b[MAX_DIM] = {1};
    int64_t out[MAX_DIM] = {1}; // rank 0 reads as [1]
    for (uint32_t i = 0; i < rank; ++i) {
        a[i] = i + x1.rank >= rank ? x1.dims[i + x1.rank - rank] : 1;
        b[i] = i + x2.rank >= rank ? x2.dims[i + x2.rank - rank] : 1;
        if (a[i] < 0 || b[i] < 0) {
            return Status::NOT_BROADCASTABLE;
        }
        if (a[i] != b[i] && a[i] != 1 && b[i] != 1) {
            return Status::NOT_BROADCASTABLE;
        }
        out[i] = a[i] == 1 ? b[i] : a[i];
    }
    uint32_t yRank = y.rank == 0 ? 1 : y.rank;
    if (yRank != (rank == 0 ? 1 : rank)) {
        return Status::OUT_SHAPE_MISMATCH;
    }
    for (uint32_t i = 0; i < y.rank; ++i) {
        if (y.dims[i] != out[i]) {
            return Status::OUT_SHAPE_MISMATCH;
        }
    }
    int64_t total = 1;
    for (uint32_t i = 0; i < rank; ++i) {
        if (!CheckedMultiply(total, out[i], total)) {
            return Status::OVERFLOW;
        }
    }
    // Compress: keep dims with out > 1; merge a dim into the previous kept one when both inputs keep their state.
    uint32_t kept = 0;
    int64_t dims[MAX_DIM];
    bool full1[MAX_DIM];
    bool full2[MAX_DIM];
    for (uint32_t i = 0; i < rank; ++i) {
        if (out[i] == 1) {
            continue;
        }
        bool f1 = a[i] != 1;
        bool f2 = b[i] != 1;
        if (kept > 0 && full1[kept - 1] == f1 && full2[kept - 1] == f2) {
            dims[kept - 1] *= out[i]; // cannot overflow: bounded by total
        } else {
            dims[kept] = out[i];
            full1[kept] = f1;
            full2[kept] = f2;
            ++kept;
        }
    }
    if (kept == 0) { // every dim is 1 (or rank 0): one element
        dims[0] = 1;
        full1[0] = true;
        full2[0] = true;
        kept = 1;
    }
    td.rank = kept;
    td.totalDataCount = static_cast<uint64_t>(total);
    int64_t stride1 = 1;
    int64_t stride2 = 1;
    for (uint32_t k = kept; k-- > 0;) {
        td.outShape[k] = dims[k];
        td.x1Stride[k] = full1[k] ? stride1 : 0;
        td.x2Stride[k] = full2[k] ? stride2 : 0;
        if (full1[k]) {
            stride1 *= dims[k];
        }
        if (full2[k]) {
            stride2 *= dims[k];
        }
    }
    for (uint32_t k = kept; k < MAX_DIM; ++k) {
        td.outShape[k] = 1;
        td.x1Stride[k] = 0;
        td.x2Stride[k] = 0;
    }
    return Status::OK;
}

inline int64_t InputSize(const FloorModTilingData& td, const int64_t* stride)
{
    int64_t size = 1;
    for (uint32_t k = 0; k < td.rank; ++k) {
        if (stride[k] != 0) {
            size *= td.outShape[k];
        }
    }
    return size;
}

inline uint32_t SelectMode(const FloorModTilingData& td)
{
    int64_t total = static_cast<int64_t>(td.totalDataCount);
    int64_t size1 = InputSize(td, td.x1Stride);
    int64_t size2 = InputSize(td, td.x2Stride);
    if (size1 == total && size2 == total) {
        return FloorModNs::CONTIGUOUS;
    }
    if (size1 == 1 && size2 == total) {
        return FloorModNs::X1_SCALAR;
    }
    if (size2 == 1 && size1 == total) {
        return FloorModNs::X2_SCALAR;
    }
    uint32_t last = td.rank - 1;
    bool tail1 = td.x1Stride[last] == 1;
    bool tail2 = td.x2Stride[last] == 1;
    if (tail1 && tail2) {
        return FloorModNs::TAIL_CONTIGUOUS;
    }
    if (td.rank >= 2 && tail1 && td.x2Stride[last] == 0 && td.x2Stride[last - 1] != 0) {
        return FloorModNs::CROSSED_ROW_X1_ROW;
    }
    if (td.rank >= 2 && tail2 && td.x1Stride[last] == 0 && td.x1Stride[last - 1] != 0) {
        return FloorModNs::CROSSED_ROW_X2_ROW;
    }
    return FloorModNs::GENERAL;
}

inline uint64_t Gcd(uint64_t a, uint64_t b)
{
    while (b != 0) {
        uint64_t t = a % b;
        a = b;
        b = t;
    }
    return a;
}

// Elements a core boundary must be a multiple of: a 32-byte block, or, where the kernel tiles whole rows, the
// smallest number of whole rows whose bytes fill 32-byte blocks (so that every core starts on a row).
inline uint64_t BlockAlign(const FloorModTilingData& td, bool wholeRows)
{
    uint64_t bytes = td.dtypeBytes;
    if (wholeRows) {
        uint64_t row = static_cast<uint64_t>(td.outShape[td.rank - 1]);
        return row * (BLOCK_BYTES / Gcd(row * bytes, BLOCK_BYTES));
    }
    return BLOCK_BYTES / bytes;
}

inline CoreRange CoreRangeOf(const FloorModTilingData& td, uint32_t core)
{
    uint64_t extra = td.tailDataCoreNum;
    uint64_t start = core * td.perCoreDataCount + (core < extra ? core : extra) * td.blockAlignElements;
    if (core + 1 == td.needCoreNum) {
        return CoreRange{start, td.lastCoreDataCount};
    }
    return CoreRange{start, td.perCoreDataCount + (core < extra ? td.blockAlignElements : 0)};
}

// Splits [0, total) (elements, or BLOCK_RESIDENT's work items) into aligned core ranges of at least minPerCore.
inline void SplitCores(FloorModTilingData& td, uint32_t coreNum, uint64_t minPerCore, uint64_t total)
{
    uint64_t align = td.blockAlignElements;
    uint64_t blocks = (total + align - 1) / align;
    uint64_t wanted = (total + minPerCore - 1) / minPerCore;
    uint64_t cores = wanted < coreNum ? wanted : coreNum;
    cores = cores < blocks ? cores : blocks;
    cores = cores == 0 ? 1 : cores;
    td.needCoreNum = static_cast<uint32_t>(cores);
    td.perCoreDataCount = (blocks / cores) * align;
    td.tailDataCoreNum = blocks % cores;
    uint64_t lastStart = (cores - 1) * td.perCoreDataCount + td.tailDataCoreNum * align;
    td.lastCoreDataCount = total - lastStart;
}

// BLOCK_RESIDENT (FLOAT, x1 [I, 1, K] against x2 [1, J, K] after compression): the tile of TAIL_CONTIGUOUS's plan
// plus the bound row (x2's queue holds a chunk of its rows across tiles instead of one tile's), the cores split the
// chunk-major work items (TileWalker) so that x2 is read once per core and chunk, not once per tile (its block is
// each outer index's). Depth 2: a core's next chunk is fetched while its last tile of the current one computes.
inline void BlockResidentTiling(FloorModTilingData& td, const Platform& platform, uint32_t tile)
{
    td.blockAlignElements = 1;
    uint64_t itemElements = static_cast<uint64_t>(FloorModNs::ChunkRows(td, tile)) * td.outShape[2];
    uint64_t minItems = (MIN_ELEMENTS_PER_CORE + itemElements - 1) / itemElements;
    SplitCores(td, platform.coreNum == 0 ? 1 : platform.coreNum, minItems, FloorModNs::WorkItems(td, tile));
    td.queueDepth = 2;
    td.usableUbSize = tile;
}

// Full tiling: broadcast metadata, mode, core split and the largest tile whose UB plan fits. Whole-row tiles (every
// mode after the scalar ones) when the rows are fetchable by one DMA per input and a core's row unit fits a tile;
// a crossed-row layout that cannot is GENERAL (row segments). Workspace is always 0.
inline Status ComputeTiling(const Shape& x1, const Shape& x2, const Shape& y, DType dtype, const Platform& platform,
                            FloorModTilingData& td)
{
    td = FloorModTilingData{};
    td.dtypeBytes = DTypeBytes(dtype);
    Status status = BuildBroadcast(x1, x2, y, td);
    if (status != Status::OK) {
        return status;
    }
    uint32_t kind = KindOf(dtype);
    uint64_t budget = KernelUbBudget(platform.ubSize);
    uint32_t mode = SelectMode(td);
    td.broadcastMode = mode;
    uint64_t tileAtDepth2 = TileForDepth(td, kind, 2, budget);
    if (tileAtDepth2 == 0) {
        return Status::NO_UB;
    }
    if (kind == FloorModNs::KIND_FP32 && FloorModNs::IsRowTimesBlock(td)) {
        td.broadcastMode = FloorModNs::BLOCK_RESIDENT; // its plan adds the bound row
        uint64_t tile = TileForDepth(td, kind, 2, budget);
        if (tile != 0 && FloorModNs::UsesRowTiles(td, static_cast<uint32_t>(tile))) {
            BlockResidentTiling(td, platform, static_cast<uint32_t>(tile));
            return Status::OK;
        }
        td.broadcastMode = mode;
    }
    bool rowMode = mode >= FloorModNs::TAIL_CONTIGUOUS;
    uint64_t rowUnit = BlockAlign(td, true);
    bool wholeRows = rowMode && FloorModNs::UsesRowTiles(td, static_cast<uint32_t>(tileAtDepth2)) &&
                     rowUnit <= tileAtDepth2 && rowUnit <= td.totalDataCount;
    bool crossed = mode == FloorModNs::CROSSED_ROW_X1_ROW || mode == FloorModNs::CROSSED_ROW_X2_ROW;
    if (crossed && !wholeRows) {
        mode = FloorModNs::GENERAL; // specialised resources do not fit: stride-aware row segments, never AI CPU
    }
    td.broadcastMode = mode; // GENERAL is a row mode as the crossed ones are: tileAtDepth2's plan holds
    td.blockAlignElements = BlockAlign(td, wholeRows);
    bool unalignedRows = wholeRows && td.blockAlignElements != static_cast<uint64_t>(td.outShape[td.rank - 1]);
    SplitCores(td, platform.coreNum == 0 ? 1 : platform.coreNum,
               unalignedRows ? MIN_ELEMENTS_PER_CORE_UNALIGNED_ROWS : MIN_ELEMENTS_PER_CORE, td.totalDataCount);
    uint64_t tileAtDepth1 = TileForDepth(td, kind, 1, budget);
    uint64_t biggest = CoreRangeOf(td, 0).count;
    if (biggest <= tileAtDepth1) {
        td.queueDepth = 1;
        td.usableUbSize = static_cast<uint32_t>(tileAtDepth1);
    } else {
        td.queueDepth = 2;
        td.usableUbSize = static_cast<uint32_t>(tileAtDepth2);
    }
    return Status::OK;
}

} // namespace FloorModTiling

#endif // OPS_FLOOR_MOD_OP_HOST_FLOOR_MOD_TILING_CORE_H_
