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
 * \file gcd_walk.h
 * \brief How one core walks its output range: core ranges, the UB plan of each copy mode, the tiles of each mode,
 *        the BLOCK mode's gather offsets and the broadcast offset cursor. Plain C++17, shared by the kernel, the host
 *        tiling and the g++ tests.
 */
#ifndef OPS_MATH_GCD_WALK_H
#define OPS_MATH_GCD_WALK_H

#include <cstdint>

#include "gcd_core.h"
#include "gcd_tiling_data.h"
#include "gcd_tiling_key.h"

namespace GcdCore {

// ---------------------------------------------------------------- per-core output ranges
struct OutputRange {
    int64_t begin;
    int64_t end;
};

GCD_CORE_FUNC OutputRange CoreOutputRange(const GcdTilingData& t, int64_t blockIdx)
{
    if (blockIdx >= t.usedCoreNum) {
        return OutputRange{t.totalNum, t.totalNum};
    }
    const int64_t begin = blockIdx * t.perCoreNum;
    const int64_t count = (blockIdx == t.usedCoreNum - 1) ? t.lastCoreNum : t.perCoreNum;
    return OutputRange{begin, begin + count};
}

GCD_CORE_FUNC int64_t RoundUp(int64_t v, int64_t a) { return (v + a - 1) / a * a; }
GCD_CORE_FUNC int64_t MinOf(int64_t a, int64_t b) { return a < b ? a : b; }

// ---------------------------------------------------------------- UB plan of one core
// Queues hold the dtype (self, other, out; double-buffered). Up to 32 bits the vector Euclid works in fp32 in five
// buffers (a, b, quotient, scratch, ReduceMax work), 8-bit dtypes pass through a half staging buffer (A2 has no
// int8 <-> float Cast) and two Compare masks take one bit per element each; int64 is computed on the scalar unit
// and needs none of them. In BLOCK mode every gathered input adds an offset table (uint32 per lane) and, up to
// 32 bits, a lane buffer the Gather fills (half for 8-bit dtypes, which are widened before the gather).
constexpr int64_t GCD_UB_RESERVED_BYTES = 8 * 1024;
constexpr int64_t GCD_TILE_ALIGN = 64; // 64 fp32 = 256 bytes: Compare's count rule on A2
constexpr int64_t GCD_QUEUE_DEPTH = 2;
constexpr int64_t GCD_FLOAT_BUFFERS = 5;

struct GcdUbPlan {
    int64_t queueBytes; // one buffer of one queue (tileNum * dtypeSize)
    int64_t floatBytes; // one fp32 work buffer (0 for int64)
    int64_t halfBytes;  // the half staging buffer (0 for int64)
    int64_t maskBytes;  // one Compare mask (0 for int64)
    int64_t tableBytes; // one gather offset table (BLOCK mode, per gathered input)
    int64_t laneBytes;  // one gathered lane buffer (BLOCK mode, per gathered input, 0 for int64)
    int64_t totalBytes; // everything above with its count, as InitBuffer rounds it (32 bytes)
};

GCD_CORE_FUNC GcdUbPlan PlanUb(uint64_t mode, int64_t tileNum, int64_t dtypeSize, int64_t gathered)
{
    GcdUbPlan p{};
    const bool vector = dtypeSize != 8;
    p.queueBytes = RoundUp(tileNum * dtypeSize, 32);
    p.floatBytes = vector ? RoundUp(tileNum * 4, 32) : 0;
    p.halfBytes = vector ? RoundUp(tileNum * 2, 32) : 0;
    p.maskBytes = vector ? RoundUp(tileNum / 8, 32) : 0;
    const bool block = mode == GCD_MODE_BLOCK;
    p.tableBytes = block ? RoundUp(tileNum * 4, 32) : 0;
    p.laneBytes = (block && vector) ? RoundUp(tileNum * (dtypeSize < 2 ? 2 : dtypeSize), 32) : 0;
    p.totalBytes = 3 * GCD_QUEUE_DEPTH * p.queueBytes + GCD_FLOAT_BUFFERS * p.floatBytes + p.halfBytes +
                   2 * p.maskBytes + gathered * (p.tableBytes + p.laneBytes);
    return p;
}

// ---------------------------------------------------------------- tiles
// One tile of a core: output elements [begin, begin + count). In BLOCK mode `block` is the block holding `begin`,
// `phase` the position of `begin` inside it and `blocks` how many blocks the tile touches.
struct Tile {
    int64_t begin;
    int64_t count;
    int64_t block;
    int64_t phase;
    int64_t blocks;
};

// The tile starting at `pos` of a core whose range ends at `end`.
// LINEAR: up to tileNum elements. SEGMENT: up to tileNum elements, never past a row end.
// BLOCK: a core's range may start inside a block (core starts are 32-byte aligned, blocks are not): that partial
// block is a tile of its own, so every later tile starts on a block boundary (phase 0) and one offset table serves
// them all. A tile then takes up to blocksPerTile blocks and never crosses a row of dim blockStart - 1, where the
// inputs' block starts stop advancing by their block step.
GCD_CORE_FUNC Tile NextTile(const GcdTilingData& t, uint64_t mode, int64_t pos, int64_t end)
{
    Tile tile{pos, MinOf(end - pos, t.tileNum), 0, 0, 0};
    if (mode == GCD_MODE_SEGMENT) {
        const int64_t rowLen = t.outShape[t.rank - 1];
        tile.count = MinOf(tile.count, (pos / rowLen + 1) * rowLen - pos);
    } else if (mode == GCD_MODE_BLOCK) {
        const int64_t size = t.blockSize;
        tile.block = pos / size;
        tile.phase = pos % size;
        int64_t stop = (tile.block + 1) * size;
        if (tile.phase == 0) {
            const int64_t rowEnd = (tile.block / t.rowBlocks + 1) * t.rowBlocks * size;
            stop = MinOf((tile.block + t.blocksPerTile) * size, rowEnd);
        }
        tile.count = MinOf(end, stop) - pos;
        tile.blocks = (pos + tile.count - 1) / size - tile.block + 1;
    }
    return tile;
}

// Input elements a BLOCK tile copies for one input: its blocks' spans, `step` apart (all the same block when the
// input broadcasts along dim blockStart - 1, step 0).
GCD_CORE_FUNC int64_t SourceSpan(int64_t blockSpan, int64_t blockStep, int64_t blocks)
{
    return (blocks - 1) * blockStep + blockSpan;
}

// ---------------------------------------------------------------- BLOCK mode gather offsets
// Offsets (in input elements, from the tile's first block start) of consecutive output positions of a tile that
// starts `phase` elements into its first block: an odometer over the block's dims plus `step` per block passed.
// The kernel writes them once per core into the offset table; they are the same for every tile of that phase.
class BlockOffsetWalker {
public:
    GCD_CORE_FUNC void Init(const GcdTilingData& t, const int64_t* strides, int64_t blockStep, int64_t phase)
    {
        first_ = t.blockStart;
        last_ = t.rank - 1;
        step_ = blockStep;
        blockBase_ = 0;
        inner_ = 0;
        for (int64_t d = last_; d >= first_; --d) {
            shape_[d] = t.outShape[d];
            strides_[d] = strides[d];
            coord_[d] = phase % shape_[d];
            phase /= shape_[d];
            inner_ += coord_[d] * strides_[d];
        }
    }

