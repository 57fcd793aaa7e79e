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
 * \brief L0 ReduceAll: the Ascend C kernel on Ascend910B / Ascend910_93, the built-in kernel elsewhere (AI Core)
 */
#include "reduce_all.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"
#include "aclnn_kernels/common/op_error_check.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(ReduceAll);

static const aclTensor* ReduceAllAiCore(const aclTensor* self, const aclTensor* axes, bool keepdim, aclTensor* out,
                                        aclOpExecutor* executor)
{
    L0_DFX(ReduceAllAiCore, self, axes, keepdim, out);
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(ReduceAll, OP_INPUT(self, axes), OP_OUTPUT(out), OP_ATTR(keepdim));
    OP_CHECK_ADD_TO_LAUNCHER_LIST_AICORE(ret != ACLNN_SUCCESS, return nullptr,
                                         "ReduceAll ADD_TO_LAUNCHER_LIST_AICORE failed.");
    return out;
}

const aclTensor* ReduceAll(const aclTensor* self, const aclIntArray* dim, bool keepdim, const op::Shape& outShape,
                           aclOpExecutor* executor)
{
    L0_DFX(ReduceAll, self, dim, keepdim);
    // The axes travel as a small int64 tensor (a value-depend input read by the host tiling), not output-sized.
    auto axes = executor->ConvertToTensor(dim, op::DataType::DT_INT64);
    CHECK_RET(axes != nullptr, nullptr);
    // Allocated at the reduced shape the caller checked (out's shape): only the output's bytes.
    auto out = executor->AllocTensor(outShape, op::DataType::DT_BOOL, op::Format::FORMAT_ND);
    CHECK_RET(out != nullptr, nullptr);
    return ReduceAllAiCore(self, axes, keepdim, out, executor);
}

const aclTensor* ReduceAllBuiltin(const aclTensor* self, const aclIntArray* dim, bool keepdim, aclOpExecutor* executor)
{
    L0_DFX(ReduceAllBuiltin, self, dim, keepdim);
    auto axes = executor->ConvertToTensor(dim, op::DataType::DT_INT64);
    CHECK_RET(axes != nullptr, nullptr);
    // As the replaced L0: BOOL y at self's shape, reduced by the op's InferShape (a 0-d self with keepdim stays 0-d).
    auto out = executor->AllocTensor(self->GetViewShape(), op::DataType::DT_BOOL);
    CHECK_RET(out != nullptr, nullptr);
    if (self->GetViewShape().GetDimNum() != 0 || !keepdim) {
        auto inferRet = INFER_SHAPE(ReduceAll, OP_INPUT(self, axes), OP_OUTPUT(out), OP_ATTR(keepdim));
        OP_CHECK_INFERSHAPE(inferRet != ACLNN_SUCCESS, return nullptr, "ReduceAll InferShape failed.");
    }
    auto ret =
        ADD_TO_LAUNCHER_LIST_AICORE(ReduceAll, op::AI_CORE, OP_INPUT(self, axes), OP_ATTR(keepdim), OP_OUTPUT(out));
    OP_CHECK_ADD_TO_LAUNCHER_LIST_AICORE(ret != ACLNN_SUCCESS, return nullptr,
                                         "ReduceAll ADD_TO_LAUNCHER_LIST_AICORE failed.");
    return out;
}
} // namespace l0op
