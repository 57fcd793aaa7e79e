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
 *        walker that cuts a core's range into tiles of whole rows, and the UB plan: the bytes of every buffer the
 *        kernel allocates (it allocates from this plan, the host sizes the tile with it).
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
constexpr uint32_t COMPUTE_ALIGN = 64;    // elements: FP32/INT32 Compare needs whole 256-byte repeats
constexpr uint32_t ZERO_TABLE_LANES = 128; // the zero-offset Gather block: 256 bytes of output lanes
constexpr uint32_t MAX_ROWS_PER_TILE = 4095; // DataCopyPad's blockCount limit

// What the vector unit computes in, per dtype: it sets the work words (floor_mod_compute.h) and the extra buffers.
enum ComputeKind : uint32_t {
    KIND_HALF = 0,        // FP16 / BF16, computed in FP32
    KIND_FP32 = 1,
    KIND_INT32 = 2,
    KIND_INT64 = 3,       // INT32 path inside the INT32 range, else the scalar unit
    KIND_DOUBLE_BITS = 4, // the scalar unit only
};

// 32-bit work words per tile element (RemainderMath's W_* indices). FP32: divisor, scaled divisor, quotient, product
// and a divisor part; the remainder lives in y's buffer. FP16/BF16 add the remainder and FP32 copies of both inputs.
// INT32: float copies of both inputs, quotient and two temporaries (the remainder in y). INT64 adds the INT32 copy of
// x1 (which becomes the remainder); the INT32 copy of x2 lives in the upper half of y's 64-bit lanes.
__aicore__ inline uint32_t WorkWords(uint32_t kind)
{
    switch (kind) {
        case KIND_HALF:
            return 8;
        case KIND_FP32:
        case KIND_INT32:
            return 5;
        case KIND_INT64:
            return 6;
        default:
            return 0;
    }
}

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
    FETCH_CHUNK = 5,      // BLOCK_RESIDENT's x2: R rows kept in UB by the tiles of one chunk (one DMA per chunk)
};

// A FETCH_CHUNK tile's part in its chunk's life: the first tile's CopyIn brings the rows (and its Compute takes them
// from the queue), the last tile's Compute frees them.
enum ChunkStep : uint32_t {
    CHUNK_LOAD = 1,
    CHUNK_FREE = 2,
};

