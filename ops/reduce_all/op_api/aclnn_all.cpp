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
 * \file aclnn_all.cpp
 * \brief aclnnAll: checks, then Contiguous -> ReduceAll (AI Core) -> ViewCopy; no Cast, no Fill, no AI CPU
 */
#include <bitset>

#include "aclnn_all.h"
#include "reduce_all.h"
#include "aclnn_kernels/contiguous.h"
#include "op_api/op_api_def.h"
#include "op_api/aclnn_check.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/common_types.h"
#include "opdev/data_type_utils.h"
#include "opdev/format_utils.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"
#include "opdev/platform.h"

using namespace op;

namespace {
constexpr size_t REDUCE_ALL_MAX_DIM = 8;

static const std::initializer_list<DataType> SELF_DTYPE_SUPPORT_LIST = {DataType::DT_BOOL, DataType::DT_INT8};
static const std::initializer_list<DataType> OUT_DTYPE_SUPPORT_LIST = {DataType::DT_BOOL};

bool CheckNotNull(const aclTensor* self, const aclIntArray* dim, const aclTensor* out)
{
    OP_CHECK_NULL(self, return false);
    OP_CHECK_NULL(dim, return false);
    OP_CHECK_NULL(out, return false);
    return true;
}

bool CheckDtypeValid(const aclTensor* self, const aclTensor* out)
{
    OP_CHECK_DTYPE_NOT_SUPPORT(self, SELF_DTYPE_SUPPORT_LIST, return false);
    OP_CHECK_DTYPE_NOT_SUPPORT(out, OUT_DTYPE_SUPPORT_LIST, return false);
    return true;
}

// Axes in [-rank, rank) (a 0-d tensor accepts -1 and 0), each at most once; fills the reduced-axis mask.
bool CheckDim(const aclTensor* self, const aclIntArray* dim, std::bitset<REDUCE_ALL_MAX_DIM>& mask)
{
    int64_t rank = static_cast<int64_t>(self->GetViewShape().GetDimNum());
    int64_t bound = rank == 0 ? 1 : rank;
    std::bitset<REDUCE_ALL_MAX_DIM> seen;
    for (size_t i = 0; i < dim->Size(); ++i) {
        int64_t axis = (*dim)[i];
        if (axis < -bound || axis >= bound) {
            OP_LOGE(ACLNN_ERR_PARAM_INVALID,
                    "Dimension out of range (expected to be in range of [%ld, %ld], but got %ld)", -bound, bound - 1,
                    axis);
            return false;
        }
        size_t wrapped = static_cast<size_t>(axis < 0 ? axis + bound : axis);
        if (seen[wrapped]) {
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Dim %zu appears multiple times in the list of dims.", wrapped);
            return false;
        }
        seen.set(wrapped);
    }
    mask = dim->Size() == 0 ? std::bitset<REDUCE_ALL_MAX_DIM>().set() : seen;
    if (rank == 0) {
        mask.reset();
    }
    return true;
}

bool CheckShape(const aclTensor* self, const aclTensor* out, const std::bitset<REDUCE_ALL_MAX_DIM>& mask, bool keepdim)
{
    OP_CHECK_MAX_DIM(self, REDUCE_ALL_MAX_DIM, return false);
    OP_CHECK_MAX_DIM(out, REDUCE_ALL_MAX_DIM, return false);
    const op::Shape& selfShape = self->GetViewShape();
    op::Shape expected;
    for (size_t i = 0; i < selfShape.GetDimNum(); ++i) {
        if (!mask[i]) {
            expected.AppendDim(selfShape.GetDim(i));
        } else if (keepdim) {
            expected.AppendDim(1);
        }
    }
    if (expected != out->GetViewShape()) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Expect out shape [%s], but got: [%s].", op::ToString(expected).GetString(),
                op::ToString(out->GetViewShape()).GetString());
        return false;
    }
    return true;
}

const aclIntArray* AllDims(const aclTensor* self, aclOpExecutor* executor)
{
    size_t rank = self->GetViewShape().GetDimNum();
    int64_t dims[REDUCE_ALL_MAX_DIM] = {};
    for (size_t i = 0; i < rank; ++i) {
        dims[i] = static_cast<int64_t>(i);
    }
    return executor->AllocIntArray(dims, rank);
}

aclnnStatus CheckParams(const aclTensor* self, const aclIntArray* dim, bool keepdim, const aclTensor* out)
{
    CHECK_RET(CheckNotNull(self, dim, out), ACLNN_ERR_PARAM_NULLPTR);
    CHECK_RET(CheckDtypeValid(self, out), ACLNN_ERR_PARAM_INVALID);
    std::bitset<REDUCE_ALL_MAX_DIM> mask;
    CHECK_RET(CheckDim(self, dim, mask), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckShape(self, out, mask, keepdim), ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}
} // namespace

aclnnStatus aclnnAllGetWorkspaceSize(const aclTensor* self, const aclIntArray* dim, bool keepdim, aclTensor* out,
                                     uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnAll, DFX_IN(self, dim, keepdim), DFX_OUT(out));

    // The Ascend C kernel is built for Ascend910B and Ascend910_93 only (op_host/reduce_all_def.cpp).
    auto socVersion = GetCurrentPlatformInfo().GetSocVersion();
    if (socVersion != SocVersion::ASCEND910B && socVersion != SocVersion::ASCEND910_93) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "aclnnAll (Ascend C ReduceAll) supports Ascend910B and Ascend910_93 only.");
        return ACLNN_ERR_PARAM_INVALID;
    }

    auto ret = CheckParams(self, dim, keepdim, out);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);

    // An empty output needs no launch.
    if (out->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }

    // An empty self with a non-empty out (a reduced axis of size 0) is all True: the kernel's fill mode writes it,
    // so no Fill and no output-sized broadcast is needed.
    // Empty dim means every axis: pass them explicitly so the kernel's axes never rely on a convention for [].
    if (dim->Size() == 0 && self->GetViewShape().GetDimNum() > 0) {
        dim = AllDims(self, uniqueExecutor.get());
        CHECK_RET(dim != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }

    auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);

    // bool and int8 share the byte layout; the kernel treats any non-zero byte as True.
    auto allResult = l0op::ReduceAll(selfContiguous, dim, keepdim, out->GetViewShape(), uniqueExecutor.get());
    CHECK_RET(allResult != nullptr, ACLNN_ERR_INNER_NULLPTR);

    auto viewCopyResult = l0op::ViewCopy(allResult, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);

    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnAll(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnAll);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}
