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
 * \file aclnn_remainder.cpp
 * \brief aclnnRemainderTensorTensor / aclnnInplaceRemainderTensorTensor. On Ascend910B / Ascend910_93 with a
 *        promoted dtype in {BF16, FP16, FP32, INT32, INT64, DOUBLE} the native route hands compact inputs to the
 *        stride-aware FloorMod kernel and never builds an output-sized BroadcastTo; other platforms keep the
 *        compatible route that broadcasts in GM first.
 */

#include "aclnn_remainder.h"

#include "floor_mod.h"
#include "squeeze.h"
#include "op_api/op_api_def.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/transdata.h"
#include "conversion/broadcast_to/op_api/broadcast_to.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/op_dfx.h"
#include "opdev/op_executor.h"
#include "opdev/platform.h"
#include "opdev/tensor_view_utils.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const std::initializer_list<op::DataType> NATIVE_FLOOR_MOD_DTYPE_LIST = {
    op::DataType::DT_BF16, op::DataType::DT_FLOAT16, op::DataType::DT_FLOAT,
    op::DataType::DT_INT32, op::DataType::DT_INT64,  op::DataType::DT_DOUBLE};
static const std::initializer_list<op::DataType> LEGACY_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_INT32, op::DataType::DT_INT64, op::DataType::DT_FLOAT16, op::DataType::DT_FLOAT,
    op::DataType::DT_DOUBLE};
static const std::initializer_list<op::DataType> EMPTY_DTYPE_LIST = {};

static const std::initializer_list<op::DataType>& GetDtypeSupportList(SocVersion socVersion)
{
    switch (socVersion) {
        case SocVersion::ASCEND910B:
        case SocVersion::ASCEND910_93:
            return NATIVE_FLOOR_MOD_DTYPE_LIST;
        case SocVersion::ASCEND910:
        case SocVersion::ASCEND310P:
            return LEGACY_DTYPE_SUPPORT_LIST;
        default:
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "remainder is not implemented for %s", op::ToString(socVersion).GetString());
            return EMPTY_DTYPE_LIST;
    }
}

// The native route: A2/A3 (DAV_2201) with a promoted dtype the stride-aware kernel computes on AI Core.
static bool IsNativeBroadcastFloorModType(SocVersion socVersion, op::DataType promoteType)
{
    if (socVersion != SocVersion::ASCEND910B && socVersion != SocVersion::ASCEND910_93) {
        return false;
    }
    return CheckType(promoteType, NATIVE_FLOOR_MOD_DTYPE_LIST);
}

static aclnnStatus CheckNotNull(const aclTensor* self, const aclTensor* other, const aclTensor* out)
{
    OP_CHECK_NULL(self, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(other, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(out, return ACLNN_ERR_PARAM_NULLPTR);
    return ACLNN_SUCCESS;
}

static bool CheckPromoteType(op::DataType selfDtype, op::DataType otherDtype, op::DataType outDtype)
{
    auto promoteType = op::PromoteType(selfDtype, otherDtype);
    if (promoteType == op::DataType::DT_UNDEFINED) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "self dtype %s and other dtype %s can not be promoted.",
                op::ToString(selfDtype).GetString(), op::ToString(otherDtype).GetString());
        return false;
    }
    OP_CHECK_RESULT_DTYPE_CAST_FAILED(promoteType, outDtype, return false);
    const auto& supportList = GetDtypeSupportList(GetCurrentPlatformInfo().GetSocVersion());
    if (!CheckType(promoteType, supportList)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "promote type %s is not supported.", op::ToString(promoteType).GetString());
        return false;
    }
    return true;
}

static bool IsScalarShape(const op::Shape& shape)
{
    return shape.GetDimNum() == 0 || (shape.GetDimNum() == 1 && shape.GetDim(0) == 1);
}

static bool CheckBroadcastShape(const aclTensor* self, const aclTensor* other, const aclTensor* out, bool isInplace)
{
    OP_CHECK_BROADCAST(self, other, return false);
    op::Shape broadcastShape;
    BroadcastInferShape(self->GetViewShape(), other->GetViewShape(), broadcastShape);
    if (broadcastShape == out->GetViewShape()) {
        return true;
    }
    // Out of place, a one-element result may be written to a rank-0 or [1] out; in place never extends selfRef.
    if (!isInplace && IsScalarShape(broadcastShape) && IsScalarShape(out->GetViewShape())) {
        return true;
    }
    OP_LOGE(ACLNN_ERR_PARAM_INVALID, "broadcast shape %s and out shape %s differ.",
            op::ToString(broadcastShape).GetString(), op::ToString(out->GetViewShape()).GetString());
    return false;
}

