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
 * \file floor_mod_broadcast.h
 * \brief Stride-aware addressing shared by the kernel, the host tiling and the tests: the output cursor, the tile
 *        walker that cuts a core's range into tiles of whole rows, and the UB buffer plan both sides agree on.
 */
#ifndef OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_BROADCAST_H_
#define OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_BROADCAST_H_

#include <cstdint>

#include "floor_mod_tiling_data.h"

#ifndef __aicore__
#define __aicore__
#endif

namespace FloorModNs {

constexpr uint32_t BLOCK_BYTES = 32;
constexpr uint32_t REPEAT_BYTES = 256;
// UB the kernel takes besides the per-element buffers: the zero-offset Gather block (256 bytes of output lanes
// need at most 128 uint32 offsets) and the 32-byte slot of a reduction result.
constexpr uint32_t ZERO_TABLE_LANES = 128;
constexpr uint32_t MAX_ROWS_PER_TILE = 4095; // DataCopyPad's blockCount limit
constexpr uint32_t FIXED_KERNEL_UB_BYTES = 1024;

// Gather moves 16- or 32-bit lanes: a 64-bit element is two 32-bit lanes.
__aicore__ inline uint32_t GatherLanesPerElement(uint32_t dtypeBytes)
{
    return dtypeBytes == 8 ? 2 : 1;
}

// How one input fills the UB tile (R rows of `cols` elements, rows `rowStride` apart). Each kind is one DMA.
enum InputFetch : uint32_t {
    FETCH_ROWS = 0,       // R rows, consecutive in GM (or one segment of a row)
    FETCH_ONE_ROW = 1,    // one row, the same for all R rows (stride 0 across rows): replicated in UB
    FETCH_ROW_VALUES = 2, // one value per row (R consecutive values), each spread over its row in UB
    FETCH_ONE_VALUE = 3,  // one value for the whole tile, spread in UB
    FETCH_NONE = 4,       // one element for the whole kernel, spread once at Init: no DMA per tile
};

struct TilePlan {
    uint64_t outOffset; // first output element (linear index)
    uint32_t rows;      // R >= 1
    uint32_t cols;      // elements per row
    uint32_t rowStride; // elements between row starts in UB (a 32-byte multiple when R > 1)
    int64_t offset[2];  // GM element offset of the first element each input reads
    uint32_t fetch[2];
};

__aicore__ inline uint64_t AlignUpTo(uint64_t value, uint64_t align)
{
    return (value + align - 1) / align * align;
}

__aicore__ inline const int64_t* StridesOf(const FloorModTilingData& td, uint32_t input)
{
    return input == 0 ? td.x1Stride : td.x2Stride;
}

// An input of one element: every stride is 0 (X1_SCALAR / X2_SCALAR, a host scalar, a rank-0 tensor).
__aicore__ inline bool IsConstantInput(const FloorModTilingData& td, uint32_t input)
{
    const int64_t* stride = StridesOf(td, input);
    for (uint32_t k = 0; k < td.rank; ++k) {
        if (stride[k] != 0) {
            return false;
        }
    }
    return true;
}

// Inputs constant along the last dim are spread into a second (wide) UB buffer: by Gather from the DMA'd values.
__aicore__ inline bool NeedsWideBuffer(const FloorModTilingData& td, uint32_t input)
{
    return StridesOf(td, input)[td.rank - 1] == 0;
}

__aicore__ inline uint32_t RowStrideOf(const FloorModTilingData& td)
{
    uint64_t cols = static_cast<uint64_t>(td.outShape[td.rank - 1]);
    return static_cast<uint32_t>(AlignUpTo(cols, BLOCK_BYTES / td.dtypeBytes));
}

// Whole-row tiles need rank >= 2 and, per input, a stride across rows that one DMA can serve: a contiguous
// input (tail stride 1) steps by a full row or not at all, a row-constant one (tail stride 0) by 1 or 0.
__aicore__ inline bool RowsAreFetchable(const FloorModTilingData& td)
{
    if (td.rank < 2) {
        return false;
    }
    int64_t cols = td.outShape[td.rank - 1];
    for (uint32_t input = 0; input < 2; ++input) {
        const int64_t* stride = StridesOf(td, input);
        int64_t tail = stride[td.rank - 1];
        int64_t across = stride[td.rank - 2];
        bool ok = tail == 1 ? (across == cols || across == 0) : (tail == 0 && (across == 1 || across == 0));
        if (!ok) {
            return false;
        }
    }
    return true;
}

__aicore__ inline bool UsesRowTiles(const FloorModTilingData& td, uint32_t tile)
{
    return RowsAreFetchable(td) && 2ULL * RowStrideOf(td) <= tile;
}

// The Gather offset table for one value per row: only when some input can be FETCH_ROW_VALUES.
__aicore__ inline bool NeedsRowTable(const FloorModTilingData& td)
{
    if (!RowsAreFetchable(td)) {
        return false;
    }
    for (uint32_t input = 0; input < 2; ++input) {
        const int64_t* stride = StridesOf(td, input);
        if (stride[td.rank - 1] == 0 && stride[td.rank - 2] == 1) {
            return true;
        }
    }
    return false;
}

class OffsetCursor {
public:
    __aicore__ inline void Init(const FloorModTilingData& td, uint64_t linear)
    {
        rank_ = td.rank;
        offset_[0] = 0;
        offset_[1] = 0;
        for (uint32_t k = rank_; k-- > 0;) {
            shape_[k] = td.outShape[k];
            stride_[0][k] = td.x1Stride[k];
            stride_[1][k] = td.x2Stride[k];
            coord_[k] = static_cast<int64_t>(linear % static_cast<uint64_t>(shape_[k]));
            linear /= static_cast<uint64_t>(shape_[k]);
            offset_[0] += coord_[k] * stride_[0][k];
            offset_[1] += coord_[k] * stride_[1][k];
        }
    }

