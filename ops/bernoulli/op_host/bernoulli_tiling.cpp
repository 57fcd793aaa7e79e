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
 * \file bernoulli_tiling.cpp
 * \brief Bernoulli tiling adapter: reads x's storage shape, y's dtype, the mode attr and the platform from the gert
 *        context and hands them to the portable core (bernoulli_tiling_core.h), which does all the arithmetic.
 */
#include "register/op_impl_registry.h"
#include "tiling/platform/platform_ascendc.h"
#include "log/log.h"
#include "bernoulli_tiling_core.h"
#include "../op_kernel/bernoulli_tiling_data.h"
#include "../op_kernel/bernoulli_tiling_key.h"

namespace optiling {

struct BernoulliCompileInfo {
    int64_t coreNum = 0;
    int64_t ubSize = 0;
};

namespace {

constexpr size_t BERNOULLI_INPUT_X = 0;
constexpr size_t BERNOULLI_OUTPUT_Y = 0;
constexpr size_t BERNOULLI_ATTR_MODE = 0;
constexpr uint32_t kUnsupportedDtype = BernoulliNs::kDtypeCount;

uint32_t BernoulliDtypeCode(ge::DataType dtype)
{
    switch (dtype) {
        case ge::DT_FLOAT16:
            return BernoulliNs::kDtypeFloat16;
        case ge::DT_FLOAT:
            return BernoulliNs::kDtypeFloat;
        case ge::DT_BF16:
            return BernoulliNs::kDtypeBf16;
        case ge::DT_DOUBLE:
            return BernoulliNs::kDtypeDouble;
        case ge::DT_INT8:
            return BernoulliNs::kDtypeInt8;
        case ge::DT_UINT8:
            return BernoulliNs::kDtypeUint8;
        case ge::DT_INT16:
            return BernoulliNs::kDtypeInt16;
        case ge::DT_INT32:
            return BernoulliNs::kDtypeInt32;
        case ge::DT_INT64:
            return BernoulliNs::kDtypeInt64;
        case ge::DT_BOOL:
            return BernoulliNs::kDtypeBool;
        default:
            return kUnsupportedDtype;
    }
}

ge::graphStatus TilingForBernoulli(gert::TilingContext* context)
{
    OP_CHECK_NULL_WITH_CONTEXT(context, context);
    auto xShape = context->GetInputShape(BERNOULLI_INPUT_X);
    auto yDesc = context->GetOutputDesc(BERNOULLI_OUTPUT_Y);
    auto attrs = context->GetAttrs();
    OP_CHECK_NULL_WITH_CONTEXT(context, xShape);
    OP_CHECK_NULL_WITH_CONTEXT(context, yDesc);
    OP_CHECK_NULL_WITH_CONTEXT(context, attrs);
    const int64_t* mode = attrs->GetAttrPointer<int64_t>(BERNOULLI_ATTR_MODE);
    OP_CHECK_NULL_WITH_CONTEXT(context, mode);
    OP_CHECK_IF(
        *mode < 0 || *mode >= static_cast<int64_t>(BernoulliNs::kModeCount),
        OP_LOGE(context, "Bernoulli mode %ld is not 0 (kModeRandomAliased), 1 (kModeZero) or 2 (kModeOne)", *mode),
        return ge::GRAPH_FAILED);

    // x carries the element count (y has the same shape).
    const gert::Shape& storage = xShape->GetStorageShape();
    BernoulliTiling::Shape shape{};
    OP_CHECK_IF(storage.GetDimNum() > BernoulliTiling::kMaxDim,
                OP_LOGE(context, "Bernoulli supports rank <= %u", BernoulliTiling::kMaxDim), return ge::GRAPH_FAILED);
    shape.rank = static_cast<uint32_t>(storage.GetDimNum());
    for (uint32_t i = 0; i < shape.rank; ++i) {
        shape.dims[i] = storage.GetDim(i);
    }

    auto ascendcPlatform = platform_ascendc::PlatformAscendC(context->GetPlatformInfo());
    uint64_t ubSize = 0;
    ascendcPlatform.GetCoreMemSize(platform_ascendc::CoreMemType::UB, ubSize);
    const BernoulliTiling::Platform platform{static_cast<uint32_t>(ascendcPlatform.GetCoreNumAiv()), ubSize};

    BernoulliTiling::TilingResult result{};
    const BernoulliTiling::Status status = BernoulliTiling::ComputeTiling(
        shape, BernoulliDtypeCode(yDesc->GetDataType()), static_cast<uint32_t>(*mode), platform, result);
    OP_CHECK_IF(status != BernoulliTiling::Status::kOk,
                OP_LOGE(context, "Bernoulli tiling failed with status %u", static_cast<uint32_t>(status)),
                return ge::GRAPH_FAILED);

    BernoulliNs::BernoulliTilingData* tiling = context->GetTilingData<BernoulliNs::BernoulliTilingData>();
    OP_CHECK_NULL_WITH_CONTEXT(context, tiling);
    *tiling = result.data;
    context->SetBlockDim(result.blockDim);
    if (*mode == BernoulliNs::kModeRandomAliased && result.blockDim > 1) {
        // The hardware SyncAll between stages needs every core resident at once: batch scheduling.
        context->SetScheduleMode(1);
    }
    context->SetTilingKey(BernoulliNs::kBernoulliTilingKey);
    size_t* workspaces = context->GetWorkspaceSizes(1);
    OP_CHECK_NULL_WITH_CONTEXT(context, workspaces);
    workspaces[0] = static_cast<size_t>(result.workspaceBytes);
    return ge::GRAPH_SUCCESS;
}

ge::graphStatus TilingParseForBernoulli(gert::TilingParseContext* context)
{
    OP_CHECK_NULL_WITH_CONTEXT(context, context);
    return ge::GRAPH_SUCCESS;
}

} // namespace

IMPL_OP_OPTILING(BernoulliExpand).Tiling(TilingForBernoulli).TilingParse<BernoulliCompileInfo>(TilingParseForBernoulli);

} // namespace optiling
