/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Test fixture written for op-migrate (not ops-math code): the chains of aclnn_bernoulli.cpp before this operator, as
// the design document describes them. Scalar prob on DAV_2201: DSAGenBitMask allocates the packed mask, Fill builds
// an output-sized ones tensor (FP16 unless the output is FLOAT / BF16), DropoutDoMask filters it, Cast converts it to
// the output dtype and ViewCopy writes out; p = 0 / 1 use ZerosLike / OnesLike. The in-place entry is the
// out-of-place one with selfRef as out. Tensor prob, every architecture: Contiguous, (arch35) a Cast of prob to FP32,
// StatelessBernoulli, ViewCopy.
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "dsa_gen_bit_mask.h"
#include "random/stateless_bernoulli/op_api/stateless_bernoulli.h"
#include "opdev/op_executor.h"
#include "opdev/platform.h"

using namespace op;

static const int64_t DSA_BLOCK_BITS = 128;
static const int64_t BITS_PER_BYTE = 8;

static bool IsDoubleEqual(double f1, double f2)
{
    return std::abs(f1 - f2) <= std::numeric_limits<double>::epsilon();
}

static const aclTensor* OnesOf(op::DataType dtype, aclOpExecutor* executor)
{
    FVector<float> one = {1.0f};
    if (dtype == op::DataType::DT_BF16 || dtype == op::DataType::DT_FLOAT) {
        return executor->ConvertToTensor(one.data(), one.size(), dtype);
    }
    return executor->ConvertToTensor(one.data(), one.size(), op::DataType::DT_FLOAT16);
}

static const aclTensor* MaskedOnes(const aclTensor* input, const aclScalar* prob, int64_t seed, int64_t offset,
                                   aclOpExecutor* executor)
{
    auto shape = op::ToShapeVector(input->GetViewShape());
    auto dims = executor->ConvertToTensor(shape.data(), shape.size(), DataType::DT_INT64);
    auto sizes = executor->AllocIntArray(shape.data(), shape.size());
    int64_t count = input->GetViewShape().GetShapeSize();
    int64_t maskBytes = (count + DSA_BLOCK_BITS - 1) / DSA_BLOCK_BITS * DSA_BLOCK_BITS / BITS_PER_BYTE;
    auto dropout = executor->AllocScalar(static_cast<float>(1 - prob->ToDouble()));
    auto mask = l0op::DSAGenBitMask(maskBytes * BITS_PER_BYTE, seed, offset, dropout, executor);
    auto one = OnesOf(input->GetDataType(), executor);
    auto ones = l0op::Fill(dims, one, sizes, executor);
    return l0op::DropoutDoMask(ones, mask, one, executor);
}

aclnnStatus aclnnBernoulliGetWorkspaceSize(const aclTensor* self, const aclScalar* prob, int64_t seed, int64_t offset,
                                           aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    if (self->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }
    auto inputContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    const aclTensor* result = nullptr;
    if (GetCurrentPlatformInfo().GetCurNpuArch() == NpuArch::DAV_2201) {
        const aclTensor* masked = nullptr;
        if (IsDoubleEqual(prob->ToDouble(), 0)) {
            masked = l0op::ZerosLike(inputContiguous, uniqueExecutor.get());
        } else if (IsDoubleEqual(prob->ToDouble(), 1)) {
            masked = l0op::OnesLike(inputContiguous, uniqueExecutor.get());
        } else {
            masked = MaskedOnes(inputContiguous, prob, seed, offset, uniqueExecutor.get());
        }
        result = l0op::Cast(masked, out->GetDataType(), uniqueExecutor.get());
    }
    auto copied = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnInplaceBernoulliGetWorkspaceSize(const aclTensor* selfRef, const aclScalar* prob, int64_t seed,
                                                  int64_t offset, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto out = const_cast<aclTensor*>(selfRef);
    return aclnnBernoulliGetWorkspaceSize(selfRef, prob, seed, offset, out, workspaceSize, executor);
}

aclnnStatus aclnnBernoulliTensorGetWorkspaceSize(const aclTensor* self, const aclTensor* prob, int64_t seed,
                                                 int64_t offset, aclTensor* out, uint64_t* workspaceSize,
                                                 aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    if (self->IsEmpty() || prob->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }
    auto inputContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    auto probContiguous = l0op::Contiguous(prob, uniqueExecutor.get());
    const aclTensor* probCalc = probContiguous;
    if (GetCurrentPlatformInfo().GetCurNpuArch() == NpuArch::DAV_3510) {
        probCalc = l0op::Cast(probContiguous, op::DataType::DT_FLOAT, uniqueExecutor.get());
    }
    auto result = l0op::StatelessBernoulli(inputContiguous, probCalc, seed, offset, uniqueExecutor.get());
    auto copied = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnInplaceBernoulliTensorGetWorkspaceSize(const aclTensor* selfRef, const aclTensor* prob, int64_t seed,
                                                        int64_t offset, uint64_t* workspaceSize,
                                                        aclOpExecutor** executor)
{
    auto out = const_cast<aclTensor*>(selfRef);
    return aclnnBernoulliTensorGetWorkspaceSize(selfRef, prob, seed, offset, out, workspaceSize, executor);
}