    GCD_CORE_FUNC int64_t Offset() const { return blockBase_ + inner_; }

    GCD_CORE_FUNC void Advance()
    {
        for (int64_t d = last_; d >= first_; --d) {
            ++coord_[d];
            inner_ += strides_[d];
            if (coord_[d] < shape_[d]) {
                return;
            }
            inner_ -= coord_[d] * strides_[d];
            coord_[d] = 0;
        }
        blockBase_ += step_; // every block dim wrapped: the next block
    }

private:
    int64_t first_ = 0;
    int64_t last_ = 0;
    int64_t step_ = 0;
    int64_t blockBase_ = 0;
    int64_t inner_ = 0;
    int64_t shape_[GCD_MAX_DIMS] = {};
    int64_t coord_[GCD_MAX_DIMS] = {};
    int64_t strides_[GCD_MAX_DIMS] = {};
};

// ---------------------------------------------------------------- broadcast offset cursor
// The inputs' element offsets of one output linear index (a tile's first element or first block start): Init
// decomposes it once (div/mod per dim). A stride of 0 repeats the element along that dim.
class OffsetCursor {
public:
    GCD_CORE_FUNC void Init(const GcdTilingData& t, int64_t linear)
    {
        selfOffset_ = 0;
        otherOffset_ = 0;
        for (int64_t d = t.rank - 1; d >= 0; --d) {
            const int64_t coord = linear % t.outShape[d];
            linear /= t.outShape[d];
            selfOffset_ += coord * t.selfStrides[d];
            otherOffset_ += coord * t.otherStrides[d];
        }
    }

    GCD_CORE_FUNC int64_t SelfOffset() const { return selfOffset_; }
    GCD_CORE_FUNC int64_t OtherOffset() const { return otherOffset_; }

private:
    int64_t selfOffset_ = 0;
    int64_t otherOffset_ = 0;
};

} // namespace GcdCore

#endif // OPS_MATH_GCD_WALK_H
