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
 * \file floor_mod_infershape.cpp
 * \brief FloorMod InferShape: y is the right-aligned broadcast of x1 and x2.
 */
#include "register/op_impl_registry.h"
#include "log/log.h"

using namespace ge;

namespace ops {
static ge::graphStatus InferShape4FloorMod(gert::InferShapeContext* context)
{
    const gert::Shape* x1Shape = context->GetInputShape(0);
    const gert::Shape* x2Shape = context->GetInputShape(1);
    gert::Shape* yShape = context->GetOutputShape(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, x1Shape);
    OP_CHECK_NULL_WITH_CONTEXT(context, x2Shape);
    OP_CHECK_NULL_WITH_CONTEXT(context, yShape);

    size_t rank1 = x1Shape->GetDimNum();
    size_t rank2 = x2Shape->GetDimNum();
    size_t rank = rank1 > rank2 ? rank1 : rank2;
    yShape->SetDimNum(rank);
    for (size_t i = 0; i < rank; ++i) {
        int64_t a = i + rank1 >= rank ? x1Shape->GetDim(i + rank1 - rank) : 1;
        int64_t b = i + rank2 >= rank ? x2Shape->GetDim(i + rank2 - rank) : 1;
        if (a != b && a != 1 && b != 1) {
            OP_LOGE(context->GetNodeName(), "x1 dim %zu (%ld) and x2 dim (%ld) do not broadcast.", i, a, b);
            return ge::GRAPH_FAILED;
        }
        yShape->SetDim(i, a == 1 ? b : a);
    }
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_INFERSHAPE(FloorMod).InferShape(InferShape4FloorMod);
} // namespace ops