struct TilePlan {
    uint64_t outOffset; // first output element (linear index)
    uint32_t rows;      // R >= 1
    uint32_t cols;      // elements per row
    uint32_t rowStride; // elements between row starts in UB (a 32-byte multiple when R > 1)
    int64_t offset[2];  // GM element offset of the first element each input reads
    uint32_t fetch[2];
    uint32_t chunk;     // ChunkStep bits (FETCH_CHUNK only)
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

// The walker tiles whole rows (the kernel's buffers are planned for it): a row mode whose rows fit twice.
__aicore__ inline bool RowTiles(const FloorModTilingData& td, uint32_t tile)
{
    return td.broadcastMode >= TAIL_CONTIGUOUS && UsesRowTiles(td, tile);
}

__aicore__ inline uint32_t RowsPerTile(const FloorModTilingData& td, uint32_t tile)
{
    uint32_t rows = tile / RowStrideOf(td);
    return rows < MAX_ROWS_PER_TILE ? rows : MAX_ROWS_PER_TILE;
}

// BLOCK_RESIDENT's layout (compressed [I, J, K], not empty): x1 strides (K, 0, 1), x2 strides (0, K, 1): every outer
// index reads the same J rows of x2 and one row of x1.
__aicore__ inline bool IsRowTimesBlock(const FloorModTilingData& td)
{
    if (td.rank != 3 || td.totalDataCount == 0) {
        return false;
    }
    int64_t cols = td.outShape[2];
    return td.x1Stride[0] == cols && td.x1Stride[1] == 0 && td.x1Stride[2] == 1 && td.x2Stride[0] == 0 &&
           td.x2Stride[1] == cols && td.x2Stride[2] == 1;
}

// Rows of x2 per chunk (a tile of whole rows; the last chunk may be shorter) and BLOCK_RESIDENT's work items.
__aicore__ inline uint32_t ChunkRows(const FloorModTilingData& td, uint32_t tile)
{
    uint64_t rows = RowsPerTile(td, tile);
    uint64_t block = static_cast<uint64_t>(td.outShape[1]);
    return static_cast<uint32_t>(rows < block ? rows : block);
}

__aicore__ inline uint64_t WorkItems(const FloorModTilingData& td, uint32_t tile)
{
    uint64_t rows = ChunkRows(td, tile);
    uint64_t chunks = (static_cast<uint64_t>(td.outShape[1]) + rows - 1) / rows;
    return chunks * static_cast<uint64_t>(td.outShape[0]);
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

// How the kernel holds one input in UB.
enum InputHold : uint32_t {
    HOLD_TILE = 0,       // a tile of its own elements in the queue (rows or row segments)
    HOLD_REPLICATED = 1, // one row per tile in the queue, replicated into the wide buffer (row tiles, stride 0 across)
    HOLD_SPREAD = 2,     // one value per row or per tile in the queue, spread into the wide buffer by Gather
    HOLD_CONSTANT = 3,   // one element for the kernel, spread into the wide buffer once at Init
};

__aicore__ inline uint32_t HoldOf(const FloorModTilingData& td, uint32_t input, bool rowTiles)
{
    if (IsConstantInput(td, input)) {
        return HOLD_CONSTANT;
    }
    const int64_t* stride = StridesOf(td, input);
    if (stride[td.rank - 1] == 0) {
        return HOLD_SPREAD;
    }
    return rowTiles && stride[td.rank - 2] == 0 ? HOLD_REPLICATED : HOLD_TILE;
}

// Every UB buffer of the kernel, in bytes as TPipe::InitBuffer takes them (each a multiple of 32). The kernel's
// InitBuffer calls are exactly these; a zero size is a buffer it does not allocate.
struct UbPlan {
    uint32_t inQueueBytes[2]; // one buffer of each input queue
    uint32_t inQueueDepth[2];
    uint32_t outQueueBytes;
    uint32_t outQueueDepth;
    uint32_t wideBytes[2];    // the tile an input is replicated or spread into
    uint32_t rowTableBytes;   // Gather offsets of one value per row
    uint32_t zeroTableBytes;  // Gather offsets of one value
    uint32_t workBytes;       // WorkWords 32-bit words per tile element
    uint32_t maskBytes;       // one bit per tile element (Compare / Select, float kinds)
    uint32_t slotBytes;       // the scalar result of a reduction
    uint32_t boundBytes;      // BLOCK_RESIDENT FLOAT: a chunk's quotient bound per column (one row of COMPUTE_ALIGN)

    __aicore__ inline uint64_t Total() const
    {
        uint64_t total = static_cast<uint64_t>(outQueueBytes) * outQueueDepth + rowTableBytes + zeroTableBytes +
                         workBytes + maskBytes + slotBytes + boundBytes;
        for (uint32_t input = 0; input < 2; ++input) {
            total += static_cast<uint64_t>(inQueueBytes[input]) * inQueueDepth[input] + wideBytes[input];
        }
        return total;
    }
};

__aicore__ inline uint32_t BlockBytes(uint64_t bytes)
{
    return static_cast<uint32_t>(AlignUpTo(bytes, BLOCK_BYTES));
}

// The plan for `tile` elements, as the kernel will tile (rowTiles) or as a candidate the host tries. Queues of an
// input hold what one DMA brings: a tile of elements, one row (padded to whole compute repeats: a lone row is
// computed from the queue), the values of the tile's rows, or one value. Only the wide buffers and y are tile-sized
// besides the work words.
__aicore__ inline UbPlan PlanUbAs(const FloorModTilingData& td, uint32_t kind, uint32_t tile, uint32_t depth,
                                  bool rowTiles)
{
    UbPlan plan{};
    uint64_t bytes = td.dtypeBytes;
    bool anySpread = false;
    for (uint32_t input = 0; input < 2; ++input) {
        uint32_t hold = HoldOf(td, input, rowTiles);
        uint64_t elements = tile;
        if (hold == HOLD_REPLICATED) {
            elements = AlignUpTo(RowStrideOf(td), COMPUTE_ALIGN);
        } else if (hold == HOLD_SPREAD) {
            elements = rowTiles ? RowsPerTile(td, tile) : 1U;
        } else if (hold == HOLD_CONSTANT) {
            elements = 1;
        }
        plan.inQueueBytes[input] = BlockBytes(elements * bytes);
        plan.inQueueDepth[input] = hold == HOLD_CONSTANT ? 1U : depth; // read once, at Init
        plan.wideBytes[input] = hold == HOLD_TILE ? 0U : BlockBytes(tile * bytes);
        anySpread = anySpread || hold == HOLD_SPREAD || hold == HOLD_CONSTANT;
    }
    plan.outQueueBytes = BlockBytes(tile * bytes);
    plan.outQueueDepth = depth;
    plan.rowTableBytes = rowTiles && NeedsRowTable(td) ?
                             BlockBytes(static_cast<uint64_t>(tile) * GatherLanesPerElement(td.dtypeBytes) * 4U) :
                             0U;
    // Gather's offsets for spreading values (a replicated row is copied by Adds: no table, no scalar writes at Init)
    plan.zeroTableBytes = anySpread ? ZERO_TABLE_LANES * 4U : 0U;
    plan.workBytes = BlockBytes(static_cast<uint64_t>(WorkWords(kind)) * tile * 4U);
    plan.maskBytes = kind == KIND_HALF || kind == KIND_FP32 ? BlockBytes(tile / 8U) : 0U;
    // the scalar results of reductions: FP32 kinds read two at once (the cheap path's verdict), INT64 one
    plan.slotBytes = kind == KIND_DOUBLE_BITS || kind == KIND_INT32 ? 0U : (kind == KIND_INT64 ? 1U : 2U) * BLOCK_BYTES;
    plan.boundBytes = td.broadcastMode == BLOCK_RESIDENT && kind == KIND_FP32 ? COMPUTE_ALIGN * 4U : 0U;
    return plan;
}

// The plan of the kernel at this tile (what Init allocates).
__aicore__ inline UbPlan PlanUb(const FloorModTilingData& td, uint32_t kind, uint32_t tile, uint32_t depth)
{
    return PlanUbAs(td, kind, tile, depth, RowTiles(td, tile));
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
// BLOCK_RESIDENT counts work items instead (NextItem): one chunk of x2's rows against one x1 row, chunk-major.
class TileWalker {
public:
    __aicore__ inline void Init(const FloorModTilingData& td, uint64_t start, uint64_t count, uint32_t tile)
    {
        td_ = &td;
        position_ = start;
        start_ = start;
        end_ = start + count;
        tile_ = tile;
        cols_ = static_cast<uint64_t>(td.outShape[td.rank - 1]);
        rowStride_ = RowStrideOf(td);
        rowTiles_ = RowTiles(td, tile);
        rowsPerTile_ = rowTiles_ ? tile / rowStride_ : 1;
        rowsPerTile_ = rowsPerTile_ < MAX_ROWS_PER_TILE ? rowsPerTile_ : MAX_ROWS_PER_TILE;
        for (uint32_t input = 0; input < 2; ++input) {
            constant_[input] = IsConstantInput(td, input);
        }
        if (td.broadcastMode == BLOCK_RESIDENT) {
            chunkRows_ = ChunkRows(td, tile);
            return; // position_ counts work items; no cursor
        }
        cursor_.Init(td, start);
    }

    __aicore__ inline bool Next(TilePlan& plan)
    {
        if (position_ >= end_) {
            return false;
        }
        if (td_->broadcastMode == BLOCK_RESIDENT) {
            NextItem(plan);
            return true;
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
        plan.chunk = 0;
        uint64_t moved = rows * plan.cols;
        cursor_.Advance(moved);
        position_ += moved;
        return true;
    }

private:
    // BLOCK_RESIDENT: item w is chunk w / I of x2's rows against x1's row w % I (position_ counts items): the tiles
    // of one chunk follow each other, so its rows are fetched once per core and chunk.
    __aicore__ inline void NextItem(TilePlan& plan)
    {
        uint64_t outer = static_cast<uint64_t>(td_->outShape[0]);
        uint64_t block = static_cast<uint64_t>(td_->outShape[1]);
        uint64_t chunk = position_ / outer;
        uint64_t row = position_ % outer;
        uint64_t first = chunk * chunkRows_;
        uint64_t rows = block - first < chunkRows_ ? block - first : chunkRows_;
        plan.outOffset = (row * block + first) * cols_;
        plan.rows = static_cast<uint32_t>(rows);
        plan.cols = static_cast<uint32_t>(cols_);
        plan.rowStride = rows > 1 ? rowStride_ : plan.cols;
        plan.offset[0] = static_cast<int64_t>(row) * td_->x1Stride[0];
        plan.offset[1] = static_cast<int64_t>(first) * td_->x2Stride[1];
        plan.fetch[0] = rows > 1 ? FETCH_ONE_ROW : FETCH_ROWS;
        plan.fetch[1] = FETCH_CHUNK;
        plan.chunk = 0;
        if (position_ == start_ || row == 0) {
            plan.chunk |= CHUNK_LOAD;
        }
        if (position_ + 1 == end_ || row + 1 == outer) {
            plan.chunk |= CHUNK_FREE;
        }
        ++position_;
    }

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
    uint64_t start_ = 0;
    uint64_t end_ = 0;
    uint64_t cols_ = 1;
    uint64_t chunkRows_ = 1;
    uint32_t tile_ = 1;
    uint32_t rowStride_ = 1;
    uint32_t rowsPerTile_ = 1;
    bool rowTiles_ = false;
    bool constant_[2] = {false, false};
};

} // namespace FloorModNs

#endif // OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_BROADCAST_H_
