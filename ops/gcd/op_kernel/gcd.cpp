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
 * \brief Gcd kernel entry: the tiling key selects the dtype (low 3 bits) and the input access (bits 3 and 4).
 */

#include "gcd.h"

#define GCD_RUN(KEY, TYPE, CODE)                   \
    if (TILING_KEY_IS(KEY)) {                      \
        constexpr bool linear = GcdKeyLinear(KEY); \
        GcdNs::GcdKernel<TYPE, CODE, linear> op;   \
        op.Init(x1, x2, y, &tilingData, &pipe);    \
        op.Process();                              \
        return;                                    \
    }

// Keys 0bNBDDD: DDD dtype code, B broadcast, N non-contiguous; B or N selects the gather path.
// The keys are spelled as literals: the device build collects TILING_KEY_IS arguments as plain numbers.
#define GCD_RUN_DTYPE(TYPE, CODE, LINEAR_KEY, BROADCAST_KEY, STRIDED_KEY, BOTH_KEY) \
    GCD_RUN(LINEAR_KEY, TYPE, CODE)                                                 \
    GCD_RUN(BROADCAST_KEY, TYPE, CODE)                                              \
    GCD_RUN(STRIDED_KEY, TYPE, CODE)                                                \
    GCD_RUN(BOTH_KEY, TYPE, CODE)

extern "C" __global__ __aicore__ void gcd(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    REGISTER_TILING_DEFAULT(GcdTilingData);
    GET_TILING_DATA_WITH_STRUCT(GcdTilingData, tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    AscendC::TPipe pipe;
    GCD_RUN_DTYPE(int8_t, GCD_DTYPE_INT8, 1, 9, 17, 25)
    GCD_RUN_DTYPE(uint8_t, GCD_DTYPE_UINT8, 2, 10, 18, 26)
    GCD_RUN_DTYPE(int16_t, GCD_DTYPE_INT16, 3, 11, 19, 27)
    GCD_RUN_DTYPE(half, GCD_DTYPE_FLOAT16, 4, 12, 20, 28)
    GCD_RUN_DTYPE(bfloat16_t, GCD_DTYPE_BF16, 5, 13, 21, 29)
    GCD_RUN_DTYPE(float, GCD_DTYPE_FLOAT, 6, 14, 22, 30)
}
