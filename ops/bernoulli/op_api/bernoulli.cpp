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
 * \file bernoulli.cpp
 * \brief L0 of the private op BernoulliExpand: the output storage alias of the DSA mask, the DSA and AI Core launches
 *        (each checked; a failure returns nullptr after logging its status).
 */

#include "bernoulli.h"
#include "opdev/data_type_utils.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_arg_def.h"
#include "opdev/op_def.h"
#include "opdev/op_dfx.h"
#include "opdev/op_executor.h"
#include "opdev/op_log.h"
#include "opdev/shape_utils.h"

using namespace op;

namespace l0op {

OP_TYPE_REGISTER(BernoulliExpand);

static const int64_t MODE_RANDOM_ALIASED = 0;
static const int64_t MODE_ZERO = 1;
static const int64_t MODE_ONE = 2;
static const int64_t DSA_BLOCK_BITS = 128;
static const int64_t BITS_PER_BYTE = 8;
// DSAGenBitMask writes at least one 16-byte block; CreateView checks the mask shape against the output dtype
// before SetDataType(UINT8), so a private output of fewer than 16 elements is padded to 16.
static const int64_t MIN_PADDED_ELEMENTS = 16;
static const int64_t SENTINEL_ELEMENTS = 1;

static const std::initializer_list<op::DataType> BERNOULLI_AICORE_DTYPES = {
    op::DataType::DT_FLOAT16, op::DataType::DT_FLOAT, op::DataType::DT_BF16,  op::DataType::DT_DOUBLE,
    op::DataType::DT_INT8,    op::DataType::DT_UINT8, op::DataType::DT_INT16, op::DataType::DT_INT32,
    op::DataType::DT_INT64,   op::DataType::DT_BOOL};

static aclnnStatus BernoulliAiCore(const aclTensor* x, const aclTensor* mask, int64_t mode, aclTensor* y,
                                   aclOpExecutor* executor)
{
    L0_DFX(BernoulliAiCore, x, mask, mode, y);
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(BernoulliExpand, OP_INPUT(x, mask), OP_OUTPUT(y), OP_ATTR(mode));
    OP_CHECK(ret == ACLNN_SUCCESS,
             OP_LOGE(ret, "BernoulliAiCore ADD_TO_LAUNCHER_LIST_AICORE failed with status %d.", static_cast<int>(ret)),
             return ret);
    return ACLNN_SUCCESS;
}

// The DSAGenBitMask launch into `mask`, as the out overload of ops-math's l0op::DSAGenBitMask makes it. That overload
// returns void and the framework's DSA registration (CreatDSAKernelLauncher) reports no status, so the one step
// that can fail, building the argument context, is checked here instead of being passed on unseen.
static bool LaunchDsaMask(uint64_t count, uint64_t seed, uint64_t offset, const aclScalar* dropout, aclTensor* mask,
                          aclOpExecutor* executor)
{
    L0_DFX(LaunchDsaMask, count, seed, offset, dropout, mask);
    op::OpArgContext* args = op::GetOpArgContext(OP_INPUT(count, seed, offset, dropout), OP_OUTPUT(mask), OP_ATTR(0));
    if (args == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Bernoulli failed to build the DSAGenBitMask argument context.");
        return false;
    }
    static const uint32_t dsaGenBitMaskOpType = op::GenOpTypeId("DSAGenBitMask");
    CreatDSAKernelLauncher("DSAGenBitMask", dsaGenBitMaskOpType, DSAGenBitMaskTaskType, executor, args);
    return true;
}

static bool CheckBernoulliDtype(const aclTensor* input)
{
    if (!CheckType(input->GetDataType(), BERNOULLI_AICORE_DTYPES)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Bernoulli AI Core kernel needs a dtype of %s, got %s.",
                op::ToString(BERNOULLI_AICORE_DTYPES).GetString(), op::ToString(input->GetDataType()).GetString());
        return false;
    }
    return true;
}

const aclTensor* BernoulliRandom(const aclTensor* input, double probability, int64_t seed, int64_t offset,
                                 aclOpExecutor* executor)
{
    L0_DFX(BernoulliRandom, input, probability, seed, offset);
    if (!CheckBernoulliDtype(input)) {
        return nullptr;
    }
    const int64_t count = input->GetViewShape().GetShapeSize();
    const int64_t maskBytes = (count + DSA_BLOCK_BITS - 1) / DSA_BLOCK_BITS * DSA_BLOCK_BITS / BITS_PER_BYTE;
    const bool padded = count < MIN_PADDED_ELEMENTS;
    aclTensor* yPrivate = padded ? executor->AllocTensor(op::Shape({MIN_PADDED_ELEMENTS}), input->GetDataType())
                                 : executor->AllocTensor(input->GetViewShape(), input->GetDataType());
    if (yPrivate == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Bernoulli failed to allocate its private output.");
        return nullptr;
    }
    // The packed mask is a UINT8 view of the output storage: no HBM of its own.
    aclTensor* mask = executor->CreateView(yPrivate, op::Shape({maskBytes}), yPrivate->GetViewOffset());
    if (mask == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Bernoulli failed to create the UINT8 mask view of its output.");
        return nullptr;
    }
    mask->SetDataType(op::DataType::DT_UINT8);
    // DSA keeps (sets) a bit with probability 1 - dropout, so dropout = 1 - p gives P(output = 1) = p.
    const aclScalar* dropout = executor->AllocScalar(static_cast<float>(1 - probability));
    if (dropout == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Bernoulli failed to allocate the dropout scalar.");
        return nullptr;
    }
    if (!LaunchDsaMask(static_cast<uint64_t>(maskBytes * BITS_PER_BYTE), static_cast<uint64_t>(seed),
                       static_cast<uint64_t>(offset), dropout, mask, executor)) {
        return nullptr;
    }
    // A failed launch has logged its status; nullptr makes the ACLNN entry fail with ACLNN_ERR_INNER_NULLPTR.
    if (BernoulliAiCore(input, mask, MODE_RANDOM_ALIASED, yPrivate, executor) != ACLNN_SUCCESS) {
        return nullptr;
    }
    if (!padded) {
        return yPrivate;
    }
    return executor->CreateView(yPrivate, input->GetViewShape(), yPrivate->GetViewOffset());
}

const aclTensor* BernoulliConstant(const aclTensor* input, bool value, aclOpExecutor* executor)
{
    L0_DFX(BernoulliConstant, input, value);
    if (!CheckBernoulliDtype(input)) {
        return nullptr;
    }
    aclTensor* out = executor->AllocTensor(input->GetViewShape(), input->GetDataType());
    if (out == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Bernoulli failed to allocate its output.");
        return nullptr;
    }
    // The two-input prototype needs a mask; the constant modes never read it, so a one-byte view of out serves.
    aclTensor* sentinel = executor->CreateView(out, op::Shape({SENTINEL_ELEMENTS}), out->GetViewOffset());
    if (sentinel == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Bernoulli failed to create its mask sentinel.");
        return nullptr;
    }
    sentinel->SetDataType(op::DataType::DT_UINT8);
    if (BernoulliAiCore(input, sentinel, value ? MODE_ONE : MODE_ZERO, out, executor) != ACLNN_SUCCESS) {
        return nullptr;
    }
    return out;
}

}  // namespace l0op
