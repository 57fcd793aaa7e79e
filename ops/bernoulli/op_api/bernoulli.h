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
 * \file bernoulli.h
 * \brief L0 helpers of the private op BernoulliExpand (aclnnBernoulli's native path on DAV_2201).
 */
#ifndef OP_API_INC_LEVEL0_OP_BERNOULLI_OP_H_
#define OP_API_INC_LEVEL0_OP_BERNOULLI_OP_H_

#include "opdev/op_executor.h"

namespace l0op {
// 0 < probability < 1: allocates the private output, lets DSAGenBitMask (dropout = 1 - probability) write the
// packed mask into a UINT8 view of that same storage (into 16 bytes of its own when the output has fewer), and
// launches BernoulliExpand in RANDOM_ALIASED mode to expand it in place. Returns a tensor of input's shape and dtype.
const aclTensor* BernoulliRandom(const aclTensor* input, double probability, int64_t seed, int64_t offset,
                                 aclOpExecutor* executor);

// p == 0 / p == 1 for the whitelisted dtypes: launches BernoulliExpand in ZERO / ONE mode; no mask, no DSA.
const aclTensor* BernoulliConstant(const aclTensor* input, bool value, aclOpExecutor* executor);
}  // namespace l0op

#endif  // OP_API_INC_LEVEL0_OP_BERNOULLI_OP_H_
