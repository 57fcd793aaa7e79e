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
 * \file reduce_all.cpp
 * \brief ReduceAll kernel entry: the tiling mode (batch / big-reduce / fill-true) is read from the tiling data
 */

#include "reduce_all.h"

__global__ __aicore__ void reduce_all(GM_ADDR x, GM_ADDR axes, GM_ADDR y, GM_ADDR workspace, GM_ADDR tiling)
{
    // axes were consumed by the host tiling (value-depend input); the kernel only needs the offsets.
    (void)axes;
    // The split mode synchronises its cores with the hardware SyncAll, which needs the mixed kernel type.
    KERNEL_TASK_TYPE(REDUCE_ALL_MODE_SPLIT, KERNEL_TYPE_MIX_AIV_1_0);
    REGISTER_TILING_DEFAULT(ReduceAllTilingData);
    GET_TILING_DATA_WITH_STRUCT(ReduceAllTilingData, tilingData, tiling);
    AscendC::TPipe pipe;
    NsReduceAll::ReduceAllKernel<DTYPE_X> op;
    // The tiling requests only the split mode's partials, no system workspace: they start at `workspace` itself
    // (the user-workspace getter would skip a 16 MiB system part that is not there).
    op.Init(x, y, workspace, &tilingData, &pipe);
    op.Process();
}
