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
 * \brief Gcd tiling key: low 3 bits dtype code, bit 3 broadcast, bit 4 non-contiguous input.
 */
#ifndef OPS_MATH_GCD_TILING_KEY_H
#define OPS_MATH_GCD_TILING_KEY_H

#include <cstdint>

// Dtype codes of the low 3 bits; 0 is never produced so that an unset key cannot select a kernel.
constexpr uint64_t GCD_DTYPE_INT8 = 1;
constexpr uint64_t GCD_DTYPE_UINT8 = 2;
constexpr uint64_t GCD_DTYPE_INT16 = 3;
constexpr uint64_t GCD_DTYPE_FLOAT16 = 4;
constexpr uint64_t GCD_DTYPE_BF16 = 5;
constexpr uint64_t GCD_DTYPE_FLOAT = 6;

constexpr uint64_t GCD_KEY_DTYPE_MASK = 0x7;
constexpr uint64_t GCD_KEY_BROADCAST = 1ULL << 3;
constexpr uint64_t GCD_KEY_NON_CONTIGUOUS = 1ULL << 4;

constexpr uint64_t GcdTilingKey(uint64_t dtypeCode, bool broadcast, bool nonContiguous)
{
    return (dtypeCode & GCD_KEY_DTYPE_MASK) | (broadcast ? GCD_KEY_BROADCAST : 0) |
           (nonContiguous ? GCD_KEY_NON_CONTIGUOUS : 0);
}

constexpr uint64_t GcdKeyDtype(uint64_t key) { return key & GCD_KEY_DTYPE_MASK; }
constexpr bool GcdKeyBroadcast(uint64_t key) { return (key & GCD_KEY_BROADCAST) != 0; }
constexpr bool GcdKeyNonContiguous(uint64_t key) { return (key & GCD_KEY_NON_CONTIGUOUS) != 0; }

// A key with neither bit 3 nor bit 4 reads both inputs linearly (DataCopyPad fast path).
constexpr bool GcdKeyLinear(uint64_t key) { return (key & (GCD_KEY_BROADCAST | GCD_KEY_NON_CONTIGUOUS)) == 0; }

#endif // OPS_MATH_GCD_TILING_KEY_H
