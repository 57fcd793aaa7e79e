/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Byte-level simulation of kModeRandomAliased in one storage: the packed mask at byte 0, the outputs written over it.
// It runs the stage schedule of bernoulli_core.h with the blockDim / stageElements of the tiling core and checks
//  - every mask byte a core copies into UB is still the original DSA byte (no earlier write clobbered it),
//  - every output element is written exactly once, with the 0/1 of its mask bit, and no byte beyond N outputs,
// under the worst legal interleaving: all writes of every earlier stage land before a stage's copies, and
// within a stage the copies of all cores finish before any write (the SyncAll). order=asc runs the stages from
// low to high addresses instead, as a negative control the checks must reject.
// stdin, one case per line: n dtype coreNum ubSize order(desc|asc)
// stdout: n dtype blockDim stage tile stages verdict(ok|CLOBBER|WRONG|TILING) firstBadByte
#include <cstdio>
#include <cstring>
#include <iostream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "bernoulli_tiling_core.h"

using namespace BernoulliTiling;

namespace {

struct Verdict {
    const char* name;
    int64_t where;
};

Verdict Simulate(uint64_t n, uint32_t dtype, const TilingResult& r, bool descending, uint64_t& stagesOut)
{
    const uint32_t size = OutputBytes(dtype);
    const uint64_t maskBytes = DsaMaskBytes(n);
    // out's N*S bytes, with the mask in its first bytes unless they are too few (then the mask has its own storage).
    std::vector<uint8_t> storage(n * size, 0xEE);
    std::vector<uint8_t> ownMask(maskBytes);
    const bool inOutput = MaskInOutput(n, dtype);
    if (inOutput && maskBytes > storage.size()) {
        return {"OVERRUN", static_cast<int64_t>(maskBytes)};
    }
    uint8_t* maskBase = inOutput ? storage.data() : ownMask.data();
    std::vector<uint8_t> original(maskBytes);
    std::mt19937_64 rng(n * 1000003ULL + dtype);
    for (uint64_t i = 0; i < maskBytes; ++i) {
        original[i] = static_cast<uint8_t>(rng());
        maskBase[i] = original[i];
    }
    std::vector<uint8_t> clobbered(storage.size(), 0);
    std::vector<uint8_t> writes(n, 0);
    const uint64_t blockDim = r.blockDim;
    const uint64_t stage = r.data.stageElements;
    const uint64_t stages = n == 0 ? 0 : StageCount(n, blockDim, stage);
    stagesOut = stages;
    std::vector<std::vector<uint8_t>> ub(blockDim);
    for (uint64_t step = 0; step < stages; ++step) {
        const uint64_t order = descending ? step : stages - 1 - step;
        for (uint64_t core = 0; core < blockDim; ++core) {
            const StageSegment seg = SegmentOf(n, blockDim, stage, order, core);
            const uint64_t first = seg.start / 8;
            const uint64_t bytes = CeilDiv(seg.count, 8);
            if (seg.count > 0 && seg.start % kAlignElements != 0) {
                return {"TILING", static_cast<int64_t>(seg.start)};
            }
            ub[core].assign(maskBase + first, maskBase + first + bytes);
            for (uint64_t b = first; inOutput && b < first + bytes; ++b) {
                if (clobbered[b]) {
                    return {"CLOBBER", static_cast<int64_t>(b)};
                }
            }
        }
        for (uint64_t core = 0; core < blockDim; ++core) {
            const StageSegment seg = SegmentOf(n, blockDim, stage, order, core);
            for (uint64_t k = 0; k < seg.count; ++k) {
                const uint64_t i = seg.start + k;
                ++writes[i];
                const uint8_t bit = MaskBit(ub[core].data(), k);
                for (uint32_t b = 0; b < size; ++b) {
                    // little-endian 1 of the dtype: the low byte 1 for integers, an IEEE one otherwise; the exact
                    // bit pattern is the kernel's business, the simulation tracks which bytes are touched.
                    storage[i * size + b] = static_cast<uint8_t>(b == 0 ? bit : 0);
                    clobbered[i * size + b] = 1;
                }
            }
        }
    }
    for (uint64_t i = 0; i < n; ++i) {
        if (writes[i] != 1 || storage[i * size] != ((original[i / 8] >> (i % 8)) & 1U)) {
            return {"WRONG", static_cast<int64_t>(i)};
        }
    }
    return {"ok", -1};
}

}  // namespace

int main()
{
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        uint64_t n = 0;
        uint32_t dtype = 0;
        Platform platform{0, 0};
        std::string order;
        if (!(in >> n >> dtype >> platform.coreNum >> platform.ubSize >> order)) {
            continue;
        }
        Shape shape{1, {static_cast<int64_t>(n)}};
        TilingResult r{};
        uint64_t stages = 0;
        Verdict verdict{"TILING", -1};
        if (ComputeTiling(shape, dtype, kModeRandomAliased, platform, r) == Status::kOk) {
            verdict = Simulate(n, dtype, r, order == "desc", stages);
        }
        std::printf("%llu %u %u %llu %llu %llu %s %lld\n", static_cast<unsigned long long>(n), dtype, r.blockDim,
                    static_cast<unsigned long long>(r.data.stageElements),
                    static_cast<unsigned long long>(r.data.tileElements), static_cast<unsigned long long>(stages),
                    verdict.name, static_cast<long long>(verdict.where));
    }
    return 0;
}
