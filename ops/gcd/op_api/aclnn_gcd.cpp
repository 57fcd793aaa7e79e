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
 * \file aclnn_gcd.cpp
 * \brief aclnnGcd two-phase API. Broadcast is done inside the kernel (offset cursor), so no output-sized
 *        BroadcastTo is built; non-contiguous inputs go through l0op::Contiguous (an input-sized copy).
 */

#include "aclnn_gcd.h"
#include "gcd.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/common_types.h"
#include "opdev/data_type_utils.h"
#include "opdev/format_utils.h"
#include "opdev/op_dfx.h"
#include "opdev/op_executor.h"
#include "opdev/op_log.h"
#include "opdev/platform.h"
#include "opdev/shape_utils.h"
#include "opdev/tensor_view_utils.h"

using namespace op;

#ifdef __cplusplus
extern "C" {
#endif

static constexpr size_t GCD_MIN_DIM = 1;
static constexpr size_t GCD_MAX_DIM = 8;

static const std::initializer_list<op::DataType> GCD_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16, op::DataType::DT_BF16,
    op::DataType::DT_INT8,  op::DataType::DT_UINT8,   op::DataType::DT_INT16};

static const std::initializer_list<op::DataType> GCD_EMPTY_DTYPE_LIST = {};

// The Ascend C kernel is built for Atlas A2 (Ascend910B) and Atlas A3 (Ascend910_93) only.
static const std::initializer_list<op::DataType>& GetDtypeSupportList()
{
    const auto socVersion = GetCurrentPlatformInfo().GetSocVersion();
    if (socVersion == SocVersion::ASCEND910B || socVersion == SocVersion::ASCEND910_93) {
        return GCD_DTYPE_SUPPORT_LIST;
    }
    return GCD_EMPTY_DTYPE_LIST;
}

static bool CheckNotNull(const aclTensor* self, const aclTensor* other, const aclTensor* out)
{
    OP_CHECK_NULL(self, return false);
    OP_CHECK_NULL(other, return false);
    OP_CHECK_NULL(out, return false);
    return true;
}

static bool CheckDtypeValid(const aclTensor* self, const aclTensor* other, const aclTensor* out)
{
    const auto& supportList = GetDtypeSupportList();
    OP_CHECK_DTYPE_NOT_SUPPORT(self, supportList, return false);
    OP_CHECK_DTYPE_NOT_SUPPORT(other, supportList, return false);
    const op::DataType promoteType = op::PromoteType(self->GetDataType(), other->GetDataType());
    if (!CheckType(promoteType, supportList)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Gcd promotes %s and %s to %s, which is not supported.",
                op::ToString(self->GetDataType()).GetString(), op::ToString(other->GetDataType()).GetString(),
                op::ToString(promoteType).GetString());
        return false;
    }
    if (out->GetDataType() != promoteType) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Gcd out dtype must be the promoted dtype %s, but got %s.",
                op::ToString(promoteType).GetString(), op::ToString(out->GetDataType()).GetString());
        return false;
    }
    return true;
}

static bool CheckRank(const aclTensor* tensor, const char* name)
{
    const size_t rank = tensor->GetViewShape().GetDimNum();
    if (rank < GCD_MIN_DIM || rank > GCD_MAX_DIM) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Gcd %s rank must be in [%zu, %zu], but got %zu.", name, GCD_MIN_DIM,
                GCD_MAX_DIM, rank);
        return false;
    }
    return true;
}

static bool CheckShape(const aclTensor* self, const aclTensor* other, const aclTensor* out)
{
    if (!CheckRank(self, "self") || !CheckRank(other, "other") || !CheckRank(out, "out")) {
        return false;
    }
    op::Shape broadcastShape;
    OP_CHECK_BROADCAST_AND_INFER_SHAPE(self, other, broadcastShape, return false);
    if (broadcastShape != out->GetViewShape()) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Gcd out shape must be the broadcast shape %s, but got %s.",
                op::ToString(broadcastShape).GetString(), op::ToString(out->GetViewShape()).GetString());
        return false;
    }
    return true;
}

static aclnnStatus CheckParams(const aclTensor* self, const aclTensor* other, const aclTensor* out)
{
    CHECK_RET(CheckNotNull(self, other, out), ACLNN_ERR_PARAM_NULLPTR);
    CHECK_RET(CheckDtypeValid(self, other, out), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckShape(self, other, out), ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnGcdGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                     uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnGcd, DFX_IN(self, other), DFX_OUT(out));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    CHECK_RET(workspaceSize != nullptr, ACLNN_ERR_PARAM_NULLPTR);
    CHECK_RET(executor != nullptr, ACLNN_ERR_PARAM_NULLPTR);

    auto ret = CheckParams(self, other, out);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    if (self->IsEmpty() || other->IsEmpty() || out->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }

    // Non-contiguous inputs become contiguous input-sized copies (a view when already contiguous): the gert
    // tiling context hands the kernel storage shapes only, so view strides would not reach the cursor.
    auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto otherContiguous = l0op::Contiguous(other, uniqueExecutor.get());
    CHECK_RET(otherContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);

    // Mixed input dtypes are cast to the promoted dtype before the kernel; these casts are input-sized.
    const op::DataType promoteType = op::PromoteType(self->GetDataType(), other->GetDataType());
    auto selfCasted = l0op::Cast(selfContiguous, promoteType, uniqueExecutor.get());
    CHECK_RET(selfCasted != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto otherCasted = l0op::Cast(otherContiguous, promoteType, uniqueExecutor.get());
    CHECK_RET(otherCasted != nullptr, ACLNN_ERR_INNER_NULLPTR);

    // The kernel writes the broadcast result straight into a contiguous out (no output-sized temporary, no copy);
    // a strided out gets a contiguous buffer of its shape that ViewCopy then scatters into out.
    aclTensor* gcdTarget = out;
    if (!IsContiguous(out)) {
        gcdTarget = uniqueExecutor->AllocTensor(out->GetViewShape(), out->GetDataType());
        CHECK_RET(gcdTarget != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    auto gcdOut = l0op::GcdToOutput(selfCasted, otherCasted, gcdTarget, uniqueExecutor.get());
    CHECK_RET(gcdOut != nullptr, ACLNN_ERR_INNER_NULLPTR);
    if (!IsContiguous(out)) {
        auto viewCopyResult = l0op::ViewCopy(gcdOut, out, uniqueExecutor.get());
        CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }

    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnGcd(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnGcd);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
