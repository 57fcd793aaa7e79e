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
 * \file reduce_all_tiling.cpp
 * \brief ReduceAll tiling adapter: reads the gert context and calls the portable core (reduce_all_tiling_core.h)
 */
#include <cstdint>
#include <vector>

#include "log/log.h"
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "reduce_all_tiling_core.h"

namespace optiling {
namespace {
constexpr size_t INPUT_X_INDEX = 0;
constexpr size_t INPUT_AXES_INDEX = 1;
constexpr uint32_t WORKSPACE_COUNT = 1;

struct ReduceAllCompileInfo {};

template <typename T>
void AppendAxes(const gert::Tensor* axesTensor, std::vector<int64_t>& axes)
{
    const T* data = axesTensor->GetData<T>();
    for (int64_t i = 0; i < axesTensor->GetShapeSize(); ++i) {
        axes.push_back(static_cast<int64_t>(data[i]));
    }
}

ge::graphStatus ReadAxes(gert::TilingContext* context, std::vector<int64_t>& axes)
{
    const gert::Tensor* axesTensor = context->GetInputTensor(INPUT_AXES_INDEX);
    OP_CHECK_NULL_WITH_CONTEXT(context, axesTensor);
    const ge::DataType dtype = axesTensor->GetDataType();
    OP_CHECK_IF(dtype != ge::DT_INT32 && dtype != ge::DT_INT64, OP_LOGE(context, "ReduceAll axes must be int32/int64."),
                return ge::GRAPH_FAILED);
    if (dtype == ge::DT_INT32) {
        AppendAxes<int32_t>(axesTensor, axes);
    } else {
        AppendAxes<int64_t>(axesTensor, axes);
    }
    return ge::GRAPH_SUCCESS;
}

// x's element size: the kernel reads x as bytes (op_kernel/reduce_all_tiling_data.h), 0 for a dtype it has no binary of.
int64_t ElementBytes(ge::DataType dtype)
{
    switch (dtype) {
        case ge::DT_BOOL:
        case ge::DT_INT8:
        case ge::DT_UINT8:
            return 1;
        case ge::DT_FLOAT16:
        case ge::DT_BF16:
            return 2;
        case ge::DT_FLOAT:
            return 4;
        default:
            return 0;
    }
}
} // namespace

static ge::graphStatus ReduceAllTilingFunc(gert::TilingContext* context)
{
    const gert::StorageShape* xShape = context->GetInputShape(INPUT_X_INDEX);
    OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
    auto xDesc = context->GetInputDesc(INPUT_X_INDEX);
    OP_CHECK_NULL_WITH_CONTEXT(context, xDesc);
    const int64_t elementBytes = ElementBytes(xDesc->GetDataType());
    OP_CHECK_IF(elementBytes == 0, OP_LOGE(context, "ReduceAll x must be bool/int8/uint8/float16/bfloat16/float."),
                return ge::GRAPH_FAILED);
    const gert::Shape& shape = xShape->GetStorageShape();
    const int32_t rank = static_cast<int32_t>(shape.GetDimNum());
    OP_CHECK_IF(rank > REDUCE_ALL_MAX_DIM_NUM, OP_LOGE(context, "ReduceAll supports rank <= 8."),
                return ge::GRAPH_FAILED);
    int64_t dims[REDUCE_ALL_MAX_DIM_NUM] = {};
    for (int32_t i = 0; i < rank; ++i) {
        dims[i] = shape.GetDim(i);
    }
    std::vector<int64_t> axes;
    OP_CHECK_IF(ReadAxes(context, axes) != ge::GRAPH_SUCCESS, OP_LOGE(context, "ReduceAll cannot read axes."),
                return ge::GRAPH_FAILED);

    auto ascendcPlatform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    ascendcPlatform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const int64_t coreNum = static_cast<int64_t>(ascendcPlatform.GetCoreNumAiv());

    const ReduceAllTiling::Result result = ReduceAllTiling::ComputeTiling(
        dims, rank, axes.data(), static_cast<int32_t>(axes.size()), coreNum, static_cast<int64_t>(ubSize), elementBytes);
    OP_CHECK_IF(result.status != ReduceAllTiling::Status::OK,
                OP_LOGE(context, "ReduceAll tiling failed (status %d).", static_cast<int32_t>(result.status)),
                return ge::GRAPH_FAILED);

    ReduceAllTilingData* tilingData = context->GetTilingData<ReduceAllTilingData>();
    OP_CHECK_NULL_WITH_CONTEXT(context, tilingData);
    *tilingData = result.data;
    context->SetBlockDim(static_cast<uint32_t>(result.blockDim));
    context->SetTilingKey(result.tilingKey);
    if (result.tilingKey == REDUCE_ALL_MODE_SPLIT) {
        // The split mode's SyncAll needs every core resident at once: batch schedule mode.
        context->SetScheduleMode(1);
    }
    size_t* workspaces = context->GetWorkspaceSizes(WORKSPACE_COUNT);
    OP_CHECK_NULL_WITH_CONTEXT(context, workspaces);
    // The split mode's per-core partials only: its hardware SyncAll needs no workspace and the kernel calls no API that
    // uses the 16 MiB system workspace, so the partials sit at the start of the workspace the kernel is given.
    workspaces[0] = static_cast<size_t>(result.userWorkspaceBytes);
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus TilingPrepareForReduceAll(gert::TilingParseContext* context)
{
    (void)context;
    return ge::GRAPH_SUCCESS;
}

IMPL_OP_OPTILING(ReduceAll).Tiling(ReduceAllTilingFunc).TilingParse<ReduceAllCompileInfo>(TilingPrepareForReduceAll);
} // namespace optiling
