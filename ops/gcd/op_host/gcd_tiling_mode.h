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
 * \file gcd_tiling_mode.h
 * \brief Portable Gcd host tiling, second half: which copy mode the kernel uses for the merged dims (see
 *        gcd_tiling_key.h), the blocks of the BLOCK mode and the UB tile of the mode.
 */
#ifndef OPS_MATH_GCD_TILING_MODE_H
#define OPS_MATH_GCD_TILING_MODE_H

#include <cstdint>

#include "../op_kernel/gcd_walk.h"
#include "../op_kernel/gcd_tiling_data.h"
#include "../op_kernel/gcd_tiling_key.h"

namespace GcdTiling {

constexpr int64_t MAX_TILE_ELEMENTS = 8192;

// Largest tile (multiple of GCD_TILE_ALIGN) whose UB plan fits the usable UB.
inline int64_t MaxTileElements(uint64_t mode, int64_t dtypeSize, int64_t ubSize, int64_t gathered)
{
    int64_t tile = MAX_TILE_ELEMENTS;
    while (tile > 0 &&
           GcdCore::PlanUb(mode, tile, dtypeSize, gathered).totalBytes > ubSize - GcdCore::GCD_UB_RESERVED_BYTES) {
        tile -= GcdCore::GCD_TILE_ALIGN;
    }
    return tile;
}

// No tile is longer than a core's range needs.
inline int64_t TileFor(uint64_t mode, int64_t dtypeSize, int64_t ubSize, int64_t gathered, const GcdTilingData& t)
{
    const int64_t needed = GcdCore::RoundUp(t.perCoreNum, GcdCore::GCD_TILE_ALIGN);
    const int64_t most = MaxTileElements(mode, dtypeSize, ubSize, gathered);
    return needed < most ? needed : most;
}

// Output elements of the block made of the merged dims start..rank-1.
inline int64_t BlockSize(const GcdTilingData& t, int64_t start)
{
    int64_t size = 1;
    for (int64_t d = start; d < t.rank; ++d) {
        size *= t.outShape[d];
    }
    return size;
}

// Largest offset of an input inside a block, plus one: the elements its block copy spans.
inline int64_t BlockSpan(const GcdTilingData& t, const int64_t* strides, int64_t start)
{
    int64_t span = 1;
    for (int64_t d = start; d < t.rank; ++d) {
        span += (t.outShape[d] - 1) * strides[d];
    }
    return span;
}

// The input reads a block at consecutive offsets (its strides there are the output's row-major ones) and the next
// block of the row right after it: a tile needs no gather for it.
inline bool ReadsLinearly(const GcdTilingData& t, const int64_t* strides, int64_t start, int64_t step)
{
    int64_t expected = 1;
    for (int64_t d = t.rank - 1; d >= start; --d) {
        if (strides[d] != expected) {
            return false;
        }
        expected *= t.outShape[d];
    }
    return start == 0 || step == expected;
}

// The outermost block start whose block and both inputs' block spans fit a tile (the biggest block, so that a
// tile needs the fewest DMAs), or -1.
inline int64_t ChooseBlockStart(const GcdTilingData& t, int64_t tile)
{
    for (int64_t start = 0; start < t.rank; ++start) {
        if (BlockSize(t, start) <= tile && BlockSpan(t, t.selfStrides, start) <= tile &&
            BlockSpan(t, t.otherStrides, start) <= tile) {
            return start;
        }
    }
    return -1;
}

inline void SetBlocks(GcdTilingData& t, int64_t start)
{
    t.blockStart = start;
    t.blockSize = BlockSize(t, start);
    t.rowBlocks = start > 0 ? t.outShape[start - 1] : 1;
    t.selfBlockSpan = BlockSpan(t, t.selfStrides, start);
    t.otherBlockSpan = BlockSpan(t, t.otherStrides, start);
    t.selfBlockStep = start > 0 ? t.selfStrides[start - 1] : 0;
    t.otherBlockStep = start > 0 ? t.otherStrides[start - 1] : 0;
    t.selfLinear = ReadsLinearly(t, t.selfStrides, start, t.selfBlockStep) ? 1 : 0;
    t.otherLinear = ReadsLinearly(t, t.otherStrides, start, t.otherBlockStep) ? 1 : 0;
}

// Whole blocks per tile: as many as the tile holds, at most a row of them, with every gathered input's span (the
// elements its one DMA copies) inside the tile-sized queue buffer.
inline int64_t BlocksPerTile(const GcdTilingData& t)
{
    int64_t blocks = t.tileNum / t.blockSize;
    blocks = blocks < t.rowBlocks ? blocks : t.rowBlocks;
    while (blocks > 1 &&
           ((t.selfLinear == 0 &&
             GcdCore::SourceSpan(t.selfBlockSpan, t.selfBlockStep, blocks) > t.tileNum) ||
            (t.otherLinear == 0 &&
             GcdCore::SourceSpan(t.otherBlockSpan, t.otherBlockStep, blocks) > t.tileNum))) {
        --blocks;
    }
    return blocks;
}

inline bool InnerStrideCopies(const int64_t* strides, int64_t rank)
{
    return strides[rank - 1] == 0 || strides[rank - 1] == 1;
}

// Sets tileNum and the BLOCK fields of `t` and returns the copy mode:
// LINEAR when both inputs are one contiguous run (same shape, contiguous) or the output is empty;
// BLOCK when some inner dims make a block whose spans fit a tile (every broadcast of contiguous inputs whose
//   innermost merged dim fits a tile);
// SEGMENT when rows are longer than a tile and both inputs walk them with stride 0 or 1;
// GCD_MODE_NONE otherwise: a strided view none of the three can read (aclnnGcd's inputs are contiguous, never one).
constexpr uint64_t GCD_MODE_NONE = 3;
inline uint64_t ChooseCopyMode(int64_t dtypeSize, int64_t ubSize, GcdTilingData& t)
{
    const bool linear = t.rank == 1 && t.selfStrides[0] == 1 && t.otherStrides[0] == 1;
    if (linear || t.totalNum == 0) { // an empty output gives every core an empty range: nothing is read
        t.tileNum = TileFor(GCD_MODE_LINEAR, dtypeSize, ubSize, 0, t);
        return GCD_MODE_LINEAR;
    }
    // The block is chosen for the tile of two gathered inputs; a linear input then leaves room for a larger tile.
    t.tileNum = TileFor(GCD_MODE_BLOCK, dtypeSize, ubSize, 2, t);
    const int64_t start = ChooseBlockStart(t, t.tileNum);
    if (start >= 0) {
        SetBlocks(t, start);
        t.tileNum = TileFor(GCD_MODE_BLOCK, dtypeSize, ubSize, 2 - t.selfLinear - t.otherLinear, t);
        t.blocksPerTile = BlocksPerTile(t);
        return GCD_MODE_BLOCK;
    }
    if (!InnerStrideCopies(t.selfStrides, t.rank) || !InnerStrideCopies(t.otherStrides, t.rank)) {
        return GCD_MODE_NONE;
    }
    t.tileNum = TileFor(GCD_MODE_SEGMENT, dtypeSize, ubSize, 0, t);
    return GCD_MODE_SEGMENT;
}

} // namespace GcdTiling

#endif // OPS_MATH_GCD_TILING_MODE_H
