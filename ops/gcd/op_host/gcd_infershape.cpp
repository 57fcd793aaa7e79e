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
 * \file gcd_infershape.cpp
 * \brief Gcd InferShape: the output shape is the NumPy broadcast of x1 and x2.
 */

#include "register/op_impl_registry.h"
#include "log/log.h"

using namespace ge;

namespace ops {

static constexpr size_t GCD_INPUT_X1 = 0;
static constexpr size_t GCD_INPUT_X2 = 1;
static constexpr size_t GCD_OUTPUT_Y = 0;

static ge::graphStatus InferShapeForGcd(gert::InferShapeContext* context)
{
    const gert::Shape* x1Shape = context->GetInputShape(GCD_INPUT_X1);
    const gert::Shape* x2Shape = context->GetInputShape(GCD_INPUT_X2);
    gert::Shape* yShape = context->GetOutputShape(GCD_OUTPUT_Y);
    OP_CHECK_NULL_WITH_CONTEXT(context, x1Shape);
    OP_CHECK_NULL_WITH_CONTEXT(context, x2Shape);
    OP_CHECK_NULL_WITH_CONTEXT(context, yShape);

    const size_t x1Rank = x1Shape->GetDimNum();
    const size_t x2Rank = x2Shape->GetDimNum();
    const size_t rank = x1Rank > x2Rank ? x1Rank : x2Rank;
    yShape->SetDimNum(rank);
    for (size_t i = 0; i < rank; ++i) {
        // Right-aligned: a missing leading dim counts as 1.
        const int64_t d1 = i + x1Rank >= rank ? x1Shape->GetDim(i + x1Rank - rank) : 1;
        const int64_t d2 = i + x2Rank >= rank ? x2Shape->GetDim(i + x2Rank - rank) : 1;
        OP_CHECK_IF(d1 != d2 && d1 != 1 && d2 != 1,
                    OP_LOGE(context, "Gcd inputs cannot broadcast at dim %zu: %ld vs %ld", i, d1, d2),
                    return ge::GRAPH_FAILED);
        yShape->SetDim(i, d1 == 1 ? d2 : d1);
    }
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_INFERSHAPE(Gcd).InferShape(InferShapeForGcd);

} // namespace ops
