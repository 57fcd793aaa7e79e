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
 * \file reduce_all_core.h
 * \brief ReduceAll scalar logic shared by the kernel and the host tests: core ranges, base offsets, row spans
 *
 * Plain C++17 without any CANN include. On the device kernel_operator.h is included first and defines __aicore__.
 */
#ifndef REDUCE_ALL_CORE_H
#define REDUCE_ALL_CORE_H

#include "reduce_all_tiling_data.h"
#include "reduce_all_tiling_key.h"

#ifdef __aicore__
#define REDUCE_ALL_FN __aicore__ inline
#else
#define REDUCE_ALL_FN inline
#endif

namespace ReduceAllCore {

// A run of rows with the same length and a uniform GM stride, fetched by one DataCopyPad (blockCount = count).
struct RowSpan {
    int64_t relOffset; // GM offset of the first row relative to the reduction's base offset
    int64_t len;       // int8 elements of each row
    int64_t count;     // rows in the span
    int64_t srcGap;    // bytes skipped in GM between two rows of the span
    int64_t slot;      // UB bytes of each row: len rounded up to 32, the tail padded with 1
};

REDUCE_ALL_FN int64_t RoundUp(int64_t value, int64_t align) { return (value + align - 1) / align * align; }

REDUCE_ALL_FN int64_t MinOf(int64_t a, int64_t b) { return a < b ? a : b; }

// Outputs per core split unit: the S byte columns of one element in column mode, else one output.
REDUCE_ALL_FN int64_t OutputUnit(const ReduceAllTilingData& t)
{
    return t.mode == static_cast<int64_t>(REDUCE_ALL_MODE_COLUMN) ? t.elementBytes : 1;
}

// Outputs [start, start + count) of core blockIdx: coreOutputNum each, one unit more on the first tailCoreNum cores.
REDUCE_ALL_FN void CoreOutputRange(const ReduceAllTilingData& t, int64_t blockIdx, int64_t& start, int64_t& count)
{
    const int64_t unit = OutputUnit(t);
    count = t.coreOutputNum + (blockIdx < t.tailCoreNum ? unit : 0);
    start = blockIdx * t.coreOutputNum + MinOf(blockIdx, t.tailCoreNum) * unit;
}

// Split mode: rows [rowBegin, rowEnd) of every reduction that core blockIdx reduces.
REDUCE_ALL_FN void SplitRowRange(const ReduceAllTilingData& t, int64_t blockIdx, int64_t& rowBegin, int64_t& rowEnd)
{
    rowBegin = blockIdx * t.splitRowsPerCore + MinOf(blockIdx, t.splitTailCoreNum);
    rowEnd = rowBegin + t.splitRowsPerCore + (blockIdx < t.splitTailCoreNum ? 1 : 0);
}

// base_offset of output outIdx: its kept coordinates (row-major over keptShape) times keptStrides.
REDUCE_ALL_FN int64_t BaseOffset(const ReduceAllTilingData& t, int64_t outIdx)
{
    int64_t offset = 0;
    int64_t rest = outIdx;
    for (int32_t d = t.keptAxisNum - 1; d >= 0; --d) {
        offset += (rest % t.keptShape[d]) * t.keptStrides[d];
        rest /= t.keptShape[d];
    }
    return offset;
}

// The span starting at row "row" of a reduction, ending no later than rowEnd.
// relative_offset = coordinates of the outer reduced axes times their strides + segment start in the innermost run.
REDUCE_ALL_FN void RowSpanAt(const ReduceAllTilingData& t, int64_t row, int64_t rowEnd, RowSpan& span)
{
    const int32_t inner = t.reducedAxisNum - 1;
    const int64_t innerLen = t.reducedShape[inner];
    const int64_t seg = row % t.rowSegNum;
    int64_t outer = row / t.rowSegNum;
    int64_t offset = seg * t.rowLen;
    int64_t lastOuterCoord = 0;
    for (int32_t d = inner - 1; d >= 0; --d) {
        const int64_t coord = outer % t.reducedShape[d];
        if (d == inner - 1) {
            lastOuterCoord = coord;
        }
        offset += coord * t.reducedStrides[d];
        outer /= t.reducedShape[d];
    }
    span.relOffset = offset;
    span.len = MinOf(t.rowLen, innerLen - seg * t.rowLen);
    span.slot = RoundUp(span.len, REDUCE_ALL_BLOCK_BYTES);
    span.count = 1;
    span.srcGap = 0;
    if (t.rowSegNum == 1 && inner >= 1) {
        const int64_t gap = t.reducedStrides[inner - 1] - span.len;
        // DataCopyExtParams.srcStride is a uint32 byte count.
        if (gap <= 0xFFFFFFFFLL) {
            int64_t count = t.reducedShape[inner - 1] - lastOuterCoord;
            count = MinOf(count, rowEnd - row);
            span.count = MinOf(count, REDUCE_ALL_MAX_BLOCK_COUNT);
            span.srcGap = gap;
        }
    }
}

// Batch mode with one row per reduction (rowsPerReduce == 1): the reductions of outputs [outIdx, outIdx + count)
// lie along one run of the innermost kept axis, a constant GM stride apart, so one DataCopyPad fetches them all
// (blockCount = count <= limit, one 32-byte aligned slot each).
REDUCE_ALL_FN void ReductionRunAt(const ReduceAllTilingData& t, int64_t outIdx, int64_t limit, RowSpan& span)
{
    span.relOffset = 0;
    span.len = t.rowLen;
    span.slot = RoundUp(span.len, REDUCE_ALL_BLOCK_BYTES);
    span.count = 1;
    span.srcGap = 0;
    if (t.keptAxisNum > 0) {
        const int64_t innerKept = t.keptShape[t.keptAxisNum - 1];
        const int64_t gap = t.keptStrides[t.keptAxisNum - 1] - span.len;
        // DataCopyExtParams.srcStride is a uint32 byte count.
        if (gap >= 0 && gap <= 0xFFFFFFFFLL) {
            const int64_t count = MinOf(innerKept - outIdx % innerKept, limit);
            span.count = MinOf(count, REDUCE_ALL_MAX_BLOCK_COUNT);
            span.srcGap = gap;
        }
    }
}

// Column mode: outputs in the block that starts at outIdx: up to colWidth, within one run of the innermost kept
// axis, and at most limit.
REDUCE_ALL_FN int64_t ColumnWidth(const ReduceAllTilingData& t, int64_t outIdx, int64_t limit)
{
    const int64_t innerKept = t.keptShape[t.keptAxisNum - 1];
    const int64_t width = MinOf(t.colWidth, innerKept - outIdx % innerKept);
    return MinOf(width, limit);
}

// Column mode: the span starting at reduced index "row" (row-major over every reduced axis) for a block of width
// outputs; rows along the innermost reduced axis share one stride.
REDUCE_ALL_FN void ColumnSpanAt(const ReduceAllTilingData& t, int64_t row, int64_t rowEnd, int64_t width, RowSpan& span)
{
    const int32_t inner = t.reducedAxisNum - 1;
    int64_t rest = row;
    int64_t offset = 0;
    int64_t innerCoord = 0;
    for (int32_t d = inner; d >= 0; --d) {
        const int64_t coord = rest % t.reducedShape[d];
        if (d == inner) {
            innerCoord = coord;
        }
        offset += coord * t.reducedStrides[d];
        rest /= t.reducedShape[d];
    }
    span.relOffset = offset;
    span.len = width;
    span.slot = RoundUp(width, REDUCE_ALL_BLOCK_BYTES);
    span.count = 1;
    span.srcGap = 0;
    const int64_t gap = t.reducedStrides[inner] - width;
    if (gap >= 0 && gap <= 0xFFFFFFFFLL) {
        int64_t count = MinOf(t.reducedShape[inner] - innerCoord, rowEnd - row);
        span.count = MinOf(count, REDUCE_ALL_MAX_BLOCK_COUNT);
        span.srcGap = span.count > 1 ? gap : 0;
    }
}

// Rows [rowBegin, rowEnd) covered by tile tileIdx of a reduction.
REDUCE_ALL_FN void TileRows(const ReduceAllTilingData& t, int64_t tileIdx, int64_t& rowBegin, int64_t& rowEnd)
{
    rowBegin = tileIdx * t.rowsPerTile;
    rowEnd = MinOf(rowBegin + t.rowsPerTile, t.rowsPerReduce);
}

} // namespace ReduceAllCore

#endif // REDUCE_ALL_CORE_H
