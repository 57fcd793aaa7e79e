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
 * \file aclnn_remainder.h
 * \brief The five two-phase remainder APIs (torch.remainder): Tensor-Tensor, Tensor-Scalar, Scalar-Tensor and the
 *        in-place Tensor-Tensor / Tensor-Scalar forms. Same entry points and parameter types as the built-in
 *        aclnn_remainder.h; on Ascend910B / Ascend910_93 they run the stride-aware FloorMod kernel.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_REMAINDER_H_
#define OP_API_INC_LEVEL2_ACLNN_REMAINDER_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief First phase of aclnnRemainderTensorTensor: out = self - floor(self / other) * other, broadcast.
 * The non-zero result has other's sign. self/other: ND device tensors whose promoted dtype is supported; out: the
 * broadcast shape, a dtype the promoted dtype casts to. Non-contiguous tensors are accepted.
 */
ACLNN_API aclnnStatus aclnnRemainderTensorTensorGetWorkspaceSize(const aclTensor* self, const aclTensor* other,
                                                                 aclTensor* out, uint64_t* workspaceSize,
                                                                 aclOpExecutor** executor);

/**
 * @brief Second phase of aclnnRemainderTensorTensor: runs the executor built by the first phase.
 */
ACLNN_API aclnnStatus aclnnRemainderTensorTensor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                 aclrtStream stream);

/**
 * @brief First phase of aclnnRemainderTensorScalar: out = remainder(self, other) with a host scalar other.
 * out has self's shape.
 */
ACLNN_API aclnnStatus aclnnRemainderTensorScalarGetWorkspaceSize(const aclTensor* self, const aclScalar* other,
                                                                 aclTensor* out, uint64_t* workspaceSize,
                                                                 aclOpExecutor** executor);

/**
 * @brief Second phase of aclnnRemainderTensorScalar.
 */
ACLNN_API aclnnStatus aclnnRemainderTensorScalar(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                 aclrtStream stream);

/**
 * @brief First phase of aclnnRemainderScalarTensor: out = remainder(self, other) with a host scalar self.
 * out has other's shape and the compute dtype.
 */
ACLNN_API aclnnStatus aclnnRemainderScalarTensorGetWorkspaceSize(const aclScalar* self, const aclTensor* other,
                                                                 aclTensor* out, uint64_t* workspaceSize,
                                                                 aclOpExecutor** executor);

/**
 * @brief Second phase of aclnnRemainderScalarTensor.
 */
ACLNN_API aclnnStatus aclnnRemainderScalarTensor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                                 aclrtStream stream);

/**
 * @brief First phase of aclnnInplaceRemainderTensorTensor: selfRef = remainder(selfRef, other); the broadcast
 * shape must equal selfRef's shape.
 */
ACLNN_API aclnnStatus aclnnInplaceRemainderTensorTensorGetWorkspaceSize(aclTensor* selfRef, const aclTensor* other,
                                                                        uint64_t* workspaceSize,
                                                                        aclOpExecutor** executor);

/**
 * @brief Second phase of aclnnInplaceRemainderTensorTensor.
 */
ACLNN_API aclnnStatus aclnnInplaceRemainderTensorTensor(void* workspace, uint64_t workspaceSize,
                                                        aclOpExecutor* executor, aclrtStream stream);

/**
 * @brief First phase of aclnnInplaceRemainderTensorScalar: selfRef = remainder(selfRef, other) with a host scalar.
 */
ACLNN_API aclnnStatus aclnnInplaceRemainderTensorScalarGetWorkspaceSize(aclTensor* selfRef, const aclScalar* other,
                                                                        uint64_t* workspaceSize,
                                                                        aclOpExecutor** executor);

/**
 * @brief Second phase of aclnnInplaceRemainderTensorScalar.
 */
ACLNN_API aclnnStatus aclnnInplaceRemainderTensorScalar(void* workspace, uint64_t workspaceSize,
                                                        aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif // OP_API_INC_LEVEL2_ACLNN_REMAINDER_H_
