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
 * \brief The five remainder APIs. Route choice, per call, in one place (IsNativeRoute):
 *        - Ascend910B / Ascend910_93 with a compute dtype in {BF16, FP16, FP32, INT32, INT64, DOUBLE}: the
 *          stride-aware FloorMod kernel of this package reads the compact inputs (a host scalar becomes a
 *          one-element tensor); no output-sized BroadcastTo, no AI CPU, rank 0 passes through untouched.
 *        - every other SoC: the built-in chain, unchanged (RegBase SoCs: Contiguous/Cast/FloorMod; the others:
 *          broadcast to the output shape first, because their FloorMod kernels do not broadcast).
 */

#include "aclnn_remainder.h"

#include "floor_mod.h"
#include "op_api/op_api_def.h"
#include "op_api/aclnn_check.h"
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

// Compute dtypes accepted per NPU arch: the built-in API's lists, kept as they are.
static const std::initializer_list<op::DataType> DAV_2201_DTYPES = {
    op::DataType::DT_INT32, op::DataType::DT_INT64,  op::DataType::DT_FLOAT16,
    op::DataType::DT_FLOAT, op::DataType::DT_DOUBLE, op::DataType::DT_BF16};
static const std::initializer_list<op::DataType> DAV_1001_DTYPES = {
    op::DataType::DT_INT32, op::DataType::DT_INT64, op::DataType::DT_FLOAT16, op::DataType::DT_FLOAT,
    op::DataType::DT_DOUBLE};
static const std::initializer_list<op::DataType> DAV_2002_DTYPES = {
    op::DataType::DT_INT32, op::DataType::DT_INT64, op::DataType::DT_FLOAT16, op::DataType::DT_FLOAT,
    op::DataType::DT_DOUBLE};
static const std::initializer_list<op::DataType> NO_DTYPES = {};
static const std::initializer_list<op::DataType> COMPLEX_DTYPES = {op::DataType::DT_COMPLEX64,
                                                                   op::DataType::DT_COMPLEX128};
// What this package's kernel computes (op_host/floor_mod_def.cpp, op_kernel/floor_mod_tiling_key.h).
static const std::initializer_list<op::DataType> NATIVE_KERNEL_DTYPES = {
    op::DataType::DT_BF16,  op::DataType::DT_FLOAT16, op::DataType::DT_FLOAT,
    op::DataType::DT_INT32, op::DataType::DT_INT64,   op::DataType::DT_DOUBLE};

static const std::initializer_list<op::DataType>& SupportedDtypes()
{
    auto npuArch = GetCurrentPlatformInfo().GetCurNpuArch();
    switch (npuArch) {
        case NpuArch::DAV_2201:
        case NpuArch::DAV_3510:
            return DAV_2201_DTYPES;
        case NpuArch::DAV_1001:
            return DAV_1001_DTYPES;
        case NpuArch::DAV_2002:
            return DAV_2002_DTYPES;
        default:
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "remainder is not implemented for %s",
                    op::ToString(GetCurrentPlatformInfo().GetSocVersion()).GetString());
            return NO_DTYPES;
    }
}

// The native route: the SoCs the kernel is registered for and a dtype it computes. Everything else keeps the
// built-in chain, whose launches this package does not change.
static bool IsNativeRoute(op::DataType computeType)
{
    auto socVersion = GetCurrentPlatformInfo().GetSocVersion();
    if (socVersion != SocVersion::ASCEND910B && socVersion != SocVersion::ASCEND910_93) {
        return false;
    }
    return CheckType(computeType, NATIVE_KERNEL_DTYPES);
}

static bool IsRegBaseChain(op::DataType computeType)
{
    return IsRegBase(GetCurrentPlatformInfo().GetCurNpuArch()) && computeType != op::DataType::DT_DOUBLE;
}

// Tensor op scalar: a floating tensor keeps its dtype; an integral or bool one is promoted by a floating scalar
// (bool also by an integral one). Complex operands are refused before this is asked.
static op::DataType ScalarPromoteType(op::DataType tensorType, op::DataType scalarType)
{
    if (IsFloatingType(tensorType)) {
        return tensorType;
    }
    if (IsFloatingType(scalarType) || tensorType == op::DataType::DT_BOOL) {
        return op::PromoteType(tensorType, scalarType);
    }
    return tensorType;
}

