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
 * \file reduce_all_tiling_core.h
 * \brief ReduceAll host tiling as a pure function (plain C++17, no CANN include): axis normalisation,
 *        kept / reduced split, coalescing, multi-core split, UB plan, batch and big-reduce modes
 */
#ifndef REDUCE_ALL_TILING_CORE_H
#define REDUCE_ALL_TILING_CORE_H

#include <cstdint>

#include "../op_kernel/reduce_all_core.h"
#include "../op_kernel/reduce_all_tiling_data.h"
#include "../op_kernel/reduce_all_tiling_key.h"

namespace ReduceAllTiling {

enum class Status : int32_t {
    OK = 0,
    RANK_TOO_LARGE = 1,
    NEGATIVE_DIM = 2,
    AXIS_OUT_OF_RANGE = 3,
    AXIS_DUPLICATE = 4,
    CORE_NUM_INVALID = 5,
    UB_TOO_SMALL = 6,
    BAD_ELEMENT_BYTES = 7,
};

// Kept / reduced axes of the input, before coalescing (strides are the input's row-major strides).
struct AxisSplit {
    int32_t rank = 0;
    bool reduced[REDUCE_ALL_MAX_DIM_NUM] = {};
    int32_t keptNum = 0;
    int64_t keptShape[REDUCE_ALL_MAX_DIM_NUM] = {};
    int64_t keptStrides[REDUCE_ALL_MAX_DIM_NUM] = {};
    int32_t reducedNum = 0;
    int64_t reducedShape[REDUCE_ALL_MAX_DIM_NUM] = {};
    int64_t reducedStrides[REDUCE_ALL_MAX_DIM_NUM] = {};
    int64_t totalOutputElements = 1;
    int64_t reduceElements = 1;
};

// UB buffers of the kernel in bytes, per TPosition; the kernel allocates exactly these.
struct UbPlan {
    int64_t inQueBytes = 0;   // VECIN, 2 buffers of tileSize int8
    int64_t outQueBytes = 0;  // VECOUT, 2 buffers of REDUCE_ALL_OUT_CAP int8
    int64_t workBytes = 0;    // VECCALC, tileSize half (Cast, Abs)
    int64_t scratchBytes = 0; // VECCALC, tileSize half (the seed design's reduce work area: RowMin's partial minima)
    int64_t minBytes = 0;     // VECCALC, REDUCE_ALL_OUT_CAP half (per-output minimum)
    int64_t reduceDstBytes = 0;
    int64_t gatherTableBytes = 0; // VECCALC, S > 1: one byte offset per output of a column block (uint32)
    int64_t reservedBytes = 0;    // left to the framework, as ops-math floor_mod does
    int64_t Total() const
    {
        return 2 * inQueBytes + 2 * outQueBytes + workBytes + scratchBytes + minBytes + reduceDstBytes +
               gatherTableBytes + reservedBytes;
    }
};

struct Result {
    Status status = Status::OK;
    ReduceAllTilingData data{};
    uint64_t tilingKey = 0;
    int64_t blockDim = 1;
    int64_t userWorkspaceBytes = 0; // split mode only: every core's partials
    UbPlan ub{};
};

// Plan for a tile of tileSize bytes of x (elementBytes S).
inline UbPlan PlanUb(int64_t tileSize, int64_t elementBytes)
{
    UbPlan plan;
    plan.gatherTableBytes = elementBytes > 1 ? REDUCE_ALL_OUT_CAP / elementBytes * 4 : 0;
    plan.inQueBytes = tileSize;
    plan.outQueBytes = REDUCE_ALL_OUT_CAP;
    plan.workBytes = tileSize * 2;
    plan.scratchBytes = tileSize * 2;
    plan.minBytes = REDUCE_ALL_OUT_CAP * 2;
    plan.reduceDstBytes = REDUCE_ALL_REDUCE_DST_BYTES;
    plan.reservedBytes = REDUCE_ALL_UB_RESERVED_BYTES;
    return plan;
}

// Largest tile (bytes of x, multiple of 256 so every half buffer is whole 512-byte vector repeats) whose plan fits.
inline int64_t TileCapacity(int64_t ubSize, int64_t elementBytes)
{
    const int64_t fixed = PlanUb(0, elementBytes).Total();
    if (ubSize <= fixed) {
        return 0;
    }
    return (ubSize - fixed) / REDUCE_ALL_BYTES_PER_ELEMENT / 256 * 256;
}

// Axis mask from the axes attribute: negative axes wrap, duplicates are rejected, no axes means every axis.
// A rank-0 input accepts -1 and 0, like torch.
inline Status NormalizeAxes(int32_t rank, const int64_t* axes, int32_t axisNum, bool* reduced)
{
    for (int32_t i = 0; i < REDUCE_ALL_MAX_DIM_NUM; ++i) {
        reduced[i] = axisNum == 0 && i < rank;
    }
    const int64_t bound = rank == 0 ? 1 : rank;
    bool seen[REDUCE_ALL_MAX_DIM_NUM] = {};
    for (int32_t i = 0; i < axisNum; ++i) {
        int64_t axis = axes[i];
        if (axis < -bound || axis >= bound) {
            return Status::AXIS_OUT_OF_RANGE;
        }
        axis = axis < 0 ? axis + bound : axis;
        if (seen[axis]) {
            return Status::AXIS_DUPLICATE;
        }
        seen[axis] = true;
        if (rank > 0) {
            reduced[axis] = true;
        }
    }
    return Status::OK;
}

inline Status SplitAxes(const int64_t* shape, int32_t rank, const int64_t* axes, int32_t axisNum, AxisSplit& split)
{
    if (rank < 0 || rank > REDUCE_ALL_MAX_DIM_NUM) {
        return Status::RANK_TOO_LARGE;
    }
    for (int32_t i = 0; i < rank; ++i) {
        if (shape[i] < 0) {
            return Status::NEGATIVE_DIM;
        }
    }
    split = AxisSplit{};
    split.rank = rank;
    const Status status = NormalizeAxes(rank, axes, axisNum, split.reduced);
    if (status != Status::OK) {
        return status;
    }
    int64_t strides[REDUCE_ALL_MAX_DIM_NUM] = {};
    int64_t stride = 1;
    for (int32_t i = rank - 1; i >= 0; --i) {
        strides[i] = stride;
        stride *= shape[i];
    }
    for (int32_t i = 0; i < rank; ++i) {
        if (split.reduced[i]) {
            split.reducedShape[split.reducedNum] = shape[i];
            split.reducedStrides[split.reducedNum++] = strides[i];
            split.reduceElements *= shape[i];
        } else {
            split.keptShape[split.keptNum] = shape[i];
            split.keptStrides[split.keptNum++] = strides[i];
            split.totalOutputElements *= shape[i];
        }
    }
    return Status::OK;
}

// Output shape: reduced axes removed, or kept as 1 with keepdim.
inline int32_t OutputShape(const int64_t* shape, const AxisSplit& split, bool keepdim, int64_t* outShape)
{
    int32_t outRank = 0;
    for (int32_t i = 0; i < split.rank; ++i) {
        if (!split.reduced[i]) {
            outShape[outRank++] = shape[i];
        } else if (keepdim) {
            outShape[outRank++] = 1;
        }
    }
    return outRank;
}

// Drop size-1 axes, merge neighbours of the same kind. When the innermost remaining axis is reduced its stride is 1
// (row modes); when it is kept the column mode applies.
inline void Coalesce(const int64_t* shape, const AxisSplit& split, ReduceAllTilingData& d)
{
    int64_t size[REDUCE_ALL_MAX_DIM_NUM] = {};
    int64_t stride[REDUCE_ALL_MAX_DIM_NUM] = {};
    bool isReduced[REDUCE_ALL_MAX_DIM_NUM] = {};
    int32_t n = 0;
    int64_t running = 1;
    for (int32_t i = split.rank - 1; i >= 0; --i) {
        const int64_t dim = shape[i];
        if (dim != 1) {
            if (n > 0 && isReduced[n - 1] == split.reduced[i]) {
                size[n - 1] *= dim;
            } else {
                size[n] = dim;
                stride[n] = running;
                isReduced[n++] = split.reduced[i];
            }
        }
        running *= dim;
    }
    d.keptAxisNum = 0;
    d.reducedAxisNum = 0;
    // size/stride were collected innermost first.
    for (int32_t i = n - 1; i >= 0; --i) {
        if (isReduced[i]) {
            d.reducedShape[d.reducedAxisNum] = size[i];
            d.reducedStrides[d.reducedAxisNum++] = stride[i];
        } else {
            d.keptShape[d.keptAxisNum] = size[i];
            d.keptStrides[d.keptAxisNum++] = stride[i];
        }
    }
    // Without a reduced axis left (only size-1 axes reduced) one element per output is read.
    if (d.reducedAxisNum == 0) {
        d.reducedShape[d.reducedAxisNum] = 1;
        d.reducedStrides[d.reducedAxisNum++] = 1;
    }
}

// Outputs over cores in units of `unit` outputs (S byte columns of one element in column mode, else 1).
inline void SplitCores(int64_t coreNum, int64_t unit, ReduceAllTilingData& d)
{
    const int64_t units = d.totalOutputElements / unit;
    d.usedCoreNum = units < coreNum ? units : coreNum;
    if (d.usedCoreNum < 1) {
        d.usedCoreNum = 1;
    }
    d.coreOutputNum = units / d.usedCoreNum * unit;
    d.tailCoreNum = units % d.usedCoreNum;
}

// The byte view of x: the innermost dim S times as long (a rank-0 x is its S bytes), the same axes reduced.
inline AxisSplit ByteView(const int64_t* shape, const AxisSplit& split, int64_t elementBytes, int64_t* bytesShape)
{
    AxisSplit view = split;
    if (split.rank == 0) {
        view.rank = 1;
        view.reduced[0] = true;
        bytesShape[0] = elementBytes;
        return view;
    }
    for (int32_t i = 0; i < split.rank; ++i) {
        bytesShape[i] = shape[i];
    }
    bytesShape[split.rank - 1] *= elementBytes;
    return view;
}

// The innermost axis is kept: blocks of neighbouring outputs, rows of one reduced index each, Min across rows.
inline void PlanColumns(int64_t capacity, ReduceAllTilingData& d)
{
    d.mode = static_cast<int64_t>(REDUCE_ALL_MODE_COLUMN);
    // A block fits the out queue and at least one of its rows fits a tile.
    d.colWidth = ReduceAllCore::MinOf(d.keptShape[d.keptAxisNum - 1], REDUCE_ALL_OUT_CAP);
    d.colWidth = ReduceAllCore::MinOf(d.colWidth, capacity);
    d.tileBatchNum = 1;
    d.rowLen = d.colWidth;
    d.rowSegNum = 1;
    d.rowsPerReduce = d.reduceElements;
    d.rowsPerTile = capacity / ReduceAllCore::RoundUp(d.colWidth, REDUCE_ALL_BLOCK_BYTES);
    d.tileNum = (d.rowsPerReduce + d.rowsPerTile - 1) / d.rowsPerTile;
    d.tailTileRows = d.rowsPerReduce - (d.tileNum - 1) * d.rowsPerTile;
    d.reduceSlotBytes = 0;
}

// Rows, batch or big-reduce mode, tiles.
inline void PlanTiles(int64_t capacity, ReduceAllTilingData& d)
{
    if (d.keptAxisNum > 0 && d.keptStrides[d.keptAxisNum - 1] == 1) {
        PlanColumns(capacity, d);
        return;
    }
    const int64_t innerLen = d.reducedShape[d.reducedAxisNum - 1];
    const int64_t outerRows = d.reduceElements / innerLen;
    if (ReduceAllCore::RoundUp(innerLen, REDUCE_ALL_BLOCK_BYTES) <= capacity) {
        d.rowLen = innerLen;
        d.rowSegNum = 1;
    } else {
        d.rowLen = capacity;
        d.rowSegNum = (innerLen + capacity - 1) / capacity;
    }
    d.rowsPerReduce = outerRows * d.rowSegNum;
    const int64_t segSlots = (d.rowSegNum - 1) * d.rowLen +
                             ReduceAllCore::RoundUp(innerLen - (d.rowSegNum - 1) * d.rowLen, REDUCE_ALL_BLOCK_BYTES);
    d.reduceSlotBytes = outerRows * segSlots;
    const int64_t maxCoreOutputs = d.coreOutputNum + (d.tailCoreNum > 0 ? 1 : 0);
    if (d.reduceSlotBytes <= capacity) {
        d.mode = static_cast<int64_t>(REDUCE_ALL_MODE_BATCH);
        int64_t batch = capacity / d.reduceSlotBytes;
        batch = ReduceAllCore::MinOf(batch, REDUCE_ALL_OUT_CAP);
        batch = ReduceAllCore::MinOf(batch, maxCoreOutputs);
        d.tileBatchNum = batch < 1 ? 1 : batch;
        d.rowsPerTile = d.rowsPerReduce;
        d.tileNum = 1;
        d.tailTileRows = d.rowsPerReduce;
        return;
    }
    d.mode = static_cast<int64_t>(REDUCE_ALL_MODE_BIG_REDUCE);
    d.tileBatchNum = 1;
    d.rowsPerTile = capacity / ReduceAllCore::RoundUp(d.rowLen, REDUCE_ALL_BLOCK_BYTES);
    d.tileNum = (d.rowsPerReduce + d.rowsPerTile - 1) / d.rowsPerTile;
    d.tailTileRows = d.rowsPerReduce - (d.tileNum - 1) * d.rowsPerTile;
}

// Few outputs and long reductions: spread every reduction's rows over the cores (partials in a GM workspace).
inline void PlanSplit(int64_t coreNum, int64_t capacity, Result& r)
{
    ReduceAllTilingData& d = r.data;
    const bool rowMode = d.mode == static_cast<int64_t>(REDUCE_ALL_MODE_BATCH) ||
                         d.mode == static_cast<int64_t>(REDUCE_ALL_MODE_BIG_REDUCE);
    const int64_t outputs = d.totalOutputElements;
    if (!rowMode || outputs * 2 > coreNum || outputs > REDUCE_ALL_OUT_CAP) {
        return;
    }
    const int64_t slotM = ReduceAllCore::RoundUp(outputs, REDUCE_ALL_BLOCK_BYTES);
    int64_t split = (d.reduceSlotBytes + REDUCE_ALL_SPLIT_MIN_BYTES - 1) / REDUCE_ALL_SPLIT_MIN_BYTES;
    split = ReduceAllCore::MinOf(split, coreNum);
    split = ReduceAllCore::MinOf(split, d.rowsPerReduce);
    // Core 0 folds every core's partials in one tile.
    if (split < 2 || split * slotM > capacity) {
        return;
    }
    d.mode = static_cast<int64_t>(REDUCE_ALL_MODE_SPLIT);
    d.usedCoreNum = split;
    d.coreOutputNum = outputs;
    d.tailCoreNum = 0;
    d.tileBatchNum = 1;
    d.splitRowsPerCore = d.rowsPerReduce / split;
    d.splitTailCoreNum = d.rowsPerReduce % split;
    d.workspaceStride = slotM;
    d.rowsPerTile = capacity / ReduceAllCore::RoundUp(d.rowLen, REDUCE_ALL_BLOCK_BYTES);
    const int64_t maxRows = d.splitRowsPerCore + (d.splitTailCoreNum > 0 ? 1 : 0);
    d.tileNum = (maxRows + d.rowsPerTile - 1) / d.rowsPerTile;
    d.tailTileRows = maxRows - (d.tileNum - 1) * d.rowsPerTile;
    r.blockDim = split;
    r.userWorkspaceBytes = split * slotM;
}

// elementBytes: x's element size, 1 (BOOL / INT8 / UINT8), 2 (FLOAT16 / BFLOAT16) or 4 (FLOAT).
inline Result ComputeTiling(const int64_t* shape, int32_t rank, const int64_t* axes, int32_t axisNum, int64_t coreNum,
                            int64_t ubSize, int64_t elementBytes = 1)
{
    Result result;
    if (elementBytes != 1 && elementBytes != 2 && elementBytes != 4) {
        result.status = Status::BAD_ELEMENT_BYTES;
        return result;
    }
    AxisSplit split;
    result.status = SplitAxes(shape, rank, axes, axisNum, split);
    if (result.status != Status::OK) {
        return result;
    }
    if (coreNum < 1) {
        result.status = Status::CORE_NUM_INVALID;
        return result;
    }
    const int64_t capacity = TileCapacity(ubSize, elementBytes);
    if (capacity < 256) {
        result.status = Status::UB_TOO_SMALL;
        return result;
    }
    ReduceAllTilingData& d = result.data;
    d.totalOutputElements = split.totalOutputElements;
    d.reduceElements = split.reduceElements;
    d.tileSize = capacity;
    d.elementBytes = elementBytes;
    result.ub = PlanUb(capacity, elementBytes);
    if (d.totalOutputElements == 0 || d.reduceElements == 0) {
        // Nothing to read: a reduction over an empty set is True; an empty output needs no work at all.
        SplitCores(coreNum, 1, d);
        result.blockDim = d.usedCoreNum;
        d.mode = static_cast<int64_t>(REDUCE_ALL_MODE_FILL_TRUE);
        d.tileNum = 0;
        d.tileBatchNum = REDUCE_ALL_OUT_CAP;
        result.tilingKey = REDUCE_ALL_MODE_FILL_TRUE;
        return result;
    }
    int64_t bytesShape[REDUCE_ALL_MAX_DIM_NUM] = {};
    const AxisSplit bytes = ByteView(shape, split, elementBytes, bytesShape);
    d.reduceElements = split.reduceElements * (split.rank == 0 || split.reduced[split.rank - 1] ? elementBytes : 1);
    Coalesce(bytesShape, bytes, d);
    // Column mode (the innermost axis kept) reduces byte columns: S of them per output element.
    const bool column = d.keptAxisNum > 0 && d.keptStrides[d.keptAxisNum - 1] == 1;
    const int64_t unit = column ? elementBytes : 1;
    d.totalOutputElements = split.totalOutputElements * unit;
    SplitCores(coreNum, unit, d);
    PlanTiles(capacity, d);
    PlanSplit(coreNum, capacity, result);
    result.blockDim = d.usedCoreNum;
    result.tilingKey = static_cast<uint64_t>(d.mode);
    return result;
}

} // namespace ReduceAllTiling

#endif // REDUCE_ALL_TILING_CORE_H
