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
 * \brief L0 Gcd: AI Core only (no AI CPU kernel exists for any Gcd dtype); the kernel broadcasts by itself.
 */

#include "gcd.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_def.h"
#include "opdev/op_dfx.h"
#include "opdev/op_executor.h"
#include "opdev/op_log.h"
#include "opdev/platform.h"
#include "opdev/shape_utils.h"
#include "op_api/aclnn_check.h"

using namespace op;

namespace l0op {

OP_TYPE_REGISTER(Gcd);

// This package's Ascend C kernel (Ascend910B / Ascend910_93): the task's six dtypes plus INT32 and INT64, which the
// built-in Gcd it replaces there took.
static const std::initializer_list<op::DataType> NATIVE_AICORE_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16, op::DataType::DT_BF16,  op::DataType::DT_INT8,
    op::DataType::DT_UINT8, op::DataType::DT_INT16,   op::DataType::DT_INT32, op::DataType::DT_INT64};

// The built-in Gcd kernels of the other SoCs, unchanged (ops-math math/gcd op_api/gcd.cpp).
static const std::initializer_list<op::DataType> ASCEND910B_AICORE_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_INT32, op::DataType::DT_INT16, op::DataType::DT_INT64};

static const std::initializer_list<op::DataType> ASCEND950_AICORE_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_UINT8, op::DataType::DT_INT8, op::DataType::DT_INT32, op::DataType::DT_INT16,
    op::DataType::DT_INT64};

static bool IsNativeGcdSoc()
{
    const auto socVersion = GetCurrentPlatformInfo().GetSocVersion();
    return socVersion == SocVersion::ASCEND910B || socVersion == SocVersion::ASCEND910_93;
}

static const std::initializer_list<op::DataType>& AiCoreDtypes()
{
    if (IsNativeGcdSoc()) {
        return NATIVE_AICORE_DTYPE_SUPPORT_LIST;
    }
    return IsRegBase() ? ASCEND950_AICORE_DTYPE_SUPPORT_LIST : ASCEND910B_AICORE_DTYPE_SUPPORT_LIST;
}

static aclnnStatus GcdAiCore(const aclTensor* self, const aclTensor* other, aclTensor* out, aclOpExecutor* executor)
{
    L0_DFX(GcdAiCore, self, other, out);
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(Gcd, OP_INPUT(self, other), OP_OUTPUT(out));
    OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Gcd ADD_TO_LAUNCHER_LIST_AICORE failed."),
             return ret);
    return ACLNN_SUCCESS;
}

static bool InferGcdShape(const aclTensor* self, const aclTensor* other, op::Shape& broadcastShape)
{
    const auto& dtypes = AiCoreDtypes();
    if (!CheckType(self->GetDataType(), dtypes) || self->GetDataType() != other->GetDataType()) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Gcd AI Core kernel needs one dtype of %s for self and other, got %s and %s.",
                op::ToString(dtypes).GetString(), op::ToString(self->GetDataType()).GetString(),
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