static bool CheckSupported(op::DataType dtype, const char* what)
{
    const auto& supported = SupportedDtypes();
    if (supported.size() == 0) {
        return false;
    }
    if (!CheckType(dtype, supported)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "%s %s should be in dtype support list [%s].", what,
                op::ToString(dtype).GetString(), op::ToString(supported).GetString());
        return false;
    }
    return true;
}

static bool CheckNoComplex(op::DataType selfType, op::DataType otherType)
{
    if (CheckType(selfType, COMPLEX_DTYPES) || CheckType(otherType, COMPLEX_DTYPES)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "remainder is not implemented for complex dtypes.");
        return false;
    }
    return true;
}

static bool CheckPromoteTensorTensor(op::DataType selfType, op::DataType otherType, op::DataType outType)
{
    auto promoteType = op::PromoteType(selfType, otherType);
    if (promoteType == op::DataType::DT_UNDEFINED) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "self dtype %s and other dtype %s can not be promoted.",
                op::ToString(selfType).GetString(), op::ToString(otherType).GetString());
        return false;
    }
    OP_CHECK_RESULT_DTYPE_CAST_FAILED(promoteType, outType, return false);
    return CheckSupported(promoteType, "promote type");
}

static bool CheckPromoteTensorScalar(op::DataType selfType, op::DataType otherType, op::DataType outType)
{
    CHECK_RET(CheckNoComplex(selfType, otherType), false);
    auto castType = ScalarPromoteType(selfType, otherType);
    OP_CHECK_RESULT_DTYPE_CAST_FAILED(selfType, castType, return false);
    CHECK_RET(CheckSupported(castType, "compute dtype"), false);
    OP_CHECK_RESULT_DTYPE_CAST_FAILED(castType, outType, return false);
    return true;
}

// The scalar-tensor form computes in out's dtype on the SoCs before RegBase, in the promoted one on RegBase.
static op::DataType ScalarTensorComputeType(op::DataType selfType, op::DataType otherType, op::DataType outType)
{
    return IsRegBase(GetCurrentPlatformInfo().GetCurNpuArch()) ? ScalarPromoteType(otherType, selfType) : outType;
}

static bool CheckPromoteScalarTensor(op::DataType selfType, op::DataType otherType, op::DataType outType)
{
    CHECK_RET(CheckNoComplex(selfType, otherType), false);
    auto castType = IsRegBase(GetCurrentPlatformInfo().GetCurNpuArch()) ? ScalarPromoteType(otherType, selfType) :
                                                                          otherType;
    OP_CHECK_RESULT_DTYPE_CAST_FAILED(castType, outType, return false);
    return CheckSupported(outType, "out dtype");
}

static bool IsOneElementShape(const op::Shape& shape)
{
    return shape.GetDimNum() == 0 || (shape.GetDimNum() == 1 && shape.GetDim(0) == 1);
}

static bool CheckBroadcastShape(const aclTensor* self, const aclTensor* other, const aclTensor* out, bool isInplace)
{
    op::Shape broadcastShape;
    if (IsRegBase(GetCurrentPlatformInfo().GetCurNpuArch())) {
        OP_CHECK_BROADCAST_AND_INFER_SHAPE(self, other, broadcastShape, return false);
        OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(out, broadcastShape, return false);
        return true;
    }
    OP_CHECK_BROADCAST(self, other, return false);
    BroadcastInferShape(self->GetViewShape(), other->GetViewShape(), broadcastShape);
    if (broadcastShape == out->GetViewShape()) {
        return true;
    }
    // Out of place, a one-element result may be written to a rank-0 or [1] out; in place never extends selfRef.
    if (!isInplace && IsOneElementShape(broadcastShape) && IsOneElementShape(out->GetViewShape())) {
        return true;
    }
    OP_LOGE(ACLNN_ERR_PARAM_INVALID, "broadcast shape %s and out shape %s differ.",
            op::ToString(broadcastShape).GetString(), op::ToString(out->GetViewShape()).GetString());
    return false;
}

static bool CheckMaxDims(const aclTensor* x)
{
    OP_CHECK_MAX_DIM(x, MAX_SUPPORT_DIMS_NUMS, return false);
    return true;
}

