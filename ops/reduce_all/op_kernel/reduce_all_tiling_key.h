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
 * \file reduce_all_tiling_key.h
 * \brief ReduceAll tiling keys: one per tiling mode (the only dtype is int8/bool)
 */
#ifndef REDUCE_ALL_TILING_KEY_H
#define REDUCE_ALL_TILING_KEY_H

#include <cstdint>

// Several whole reductions per tile.
constexpr uint64_t REDUCE_ALL_MODE_BATCH = 0;
// One reduction across several tiles, the partial minimum carried from tile to tile.
constexpr uint64_t REDUCE_ALL_MODE_BIG_REDUCE = 1;
// A reduced axis has size 0: every output is True, the input is not read.
constexpr uint64_t REDUCE_ALL_MODE_FILL_TRUE = 2;
// The innermost axis is kept: rows of up to colWidth neighbouring outputs, reduced element-wise (Min) across rows.
constexpr uint64_t REDUCE_ALL_MODE_COLUMN = 3;
// Few outputs, long reductions: every core reduces a slice of every reduction's rows into a GM workspace; after
// SyncAll core 0 folds the partials (kernel type MIX_AIV_1_0, batch schedule mode for SyncAll).
constexpr uint64_t REDUCE_ALL_MODE_SPLIT = 4;

#endif // REDUCE_ALL_TILING_KEY_H
