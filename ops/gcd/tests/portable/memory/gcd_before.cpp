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
 * \file gcd_before.cpp
 * \brief The original L0 Gcd in ops-math's idiom (the "before" side of the memory report): it allocates the
 *        broadcast output and launches the AI Core kernel on it. Not built.
 */
#include "gcd_before.h"

using namespace op;

namespace l0op {

OP_TYPE_REGISTER(Gcd);

static void GcdAiCore(const aclTensor* self, const aclTensor* other, aclTensor* out, aclOpExecutor* executor)
{
    L0_DFX(GcdAiCore, self, other, out);
    ADD_TO_LAUNCHER_LIST_AICORE(Gcd, OP_INPUT(self, other), OP_OUTPUT(out));
}

const aclTensor* Gcd(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    L0_DFX(Gcd, self, other);
    op::Shape broadcastShape;
    if (!BroadcastInferShape(self->GetViewShape(), other->GetViewShape(), broadcastShape)) {
        return nullptr;
    }
    aclTensor* gcdOut = executor->AllocTensor(broadcastShape, self->GetDataType());
    if (gcdOut == nullptr) {
        return nullptr;
    }
    GcdAiCore(self, other, gcdOut, executor);
    return gcdOut;
}

} // namespace l0op
