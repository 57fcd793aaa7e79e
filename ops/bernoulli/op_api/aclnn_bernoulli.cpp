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
 * \file aclnn_bernoulli.cpp
 * \brief The four entries of ops-math's aclnn_bernoulli.h. Scalar prob on DAV_2201: 0 < p < 1 runs DSAGenBitMask
 *        into a UINT8 view of the private output and one Bernoulli kernel expanding it in place; whitelisted
 *        endpoints use Bernoulli's ZERO / ONE modes, other endpoints ZerosLike / OnesLike. Scalar prob on other
 *        architectures and every Tensor-prob call keep the existing StatelessBernoulli chain. Every route ends with
 *        ViewCopy into out / selfRef.
 */

#include "aclnn_bernoulli.h"
#include "bernoulli.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "random/stateless_bernoulli/op_api/stateless_bernoulli.h"
#include "math/zero_op/op_api/zero_op.h"
#include "math/ones_like/op_api/ones_like.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "op_api/aclnn_check.h"
#include "opdev/common_types.h"
#include "opdev/data_type_utils.h"
#include "opdev/format_utils.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/op_executor.h"
#include "opdev/op_log.h"
#include "opdev/platform.h"
#include "opdev/tensor_view_utils.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const int64_t MAX_SHAPE_LENGTH = 8;
static const int64_t OFFSET_ALIGN = 4;
// The private kernel addresses bytes with int64: N * 8 bytes must stay representable.
static const int64_t MAX_ELEMENTS = INT64_MAX / 8;

// The dtype lists of the API this file replaces, per SoC, as ops-math's aclnn_bernoulli.cpp states them; the
// parity test (tests/portable/test_bernoulli_api_parity.py) holds them to ops-math's.
static const std::initializer_list<op::DataType> ASCEND910_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_FLOAT,   op::DataType::DT_INT32, op::DataType::DT_INT64, op::DataType::DT_FLOAT16,
    op::DataType::DT_INT16,   op::DataType::DT_INT8,  op::DataType::DT_UINT8, op::DataType::DT_DOUBLE,
    op::DataType::DT_BOOL};

static const std::initializer_list<op::DataType> ASCEND910_PROB_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16, op::DataType::DT_DOUBLE};

static const std::initializer_list<op::DataType> ASCEND910B_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_FLOAT, op::DataType::DT_INT32, op::DataType::DT_INT64, op::DataType::DT_FLOAT16,
    op::DataType::DT_INT16, op::DataType::DT_INT8,  op::DataType::DT_UINT8, op::DataType::DT_DOUBLE,
    op::DataType::DT_BOOL,  op::DataType::DT_BF16};

static const std::initializer_list<op::DataType> ASCEND910B_PROB_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16, op::DataType::DT_DOUBLE, op::DataType::DT_BF16};

static const std::initializer_list<op::DataType> ARCH3510_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_FLOAT,  op::DataType::DT_INT32,  op::DataType::DT_INT64, op::DataType::DT_FLOAT16,
    op::DataType::DT_INT16,  op::DataType::DT_INT8,   op::DataType::DT_UINT8, op::DataType::DT_UINT16,
    op::DataType::DT_UINT32, op::DataType::DT_DOUBLE, op::DataType::DT_BOOL,  op::DataType::DT_UINT64,
    op::DataType::DT_BF16};

static const std::initializer_list<op::DataType> ARCH3510_PROB_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16, op::DataType::DT_DOUBLE, op::DataType::DT_BF16};

static const std::initializer_list<op::DataType> EMPTY_LIST = {};

// Endpoints whose ZerosLike / OnesLike would fall back to AI CPU: Bernoulli's ZERO / ONE modes replace them.
static const std::initializer_list<op::DataType> AIV_ZERO_DTYPES = {op::DataType::DT_DOUBLE, op::DataType::DT_INT16};
static const std::initializer_list<op::DataType> AIV_ONE_DTYPES = {op::DataType::DT_DOUBLE, op::DataType::DT_INT16,
                                                                   op::DataType::DT_INT64};

static const std::initializer_list<op::DataType>& GetOutDtypeSupportList()
{
    auto socVersion = GetCurrentPlatformInfo().GetSocVersion();
    if (socVersion == SocVersion::ASCEND910) {
        return ASCEND910_DTYPE_SUPPORT_LIST;
    } else if (socVersion >= SocVersion::ASCEND910B && socVersion <= SocVersion::ASCEND910_93) {
        return ASCEND910B_DTYPE_SUPPORT_LIST;
    } else if (IsRegBase()) {
        return ARCH3510_DTYPE_SUPPORT_LIST;
    } else {
        OP_LOGW("Unknown SocVersion.");
        return EMPTY_LIST;
    }
}

