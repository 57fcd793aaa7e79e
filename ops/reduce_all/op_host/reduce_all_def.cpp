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
 * \file reduce_all_def.cpp
 * \brief ReduceAll op definition: x bool/int8/uint8/float16/float/bfloat16 (ND), axes int32/int64 (value depend),
 *        y bool, attr keep_dims
 */
#include "register/op_def_registry.h"

namespace ops {
// x is read as bytes: bool, int8 and uint8 byte by byte (non-zero is True), float16, bfloat16 and float element by
// element (x != 0, the kernel's ElementTruth), all in one kernel; the float types are ops-math's ReduceAll prototype.
static const std::vector<ge::DataType> xDataType = {
    ge::DT_BOOL,    ge::DT_BOOL,    ge::DT_INT8,  ge::DT_INT8,  ge::DT_UINT8, ge::DT_UINT8,
    ge::DT_FLOAT16, ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_FLOAT, ge::DT_BF16,  ge::DT_BF16};
static const std::vector<ge::DataType> axesDataType = {
    ge::DT_INT32, ge::DT_INT64, ge::DT_INT32, ge::DT_INT64, ge::DT_INT32, ge::DT_INT64,
    ge::DT_INT32, ge::DT_INT64, ge::DT_INT32, ge::DT_INT64, ge::DT_INT32, ge::DT_INT64};
static const std::vector<ge::DataType> yDataType(xDataType.size(), ge::DT_BOOL);
static const std::vector<ge::Format> format(xDataType.size(), ge::FORMAT_ND);

class ReduceAll : public OpDef {
public:
    explicit ReduceAll(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType(xDataType).Format(format).UnknownShapeFormat(format);
        // The host tiling reads the axes values to split kept and reduced axes.
        this->Input("axes")
            .ParamType(REQUIRED)
            .ValueDepend(REQUIRED)
            .DataType(axesDataType)
            .Format(format)
            .UnknownShapeFormat(format);
        this->Output("y").ParamType(REQUIRED).DataType(yDataType).Format(format).UnknownShapeFormat(format);
        this->Attr("keep_dims").AttrType(OPTIONAL).Bool(false);

        OpAICoreConfig aicoreConfig;
        aicoreConfig.DynamicCompileStaticFlag(true)
            .DynamicRankSupportFlag(true)
            .DynamicShapeSupportFlag(true)
            .ExtendCfgInfo("opFile.value", "reduce_all");
        this->AICore().AddConfig("ascend910b", aicoreConfig);
        this->AICore().AddConfig("ascend910_93", aicoreConfig);
    }
};

OP_ADD(ReduceAll);
} // namespace ops
