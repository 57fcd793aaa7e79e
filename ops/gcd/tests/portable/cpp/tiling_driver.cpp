/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Test driver for gcd_tiling_core.h and the offset cursor. stdin: a case count, then per case
//   dtypeCode coreNum ubSize walk  selfRank selfShape.. selfStrides..  otherRank otherShape.. otherStrides..
// stdout per case: "status key blockDim workspace ubBytes" and the tiling data as int64 words (the form of the
// ops-math op_host UT); with walk=1 also every core's range and, walking each core tile by tile with the cursor
// as the kernel does, the self and other offsets of every output element in order.
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

// Row segments the kernel's CopyInRows takes, tile by tile: "segments pos len slot usedBefore ..." per core.
void WalkRows(const GcdTilingData& t, int64_t dtypeSize)
{
    std::cout << "rowcopy " << (GcdCore::UseRowCopy(t, dtypeSize) ? 1 : 0) << "\nsegments";
    if (!GcdCore::UseRowCopy(t, dtypeSize)) {
        std::cout << '\n';
        return;
    }
    const int64_t rowLen = t.outShape[t.rank - 1];
    for (int64_t core = 0; core < t.usedCoreNum; ++core) {
        const GcdCore::OutputRange r = GcdCore::CoreOutputRange(t, core);
        for (int64_t pos = r.begin; pos < r.end;) {
            int64_t used = 0;
            while (pos < r.end && used < t.tileNum) {
                const GcdCore::RowSegment seg =
                    GcdCore::NextRowSegment(pos, used, rowLen, r.end, t.tileNum, 32 / dtypeSize);
                std::cout << ' ' << pos << ' ' << seg.len << ' ' << seg.slot << ' ' << used;
                pos += seg.len;
                used += seg.slot;
            }
        }
    }
    std::cout << '\n';
}

void Walk(const GcdTilingData& t)
{
    std::vector<int64_t> selfOffsets;
    std::vector<int64_t> otherOffsets;
    std::cout << "ranges";
    for (int64_t core = 0; core < t.usedCoreNum; ++core) {
        const GcdCore::OutputRange r = GcdCore::CoreOutputRange(t, core);
        std::cout << ' ' << r.begin << ' ' << r.end;
        for (int64_t tile = r.begin; tile < r.end; tile += t.tileNum) {
            const int64_t count = (r.end - tile) < t.tileNum ? (r.end - tile) : t.tileNum;
            GcdCore::OffsetCursor cursor;
            cursor.Init(t, tile);
            for (int64_t i = 0; i < count; ++i) {
                selfOffsets.push_back(cursor.SelfOffset());
                otherOffsets.push_back(cursor.OtherOffset());
                cursor.Advance();
            }
        }
    }
    std::cout << "\nself";
    for (int64_t v : selfOffsets) {
        std::cout << ' ' << v;
    }
    std::cout << "\nother";
    for (int64_t v : otherOffsets) {
        std::cout << ' ' << v;
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
        const int64_t ubBytes =
            r.status == GcdTiling::Status::OK ? GcdCore::PlanUb(r.data.tileNum, dtypeSize).totalBytes : 0;
        std::cout << "result " << static_cast<int32_t>(r.status) << ' ' << r.tilingKey << ' ' << r.blockDim << ' '
                  << r.workspaceSize << ' ' << ubBytes << "\ndata";
        const int64_t* words = reinterpret_cast<const int64_t*>(&r.data);
        for (size_t i = 0; i < sizeof(GcdTilingData) / sizeof(int64_t); ++i) {
            std::cout << ' ' << words[i];
        }
        std::cout << '\n';
        if (walk != 0 && r.status == GcdTiling::Status::OK) {
            Walk(r.data);
            WalkRows(r.data, dtypeSize);
        }
    }
    return 0;
}
