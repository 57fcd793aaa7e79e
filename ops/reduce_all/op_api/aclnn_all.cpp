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
 * \brief aclnnAll. Ascend910B / Ascend910_93: Contiguous -> [Cast to BOOL for dtypes the Ascend C kernel lacks] ->
 *        ReduceAll (Ascend C, AI Core) -> [Cast to a UINT8 out] -> ViewCopy, no Fill, no AI CPU. Every other SoC:
 *        the chain of the aclnnAll this replaces (ops-math math/reduce_all), unchanged.
 */
#include <bitset>

#include "aclnn_all.h"
#include "reduce_all.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "conversion/fill/op_api/fill.h"
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

// The self dtypes of the aclnnAll this operator replaces (ops-math math/reduce_all/op_api/aclnn_all.cpp): Ascend910B,
// Ascend910_93 and the RegBase SoCs add BF16 to the Ascend910 list. tests/portable/test_reduce_all_api_parity.py
// holds both lists and OUT_DTYPES to ops-math's.
static const std::initializer_list<DataType> SELF_DTYPES_ASCEND910 = {
    DataType::DT_FLOAT, DataType::DT_FLOAT16, DataType::DT_UINT8, DataType::DT_INT8,  DataType::DT_INT16,
    DataType::DT_INT32, DataType::DT_INT64,   DataType::DT_BOOL,  DataType::DT_DOUBLE};
static const std::initializer_list<DataType> SELF_DTYPES_ASCEND910B = {
    DataType::DT_FLOAT, DataType::DT_FLOAT16, DataType::DT_UINT8, DataType::DT_INT8,   DataType::DT_INT16,
    DataType::DT_INT32, DataType::DT_INT64,   DataType::DT_BOOL,  DataType::DT_DOUBLE, DataType::DT_BF16};
static const std::initializer_list<DataType> OUT_DTYPES = {DataType::DT_UINT8, DataType::DT_BOOL};
// What the Ascend C kernel reads as it is: one byte per element, non-zero is True (op_host/reduce_all_def.cpp).
// What the Ascend C kernel reads itself (op_host/reduce_all_def.cpp): the byte types and the float types ops-math's
// chain passes straight to ReduceAll on Ascend910B / Ascend910_93.
static const std::initializer_list<DataType> SELF_DTYPES_KERNEL = {DataType::DT_BOOL,    DataType::DT_INT8,
                                                                   DataType::DT_UINT8,   DataType::DT_FLOAT16,
                                                                   DataType::DT_FLOAT,   DataType::DT_BF16};

const std::initializer_list<DataType>& SelfDtypes()
{
    if (GetCurrentPlatformInfo().GetSocVersion() == SocVersion::ASCEND910B ||
        GetCurrentPlatformInfo().GetSocVersion() == SocVersion::ASCEND910_93 || IsRegBase()) {
        return SELF_DTYPES_ASCEND910B;
    }
    return SELF_DTYPES_ASCEND910;
}

bool CheckNotNull(const aclTensor* self, const aclIntArray* dim, const aclTensor* out)
{
    OP_CHECK_NULL(self, return false);
    OP_CHECK_NULL(dim, return false);
    OP_CHECK_NULL(out, return false);
    return true;
}

bool CheckDtypeValid(const aclTensor* self, const aclTensor* out)
{
    OP_CHECK_DTYPE_NOT_SUPPORT(self, SelfDtypes(), return false);
    OP_CHECK_DTYPE_NOT_SUPPORT(out, OUT_DTYPES, return false);
    return true;
}

bool CheckFormat(const aclTensor* self)
{
    if (op::IsPrivateFormat(self->GetStorageFormat())) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Format only support ND, NCHW, NHWC, HWCN, NDHWC, NCDHW, self [%s]",
                ToString(self->GetStorageFormat()).GetString());
        return false;
    }
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
    CHECK_RET(CheckFormat(self), ACLNN_ERR_PARAM_INVALID);
    std::bitset<REDUCE_ALL_MAX_DIM> mask;
    CHECK_RET(CheckDim(self, dim, mask), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckShape(self, out, mask, keepdim), ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}

