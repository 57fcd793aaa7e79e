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
 * \file bernoulli_infershape.cpp
 * \brief Bernoulli y has x's shape (the dtype follows from the OpDef); the mask input does not shape y.
 */
#include "register/op_impl_registry.h"
#include "log/log.h"

using namespace ge;

namespace ops {

static constexpr size_t BERNOULLI_INPUT_X = 0;
static constexpr size_t BERNOULLI_OUTPUT_Y = 0;

static ge::graphStatus InferShapeForBernoulli(gert::InferShapeContext* context)
{
    const gert::Shape* xShape = context->GetInputShape(BERNOULLI_INPUT_X);
    gert::Shape* yShape = context->GetOutputShape(BERNOULLI_OUTPUT_Y);
    OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
    OP_CHECK_NULL_WITH_CONTEXT(context, yShape);
    *yShape = *xShape;
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus InferDataTypeForBernoulli(gert::InferDataTypeContext* context)
{
    context->SetOutputDataType(BERNOULLI_OUTPUT_Y, context->GetInputDataType(BERNOULLI_INPUT_X));
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_INFERSHAPE(BernoulliExpand).InferShape(InferShapeForBernoulli).InferDataType(InferDataTypeForBernoulli);

}  // namespace ops