static const std::initializer_list<op::DataType>& GetProbDtypeSupportList()
{
    auto socVersion = GetCurrentPlatformInfo().GetSocVersion();
    if (socVersion == SocVersion::ASCEND910) {
        return ASCEND910_PROB_DTYPE_SUPPORT_LIST;
    } else if (socVersion >= SocVersion::ASCEND910B && socVersion <= SocVersion::ASCEND910_93) {
        return ASCEND910B_PROB_DTYPE_SUPPORT_LIST;
    } else if (IsRegBase()) {
        return ARCH3510_PROB_DTYPE_SUPPORT_LIST;
    } else {
        OP_LOGW("Unknown SocVersion.");
        return EMPTY_LIST;
    }
}

static bool IsDoubleEqual(double f1, double f2)
{
    return std::abs(f1 - f2) <= std::numeric_limits<double>::epsilon();
}

static bool CheckNotNull(const aclTensor* self, const aclScalar* prob, const aclTensor* out)
{
    OP_CHECK_NULL(self, return false);
    OP_CHECK_NULL(prob, return false);
    OP_CHECK_NULL(out, return false);
    return true;
}

static bool CheckNotNullTensor(const aclTensor* self, const aclTensor* prob, const aclTensor* out)
{
    OP_CHECK_NULL(self, return false);
    OP_CHECK_NULL(prob, return false);
    OP_CHECK_NULL(out, return false);
    return true;
}

static bool CheckDtypeValid(const aclTensor* self, const aclScalar* prob, const aclTensor* out)
{
    OP_CHECK_DTYPE_NOT_SUPPORT(self, GetOutDtypeSupportList(), return false);
    OP_CHECK_DTYPE_NOT_SUPPORT(prob, GetProbDtypeSupportList(), return false);
    OP_CHECK_DTYPE_NOT_MATCH(self, out->GetDataType(), return false);
    return true;
}

static bool CheckDtypeValidTensor(const aclTensor* self, const aclTensor* prob, const aclTensor* out)
{
    OP_CHECK_DTYPE_NOT_SUPPORT(self, GetOutDtypeSupportList(), return false);
    OP_CHECK_DTYPE_NOT_SUPPORT(prob, GetProbDtypeSupportList(), return false);
    OP_CHECK_DTYPE_NOT_MATCH(self, out->GetDataType(), return false);
    // As in ops-math: StatelessBernoulli gives no accuracy guarantee for non-floating outputs.
    if (!CheckType(self->GetDataType(), ASCEND910B_PROB_DTYPE_SUPPORT_LIST)) {
        OP_LOGW("Self dtype %s does not guarantee accuracy.", op::ToString(self->GetDataType()).GetString());
    }
    return true;
}

static bool CheckProb(const aclScalar* prob)
{
    const double p = prob->ToDouble();
    // NaN is refused too (ops-math's `p > 1 || p < 0` lets it through to the DSA dropout rate).
    if (!(p >= 0 && p <= 1)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "prob should be in [0, 1], got %f.", p);
        return false;
    }
    return true;
}

// The documented constraint of the public API (offset % 4 == 0); ops-math leaves it to the random kernels.
static bool CheckOffset(int64_t offset)
{
    if (offset % OFFSET_ALIGN != 0) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "offset should be a multiple of 4, got %ld.", offset);
        return false;
    }
    return true;
}

static bool CheckShape(const aclTensor* self, const aclTensor* out)
{
    OP_CHECK_MAX_DIM(self, MAX_SHAPE_LENGTH, return false);
    OP_CHECK_SHAPE_NOT_EQUAL(self, out, return false);
    const op::Shape& shape = self->GetViewShape();
    int64_t count = 1;
    for (size_t i = 0; i < shape.GetDimNum(); ++i) {
        const int64_t dim = shape.GetDim(i);
        if (dim < 0 || (dim != 0 && count > MAX_ELEMENTS / dim)) {
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "self shape %s has a negative dim or too many elements.",
                    op::ToString(shape).GetString());
            return false;
        }
        count *= dim;
    }
    return true;
}

static bool CheckShapeTensor(const aclTensor* self, const aclTensor* prob, const aclTensor* out)
{
    OP_CHECK_MAX_DIM(self, MAX_SHAPE_LENGTH, return false);
    OP_CHECK_MAX_DIM(prob, MAX_SHAPE_LENGTH, return false);
    OP_CHECK_SHAPE_NOT_EQUAL(self, out, return false);
    return true;
}

