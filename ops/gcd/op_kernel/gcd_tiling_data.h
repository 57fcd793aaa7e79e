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
 * \file gcd_tiling_data.h
 * \brief Tiling data of Gcd, shared by op_host (written) and op_kernel (read): a packed int64 POD.
 */
#ifndef OPS_MATH_GCD_TILING_DATA_H
#define OPS_MATH_GCD_TILING_DATA_H

#include <cstdint>

constexpr int64_t GCD_MAX_DIMS = 8;

// All shapes are right-aligned to `rank` dims after the host merged adjacent dims that map the same way;
// strides are in elements of the input dtype, 0 on a broadcast dim.
struct GcdTilingData {
    int64_t totalNum;    // elements of the broadcast output
    int64_t rank;        // dims used in the arrays below, 1..8
    int64_t usedCoreNum; // cores that own a non-empty output range
    int64_t perCoreNum;  // elements owned by every core but the last (multiple of 32 bytes of output)
    int64_t lastCoreNum; // elements owned by the last used core (the tail core)
    int64_t tileNum;     // elements per UB tile (multiple of 64)
    // BLOCK mode (0 otherwise): a block is the merged dims blockStart..rank-1, blockSize output elements.
    int64_t blockStart;
    int64_t blockSize;
    int64_t blocksPerTile; // most whole blocks one tile takes
    int64_t rowBlocks;     // blocks along dim blockStart - 1 (1 when blockStart is 0); no tile crosses such a row
    int64_t selfBlockSpan; // input elements one block reads: its largest offset inside a block + 1
    int64_t otherBlockSpan;
    int64_t selfBlockStep; // input elements between the starts of consecutive blocks of one row
    int64_t otherBlockStep;
    int64_t selfLinear; // 1: inside a tile the input is read at consecutive offsets (no gather, no table)
    int64_t otherLinear;
    int64_t outShape[GCD_MAX_DIMS];
    int64_t selfShape[GCD_MAX_DIMS];  // 1 on a dim that self broadcasts
    int64_t otherShape[GCD_MAX_DIMS]; // 1 on a dim that other broadcasts
    int64_t selfStrides[GCD_MAX_DIMS];
    int64_t otherStrides[GCD_MAX_DIMS];
};

static_assert(sizeof(GcdTilingData) == 16 * 8 + 5 * GCD_MAX_DIMS * 8, "GcdTilingData must stay a packed int64 POD");

#endif // OPS_MATH_GCD_TILING_DATA_H
