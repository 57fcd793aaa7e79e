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
 * \file gcd.h
 * \brief L0 interface of Gcd.
 */
#ifndef OP_API_INC_LEVEL0_OP_GCD_OP_H_
#define OP_API_INC_LEVEL0_OP_GCD_OP_H_

#include "opdev/op_executor.h"

namespace l0op {
// Allocates the broadcast output and launches the AI Core Gcd kernel on it (any SoC, the dtypes of its kernel);
// nullptr when the dtypes, the shapes or the launch fail.
const aclTensor* Gcd(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor);

// Launches the AI Core Gcd kernel straight into a contiguous out of the broadcast shape and the inputs' dtype
// (the kernel of this package writes out directly; used on Ascend910B / Ascend910_93).
const aclTensor* GcdToOutput(const aclTensor* self, const aclTensor* other, aclTensor* out, aclOpExecutor* executor);
} // namespace l0op

#endif // OP_API_INC_LEVEL0_OP_GCD_OP_H_
