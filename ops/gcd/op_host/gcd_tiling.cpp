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
 * \file gcd_tiling.cpp
 * \brief Gcd tiling: a thin adapter from gert::TilingContext to the portable core in gcd_tiling_core.h.
 */

#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "log/log.h"
#include "gcd_tiling_core.h"
#include "../op_kernel/gcd_tiling_data.h"
#include "../op_kernel/gcd_tiling_key.h"

namespace optiling {

struct GcdCompileInfo {
    int64_t coreNum = 0;
    int64_t ubSize = 0;
};

namespace {

uint64_t GcdDtypeCode(ge::DataType dtype)
{
    switch (dtype) {
        case ge::DT_INT8:
            return GCD_DTYPE_INT8;
        case ge::DT_UINT8:
            return GCD_DTYPE_UINT8;
        case ge::DT_INT16:
            return GCD_DTYPE_INT16;
        case ge::DT_FLOAT16:
            return GCD_DTYPE_FLOAT16;
        case ge::DT_BF16:
            return GCD_DTYPE_BF16;
        case ge::DT_FLOAT:
            return GCD_DTYPE_FLOAT;
        case ge::DT_INT32:
            return GCD_DTYPE_INT32;
        case ge::DT_INT64:
            return GCD_DTYPE_INT64;
        default:
            return 0;
    }
}

// The kernel inputs arrive contiguous (aclnnGcd makes them so), so the view strides are the row-major ones.
GcdTiling::TensorView ContiguousView(const gert::Shape& shape)
{
    GcdTiling::TensorView view{};
    // A rank-0 tensor is one element; the tiling core works on rank >= 1.
    view.rank = shape.GetDimNum() == 0 ? 1 : static_cast<int64_t>(shape.GetDimNum());
    int64_t stride = 1;
    for (int64_t i = view.rank - 1; i >= 0; --i) {
        view.shape[i] = shape.GetDimNum() == 0 ? 1 : shape.GetDim(i);
        view.strides[i] = stride;
        stride *= view.shape[i];
    }
    return view;
}

ge::graphStatus TilingForGcd(gert::TilingContext* context)
{
    OP_CHECK_NULL_WITH_CONTEXT(context, context);
    auto selfShape = context->GetInputShape(0);
    auto otherShape = context->GetInputShape(1);
    auto selfDesc = context->GetInputDesc(0);
    auto otherDesc = context->GetInputDesc(1);
    auto outDesc = context->GetOutputDesc(0);
    OP_CHECK_NULL_WITH_CONTEXT(context, selfShape);
    OP_CHECK_NULL_WITH_CONTEXT(context, otherShape);
    OP_CHECK_NULL_WITH_CONTEXT(context, selfDesc);
    OP_CHECK_NULL_WITH_CONTEXT(context, otherDesc);
    OP_CHECK_NULL_WITH_CONTEXT(context, outDesc);
    const ge::DataType dtype = selfDesc->GetDataType();
    OP_CHECK_IF(otherDesc->GetDataType() != dtype || outDesc->GetDataType() != dtype,
                OP_LOGE(context, "Gcd needs self, other and out of one dtype"), return ge::GRAPH_FAILED);

    auto ascendcPlatform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    ascendcPlatform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);

    GcdTiling::TilingInput input{};
    input.dtypeCode = GcdDtypeCode(dtype);
    input.self = ContiguousView(selfShape->GetStorageShape());
    input.other = ContiguousView(otherShape->GetStorageShape());
    input.coreNum = static_cast<int64_t>(ascendcPlatform.GetCoreNumAiv());
    input.ubSize = static_cast<int64_t>(ubSize);
    const GcdTiling::TilingResult result = GcdTiling::ComputeTiling(input);
    OP_CHECK_IF(result.status != GcdTiling::Status::OK,
                OP_LOGE(context, "Gcd tiling failed with status %d", static_cast<int32_t>(result.status)),
                return ge::GRAPH_FAILED);

    GcdTilingData* tiling = context->GetTilingData<GcdTilingData>();
    OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
    *tiling = result.data;
    context->SetBlockDim(static_cast<uint32_t>(result.blockDim));
    context->SetTilingKey(result.tilingKey);
    size_t* workspaces = context->GetWorkspaceSizes(1);
    OP_CHECK_NULL_WITH_CONTEXT(context, workspaces);
    // No system workspace: the kernel calls no Ascend C API that uses one (no GetUserWorkspace, soft SyncAll, Matmul).
    workspaces[0] = static_cast<size_t>(result.workspaceSize);
    return ge::GRAPH_SUCCESS;
}

ge::graphStatus TilingParseForGcd(gert::TilingParseContext* context)
{
    OP_CHECK_NULL_WITH_CONTEXT(context, context);
    return ge::GRAPH_SUCCESS;
}

} // namespace

IMPL_OP_OPTILING(Gcd).Tiling(TilingForGcd).TilingParse<GcdCompileInfo>(TilingParseForGcd);

} // namespace optiling
