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
 * \file bernoulli_tiling_data.h
 * \brief Tiling data shared by Bernoulli's host tiling and kernel (POD, 40 bytes, tilingKey 0 for every case).
 */
#ifndef OPS_BERNOULLI_OP_KERNEL_BERNOULLI_TILING_DATA_H_
#define OPS_BERNOULLI_OP_KERNEL_BERNOULLI_TILING_DATA_H_

#include <cstdint>

namespace BernoulliNs {

// All counts are in output elements. kModeRandomAliased walks global stages of blockDim * stageElements elements
// from the highest addresses down (core c of a stage owns [stageStart + c * stageElements, +stageElements));
// kModeZero / kModeOne give core c the static range [c * blockElements, +blockElements). Every start is a multiple of
// 256.
struct BernoulliTilingData {
    uint64_t totalElements;
    uint64_t blockElements; // per-core share used to choose blockDim (and the static ranges of kModeZero / kModeOne)
    uint64_t stageElements; // per-core elements of one RANDOM stage: its packed mask lives whole in UB
    uint64_t tileElements;  // elements expanded or generated per output tile
    uint32_t mode;          // BernoulliMode
    uint32_t reserved;      // keeps the struct a multiple of 8 bytes
};

static_assert(sizeof(BernoulliTilingData) == 40, "the tiling blob layout is shared with the host");

} // namespace BernoulliNs

#endif // OPS_BERNOULLI_OP_KERNEL_BERNOULLI_TILING_DATA_H_
