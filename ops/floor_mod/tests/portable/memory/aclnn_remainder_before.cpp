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
 * \file aclnn_remainder_before.cpp
 * \brief The original Tensor-Tensor remainder chain in ops-math's idiom, kept as the "before" side of this operator's
 *        memory report: both inputs are broadcast to the output shape in GM before FloorMod. Not built.
 */
#include "floor_mod_before.h"

using namespace op;

static const aclTensor* Prepare(const aclTensor* x, op::DataType dtype, aclOpExecutor* executor)
{
    auto contiguous = l0op::Contiguous(x, executor);
    CHECK_RET(contiguous != nullptr, nullptr);
    if (contiguous->GetViewShape().GetDimNum() == 0) {
        int64_t one[1] = {1};
        contiguous = l0op::BroadcastTo(contiguous, executor->AllocIntArray(one, 1), executor);
    }
    return x->GetDataType() == dtype ? contiguous : l0op::Cast(contiguous, dtype, executor);
}

static const aclTensor* ToOutputShape(const aclTensor* x, const aclTensor* out, const aclIntArray* dims,
                                      aclOpExecutor* executor)
{
    x = l0op::ReFormat(x, op::Format::FORMAT_ND);
    if (x->GetViewShape() != out->GetViewShape()) {
        x = l0op::BroadcastTo(x, dims, executor);
    }
    return x;
}

aclnnStatus aclnnRemainderTensorTensorGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                                       uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    if (self->IsEmpty() || other->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }
    auto promoteType = op::PromoteType(self->GetDataType(), other->GetDataType());
    auto a = Prepare(self, promoteType, uniqueExecutor.get());
    auto b = Prepare(other, promoteType, uniqueExecutor.get());
    int64_t rank = static_cast<int64_t>(out->GetViewShape().GetDimNum());
    std::vector<int64_t> dims(rank);
    for (int64_t i = 0; i < rank; i++) {
        dims[i] = out->GetViewShape().GetDim(i);
    }
    auto outDims = uniqueExecutor->AllocIntArray(dims.data(), rank);
    a = ToOutputShape(a, out, outDims, uniqueExecutor.get());
    b = ToOutputShape(b, out, outDims, uniqueExecutor.get());
    auto result = l0op::FloorMod(a, b, uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    if (result->GetDataType() != out->GetDataType()) {
        result = l0op::Cast(result, out->GetDataType(), uniqueExecutor.get());
    }
    auto copied = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
