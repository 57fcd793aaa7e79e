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
 * \file reduce_all_infershape.cpp
 * \brief ReduceAll infershape: the reduced axes removed, or kept as 1 with keep_dims (axes are value-depend)
 */
#include <vector>

#include "log/log.h"
#include "register/op_impl_registry.h"
#include "reduce_all_tiling_core.h"

namespace ops {
namespace {
constexpr size_t INPUT_X_INDEX = 0;
constexpr size_t INPUT_AXES_INDEX = 1;
constexpr size_t OUTPUT_Y_INDEX = 0;
constexpr size_t ATTR_KEEP_DIMS_INDEX = 0;

template <typename T>
void AppendAxes(const gert::Tensor* axesTensor, std::vector<int64_t>& axes)
{
    const T* data = axesTensor->GetData<T>();
    for (int64_t i = 0; i < axesTensor->GetShapeSize(); ++i) {
        axes.push_back(static_cast<int64_t>(data[i]));
    }
}
} // namespace

static ge::graphStatus InferShapeForReduceAll(gert::InferShapeContext* context)
{
    const gert::Shape* xShape = context->GetInputShape(INPUT_X_INDEX);
    OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
    const gert::Tensor* axesTensor = context->GetInputTensor(INPUT_AXES_INDEX);
    OP_CHECK_NULL_WITH_CONTEXT(context, axesTensor);
    gert::Shape* yShape = context->GetOutputShape(OUTPUT_Y_INDEX);
    OP_CHECK_NULL_WITH_CONTEXT(context, yShape);
    const gert::RuntimeAttrs* attrs = context->GetAttrs();
    OP_CHECK_NULL_WITH_CONTEXT(context, attrs);
    const bool* keepDims = attrs->GetAttrPointer<bool>(ATTR_KEEP_DIMS_INDEX);
    const bool keepDim = keepDims != nullptr && *keepDims;

    std::vector<int64_t> axes;
    if (axesTensor->GetDataType() == ge::DT_INT32) {
        AppendAxes<int32_t>(axesTensor, axes);
    } else {
        AppendAxes<int64_t>(axesTensor, axes);
    }
    const int32_t rank = static_cast<int32_t>(xShape->GetDimNum());
    int64_t dims[REDUCE_ALL_MAX_DIM_NUM] = {};
    for (int32_t i = 0; i < rank && i < REDUCE_ALL_MAX_DIM_NUM; ++i) {
        dims[i] = xShape->GetDim(i);
    }
    ReduceAllTiling::AxisSplit split;
    const auto status = ReduceAllTiling::SplitAxes(dims, rank, axes.data(), static_cast<int32_t>(axes.size()), split);
    OP_CHECK_IF(status != ReduceAllTiling::Status::OK,
                OP_LOGE(context, "ReduceAll: invalid axes or shape (status %d).", static_cast<int32_t>(status)),
                return ge::GRAPH_FAILED);
    int64_t outDims[REDUCE_ALL_MAX_DIM_NUM] = {};
    const int32_t outRank = ReduceAllTiling::OutputShape(dims, split, keepDim, outDims);
    yShape->SetDimNum(outRank);
    for (int32_t i = 0; i < outRank; ++i) {
        yShape->SetDim(i, outDims[i]);
    }
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_INFERSHAPE(ReduceAll).InferShape(InferShapeForReduceAll).InputsDataDependency({INPUT_AXES_INDEX});
} // namespace ops
