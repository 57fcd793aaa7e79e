/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Test fixture written for op-migrate (not ops-math code): l0op::StatelessBernoulli of ops-math's
// random/stateless_bernoulli/op_api, reduced to what the route analysis reads. It allocates an output of the input's
// shape and dtype and launches the AI Core kernel only on RegBase (arch35) for its AI Core dtypes; everywhere else,
// Atlas A2/A3 included, the generator is the AI CPU kernel.
#include "stateless_bernoulli.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/platform.h"

using namespace op;
namespace l0op {
OP_TYPE_REGISTER(StatelessBernoulli);

static const std::initializer_list<DataType> AICORE_OUT_DTYPES = {
    DataType::DT_INT8,  DataType::DT_UINT8,  DataType::DT_INT16, DataType::DT_UINT16, DataType::DT_INT32,
    DataType::DT_UINT32, DataType::DT_INT64, DataType::DT_UINT64, DataType::DT_FLOAT, DataType::DT_FLOAT16,
    DataType::DT_BF16,  DataType::DT_BOOL};
static const std::initializer_list<DataType> AICORE_PROB_DTYPES = {DataType::DT_FLOAT, DataType::DT_FLOAT16,
                                                                   DataType::DT_BF16};

const aclTensor* StatelessBernoulli(const aclTensor* input, const aclTensor* prob, int64_t seed, int64_t offset,
                                    aclOpExecutor* executor)
{
    L0_DFX(StatelessBernoulli, input, prob, seed, offset);
    auto out = executor->AllocTensor(input->GetViewShape(), input->GetDataType(), input->GetViewFormat());
    if (out == nullptr) {
        return nullptr;
    }
    if (IsRegBase() && CheckType(out->GetDataType(), AICORE_OUT_DTYPES) &&
        CheckType(prob->GetDataType(), AICORE_PROB_DTYPES)) {
        ADD_TO_LAUNCHER_LIST_AICORE(StatelessBernoulli, OP_INPUT(input, prob, seed, offset), OP_OUTPUT(out));
        return out;
    }
    ADD_TO_LAUNCHER_LIST_AICPU(StatelessBernoulli, OP_INPUT(input, prob, seed, offset), OP_OUTPUT(out));
    return out;
}
}  // namespace l0op
