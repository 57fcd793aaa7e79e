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
 * \file floor_mod.cpp
 * \brief FloorMod kernel entry: the dtype tiling key selects the storage type; the broadcast mode travels in the
 *        tiling data.
 */
#include "kernel_operator.h"
#include "floor_mod.h"
#include "floor_mod_tiling_key.h"

template <uint32_t D_T>
__global__ __aicore__ void floor_mod(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    (void)workspace;
    REGISTER_TILING_DEFAULT(FloorModNs::FloorModTilingData);
    GET_TILING_DATA_WITH_STRUCT(FloorModNs::FloorModTilingData, tilingData, tiling);
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_AIV_ONLY);
    if constexpr (D_T == FLOOR_MOD_TPL_FP16) {
        FloorModNs::FloorModKernel<half> op;
        op.Init(x1, x2, y, tilingData);
        op.Process();
    } else if constexpr (D_T == FLOOR_MOD_TPL_BF16) {
        FloorModNs::FloorModKernel<bfloat16_t> op;
        op.Init(x1, x2, y, tilingData);
        op.Process();
    } else if constexpr (D_T == FLOOR_MOD_TPL_FP32) {
        FloorModNs::FloorModKernel<float> op;
        op.Init(x1, x2, y, tilingData);
        op.Process();
    } else if constexpr (D_T == FLOOR_MOD_TPL_INT32) {
        FloorModNs::FloorModKernel<int32_t> op;
        op.Init(x1, x2, y, tilingData);
        op.Process();
    } else if constexpr (D_T == FLOOR_MOD_TPL_INT64) {
        FloorModNs::FloorModKernel<int64_t> op;
        op.Init(x1, x2, y, tilingData);
        op.Process();
    } else if constexpr (D_T == FLOOR_MOD_TPL_DOUBLE) {
        FloorModNs::FloorModKernel<uint64_t> op; // DOUBLE as IEEE-754 bit patterns, never narrowed to float
        op.Init(x1, x2, y, tilingData);
        op.Process();
    }
}
