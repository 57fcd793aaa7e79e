/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Test driver for floor_mod_tiling_core.h and floor_mod_broadcast.h.
// argv: dtype coreNum ubSize x1 x2 y   (shapes as comma lists, "-" for rank 0)
// Prints the tiling, each core's range (elements; BLOCK_RESIDENT: work items, "units" says how many) and its tiles
// as the kernel's TileWalker cuts them ("plan rows cols rowStride fetch1 fetch2 chunk"); for small outputs also the
// (x1, x2) offsets of every output element, in output order, as the tile that writes it addresses them (-1 -1 for an
// element no tile writes).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include "floor_mod_tiling_core.h"
#include "shape_arg.h"
#include "floor_mod_broadcast.h"

using namespace FloorModTiling;
using FloorModNs::TilePlan;

// The GM offset input `k` reads for element (row, col) of a tile, by how the tile fetches that input.
static long long InputOffset(const FloorModTilingData& td, const TilePlan& plan, uint32_t k, uint32_t row, uint32_t col)
{
    const int64_t* stride = FloorModNs::StridesOf(td, k);
    long long across = td.rank >= 2 ? static_cast<long long>(stride[td.rank - 2]) : 0;
    switch (plan.fetch[k]) {
        case FloorModNs::FETCH_ROWS:
        case FloorModNs::FETCH_CHUNK:
            return plan.offset[k] + static_cast<long long>(row) * across + col;
        case FloorModNs::FETCH_ONE_ROW:
            return plan.offset[k] + col;
        case FloorModNs::FETCH_ROW_VALUES:
            return plan.offset[k] + row;
        case FloorModNs::FETCH_ONE_VALUE:
            return plan.offset[k];
        default:
            return 0;
    }
}

int main(int argc, char** argv)
{
    if (argc != 7) {
        return 2;
    }
    DType dtype = static_cast<DType>(std::atoi(argv[1]));
    Platform platform{static_cast<uint32_t>(std::atoi(argv[2])), std::strtoull(argv[3], nullptr, 10)};
    FloorModTilingData td{};
    Status status = ComputeTiling(ParseShape(argv[4]), ParseShape(argv[5]), ParseShape(argv[6]), dtype, platform, td);
    std::printf("status %u\n", static_cast<unsigned>(status));
    if (status != Status::OK) {
        return 0;
    }
    // The UB plan of the kernel at this tile, the budget it must fit, and the plan one tile step larger (which must
    // not fit: the tile is the largest).
    uint32_t kind = KindOf(dtype);
    uint64_t plan = FloorModNs::PlanUb(td, kind, td.usableUbSize, td.queueDepth).Total();
    uint64_t next = FloorModNs::PlanUb(td, kind, td.usableUbSize + static_cast<uint32_t>(TILE_ALIGN_ELEMENTS),
                                       td.queueDepth).Total();
    std::printf("mode %u\nrank %u\ntotal %llu\ncores %u\nalign %llu\ndepth %u\ntile %u\nrow_table %d\n"
                "ub_plan %llu\nub_budget %llu\nub_plan_next %llu\nrow_tiles %d\n",
                td.broadcastMode, td.rank, static_cast<unsigned long long>(td.totalDataCount), td.needCoreNum,
                static_cast<unsigned long long>(td.blockAlignElements), td.queueDepth, td.usableUbSize,
                FloorModNs::NeedsRowTable(td) ? 1 : 0, static_cast<unsigned long long>(plan),
                static_cast<unsigned long long>(KernelUbBudget(platform.ubSize)),
                static_cast<unsigned long long>(next), FloorModNs::RowTiles(td, td.usableUbSize) ? 1 : 0);
    bool resident = td.broadcastMode == FloorModNs::BLOCK_RESIDENT;
    std::printf("units %llu\n", static_cast<unsigned long long>(
                                    resident ? FloorModNs::WorkItems(td, td.usableUbSize) : td.totalDataCount));
    bool offsets = td.totalDataCount <= 20000;
    std::vector<std::pair<long long, long long>> at(offsets ? td.totalDataCount : 0, {-1, -1});
    for (uint32_t core = 0; core < td.needCoreNum; ++core) {
        CoreRange range = CoreRangeOf(td, core);
        std::printf("range %llu %llu\n", static_cast<unsigned long long>(range.start),
                    static_cast<unsigned long long>(range.count));
        if (range.count == 0) {
            continue; // as the kernel: a core without work walks nothing (an empty output's cursor has a 0 extent)
        }
        FloorModNs::TileWalker walker;
        walker.Init(td, range.start, range.count, td.usableUbSize);
        TilePlan plan{};
        while (walker.Next(plan)) {
            std::printf("plan %u %u %u %u %u %u\n", plan.rows, plan.cols, plan.rowStride, plan.fetch[0], plan.fetch[1],
                        plan.chunk);
            for (uint32_t row = 0; offsets && row < plan.rows; ++row) {
                for (uint32_t col = 0; col < plan.cols; ++col) {
                    at[plan.outOffset + static_cast<uint64_t>(row) * plan.cols + col] = {
                        InputOffset(td, plan, 0, row, col), InputOffset(td, plan, 1, row, col)};
                }
            }
        }
    }
    for (const auto& offset : at) {
        std::printf("o %lld %lld\n", offset.first, offset.second);
    }
    return 0;
}