// Both chains end alike: the reduction's result cast to out's dtype (no launch where they agree), then copied into out.
aclnnStatus CastAndCopyToOut(const aclTensor* result, aclTensor* out, aclOpExecutor* executor)
{
    auto resultCasted = l0op::Cast(result, out->GetDataType(), executor);
    CHECK_RET(resultCasted != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(resultCasted, out, executor);
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}

// Ascend910B / Ascend910_93: the Ascend C kernel. An empty self with a non-empty out (a reduced axis of size 0) is
// all True: the kernel's fill mode writes it, so no Fill and no output-sized broadcast is needed.
aclnnStatus AllOnAscendC(const aclTensor* self, const aclIntArray* dim, bool keepdim, aclTensor* out,
                         aclOpExecutor* executor)
{
    auto selfContiguous = l0op::Contiguous(self, executor);
    CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto kernelInput = selfContiguous;
    // The kernel reads bool / int8 / uint8 bytes and float16 / float / bfloat16 elements itself (x != 0), as ops-math's
    // chain hands the float types to ReduceAll unchanged on 910B; int16 / int32 / int64 / double take the Cast to
    // BOOL that chain takes for them.
    if (!CheckType(selfContiguous->GetDataType(), SELF_DTYPES_KERNEL)) {
        kernelInput = l0op::Cast(selfContiguous, DataType::DT_BOOL, executor);
        CHECK_RET(kernelInput != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    auto allResult = l0op::ReduceAll(kernelInput, dim, keepdim, out->GetViewShape(), executor);
    CHECK_RET(allResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    // The kernel writes BOOL: a UINT8 out takes an output-sized Cast.
    return CastAndCopyToOut(allResult, out, executor);
}

// Other SoCs, empty self: a Fill of True, as the replaced chain does.
aclnnStatus FillTrue(aclTensor* out, aclOpExecutor* executor)
{
    aclScalar* scalar = executor->AllocScalar(1);
    CHECK_RET(scalar != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto valueTensor = executor->ConvertToTensor(scalar, out->GetDataType());
    CHECK_RET(valueTensor != nullptr, ACLNN_ERR_INNER_NULLPTR);
    op::FVector<int64_t, MAX_DIM_NUM> outputDims = op::ToShapeVector(out->GetViewShape());
    aclIntArray* dimArray = executor->AllocIntArray(outputDims.data(), outputDims.size());
    CHECK_RET(dimArray != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto dimTensor = executor->ConvertToTensor(dimArray, op::DataType::DT_INT64);
    CHECK_RET(dimTensor != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto trueTensor = l0op::Fill(dimTensor, valueTensor, dimArray, executor);
    CHECK_RET(trueTensor != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(trueTensor, out, executor);
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}

// Every other SoC keeps the replaced chain and its built-in ReduceAll, which reads BOOL there (and the float types on
// the RegBase arch DAV_3510): other dtypes are cast to BOOL first, and the result is cast to out's dtype.
aclnnStatus AllOnBuiltin(const aclTensor* self, const aclIntArray* dim, bool keepdim, aclTensor* out,
                         aclOpExecutor* executor)
{
    if (self->IsEmpty()) {
        return FillTrue(out, executor);
    }
    auto selfContiguous = l0op::Contiguous(self, executor);
    CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto selfCasted = selfContiguous;
    const DataType selfDtype = selfContiguous->GetDataType();
    if (!((selfDtype == DataType::DT_FLOAT16 || selfDtype == DataType::DT_BF16 || selfDtype == DataType::DT_FLOAT) &&
          GetCurrentPlatformInfo().GetCurNpuArch() == NpuArch::DAV_3510)) {
        selfCasted = l0op::Cast(selfContiguous, DataType::DT_BOOL, executor);
        CHECK_RET(selfCasted != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    auto allResult = l0op::ReduceAllBuiltin(selfCasted, dim, keepdim, executor);
    CHECK_RET(allResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return CastAndCopyToOut(allResult, out, executor);
}
} // namespace

aclnnStatus aclnnAllGetWorkspaceSize(const aclTensor* self, const aclIntArray* dim, bool keepdim, aclTensor* out,
                                     uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnAll, DFX_IN(self, dim, keepdim), DFX_OUT(out));

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

    // Empty dim means every axis: pass them explicitly so the kernels' axes never rely on a convention for [].
    if (dim->Size() == 0 && self->GetViewShape().GetDimNum() > 0) {
        dim = AllDims(self, uniqueExecutor.get());
        CHECK_RET(dim != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }

    // The Ascend C kernel is built for Ascend910B and Ascend910_93 only (op_host/reduce_all_def.cpp); on every other
    // SoC the built-in ReduceAll and the chain around it stay as they were.
    if (GetCurrentPlatformInfo().GetSocVersion() == SocVersion::ASCEND910B ||
        GetCurrentPlatformInfo().GetSocVersion() == SocVersion::ASCEND910_93) {
        ret = AllOnAscendC(self, dim, keepdim, out, uniqueExecutor.get());
    } else {
        ret = AllOnBuiltin(self, dim, keepdim, out, uniqueExecutor.get());
    }
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnAll(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnAll);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}
