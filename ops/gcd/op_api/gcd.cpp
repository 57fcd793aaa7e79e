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
 * \brief L0 Gcd: AI Core only (no AI CPU kernel exists for the six dtypes); broadcast happens in the kernel.
 */

#include "gcd.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_def.h"
#include "opdev/op_dfx.h"
#include "opdev/op_executor.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"

using namespace op;

namespace l0op {

OP_TYPE_REGISTER(Gcd);

static const std::initializer_list<op::DataType> GCD_AICORE_DTYPES = {op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16,
                                                                      op::DataType::DT_BF16,  op::DataType::DT_INT8,
                                                                      op::DataType::DT_UINT8, op::DataType::DT_INT16};

static aclnnStatus GcdAiCore(const aclTensor* self, const aclTensor* other, aclTensor* out, aclOpExecutor* executor)
{
    L0_DFX(GcdAiCore, self, other, out);
    ADD_TO_LAUNCHER_LIST_AICORE(Gcd, OP_INPUT(self, other), OP_OUTPUT(out));
    return ACLNN_SUCCESS;
}

static bool InferGcdShape(const aclTensor* self, const aclTensor* other, op::Shape& broadcastShape)
{
    if (!CheckType(self->GetDataType(), GCD_AICORE_DTYPES) || self->GetDataType() != other->GetDataType()) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Gcd AI Core kernel needs one dtype of %s for self and other, got %s and %s.",
                op::ToString(GCD_AICORE_DTYPES).GetString(), op::ToString(self->GetDataType()).GetString(),
                op::ToString(other->GetDataType()).GetString());
        return false;
    }
    if (!BroadcastInferShape(self->GetViewShape(), other->GetViewShape(), broadcastShape)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Gcd shapes %s and %s cannot broadcast.",
                op::ToString(self->GetViewShape()).GetString(), op::ToString(other->GetViewShape()).GetString());
        return false;
    }
    return true;
}

const aclTensor* Gcd(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    L0_DFX(Gcd, self, other);
    op::Shape broadcastShape;
    if (!InferGcdShape(self, other, broadcastShape)) {
        return nullptr;
    }
    aclTensor* out = executor->AllocTensor(broadcastShape, self->GetDataType());
    if (out == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Gcd failed to allocate its output.");
        return nullptr;
    }
    if (GcdAiCore(self, other, out, executor) != ACLNN_SUCCESS) {
        return nullptr;
    }
    return out;
}

const aclTensor* GcdToOutput(const aclTensor* self, const aclTensor* other, aclTensor* out, aclOpExecutor* executor)
{
    L0_DFX(GcdToOutput, self, other, out);
    op::Shape broadcastShape;
    if (!InferGcdShape(self, other, broadcastShape)) {
        return nullptr;
    }
    if (broadcastShape != out->GetViewShape() || out->GetDataType() != self->GetDataType()) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "GcdToOutput needs out of shape %s and dtype %s.",
                op::ToString(broadcastShape).GetString(), op::ToString(self->GetDataType()).GetString());
        return nullptr;
    }
    if (GcdAiCore(self, other, out, executor) != ACLNN_SUCCESS) {
        return nullptr;
    }
    return out;
}

} // namespace l0op
