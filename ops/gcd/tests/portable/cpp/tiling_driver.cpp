/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Test driver for gcd_tiling_core.h and gcd_walk.h. stdin: a case count, then per case
//   dtypeCode coreNum ubSize walk  selfRank selfShape.. selfStrides..  otherRank otherShape.. otherStrides..
// stdout per case: "result status key blockDim workspace ubBytes" and "data" with the tiling data as int64 words (the
// form of the ops-math op_host UT). With walk=1 also "ranges" (every core's range), "tiles" (begin count block phase
// blocks selfBase selfSpan otherBase otherSpan per tile, walking each core as the kernel does; a span is 0 unless the
// input is gathered from one copied span) and "self" / "other": the input offset
// the kernel reads for every output element in order, through the copy mode's own arithmetic (linear runs, block
// gather offsets from the span start, repeated values, or the cursor).
#include <cstdint>
#include <iostream>
#include <vector>

#include "../../../op_host/gcd_tiling_core.h"

namespace {

GcdTiling::TensorView ReadView(std::istream& in)
{
    GcdTiling::TensorView v{};
    in >> v.rank;
    const int64_t rank = v.rank < 0 ? 0 : (v.rank > GCD_MAX_DIMS ? GCD_MAX_DIMS : v.rank);
    for (int64_t i = 0; i < rank; ++i) {
        in >> v.shape[i];
    }
    for (int64_t i = 0; i < rank; ++i) {
        in >> v.strides[i];
    }
    return v;
}

struct InputWalk {
    const int64_t* strides;
    int64_t span;
    int64_t step;
    bool linear;
    std::vector<int64_t> offsets;
};

// The offsets one input's lanes hold in a tile, as the kernel's copy-in (and, for BLOCK, its gather) produce them;
// `base` is the cursor offset the kernel starts from. Returns the span a gathered input copies, else 0.
int64_t WalkInput(const GcdTilingData& t, uint64_t mode, const GcdCore::Tile& tile, int64_t base, InputWalk& in)
{
    if (mode == GCD_MODE_BLOCK && !in.linear) {
        GcdCore::BlockOffsetWalker walker;
        walker.Init(t, in.strides, in.step, tile.phase);
        for (int64_t i = 0; i < tile.count; ++i) {
            in.offsets.push_back(base + walker.Offset());
            walker.Advance();
        }
        return GcdCore::SourceSpan(in.span, in.step, tile.blocks);
    }
    const int64_t start = mode == GCD_MODE_BLOCK ? base + tile.phase : base;
    const bool repeat = mode == GCD_MODE_SEGMENT && in.strides[t.rank - 1] == 0;
    for (int64_t i = 0; i < tile.count; ++i) {
        in.offsets.push_back(repeat ? start : start + i);
    }
    return 0;
}

void Walk(const GcdTilingData& t, uint64_t mode)
{
    InputWalk self{t.selfStrides, t.selfBlockSpan, t.selfBlockStep, t.selfLinear != 0, {}};
    InputWalk other{t.otherStrides, t.otherBlockSpan, t.otherBlockStep, t.otherLinear != 0, {}};
    std::cout << "ranges";
    std::vector<int64_t> tiles;
    for (int64_t core = 0; core < t.usedCoreNum; ++core) {
        const GcdCore::OutputRange r = GcdCore::CoreOutputRange(t, core);
        std::cout << ' ' << r.begin << ' ' << r.end;
        for (int64_t pos = r.begin; pos < r.end;) {
            const GcdCore::Tile tile = GcdCore::NextTile(t, mode, pos, r.end);
            GcdCore::OffsetCursor cursor;
            cursor.Init(t, mode == GCD_MODE_BLOCK ? tile.block * t.blockSize : tile.begin);
            const int64_t selfSpan = WalkInput(t, mode, tile, cursor.SelfOffset(), self);
            const int64_t otherSpan = WalkInput(t, mode, tile, cursor.OtherOffset(), other);
            tiles.insert(tiles.end(), {tile.begin, tile.count, tile.block, tile.phase, tile.blocks,
                                       cursor.SelfOffset(), selfSpan, cursor.OtherOffset(), otherSpan});
            pos += tile.count;
        }
    }
    for (const auto& [name, values] : {std::make_pair("\ntiles", &tiles), std::make_pair("\nself", &self.offsets),
                                       std::make_pair("\nother", &other.offsets)}) {
        std::cout << name;
        for (int64_t v : *values) {
            std::cout << ' ' << v;
        }
    }
    std::cout << '\n';
}

} // namespace

int main()
{
    int64_t cases = 0;
    std::cin >> cases;
    for (int64_t c = 0; c < cases; ++c) {
        GcdTiling::TilingInput in{};
        int64_t walk = 0;
        std::cin >> in.dtypeCode >> in.coreNum >> in.ubSize >> walk;
        in.self = ReadView(std::cin);
        in.other = ReadView(std::cin);
        const GcdTiling::TilingResult r = GcdTiling::ComputeTiling(in);
        const int64_t dtypeSize = GcdTiling::DtypeSize(in.dtypeCode);
        const uint64_t mode = GcdKeyMode(r.tilingKey);
        const int64_t gathered = mode == GCD_MODE_BLOCK ? 2 - r.data.selfLinear - r.data.otherLinear : 0;
        const int64_t ubBytes = r.status == GcdTiling::Status::OK ?
                                    GcdCore::PlanUb(mode, r.data.tileNum, dtypeSize, gathered).totalBytes :
                                    0;
        std::cout << "result " << static_cast<int32_t>(r.status) << ' ' << r.tilingKey << ' ' << r.blockDim << ' '
                  << r.workspaceSize << ' ' << ubBytes << "\ndata";
        const int64_t* words = reinterpret_cast<const int64_t*>(&r.data);
        for (size_t i = 0; i < sizeof(GcdTilingData) / sizeof(int64_t); ++i) {
            std::cout << ' ' << words[i];
        }
        std::cout << '\n';
        if (walk != 0 && r.status == GcdTiling::Status::OK) {
            Walk(r.data, mode);
        }
    }
    return 0;
}
