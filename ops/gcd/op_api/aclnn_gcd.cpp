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
 * \brief aclnnGcd two-phase API. On Ascend910B / Ascend910_93 this package's kernel broadcasts inside itself (no
 *        output-sized BroadcastTo) and writes a contiguous out of the promoted dtype directly; every other SoC keeps
 *        the built-in chain of ops-math math/gcd with its dtypes.
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
#include "op_api/aclnn_check.h"

using namespace op;

#ifdef __cplusplus
extern "C" {
#endif

static constexpr size_t GCD_MAX_DIM = 8;

// The promoted dtypes of the built-in aclnnGcd (ops-math math/gcd aclnn_gcd.cpp), kept on the SoCs this package
// has no kernel for: INT32 on Ascend910, INT32/INT16/INT64 on the other non-RegBase SoCs, and the RegBase list.
static const std::initializer_list<op::DataType> ASCEND910_DTYPE_SUPPORT_LIST = {op::DataType::DT_INT32};

static const std::initializer_list<op::DataType> ASCEND910B_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_INT32, op::DataType::DT_INT16, op::DataType::DT_INT64};

static const std::initializer_list<op::DataType> ASCEND950_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_UINT8, op::DataType::DT_INT8, op::DataType::DT_INT16, op::DataType::DT_INT32,
    op::DataType::DT_INT64};

// This package's kernel on Ascend910B / Ascend910_93: the task's six dtypes plus every dtype the built-in took there.
static const std::initializer_list<op::DataType> NATIVE_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16, op::DataType::DT_BF16,  op::DataType::DT_INT8,
    op::DataType::DT_UINT8, op::DataType::DT_INT16,   op::DataType::DT_INT32, op::DataType::DT_INT64};

static bool IsNativeGcdSoc()
{
    const auto socVersion = GetCurrentPlatformInfo().GetSocVersion();
    return socVersion == SocVersion::ASCEND910B || socVersion == SocVersion::ASCEND910_93;
}

static const std::initializer_list<op::DataType>& GetDtypeSupportList()
{
    if (IsNativeGcdSoc()) {
        return NATIVE_DTYPE_SUPPORT_LIST;
    }
    if (IsRegBase()) {
        return ASCEND950_DTYPE_SUPPORT_LIST;
    }
    return GetCurrentPlatformInfo().GetSocVersion() == SocVersion::ASCEND910 ? ASCEND910_DTYPE_SUPPORT_LIST :
                                                                               ASCEND910B_DTYPE_SUPPORT_LIST;
}

static bool CheckNotNull(const aclTensor* self, const aclTensor* other, const aclTensor* out)
{
    OP_CHECK_NULL(self, return false);
    OP_CHECK_NULL(other, return false);
    OP_CHECK_NULL(out, return false);
    return true;
}

// The built-in's rules (two bool inputs, an integral out castable from the promoted dtype), widened on the native
// SoCs to the kernel's float dtypes: there out may also be FLOAT / FLOAT16 / BF16 when the promoted dtype casts to it.
static bool CheckDtypeValid(const aclTensor* self, const aclTensor* other, const aclTensor* out)
{
    if (self->GetDataType() == op::DataType::DT_BOOL && other->GetDataType() == op::DataType::DT_BOOL) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Gcd is not implemented for two %s inputs.",
                op::ToString(self->GetDataType()).GetString());
        return false;
    }
    const op::DataType promoteType = op::PromoteType(self->GetDataType(), other->GetDataType());
    if (promoteType == op::DataType::DT_UNDEFINED) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Gcd self dtype %s and other dtype %s cannot be promoted.",
                op::ToString(self->GetDataType()).GetString(), op::ToString(other->GetDataType()).GetString());
        return false;
    }
    const auto& supportList = GetDtypeSupportList();
    if (!CheckType(promoteType, supportList)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Gcd promotes %s and %s to %s, which is not in the supported list %s.",
                op::ToString(self->GetDataType()).GetString(), op::ToString(other->GetDataType()).GetString(),
                op::ToString(promoteType).GetString(), op::ToString(supportList).GetString());
        return false;
    }
    const bool nativeOut = IsNativeGcdSoc() && CheckType(out->GetDataType(), NATIVE_DTYPE_SUPPORT_LIST);
    if (!IsIntegralType(out->GetDataType()) && !nativeOut) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Gcd out dtype must be integral%s, but got %s.",
                IsNativeGcdSoc() ? " or FLOAT, FLOAT16, BFLOAT16" : "", op::ToString(out->GetDataType()).GetString());
        return false;
    }
    OP_CHECK_RESULT_DTYPE_CAST_FAILED(promoteType, out->GetDataType(), return false);
    return true;
}

static bool CheckShape(const aclTensor* self, const aclTensor* other, const aclTensor* out)
{
    OP_CHECK_MAX_DIM(self, GCD_MAX_DIM, return false);
    OP_CHECK_MAX_DIM(other, GCD_MAX_DIM, return false);
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

    if (self->IsEmpty() || other->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }

    // Non-contiguous inputs become contiguous input-sized copies (a view when already contiguous): the gert
    // tiling context hands the kernel storage shapes only, so view strides would not reach it.
    auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto otherContiguous = l0op::Contiguous(other, uniqueExecutor.get());
    CHECK_RET(otherContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);

    // Mixed input dtypes are cast to the promoted dtype before the kernel; these casts are input-sized.
    const op::DataType promoteType = op::PromoteType(self->GetDataType(), other->GetDataType());
    auto selfCasted = selfContiguous;
    if (self->GetDataType() != promoteType) {
        selfCasted = l0op::Cast(selfContiguous, promoteType, uniqueExecutor.get());
        CHECK_RET(selfCasted != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    auto otherCasted = otherContiguous;
    if (other->GetDataType() != promoteType) {
        otherCasted = l0op::Cast(otherContiguous, promoteType, uniqueExecutor.get());
        CHECK_RET(otherCasted != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }

    if (IsNativeGcdSoc() && out->GetDataType() == promoteType && IsContiguous(out)) {
        // This package's kernel on Ascend910B / Ascend910_93 writes the broadcast result straight into out: no
        // output-sized temporary, no copy.
        auto gcdOut = l0op::GcdToOutput(selfCasted, otherCasted, out, uniqueExecutor.get());
        CHECK_RET(gcdOut != nullptr, ACLNN_ERR_INNER_NULLPTR);
    } else {
        // The chain of the built-in aclnnGcd: on the other SoCs their own Gcd kernel, and on Ascend910B /
        // Ascend910_93 an out of another dtype (the Cast the built-in does) or a strided out (ViewCopy scatters
        // into it). The L0 Gcd result is an output-sized temporary.
        auto gcdOut = l0op::Gcd(selfCasted, otherCasted, uniqueExecutor.get());
        CHECK_RET(gcdOut != nullptr, ACLNN_ERR_INNER_NULLPTR);
        auto castOut = gcdOut;
        if (gcdOut->GetDataType() != out->GetDataType()) {
            castOut = l0op::Cast(gcdOut, out->GetDataType(), uniqueExecutor.get());
            CHECK_RET(castOut != nullptr, ACLNN_ERR_INNER_NULLPTR);
        }
        auto viewCopyResult = l0op::ViewCopy(castOut, out, uniqueExecutor.get());
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
