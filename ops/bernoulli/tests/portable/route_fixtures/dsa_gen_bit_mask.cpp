/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Test fixture written for op-migrate (not ops-math code): the two l0op::DSAGenBitMask overloads of ops-math's
// random/dsa_gen_bit_mask/op_host/op_api, reduced to what the route analysis reads. The out overload launches the
// DSA generator into a caller tensor; the other allocates the UINT8 mask itself.
#include "dsa_gen_bit_mask.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;
namespace l0op {
OP_TYPE_REGISTER(DSAGenBitMask);

static const int64_t BITS_PER_BYTE = 8;

void DSAGenBitMask(uint64_t count, uint64_t seed, uint64_t offset, const aclScalar* dropout, aclTensor* out,
                   aclOpExecutor* executor)
{
    L0_DFX(DSAGenBitMask, count, seed, offset, dropout);
    ADD_TO_LAUNCHER_LIST_DSA(DSAGenBitMask, OP_INPUT(count, seed, offset, dropout), OP_OUTPUT(out), OP_ATTR(0));
}

const aclTensor* DSAGenBitMask(uint64_t count, uint64_t seed, uint64_t offset, const aclScalar* dropout,
                               aclOpExecutor* executor)
{
    L0_DFX(DSAGenBitMask, count, seed, offset, dropout);
    auto out = executor->AllocTensor(op::Shape{static_cast<int64_t>(count) / BITS_PER_BYTE}, op::DataType::DT_UINT8);
    if (out == nullptr) {
        return nullptr;
    }
    ADD_TO_LAUNCHER_LIST_DSA(DSAGenBitMask, OP_INPUT(count, seed, offset, dropout), OP_OUTPUT(out), OP_ATTR(0));
    return out;
}
}  // namespace l0op
