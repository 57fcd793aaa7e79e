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
 * \file floor_mod_tiling_data.h
 * \brief Tiling data shared by FloorMod's host tiling and kernel: broadcast metadata, mode, core split, UB plan.
 */
#ifndef OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_TILING_DATA_H_
#define OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_TILING_DATA_H_

#include <cstdint>

namespace FloorModNs {

constexpr uint32_t MAX_DIM = 8;

// How the kernel reads the two inputs; chosen on the compressed broadcast metadata.
enum FloorModBroadcastMode : uint32_t {
    CONTIGUOUS = 0,         // both inputs have the output's element count
    X1_SCALAR = 1,          // x1 is one element, x2 is output-sized
    X2_SCALAR = 2,          // x2 is one element, x1 is output-sized
    TAIL_CONTIGUOUS = 3,    // both inputs are contiguous along the last (compressed) dim
    CROSSED_ROW_X1_ROW = 4, // x1 contiguous along the last dim, x2 constant along it (one value per row)
    CROSSED_ROW_X2_ROW = 5, // the other orientation
    GENERAL = 6,            // any other stride combination: coordinate decomposition per segment
    BLOCK_RESIDENT = 7,     // FLOAT [I, J, K]: x1 one row per outer index (strides K, 0, 1), x2 one block of J rows
                            // for every outer index (0, K, 1): chunks of x2's rows stay in UB while x1's rows pass
};

// All counts are in elements (BLOCK_RESIDENT: the core split's counts are work items, one chunk of x2's rows against
// one x1 row, chunk-major; totalDataCount stays elements). Cores [0, tailDataCoreNum) own perCoreDataCount +
// blockAlignElements, the following cores perCoreDataCount, and the last core lastCoreDataCount; together they
// partition [0, totalDataCount) (BLOCK_RESIDENT: [0, WorkItems)). x1Stride / x2Stride are 0 on broadcast dims.
struct FloorModTilingData {
    uint32_t usableUbSize;  // elements per tile (not bytes)
    uint32_t needCoreNum;   // AIV blocks actually launched
    uint64_t totalDataCount;
    uint64_t perCoreDataCount;
    uint64_t tailDataCoreNum;
    uint64_t lastCoreDataCount;
    uint64_t blockAlignElements;
    uint32_t broadcastMode;
    uint32_t rank;          // compressed rank, 1..MAX_DIM
    uint32_t queueDepth;    // 1 when every core has a single tile, else 2
    uint32_t dtypeBytes;
    int64_t outShape[MAX_DIM];
    int64_t x1Stride[MAX_DIM];
    int64_t x2Stride[MAX_DIM];
};

} // namespace FloorModNs

#endif // OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_TILING_DATA_H_
