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
 * \file floor_mod.h
 * \brief L0 FloorMod: a private result, or written into a given out (the native kernel only).
 */
#ifndef OP_API_INC_LEVEL0_FLOOR_MOD_H_
#define OP_API_INC_LEVEL0_FLOOR_MOD_H_

#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* FloorMod(const aclTensor* x1, const aclTensor* x2, aclOpExecutor* executor);
const aclTensor* FloorMod(const aclTensor* x1, const aclTensor* x2, const aclTensor* out, aclOpExecutor* executor);
} // namespace l0op

#endif // OP_API_INC_LEVEL0_FLOOR_MOD_H_
