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
 * \file floor_mod_tiling.cpp
 * \brief FloorMod host tiling: a thin adapter that reads the gert context and calls the portable tiling core
 *        (floor_mod_tiling_core.h), then sets block dim, the dtype tiling key and a zero workspace.
 */
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "log/log.h"
#include "floor_mod_tiling_core.h"
#include "../op_kernel/floor_mod_tiling_data.h"
#include "../op_kernel/floor_mod_tiling_key.h"

namespace optiling {
struct FloorModCompileInfo {
    uint32_t coreNum = 0;
    uint64_t ubSize = 0;
};

static bool ToCoreDType(ge::DataType dtype, FloorModTiling::DType& out)
{
    switch (dtype) {
        case ge::DT_FLOAT16:
            out = FloorModTiling::DType::FLOAT16;
            return true;
        case ge::DT_BF16:
            out = FloorModTiling::DType::BFLOAT16;
            return true;
        case ge::DT_FLOAT:
            out = FloorModTiling::DType::FLOAT32;
            return true;
        case ge::DT_INT32:
            out = FloorModTiling::DType::INT32;
            return true;
        case ge::DT_INT64:
            out = FloorModTiling::DType::INT64;
            return true;
        case ge::DT_DOUBLE:
            out = FloorModTiling::DType::DOUBLE;
            return true;
        default:
            return false;
    }
}

static FloorModTiling::Shape ToCoreShape(const gert::Shape& shape)
{
    FloorModTiling::Shape out{static_cast<uint32_t>(shape.GetDimNum()), {0}};
    for (size_t i = 0; i < shape.GetDimNum() && i < FloorModNs::MAX_DIM; ++i) {
        out.dims[i] = shape.GetDim(i);
    }
    return out;
}

static ge::graphStatus Tiling4FloorMod(gert::TilingContext* context)
{
    auto compileInfo = static_cast<const FloorModCompileInfo*>(context->GetCompileInfo());
    OP_CHECK_NULL_WITH_CONTEXT(context, compileInfo);
    auto x1 = context->GetInputShape(0);
    auto x2 = context->GetInputShape(1);
    auto y = context->GetOutputShape(0);
    auto x1Desc = context->GetInputDesc(0);
    auto x2Desc = context->GetInputDesc(1);
    auto yDesc = context->GetOutputDesc(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, x1);
    OP_CHECK_NULL_WITH_CONTEXT(context, x2);
    OP_CHECK_NULL_WITH_CONTEXT(context, y);
    OP_CHECK_NULL_WITH_CONTEXT(context, x1Desc);
    OP_CHECK_NULL_WITH_CONTEXT(context, x2Desc);
    OP_CHECK_NULL_WITH_CONTEXT(context, yDesc);
    ge::DataType dtype = x1Desc->GetDataType();
    FloorModTiling::DType coreDType;
    if (dtype != x2Desc->GetDataType() || dtype != yDesc->GetDataType() || !ToCoreDType(dtype, coreDType)) {
        OP_LOGE(context->GetNodeName(), "x1, x2 and y must share one supported dtype.");
        return ge::GRAPH_FAILED;
    }
    FloorModNs::FloorModTilingData td{};
    FloorModTiling::Platform platform{compileInfo->coreNum, compileInfo->ubSize};
    auto status = FloorModTiling::ComputeTiling(ToCoreShape(x1->GetStorageShape()), ToCoreShape(x2->GetStorageShape()),
                                                ToCoreShape(y->GetStorageShape()), coreDType, platform, td);
    if (status != FloorModTiling::Status::OK) {
        OP_LOGE(context->GetNodeName(), "FloorMod tiling failed with status %u.", static_cast<uint32_t>(status));
        return ge::GRAPH_FAILED;
    }
    auto tilingData = context->GetTilingData<FloorModNs::FloorModTilingData>();
    OP_CHECK_NULL_WITH_CONTEXT(context, tilingData);
    *tilingData = td;
    context->SetBlockDim(td.needCoreNum);
    context->SetTilingKey(GET_TPL_TILING_KEY(static_cast<uint32_t>(coreDType)));
    size_t* workspaces = context->GetWorkspaceSizes(1);
    OP_CHECK_NULL_WITH_CONTEXT(context, workspaces);
    workspaces[0] = 0; // the kernel broadcasts by stride: no GM workspace
    return ge::GRAPH_SUCCESS;
}

static ge::graphStatus TilingPrepare4FloorMod(gert::TilingParseContext* context)
{
    auto compileInfo = context->GetCompiledInfo<FloorModCompileInfo>();
    OP_CHECK_NULL_WITH_CONTEXT(context, compileInfo);
    auto ascendcPlatform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    compileInfo->coreNum = ascendcPlatform.GetCoreNumAiv();
    ascendcPlatform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, compileInfo->ubSize);
    return compileInfo->coreNum > 0 && compileInfo->ubSize > 0 ? ge::GRAPH_SUCCESS : ge::GRAPH_FAILED;
}

IMPL_OP_OPTILING(FloorMod).Tiling(Tiling4FloorMod).TilingParse<FloorModCompileInfo>(TilingPrepare4FloorMod);
} // namespace optiling