    // Moves `count` elements forward (count may cross several rows).
    __aicore__ inline void Advance(uint64_t count)
    {
        for (uint32_t k = rank_; k-- > 0 && count != 0;) {
            uint64_t extent = static_cast<uint64_t>(shape_[k]);
            uint64_t moved = static_cast<uint64_t>(coord_[k]) + count;
            int64_t next = static_cast<int64_t>(moved % extent);
            offset_[0] += (next - coord_[k]) * stride_[0][k];
            offset_[1] += (next - coord_[k]) * stride_[1][k];
            coord_[k] = next;
            count = moved / extent;
        }
    }

    __aicore__ inline int64_t Coord(uint32_t dim) const { return coord_[dim]; }
    __aicore__ inline int64_t Offset(uint32_t input) const { return offset_[input]; }
    __aicore__ inline int64_t Offset1() const { return offset_[0]; }
    __aicore__ inline int64_t Offset2() const { return offset_[1]; }

private:
    uint32_t rank_ = 1;
    int64_t shape_[MAX_DIM] = {1};
    int64_t stride_[2][MAX_DIM] = {{0}};
    int64_t coord_[MAX_DIM] = {0};
    int64_t offset_[2] = {0, 0};
};

// Cuts [start, start + count) into tiles. CONTIGUOUS and the scalar modes are one row: segments of a tile. The
// others (TAIL_CONTIGUOUS, CROSSED_ROW_*, GENERAL), when their rows are fetchable: at a row start with room for two
// rows or more, as many whole rows as fit the tile without leaving the current block of rows (the next-to-last
// dim), so that every input is one DMA; otherwise one segment of a row. Rows sit `rowStride` apart in UB.
class TileWalker {
public:
    __aicore__ inline void Init(const FloorModTilingData& td, uint64_t start, uint64_t count, uint32_t tile)
    {
        td_ = &td;
        position_ = start;
        end_ = start + count;
        tile_ = tile;
        cols_ = static_cast<uint64_t>(td.outShape[td.rank - 1]);
        rowStride_ = RowStrideOf(td);
        rowTiles_ = td.broadcastMode >= TAIL_CONTIGUOUS && UsesRowTiles(td, tile);
        rowsPerTile_ = rowTiles_ ? tile / rowStride_ : 1;
        rowsPerTile_ = rowsPerTile_ < MAX_ROWS_PER_TILE ? rowsPerTile_ : MAX_ROWS_PER_TILE;
        for (uint32_t input = 0; input < 2; ++input) {
            constant_[input] = IsConstantInput(td, input);
        }
        cursor_.Init(td, start);
    }

    __aicore__ inline bool Next(TilePlan& plan)
    {
        if (position_ >= end_) {
            return false;
        }
        uint32_t rank = td_->rank;
        uint64_t left = end_ - position_;
        uint64_t col = static_cast<uint64_t>(cursor_.Coord(rank - 1));
        uint64_t rows = 1;
        if (rowTiles_ && col == 0 && left >= 2 * cols_) {
            uint64_t inBlock = static_cast<uint64_t>(td_->outShape[rank - 2] - cursor_.Coord(rank - 2));
            rows = rowsPerTile_;
            rows = rows < inBlock ? rows : inBlock;
            rows = rows < left / cols_ ? rows : left / cols_;
        }
        plan.outOffset = position_;
        plan.rows = static_cast<uint32_t>(rows);
        if (rows > 1) {
            plan.cols = static_cast<uint32_t>(cols_);
            plan.rowStride = rowStride_;
        } else {
            uint64_t cols = cols_ - col;
            cols = cols < tile_ ? cols : tile_;
            cols = cols < left ? cols : left;
            plan.cols = static_cast<uint32_t>(cols);
            plan.rowStride = plan.cols;
        }
        for (uint32_t input = 0; input < 2; ++input) {
            plan.offset[input] = cursor_.Offset(input);
            plan.fetch[input] = FetchOf(input, rows);
        }
        uint64_t moved = rows * plan.cols;
        cursor_.Advance(moved);
        position_ += moved;
        return true;
    }

private:
    __aicore__ inline uint32_t FetchOf(uint32_t input, uint64_t rows) const
    {
        if (constant_[input]) {
            return FETCH_NONE;
        }
        const int64_t* stride = StridesOf(*td_, input);
        bool tailContiguous = stride[td_->rank - 1] != 0;
        if (rows == 1) {
            return tailContiguous ? FETCH_ROWS : FETCH_ONE_VALUE;
        }
        int64_t across = stride[td_->rank - 2];
        if (tailContiguous) {
            return across == 0 ? FETCH_ONE_ROW : FETCH_ROWS;
        }
        return across == 0 ? FETCH_ONE_VALUE : FETCH_ROW_VALUES;
    }

    const FloorModTilingData* td_ = nullptr;
    OffsetCursor cursor_;
    uint64_t position_ = 0;
    uint64_t end_ = 0;
    uint64_t cols_ = 1;
    uint32_t tile_ = 1;
    uint32_t rowStride_ = 1;
    uint32_t rowsPerTile_ = 1;
    bool rowTiles_ = false;
    bool constant_[2] = {false, false};
};

} // namespace FloorModNs

#endif // OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_BROADCAST_H_
