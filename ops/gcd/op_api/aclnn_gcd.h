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
 * \file aclnn_gcd.h
 * \brief aclnnGcd: out = gcd(self, other) elementwise with broadcast.
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_GCD_H_
#define OP_API_INC_LEVEL2_ACLNN_GCD_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

/**
 * @brief First phase of aclnnGcd: checks the parameters and returns the workspace size and the executor.
 * @param [in] self: ND, rank 0-8, may be non-contiguous; promoted with other to FLOAT, FLOAT16, BFLOAT16, INT8, UINT8,
 *                   INT16, INT32 or INT64 on Ascend910B / Ascend910_93, UINT8, INT8, INT16, INT32 or INT64 on Ascend950,
 *                   INT32 on Ascend910 and INT32, INT16 or INT64 elsewhere (the built-in aclnnGcd's lists).
 * @param [in] other: broadcastable with self; self and other are not both BOOL.
 * @param [out] out: the broadcast shape; an integral dtype (or, on Ascend910B / Ascend910_93, FLOAT, FLOAT16 or
 *                   BFLOAT16) the promoted dtype can be cast to, may be non-contiguous.
 * @param [out] workspaceSize: workspace bytes needed on the device.
 * @param [out] executor: the op executor holding the computation.
 * @return aclnnStatus
 */
ACLNN_API aclnnStatus aclnnGcdGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                               uint64_t* workspaceSize, aclOpExecutor** executor);

/**
 * @brief Second phase of aclnnGcd: runs the computation.
 * @param [in] workspace: device workspace of workspaceSize bytes.
 * @param [in] workspaceSize: from aclnnGcdGetWorkspaceSize.
 * @param [in] executor: from aclnnGcdGetWorkspaceSize.
 * @param [in] stream: the ACL stream.
 * @return aclnnStatus
 */
ACLNN_API aclnnStatus aclnnGcd(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif // OP_API_INC_LEVEL2_ACLNN_GCD_H_
