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
 * \file bernoulli.cpp
 * \brief Kernel entry of BernoulliExpand (named after the op type; the file after the folder): one binary per output
 *        dtype (DTYPE_Y), tilingKey 0, mode read from the tiling. x only fixes shape and dtype and is never read;
 *        mask is the UINT8 DSA mask in kModeRandomAliased and a one-element sentinel otherwise; the workspace is the
 *        fixed 512-byte launcher descriptor.
 */

#include "bernoulli.h"

extern "C" __global__ __aicore__ void bernoulli_expand(GM_ADDR x, GM_ADDR mask, GM_ADDR y, GM_ADDR workspace,
                                                        GM_ADDR tiling)
{
    (void)x;
    (void)workspace;
    // SyncAll between the stages of a pure-vector kernel needs the mixed kernel type.
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
    REGISTER_TILING_DEFAULT(BernoulliNs::BernoulliTilingData);
    GET_TILING_DATA_WITH_STRUCT(BernoulliNs::BernoulliTilingData, tilingData, tiling);
    AscendC::TPipe pipe;
    BernoulliNs::BernoulliKernel<DTYPE_Y> op;
    op.Init(mask, y, &tilingData, &pipe);
    op.Process();
}
