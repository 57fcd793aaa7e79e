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
 * \file reduce_all_tiling_data.h
 * \brief ReduceAll tiling data, shared by the host tiling and the kernel (plain C++17, no CANN include)
 */
#ifndef REDUCE_ALL_TILING_DATA_H
#define REDUCE_ALL_TILING_DATA_H

#include <cstdint>

constexpr int32_t REDUCE_ALL_MAX_DIM_NUM = 8;
// Outputs gathered in UB before one CopyOut; bounds the out queue and the per-output minimum buffer.
constexpr int64_t REDUCE_ALL_OUT_CAP = 1024;
// One tile minimum (half; big-reduce and split modes) padded to a 32-byte block.
constexpr int64_t REDUCE_ALL_REDUCE_DST_BYTES = 32;
// UB bytes per tile byte: the input (x2, double buffer) + half work + half reduce work area (partial minima).
constexpr int64_t REDUCE_ALL_BYTES_PER_ELEMENT = 6;
constexpr int64_t REDUCE_ALL_BLOCK_BYTES = 32;
// UB left unplanned for the framework.
constexpr int64_t REDUCE_ALL_UB_RESERVED_BYTES = 1024;
// Split mode: each core reduces at least this many UB bytes of rows.
constexpr int64_t REDUCE_ALL_SPLIT_MIN_BYTES = 16384;
// Largest DataCopyPad blockCount on A2.
constexpr int64_t REDUCE_ALL_MAX_BLOCK_COUNT = 4095;

/*
 * The tiling works on x's bytes: an input of elementBytes S (2 or 4 for FLOAT16 / BFLOAT16 / FLOAT) is the int8 view
 * with its innermost dim S times as long, and the kernel first turns every element's S bytes into its truth value
 * (each byte 1 for x != 0, else 0). Outputs are x's outputs, except in column mode with S > 1 where every output
 * element is S neighbouring byte columns (counts and core ranges in multiples of S, one output per S columns).
 * Shapes below are the coalesced form: size-1 axes dropped, adjacent axes of the same kind (kept / reduced) merged,
 * and the innermost reduced axis has stride 1 (a virtual axis of size 1 is appended when it would not).
 * Row modes (batch, big-reduce): a "row" is one contiguous run of the innermost reduced axis, cut into segments of at
 * most rowLen elements; a reduction is rowsPerReduce rows, each copied into its own 32-byte aligned UB slot padded
 * with 1 (neutral for AND).
 * Column mode (the innermost axis is kept): a row is up to colWidth neighbouring outputs' elements for one reduced
 * index; rowsPerReduce = reduceElements rows are reduced element-wise with Min, tile by tile.
 */
struct ReduceAllTilingData {
    int64_t totalOutputElements; // product of the kept axes
    int64_t reduceElements;      // product of the reduced axes (0 for an empty reduction: every output is True)
    int64_t usedCoreNum;         // blockDim
    int64_t coreOutputNum;       // outputs of every core; the first tailCoreNum cores take one unit more (OutputUnit)
    int64_t tailCoreNum;
    int64_t mode;             // REDUCE_ALL_MODE_* of reduce_all_tiling_key.h
    int64_t tileSize;         // int8 elements of one input tile in UB (the queue buffer length)
    int64_t tileNum;          // tiles per reduction: 1 in batch mode, >= 1 in big-reduce mode
    int64_t tailTileRows;     // rows of the last tile of one reduction
    int64_t tileBatchNum;     // whole reductions per tile (batch mode), 1 otherwise
    int64_t rowsPerTile;      // rows of a full tile (big-reduce mode); rowsPerReduce in batch mode
    int64_t rowsPerReduce;    // rows of one reduction
    int64_t rowLen;           // elements of a full row segment
    int64_t rowSegNum;        // segments per innermost run
    int64_t reduceSlotBytes;  // UB bytes of one whole reduction (sum of its row slots); row modes only
    int64_t colWidth;         // column mode: most outputs per row (<= REDUCE_ALL_OUT_CAP), 0 otherwise
    int64_t splitRowsPerCore; // split mode: rows of each reduction per core; the first splitTailCoreNum take one more
    int64_t splitTailCoreNum;
    int64_t workspaceStride; // split mode: bytes of one core's partials in the user workspace (32-byte aligned)
    int64_t elementBytes;    // S: 1 for BOOL / INT8 / UINT8, 2 for FLOAT16 / BFLOAT16, 4 for FLOAT
    int32_t keptAxisNum;
    int32_t reducedAxisNum;
    int64_t keptShape[REDUCE_ALL_MAX_DIM_NUM];
    int64_t keptStrides[REDUCE_ALL_MAX_DIM_NUM];
    int64_t reducedShape[REDUCE_ALL_MAX_DIM_NUM];
    int64_t reducedStrides[REDUCE_ALL_MAX_DIM_NUM];
};

#endif // REDUCE_ALL_TILING_DATA_H
