/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Batch driver of the portable tiling core for the property tests.
// stdin, one case per line: dtype mode coreNum ubSize rank dim0 ... dim(rank-1)
// stdout, one line per case: status blockDim tilingKey workspace total block stage tile ubPlanBytes
#include <cstdio>
#include <iostream>
#include <sstream>
#include <string>

#include "bernoulli_tiling_core.h"

using namespace BernoulliTiling;

int main()
{
    std::string line;
    while (std::getline(std::cin, line)) {
        std::istringstream in(line);
        uint32_t dtype = 0;
        uint32_t mode = 0;
        Platform platform{0, 0};
        Shape shape{0, {0}};
        if (!(in >> dtype >> mode >> platform.coreNum >> platform.ubSize >> shape.rank)) {
            continue;
        }
        for (uint32_t i = 0; i < shape.rank && i < kMaxDim; ++i) {
            in >> shape.dims[i];
        }
        TilingResult r{};
        const Status status = ComputeTiling(shape, dtype, mode, platform, r);
        std::printf("%u %u %llu %llu %llu %llu %llu %llu %llu\n", static_cast<uint32_t>(status), r.blockDim,
                    static_cast<unsigned long long>(r.tilingKey), static_cast<unsigned long long>(r.workspaceBytes),
                    static_cast<unsigned long long>(r.data.totalElements),
                    static_cast<unsigned long long>(r.data.blockElements),
                    static_cast<unsigned long long>(r.data.stageElements),
                    static_cast<unsigned long long>(r.data.tileElements),
                    static_cast<unsigned long long>(r.ubPlanBytes));
    }
    return 0;
}