static aclnnStatus CheckParams(const aclTensor* self, const aclTensor* other, const aclTensor* out, bool isInplace)
{
    CHECK_RET(CheckNotNull(self, other, out) == ACLNN_SUCCESS, ACLNN_ERR_PARAM_NULLPTR);
    CHECK_RET(CheckPromoteType(self->GetDataType(), other->GetDataType(), out->GetDataType()), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckBroadcastShape(self, other, out, isInplace), ACLNN_ERR_PARAM_INVALID);
    OP_CHECK_MAX_DIM(self, MAX_SUPPORT_DIMS_NUMS, return ACLNN_ERR_PARAM_INVALID);
    OP_CHECK_MAX_DIM(other, MAX_SUPPORT_DIMS_NUMS, return ACLNN_ERR_PARAM_INVALID);
    OP_CHECK_MAX_DIM(out, MAX_SUPPORT_DIMS_NUMS, return ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}

// Contiguous, rank 0 normalised to [1] (an O(1) BroadcastTo of one element), then the promoted dtype.
static const aclTensor* InitializeTensor(const aclTensor* x, op::DataType dtype, aclOpExecutor* executor)
{
    auto xContiguous = l0op::Contiguous(x, executor);
    CHECK_RET(xContiguous != nullptr, nullptr);
    if (xContiguous->GetViewShape().GetDimNum() == 0) {
        int64_t oneElement[1] = {1};
        auto unitShape = executor->AllocIntArray(oneElement, 1);
        xContiguous = l0op::BroadcastTo(xContiguous, unitShape, executor);
        CHECK_RET(xContiguous != nullptr, nullptr);
    }
    if (xContiguous->GetDataType() != dtype) {
        xContiguous = l0op::Cast(xContiguous, dtype, executor);
        CHECK_RET(xContiguous != nullptr, nullptr);
    }
    return xContiguous;
}

static aclIntArray* GetOutShape(const aclTensor* out, aclOpExecutor* executor)
{
    int64_t dimNum = static_cast<int64_t>(out->GetViewShape().GetDimNum());
    if (dimNum == 0) {
        int64_t oneElement[1] = {1};
        return executor->AllocIntArray(oneElement, 1);
    }
    std::vector<int64_t> dims(dimNum);
    for (int64_t i = 0; i < dimNum; i++) {
        dims[i] = out->GetViewShape().GetDim(i);
    }
    return executor->AllocIntArray(dims.data(), dimNum);
}

// Compatible route only: materialise x at the output shape in GM.
static const aclTensor* BroadcastTensor(const aclTensor* x, const aclTensor* out, const aclIntArray* outShape,
                                        aclOpExecutor* executor)
{
    x = l0op::ReFormat(x, op::Format::FORMAT_ND);
    CHECK_RET(x != nullptr, nullptr);
    if (x->GetViewShape() != out->GetViewShape()) {
        x = l0op::BroadcastTo(x, outShape, executor);
        CHECK_RET(x != nullptr, nullptr);
    }
    return x;
}

static aclnnStatus RemainderMainProcess(const aclTensor* self, const aclTensor* other, aclTensor* out, bool native,
                                        aclOpExecutor* executor)
{
    bool needSqueeze = out->GetViewShape().GetDimNum() == 0;
    bool sameDtype = self->GetDataType() == out->GetDataType();
    if (native && !needSqueeze && sameDtype && IsContiguous(out)) {
        // Direct-out: the kernel writes the user's out; no private result, no ViewCopy.
        auto written = l0op::FloorMod(self, other, out, executor);
        CHECK_RET(written != nullptr, ACLNN_ERR_INNER_NULLPTR);
        return ACLNN_SUCCESS;
    }
    auto result = l0op::FloorMod(self, other, executor);
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    if (result->GetDataType() != out->GetDataType()) {
        result = l0op::Cast(result, out->GetDataType(), executor);
        CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    if (needSqueeze) {
        result = l0op::SqueezeNd(result, static_cast<int64_t>(0), executor);
        CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    auto copied = l0op::ViewCopy(result, out, executor);
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}

static aclnnStatus ExecRemainderTensorTensorGetWorkspaceSize(const aclTensor* self, const aclTensor* other,
                                                             aclTensor* out, uint64_t* workspaceSize,
                                                             aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    if (self->IsEmpty() || other->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }
    auto promoteType = op::PromoteType(self->GetDataType(), other->GetDataType());
    auto socVersion = GetCurrentPlatformInfo().GetSocVersion();
    bool native = IsNativeBroadcastFloorModType(socVersion, promoteType);

    auto selfContiguous = InitializeTensor(self, promoteType, uniqueExecutor.get());
    CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto otherContiguous = InitializeTensor(other, promoteType, uniqueExecutor.get());
    CHECK_RET(otherContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    if (!native) {
        auto outShape = GetOutShape(out, uniqueExecutor.get());
        selfContiguous = BroadcastTensor(selfContiguous, out, outShape, uniqueExecutor.get());
        CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
        otherContiguous = BroadcastTensor(otherContiguous, out, outShape, uniqueExecutor.get());
        CHECK_RET(otherContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    auto ret = RemainderMainProcess(selfContiguous, otherContiguous, out, native, uniqueExecutor.get());
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnRemainderTensorTensorGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                                       uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnRemainderTensorTensor, DFX_IN(self, other), DFX_OUT(out));
    auto ret = CheckParams(self, other, out, false);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    return ExecRemainderTensorTensorGetWorkspaceSize(self, other, out, workspaceSize, executor);
}

aclnnStatus aclnnInplaceRemainderTensorTensorGetWorkspaceSize(aclTensor* selfRef, const aclTensor* other,
                                                              uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnInplaceRemainderTensorTensor, DFX_IN(selfRef, other), DFX_OUT(selfRef));
    auto out = selfRef;
    auto ret = CheckParams(selfRef, other, out, true);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    return ExecRemainderTensorTensorGetWorkspaceSize(selfRef, other, out, workspaceSize, executor);
}

aclnnStatus aclnnRemainderTensorTensor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                       aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnRemainderTensorTensor);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceRemainderTensorTensor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                              aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnInplaceRemainderTensorTensor);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
