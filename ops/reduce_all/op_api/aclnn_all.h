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
 * \file aclnn_all.h
 * \brief aclnnAll: logical AND (non-zero is True) of a tensor over any axes (two-phase L2 API)
 */
#ifndef OP_API_INC_LEVEL2_ACLNN_ALL_H_
#define OP_API_INC_LEVEL2_ACLNN_ALL_H_

#include "aclnn/aclnn_base.h"
#include "aclnn_util.h"

#ifdef __cplusplus
extern "C" {
#endif

// Public macros of the aclnn_all.h this header replaces (ops-math math/reduce_all), kept for code that uses them.
#define ACLNN_MAX_SHAPE_RANK 8
#define DIM_BITS_LEN 64

/**
 * @brief aclnnAll 的第一段接口，根据具体的计算流程，计算 workspace 大小。
 * @domain aclnn_math
 * @param [in] self: 非零即 True，ND，维度不超过 8，支持非连续 Tensor。Ascend910B / Ascend910_93 上支持 FLOAT、FLOAT16、
 * BFLOAT16、UINT8、INT8、INT16、INT32、INT64、BOOL、DOUBLE（BOOL、INT8、UINT8 由 Ascend C kernel 直接读取，其余先 Cast 为
 * BOOL）；其他产品同被替换的 aclnnAll（无 BFLOAT16，RegBase 产品除外）。
 * @param [in] dim: 归约轴，可为负数、可不相邻、不可重复；为空时归约所有轴。
 * @param [in] keepdim: 是否保留归约轴（保留为 1）。
 * @param [in] out: BOOL 或 UINT8 张量，shape 为 self 去掉（或保留为 1）归约轴后的 shape。
 * @param [out] workspaceSize: 返回需要在 npu device 侧申请的 workspace 大小。
 * @param [out] executor: 返回 op 执行器，包含算子计算流程。
 * @return aclnnStatus: 返回状态码。
 */
ACLNN_API aclnnStatus aclnnAllGetWorkspaceSize(const aclTensor* self, const aclIntArray* dim, bool keepdim,
                                               aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);

/**
 * @brief aclnnAll 的第二段接口，用于执行计算。
 * @param [in] workspace: 在 npu device 侧申请的 workspace 内存起址。
 * @param [in] workspaceSize: 在 npu device 侧申请的 workspace 大小，由第一段接口获取。
 * @param [in] executor: op 执行器，包含了算子计算流程。
 * @param [in] stream: acl stream 流。
 * @return aclnnStatus: 返回状态码。
 */
ACLNN_API aclnnStatus aclnnAll(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

#ifdef __cplusplus
}
#endif

#endif // OP_API_INC_LEVEL2_ACLNN_ALL_H_
