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
 * \file aclnn_bernoulli.h
 * \brief aclnnBernoulli / aclnnInplaceBernoulli (scalar probability) and aclnnBernoulliTensor /
 *        aclnnInplaceBernoulliTensor (probability tensor): the two-phase ACLNN API of ops-math's aclnn_bernoulli.h.
 */
#ifndef OP_API_INC_ACLNN_BERNOULLI_H_
#define OP_API_INC_ACLNN_BERNOULLI_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief First phase of aclnnBernoulli: out[i] = 1 with probability prob, else 0, in self's dtype and shape.
 * @param [in] self: shape / dtype / format source; its values are not read. Atlas A2/A3: FLOAT16, FLOAT, BFLOAT16,
 *                   DOUBLE, INT8, UINT8, INT16, INT32, INT64, BOOL; ND (public non-private formats accepted);
 *                   rank <= 8.
 * @param [in] prob: scalar probability in [0, 1]. Atlas A2/A3: FLOAT, FLOAT16, DOUBLE, BFLOAT16.
 * @param [in] seed: random seed.
 * @param [in] offset: random offset, a multiple of 4.
 * @param [out] out: same shape and dtype as self; may be non-contiguous.
 * @param [out] workspaceSize: device workspace size.
 * @param [out] executor: the op executor.
 */
ACLNN_API aclnnStatus aclnnBernoulliGetWorkspaceSize(const aclTensor* self, const aclScalar* prob, int64_t seed,
                                                     int64_t offset, aclTensor* out, uint64_t* workspaceSize,
                                                     aclOpExecutor** executor);

ACLNN_API aclnnStatus aclnnBernoulli(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                     aclrtStream stream);

/**
 * @brief First phase of aclnnBernoulliTensor: out[i] = 1 with probability prob[i] (the existing StatelessBernoulli
 *        chain on every architecture).
 * @param [in] self: as for aclnnBernoulli.
 * @param [in] prob: device tensor of probabilities in [0, 1]; may be non-contiguous; rank <= 8.
 *                   Atlas A2/A3: FLOAT, FLOAT16, DOUBLE, BFLOAT16.
 * @param [in] seed: random seed.
 * @param [in] offset: random offset.
 * @param [out] out: same shape and dtype as self; may be non-contiguous.
 * @param [out] workspaceSize: device workspace size.
 * @param [out] executor: the op executor.
 */
ACLNN_API aclnnStatus aclnnBernoulliTensorGetWorkspaceSize(const aclTensor* self, const aclTensor* prob, int64_t seed,
                                                           int64_t offset, aclTensor* out, uint64_t* workspaceSize,
                                                           aclOpExecutor** executor);

ACLNN_API aclnnStatus aclnnBernoulliTensor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                           aclrtStream stream);

/**
 * @brief First phase of aclnnInplaceBernoulli: selfRef is overwritten with the 0 / 1 result.
 */
ACLNN_API aclnnStatus aclnnInplaceBernoulliGetWorkspaceSize(const aclTensor* selfRef, const aclScalar* prob,
                                                            int64_t seed, int64_t offset, uint64_t* workspaceSize,
                                                            aclOpExecutor** executor);

ACLNN_API aclnnStatus aclnnInplaceBernoulli(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                            aclrtStream stream);

/**
 * @brief First phase of aclnnInplaceBernoulliTensor: selfRef is overwritten with 1 with probability prob[i], else 0.
 */
ACLNN_API aclnnStatus aclnnInplaceBernoulliTensorGetWorkspaceSize(const aclTensor* selfRef, const aclTensor* prob,
                                                                  int64_t seed, int64_t offset, uint64_t* workspaceSize,
                                                                  aclOpExecutor** executor);

ACLNN_API aclnnStatus aclnnInplaceBernoulliTensor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                  aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif  // OP_API_INC_ACLNN_BERNOULLI_H_
