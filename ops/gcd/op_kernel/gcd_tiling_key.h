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
 * \file gcd_tiling_key.h
 * \brief Tiling key of Gcd: bits 0-3 the dtype code, bits 4-5 how the kernel reads its inputs (copy mode).
 */
#ifndef OPS_MATH_GCD_TILING_KEY_H
#define OPS_MATH_GCD_TILING_KEY_H

#include <cstdint>

// Dtype codes of bits 0-3; 0 is never produced so that an unset key cannot select a kernel.
constexpr uint64_t GCD_DTYPE_INT8 = 1;
constexpr uint64_t GCD_DTYPE_UINT8 = 2;
constexpr uint64_t GCD_DTYPE_INT16 = 3;
constexpr uint64_t GCD_DTYPE_FLOAT16 = 4;
constexpr uint64_t GCD_DTYPE_BF16 = 5;
constexpr uint64_t GCD_DTYPE_FLOAT = 6;
constexpr uint64_t GCD_DTYPE_INT32 = 7;
constexpr uint64_t GCD_DTYPE_INT64 = 8;

// Copy modes of bits 4-5 (gcd_walk.h NextTile walks each):
// LINEAR: both inputs are read linearly (same shape, contiguous): one DataCopyPad per input and tile.
// BLOCK: a tile is whole blocks (the innermost merged dims) inside one row of the dim above; an input that is not
//        linear there is copied as one contiguous span per tile and gathered in UB through a per-core offset table.
// SEGMENT: rows longer than a tile; a tile is a row segment, each input a DataCopyPad (stride 1) or one value
//          Duplicate'd (stride 0).
// Every broadcast of contiguous inputs (all aclnnGcd hands the kernel) takes one of the three; a view that none
// can read (a transpose whose block spans exceed a tile) is refused by the tiling (Status::VIEW_UNSUPPORTED).
constexpr uint64_t GCD_MODE_LINEAR = 0;
constexpr uint64_t GCD_MODE_BLOCK = 1;
constexpr uint64_t GCD_MODE_SEGMENT = 2;

constexpr uint64_t GCD_KEY_DTYPE_MASK = 0xF;
constexpr uint64_t GCD_KEY_MODE_SHIFT = 4;
constexpr uint64_t GCD_KEY_MODE_MASK = 0x3;

constexpr uint64_t GcdTilingKey(uint64_t dtypeCode, uint64_t mode)
{
    return (dtypeCode & GCD_KEY_DTYPE_MASK) | ((mode & GCD_KEY_MODE_MASK) << GCD_KEY_MODE_SHIFT);
}

constexpr uint64_t GcdKeyDtype(uint64_t key) { return key & GCD_KEY_DTYPE_MASK; }
constexpr uint64_t GcdKeyMode(uint64_t key) { return (key >> GCD_KEY_MODE_SHIFT) & GCD_KEY_MODE_MASK; }

#endif // OPS_MATH_GCD_TILING_KEY_H
