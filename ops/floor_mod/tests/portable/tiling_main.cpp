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
// Prints the tiling, each core's range and, for small outputs, the (x1, x2) offsets of every output element,
// walked per core with the cursor (Init at the core start, then Advance by row segments).
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "floor_mod_tiling_core.h"
#include "shape_arg.h"
#include "floor_mod_broadcast.h"

using namespace FloorModTiling;


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
    std::printf("mode %u\nrank %u\ntotal %llu\ncores %u\nalign %llu\ndepth %u\ntile %u\nbytes_per_element %llu\n",
                td.broadcastMode, td.rank, static_cast<unsigned long long>(td.totalDataCount), td.needCoreNum,
                static_cast<unsigned long long>(td.blockAlignElements), td.queueDepth, td.usableUbSize,
                static_cast<unsigned long long>(UbBytesPerElement(dtype, td.queueDepth)));
    for (uint32_t core = 0; core < td.needCoreNum; ++core) {
        CoreRange range = CoreRangeOf(td, core);
        std::printf("range %llu %llu\n", static_cast<unsigned long long>(range.start),
                    static_cast<unsigned long long>(range.count));
    }
    if (td.totalDataCount > 20000) {
        return 0;
    }
    for (uint32_t core = 0; core < td.needCoreNum; ++core) {
        CoreRange range = CoreRangeOf(td, core);
        FloorModNs::OffsetCursor cursor;
        cursor.Init(td, range.start);
        uint64_t left = range.count;
        while (left > 0) {
            uint64_t segment = cursor.RowRemaining() < left ? cursor.RowRemaining() : left;
            for (uint64_t i = 0; i < segment; ++i) {
                std::printf("o %lld %lld\n", static_cast<long long>(cursor.Offset1() + cursor.TailStride1() * i),
                            static_cast<long long>(cursor.Offset2() + cursor.TailStride2() * i));
            }
            cursor.Advance(segment);
            left -= segment;
        }
    }
    return 0;
}