static aclnnStatus CheckParamsTensorTensor(const aclTensor* self, const aclTensor* other, const aclTensor* out,
                                           bool isInplace)
{
    OP_CHECK_NULL(self, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(other, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(out, return ACLNN_ERR_PARAM_NULLPTR);
    CHECK_RET(CheckPromoteTensorTensor(self->GetDataType(), other->GetDataType(), out->GetDataType()),
              ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckBroadcastShape(self, other, out, isInplace), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckMaxDims(self) && CheckMaxDims(other) && CheckMaxDims(out), ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}

static aclnnStatus CheckParamsTensorScalar(const aclTensor* self, const aclScalar* other, const aclTensor* out)
{
    OP_CHECK_NULL(self, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(other, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(out, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_SHAPE_NOT_EQUAL(self, out, return ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckPromoteTensorScalar(self->GetDataType(), other->GetDataType(), out->GetDataType()),
              ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckMaxDims(self) && CheckMaxDims(out), ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}

static aclnnStatus CheckParamsScalarTensor(const aclScalar* self, const aclTensor* other, const aclTensor* out)
{
    OP_CHECK_NULL(self, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(other, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(out, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_SHAPE_NOT_EQUAL(other, out, return ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckPromoteScalarTensor(self->GetDataType(), other->GetDataType(), out->GetDataType()),
              ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckMaxDims(other) && CheckMaxDims(out), ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}

// ---- native route: compact operands straight into the stride-aware kernel --------------------------------------

// Contiguous, then the compute dtype. A rank-0 tensor stays rank 0: the kernel's tiling reads it as [1].
static const aclTensor* NativeOperand(const aclTensor* x, op::DataType dtype, aclOpExecutor* executor)
{
    auto contiguous = l0op::Contiguous(x, executor);
    CHECK_RET(contiguous != nullptr, nullptr);
    return l0op::Cast(contiguous, dtype, executor);
}

static aclnnStatus NativeRemainder(const aclTensor* x1, const aclTensor* x2, aclTensor* out, aclOpExecutor* executor)
{
    if (x1->GetDataType() == out->GetDataType() && IsContiguous(out)) {
        // Direct-out: the kernel writes the user's out (also in place: each tile is read before it is written).
        auto written = l0op::FloorMod(x1, x2, out, executor);
        CHECK_RET(written != nullptr, ACLNN_ERR_INNER_NULLPTR);
        return ACLNN_SUCCESS;
    }
    auto result = l0op::FloorMod(x1, x2, executor);
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    result = l0op::Cast(result, out->GetDataType(), executor);
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    // A one-element result may be rank 0 or [1] while out is the other: ViewCopy takes both of one element.
    auto copied = l0op::ViewCopy(result, out, executor);
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}

// ---- built-in chains, for the SoCs this kernel is not registered on -------------------------------------------

static aclnnStatus RegBaseRemainder(const aclTensor* x1, const aclTensor* x2, aclTensor* out, aclOpExecutor* executor)
{
    auto result = l0op::FloorMod(x1, x2, executor);
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto casted = l0op::Cast(result, out->GetDataType(), executor);
    CHECK_RET(casted != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto copied = l0op::ViewCopy(casted, out, executor);
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}

// Contiguous, rank 0 made [1] by a one-element BroadcastTo, then the compute dtype (the pre-RegBase kernels need
// rank >= 1 and equal shapes).
static const aclTensor* LegacyOperand(const aclTensor* x, op::DataType dtype, aclOpExecutor* executor)
{
    auto contiguous = l0op::Contiguous(x, executor);
    CHECK_RET(contiguous != nullptr, nullptr);
    if (contiguous->GetViewShape().GetDimNum() == 0) {
        int64_t oneElement[1] = {1};
        contiguous = l0op::BroadcastTo(contiguous, executor->AllocIntArray(oneElement, 1), executor);
        CHECK_RET(contiguous != nullptr, nullptr);
    }
    return l0op::Cast(contiguous, dtype, executor);
}

static aclIntArray* ShapeArray(const aclTensor* x, aclOpExecutor* executor)
{
    const auto& shape = x->GetViewShape();
    if (shape.GetDimNum() == 0) {
        int64_t oneElement[1] = {1};
        return executor->AllocIntArray(oneElement, 1);
    }
    std::vector<int64_t> dims(shape.GetDimNum());
    for (size_t i = 0; i < shape.GetDimNum(); i++) {
        dims[i] = shape.GetDim(i);
    }
    return executor->AllocIntArray(dims.data(), dims.size());
}

// The legacy kernels do not broadcast: x is materialised at `target`'s shape in GM when it differs.
static const aclTensor* LegacyBroadcast(const aclTensor* x, const aclTensor* target, const aclIntArray* shape,
                                        aclOpExecutor* executor)
{
    x = l0op::ReFormat(x, op::Format::FORMAT_ND);
    CHECK_RET(x != nullptr, nullptr);
    if (x->GetViewShape() != target->GetViewShape()) {
        x = l0op::BroadcastTo(x, shape, executor);
        CHECK_RET(x != nullptr, nullptr);
    }
    return l0op::ReFormat(x, op::Format::FORMAT_ND);
}

static aclnnStatus LegacyRemainder(const aclTensor* x1, const aclTensor* x2, aclTensor* out, aclOpExecutor* executor)
{
    auto result = l0op::FloorMod(x1, x2, executor);
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    result = l0op::Cast(result, out->GetDataType(), executor);
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    if (out->GetViewShape().GetDimNum() == 0) {
        // The [1] result as out's rank-0 shape: the view ops-math's l0op::SqueezeNd(result, 0) makes, without a call
        // the experimental build does not link (conversion/squeeze is outside its L0 sources).
        result = executor->CreateView(result, out->GetViewShape(), result->GetViewOffset());
        CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    auto copied = l0op::ViewCopy(result, out, executor);
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}

// ---- the three shapes of call -----------------------------------------------------------------------------------

static aclnnStatus RemainderTensorTensor(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                         aclOpExecutor* executor)
{
    auto promoteType = op::PromoteType(self->GetDataType(), other->GetDataType());
    if (IsNativeRoute(promoteType)) {
        auto x1 = NativeOperand(self, promoteType, executor);
        CHECK_RET(x1 != nullptr, ACLNN_ERR_INNER_NULLPTR);
        auto x2 = NativeOperand(other, promoteType, executor);
        CHECK_RET(x2 != nullptr, ACLNN_ERR_INNER_NULLPTR);
        return NativeRemainder(x1, x2, out, executor);
    }
    if (IsRegBaseChain(promoteType)) {
        auto x1 = NativeOperand(self, promoteType, executor);
        CHECK_RET(x1 != nullptr, ACLNN_ERR_INNER_NULLPTR);
        auto x2 = NativeOperand(other, promoteType, executor);
        CHECK_RET(x2 != nullptr, ACLNN_ERR_INNER_NULLPTR);
        return RegBaseRemainder(x1, x2, out, executor);
    }
    auto x1 = LegacyOperand(self, promoteType, executor);
    CHECK_RET(x1 != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto x2 = LegacyOperand(other, promoteType, executor);
    CHECK_RET(x2 != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto outShape = ShapeArray(out, executor);
    x1 = LegacyBroadcast(x1, out, outShape, executor);
    CHECK_RET(x1 != nullptr, ACLNN_ERR_INNER_NULLPTR);
    x2 = LegacyBroadcast(x2, out, outShape, executor);
    CHECK_RET(x2 != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return LegacyRemainder(x1, x2, out, executor);
}

// tensorFirst: remainder(tensor, scalar) when true, remainder(scalar, tensor) when false.
static aclnnStatus RemainderWithScalar(const aclTensor* tensor, const aclScalar* scalar, bool tensorFirst,
                                       op::DataType computeType, aclTensor* out, aclOpExecutor* executor)
{
    // The scalar becomes a one-element (rank-0) tensor in the compute dtype, copied to the device with the launch.
    auto scalarTensor = executor->ConvertToTensor(scalar, computeType);
    CHECK_RET(scalarTensor != nullptr, ACLNN_ERR_INNER_NULLPTR);
    if (IsNativeRoute(computeType)) {
        // The kernel broadcasts the one element by stride 0: no tensor of the output's size is built for it.
        auto x = NativeOperand(tensor, computeType, executor);
        CHECK_RET(x != nullptr, ACLNN_ERR_INNER_NULLPTR);
        return tensorFirst ? NativeRemainder(x, scalarTensor, out, executor) :
                             NativeRemainder(scalarTensor, x, out, executor);
    }
    if (IsRegBaseChain(computeType) || (!tensorFirst && IsRegBase(GetCurrentPlatformInfo().GetCurNpuArch()))) {
        auto x = NativeOperand(tensor, computeType, executor);
        CHECK_RET(x != nullptr, ACLNN_ERR_INNER_NULLPTR);
        return tensorFirst ? RegBaseRemainder(x, scalarTensor, out, executor) :
                             RegBaseRemainder(scalarTensor, x, out, executor);
    }
    auto x = LegacyOperand(tensor, computeType, executor);
    CHECK_RET(x != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto expanded = l0op::BroadcastTo(scalarTensor, ShapeArray(tensorFirst ? x : tensor, executor), executor);
    CHECK_RET(expanded != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return tensorFirst ? LegacyRemainder(x, expanded, out, executor) : LegacyRemainder(expanded, x, out, executor);
}

static aclnnStatus ExecTensorTensor(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                    uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    if (!self->IsEmpty() && !other->IsEmpty()) {
        auto ret = RemainderTensorTensor(self, other, out, uniqueExecutor.get());
        CHECK_RET(ret == ACLNN_SUCCESS, ret);
    }
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

static aclnnStatus ExecWithScalar(const aclTensor* tensor, const aclScalar* scalar, bool tensorFirst,
                                  op::DataType computeType, aclTensor* out, uint64_t* workspaceSize,
                                  aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    if (!tensor->IsEmpty()) {
        auto ret = RemainderWithScalar(tensor, scalar, tensorFirst, computeType, out, uniqueExecutor.get());
        CHECK_RET(ret == ACLNN_SUCCESS, ret);
    }
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnRemainderTensorTensorGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                                       uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnRemainderTensorTensor, DFX_IN(self, other), DFX_OUT(out));
    auto ret = CheckParamsTensorTensor(self, other, out, false);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    return ExecTensorTensor(self, other, out, workspaceSize, executor);
}

aclnnStatus aclnnRemainderTensorScalarGetWorkspaceSize(const aclTensor* self, const aclScalar* other, aclTensor* out,
                                                       uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnRemainderTensorScalar, DFX_IN(self, other), DFX_OUT(out));
    auto ret = CheckParamsTensorScalar(self, other, out);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    auto computeType = ScalarPromoteType(self->GetDataType(), other->GetDataType());
    return ExecWithScalar(self, other, true, computeType, out, workspaceSize, executor);
}

aclnnStatus aclnnRemainderScalarTensorGetWorkspaceSize(const aclScalar* self, const aclTensor* other, aclTensor* out,
                                                       uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnRemainderScalarTensor, DFX_IN(self, other), DFX_OUT(out));
    auto ret = CheckParamsScalarTensor(self, other, out);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    auto computeType = ScalarTensorComputeType(self->GetDataType(), other->GetDataType(), out->GetDataType());
    return ExecWithScalar(other, self, false, computeType, out, workspaceSize, executor);
}

aclnnStatus aclnnInplaceRemainderTensorTensorGetWorkspaceSize(aclTensor* selfRef, const aclTensor* other,
                                                              uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnInplaceRemainderTensorTensor, DFX_IN(selfRef, other), DFX_OUT(selfRef));
    auto out = selfRef;
    auto ret = CheckParamsTensorTensor(selfRef, other, out, true);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    return ExecTensorTensor(selfRef, other, out, workspaceSize, executor);
}

aclnnStatus aclnnInplaceRemainderTensorScalarGetWorkspaceSize(aclTensor* selfRef, const aclScalar* other,
                                                              uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnInplaceRemainderTensorScalar, DFX_IN(selfRef, other), DFX_OUT(selfRef));
    auto out = selfRef;
    auto ret = CheckParamsTensorScalar(selfRef, other, out);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    auto computeType = ScalarPromoteType(selfRef->GetDataType(), other->GetDataType());
    return ExecWithScalar(selfRef, other, true, computeType, out, workspaceSize, executor);
}

aclnnStatus aclnnRemainderTensorTensor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                       aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnRemainderTensorTensor);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnRemainderTensorScalar(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                       aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnRemainderTensorScalar);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnRemainderScalarTensor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                       aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnRemainderScalarTensor);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceRemainderTensorTensor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                              aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnInplaceRemainderTensorTensor);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceRemainderTensorScalar(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                              aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnInplaceRemainderTensorScalar);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
