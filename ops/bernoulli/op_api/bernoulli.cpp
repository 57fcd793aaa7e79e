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
 * \brief L0 of the private op BernoulliExpand: the DSA mask (l0op::DSAGenBitMask, out overload) in a UINT8 view
 *        of the output storage or, for outputs under 16 bytes, in 16 bytes of its own; the AI Core launch (checked:
 *        a failure returns nullptr after logging its status).
 */

#include "bernoulli.h"
#include "random/dsa_gen_bit_mask/op_host/op_api/dsa_gen_bit_mask.h"
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

static bool CheckBernoulliDtype(const aclTensor* input)
{
    if (!CheckType(input->GetDataType(), BERNOULLI_AICORE_DTYPES)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Bernoulli AI Core kernel needs a dtype of %s, got %s.",
                op::ToString(BERNOULLI_AICORE_DTYPES).GetString(), op::ToString(input->GetDataType()).GetString());
        return false;
    }
    return true;
}

// Bytes of one element of the kernel's dtypes (BERNOULLI_AICORE_DTYPES), as op_kernel/bernoulli_core.h OutputBytes.
static int64_t ElementBytes(op::DataType dtype)
{
    if (dtype == op::DataType::DT_DOUBLE || dtype == op::DataType::DT_INT64) {
        return 8;
    }
    if (dtype == op::DataType::DT_FLOAT || dtype == op::DataType::DT_INT32) {
        return 4;
    }
    if (dtype == op::DataType::DT_FLOAT16 || dtype == op::DataType::DT_BF16 || dtype == op::DataType::DT_INT16) {
        return 2;
    }
    return 1;
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
    aclTensor* yPrivate = executor->AllocTensor(input->GetViewShape(), input->GetDataType());
    if (yPrivate == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Bernoulli failed to allocate its private output.");
        return nullptr;
    }
    // DSAGenBitMask writes whole 16-byte blocks. They go into the first bytes of the output storage, which the kernel
    // then overwrites from the high addresses down, unless the output has fewer than 16 bytes: ViewCopy re-points a
    // contiguous private output at out's own N*S bytes, so there the mask takes 16 bytes of its own
    // (op_kernel/bernoulli_core.h MaskInOutput, the same rule).
    aclTensor* mask = nullptr;
    if (maskBytes <= count * ElementBytes(input->GetDataType())) {
        mask = executor->CreateView(yPrivate, op::Shape({maskBytes}), yPrivate->GetViewOffset());
        if (mask != nullptr) {
            mask->SetDataType(op::DataType::DT_UINT8);
        }
    } else {
        mask = executor->AllocTensor(op::Shape({maskBytes}), op::DataType::DT_UINT8);
    }
    if (mask == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Bernoulli failed to create its UINT8 mask.");
        return nullptr;
    }
    // DSA keeps (sets) a bit with probability 1 - dropout, so dropout = 1 - p gives P(output = 1) = p.
    const aclScalar* dropout = executor->AllocScalar(static_cast<float>(1 - probability));
    if (dropout == nullptr) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Bernoulli failed to allocate the dropout scalar.");
        return nullptr;
    }
    l0op::DSAGenBitMask(static_cast<uint64_t>(maskBytes * BITS_PER_BYTE), static_cast<uint64_t>(seed),
                        static_cast<uint64_t>(offset), dropout, mask, executor);
    // A failed launch has logged its status; nullptr makes the ACLNN entry fail with ACLNN_ERR_INNER_NULLPTR.
    if (BernoulliAiCore(input, mask, MODE_RANDOM_ALIASED, yPrivate, executor) != ACLNN_SUCCESS) {
        return nullptr;
    }
    return yPrivate;
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
