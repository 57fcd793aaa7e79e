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
 * \brief L0 FloorMod. Both overloads launch the stride-aware AI Core kernel for every supported dtype
 *        (DOUBLE included): inputs keep their compact shapes, the kernel broadcasts by stride 0.
 */
#include "floor_mod.h"

#include "opdev/data_type_utils.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_def.h"
#include "opdev/op_dfx.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"

using namespace op;

namespace l0op {

OP_TYPE_REGISTER(FloorMod);

static aclnnStatus FloorModAiCore(const aclTensor* x1, const aclTensor* x2, const aclTensor* out,
                                  aclOpExecutor* executor)
{
    L0_DFX(FloorModAiCore, x1, x2, out);
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(FloorMod, OP_INPUT(x1, x2), OP_OUTPUT(out));
    OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "FloorMod AiCore launch failed."),
             return ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}

const aclTensor* FloorMod(const aclTensor* x1, const aclTensor* x2, aclOpExecutor* executor)
{
    op::Shape broadcastShape;
    if (!BroadcastInferShape(x1->GetViewShape(), x2->GetViewShape(), broadcastShape)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "FloorMod inputs %s and %s do not broadcast.",
                op::ToString(x1->GetViewShape()).GetString(), op::ToString(x2->GetViewShape()).GetString());
        return nullptr;
    }
    auto out = executor->AllocTensor(broadcastShape, x1->GetDataType());
    CHECK_RET(out != nullptr, nullptr);
    CHECK_RET(FloorModAiCore(x1, x2, out, executor) == ACLNN_SUCCESS, nullptr);
    return out;
}

const aclTensor* FloorMod(const aclTensor* x1, const aclTensor* x2, const aclTensor* out, aclOpExecutor* executor)
{
    CHECK_RET(FloorModAiCore(x1, x2, out, executor) == ACLNN_SUCCESS, nullptr);
    return out;
}

} // namespace l0op
