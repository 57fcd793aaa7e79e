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
 * \file gcd.cpp
 * \brief Gcd kernel entry: the tiling key selects the dtype (bits 0-3) and the copy mode (bits 4-5).
 */

#include "gcd.h"

#define GCD_RUN(KEY, TYPE, CODE)                                      \
    if (TILING_KEY_IS(KEY)) {                                         \
        GcdNs::GcdKernel<TYPE, CODE, GcdKeyMode(KEY)> op;             \
        op.Init(x1, x2, y, &tilingData, &pipe);                       \
        op.Process();                                                 \
        return;                                                       \
    }

// Keys 0bMMDDDD: DDDD dtype code, MM copy mode (LINEAR 0, BLOCK 1, SEGMENT 2).
// The keys are spelled as literals: the device build collects TILING_KEY_IS arguments as plain numbers.
#define GCD_RUN_DTYPE(TYPE, CODE, LINEAR_KEY, BLOCK_KEY, SEGMENT_KEY) \
    GCD_RUN(LINEAR_KEY, TYPE, CODE)                                   \
    GCD_RUN(BLOCK_KEY, TYPE, CODE)                                    \
    GCD_RUN(SEGMENT_KEY, TYPE, CODE)

extern "C" __global__ __aicore__ void gcd(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    REGISTER_TILING_DEFAULT(GcdTilingData);
    GET_TILING_DATA_WITH_STRUCT(GcdTilingData, tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    AscendC::TPipe pipe;
    GCD_RUN_DTYPE(int8_t, GCD_DTYPE_INT8, 1, 17, 33)
    GCD_RUN_DTYPE(uint8_t, GCD_DTYPE_UINT8, 2, 18, 34)
    GCD_RUN_DTYPE(int16_t, GCD_DTYPE_INT16, 3, 19, 35)
    GCD_RUN_DTYPE(half, GCD_DTYPE_FLOAT16, 4, 20, 36)
    GCD_RUN_DTYPE(bfloat16_t, GCD_DTYPE_BF16, 5, 21, 37)
    GCD_RUN_DTYPE(float, GCD_DTYPE_FLOAT, 6, 22, 38)
    GCD_RUN_DTYPE(int32_t, GCD_DTYPE_INT32, 7, 23, 39)
    GCD_RUN_DTYPE(int64_t, GCD_DTYPE_INT64, 8, 24, 40)
}
