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
 * \file squeeze.cpp
 * \brief L0 SqueezeNd: removes one size-1 dim by creating a view on the same storage (no kernel, no bytes).
 */
#include "squeeze.h"

#include "opdev/op_dfx.h"
#include "opdev/op_log.h"

using namespace op;

namespace l0op {

const aclTensor* SqueezeNd(const aclTensor* x, int64_t dim, aclOpExecutor* executor)
{
    L0_DFX(SqueezeNd, x, dim);
    op::Shape newShape;
    const auto& shape = x->GetViewShape();
    for (size_t i = 0; i < shape.GetDimNum(); i++) {
        if (static_cast<int64_t>(i) != dim || shape.GetDim(i) != 1) {
            newShape.AppendDim(shape.GetDim(i));
        }
    }
    return executor->CreateView(x, newShape, x->GetViewOffset());
}

} // namespace l0op
