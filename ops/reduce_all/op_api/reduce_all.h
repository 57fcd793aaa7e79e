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
 * \file reduce_all.h
 * \brief L0 ReduceAll: the Ascend C kernel (Ascend910B / Ascend910_93) or the built-in kernel (other SoCs), AI Core
 */
#ifndef OP_API_INC_LEVEL0_REDUCE_ALL_H_
#define OP_API_INC_LEVEL0_REDUCE_ALL_H_

#include "opdev/common_types.h"
#include "opdev/op_executor.h"

namespace l0op {
// Ascend910B / Ascend910_93, the Ascend C kernel: self BOOL, INT8 or UINT8 (non-zero is True), y BOOL. outShape is
// the reduced shape of self over dim (keepdim keeps reduced axes as 1), already checked by the caller.
const aclTensor* ReduceAll(const aclTensor* self, const aclIntArray* dim, bool keepdim, const op::Shape& outShape,
                           aclOpExecutor* executor);

// Other SoCs, the built-in kernel the replaced chain launches there: self BOOL (or float types on DAV_3510), y BOOL.
const aclTensor* ReduceAllBuiltin(const aclTensor* self, const aclIntArray* dim, bool keepdim, aclOpExecutor* executor);
} // namespace l0op

#endif // OP_API_INC_LEVEL0_REDUCE_ALL_H_