static bool CheckFormat(const aclTensor* self, const aclTensor* other, const char* otherName)
{
    if (op::IsPrivateFormat(self->GetStorageFormat()) || op::IsPrivateFormat(other->GetStorageFormat())) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Format only supports ND, NCHW, NHWC, HWCN, NDHWC, NCDHW, self [%s] %s [%s].",
                ToString(self->GetStorageFormat()).GetString(), otherName,
                ToString(other->GetStorageFormat()).GetString());
        return false;
    }
    return true;
}

static aclnnStatus CheckParams(const aclTensor* self, const aclScalar* prob, int64_t offset, const aclTensor* out)
{
    CHECK_RET(CheckNotNull(self, prob, out), ACLNN_ERR_PARAM_NULLPTR);
    CHECK_RET(CheckDtypeValid(self, prob, out), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckProb(prob), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckShape(self, out), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckFormat(self, out, "out"), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckOffset(offset), ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}

// The Tensor-prob checks are ops-math's own: this API keeps its existing chain and its existing contract.
static aclnnStatus CheckParamsTensor(const aclTensor* self, const aclTensor* prob, const aclTensor* out)
{
    CHECK_RET(CheckNotNullTensor(self, prob, out), ACLNN_ERR_PARAM_NULLPTR);
    CHECK_RET(CheckDtypeValidTensor(self, prob, out), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckShapeTensor(self, prob, out), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckFormat(self, prob, "prob"), ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}

// DAV_2201 endpoints: Bernoulli ZERO / ONE where the generic op would run on AI CPU, ZerosLike / OnesLike otherwise.
static const aclTensor* BernoulliEndpoint(const aclTensor* input, bool one, aclOpExecutor* executor)
{
    const op::DataType dtype = input->GetDataType();
    if (one) {
        if (CheckType(dtype, AIV_ONE_DTYPES)) {
            return l0op::BernoulliConstant(input, true, executor);
        }
        return l0op::OnesLike(input, executor);
    }
    if (CheckType(dtype, AIV_ZERO_DTYPES)) {
        return l0op::BernoulliConstant(input, false, executor);
    }
    return l0op::ZerosLike(input, executor);
}

// The native kernel serves a scalar prob on DAV_2201 only: it is built for ascend910b / ascend910_93 and its OpDef
// lists exactly the ASCEND910B_DTYPE_SUPPORT_LIST dtypes. Other architectures keep StatelessBernoulli, as ops-math.
static const aclTensor* BernoulliScalarProb(const aclTensor* input, const aclScalar* prob, int64_t seed,
                                            int64_t offset, aclOpExecutor* executor)
{
    auto curArch = GetCurrentPlatformInfo().GetCurNpuArch();
    if (curArch == NpuArch::DAV_2201) {
        if (IsDoubleEqual(prob->ToDouble(), 0)) {
            return BernoulliEndpoint(input, false, executor);
        }
        if (IsDoubleEqual(prob->ToDouble(), 1)) {
            return BernoulliEndpoint(input, true, executor);
        }
        return l0op::BernoulliRandom(input, prob->ToDouble(), seed, offset, executor);
    }
    if (curArch == NpuArch::DAV_3510) {
        // arch35 StatelessBernoulli takes an FP32 probability tensor
        auto probScalar = executor->AllocScalar(static_cast<float>(prob->ToDouble()));
        CHECK_RET(probScalar != nullptr, nullptr);
        auto probTensor = executor->ConvertToTensor(probScalar, probScalar->GetDataType());
        CHECK_RET(probTensor != nullptr, nullptr);
        return l0op::StatelessBernoulli(input, probTensor, seed, offset, executor);
    }
    auto probTensor = executor->ConvertToTensor(prob, prob->GetDataType());
    CHECK_RET(probTensor != nullptr, nullptr);
    return l0op::StatelessBernoulli(input, probTensor, seed, offset, executor);
}

// Tensor prob has no native path on any architecture: the Bernoulli kernel expands one packed DSA mask drawn with a
// single dropout rate, while a per-element probability needs a draw compared with each prob[i]. The design keeps
// this API on the existing StatelessBernoulli chain; this is ops-math's chain, step for step.
static aclnnStatus BernoulliTensorCommon(const aclTensor* self, const aclTensor* prob, int64_t seed, int64_t offset,
                                         aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto ret = CheckParamsTensor(self, prob, out);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);

    if (self->IsEmpty() || prob->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }

    auto inputContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    CHECK_RET(inputContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);

    auto probContiguous = l0op::Contiguous(prob, uniqueExecutor.get());
    CHECK_RET(probContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);

    const aclTensor* probCalc = probContiguous;
    if (GetCurrentPlatformInfo().GetCurNpuArch() == NpuArch::DAV_3510) {
        // arch35 StatelessBernoulli takes an FP32 probability tensor
        probCalc = l0op::Cast(probContiguous, op::DataType::DT_FLOAT, uniqueExecutor.get());
        CHECK_RET(probCalc != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }

    auto opOut = l0op::StatelessBernoulli(inputContiguous, probCalc, seed, offset, uniqueExecutor.get());
    CHECK_RET(opOut != nullptr, ACLNN_ERR_INNER_NULLPTR);

    auto viewCopyResult = l0op::ViewCopy(opOut, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);

    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnBernoulliGetWorkspaceSize(const aclTensor* self, const aclScalar* prob, int64_t seed, int64_t offset,
                                           aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    OP_CHECK_COMM_INPUT(workspaceSize, executor);
    L2_DFX_PHASE_1(aclnnBernoulli, DFX_IN(self, prob, seed, offset), DFX_OUT(out));

    auto ret = CheckParams(self, prob, offset, out);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);

    // An empty tensor launches nothing: no DSA mask, no tiling, no kernel.
    if (self->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }

    auto inputContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    CHECK_RET(inputContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);

    // nullptr carries every failure of the chain, launches included; the L0 that failed logs its own status.
    auto opOut = BernoulliScalarProb(inputContiguous, prob, seed, offset, uniqueExecutor.get());
    CHECK_RET(opOut != nullptr, ACLNN_ERR_INNER_NULLPTR);

    // out may be non-contiguous: the executor-owned result is copied into its view.
    auto viewCopyResult = l0op::ViewCopy(opOut, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);

    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnBernoulli(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnBernoulli);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnBernoulliTensorGetWorkspaceSize(const aclTensor* self, const aclTensor* prob, int64_t seed,
                                                 int64_t offset, aclTensor* out, uint64_t* workspaceSize,
                                                 aclOpExecutor** executor)
{
    OP_CHECK_COMM_INPUT(workspaceSize, executor);
    L2_DFX_PHASE_1(aclnnBernoulliTensor, DFX_IN(self, prob, seed, offset), DFX_OUT(out));
    return BernoulliTensorCommon(self, prob, seed, offset, out, workspaceSize, executor);
}

aclnnStatus aclnnBernoulliTensor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnBernoulliTensor);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceBernoulliGetWorkspaceSize(const aclTensor* selfRef, const aclScalar* prob, int64_t seed,
                                                  int64_t offset, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    OP_CHECK_COMM_INPUT(workspaceSize, executor);
    L2_DFX_PHASE_1(aclnnInplaceBernoulli, DFX_IN(selfRef, prob, seed, offset), DFX_OUT(selfRef));

    auto ret = CheckParams(selfRef, prob, offset, selfRef);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);

    if (selfRef->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }

    auto inputContiguous = l0op::Contiguous(selfRef, uniqueExecutor.get());
    CHECK_RET(inputContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);

    auto opOut = BernoulliScalarProb(inputContiguous, prob, seed, offset, uniqueExecutor.get());
    CHECK_RET(opOut != nullptr, ACLNN_ERR_INNER_NULLPTR);

    // selfRef may have any stride / storage offset: it receives the result through ViewCopy, never as kernel output.
    auto viewCopyResult = l0op::ViewCopy(opOut, selfRef, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);

    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnInplaceBernoulli(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                  aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnInplaceBernoulli);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

aclnnStatus aclnnInplaceBernoulliTensorGetWorkspaceSize(const aclTensor* selfRef, const aclTensor* prob, int64_t seed,
                                                        int64_t offset, uint64_t* workspaceSize,
                                                        aclOpExecutor** executor)
{
    OP_CHECK_COMM_INPUT(workspaceSize, executor);
    L2_DFX_PHASE_1(aclnnInplaceBernoulliTensor, DFX_IN(selfRef, prob, seed, offset), DFX_OUT(selfRef));
    auto out = const_cast<aclTensor*>(selfRef);
    return BernoulliTensorCommon(selfRef, prob, seed, offset, out, workspaceSize, executor);
}

aclnnStatus aclnnInplaceBernoulliTensor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                        aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnInplaceBernoulliTensor);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
