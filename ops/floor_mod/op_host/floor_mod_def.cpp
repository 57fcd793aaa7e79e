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
 * \file floor_mod_def.cpp
 * \brief FloorMod OpDef: x1, x2, y in BF16/FP16/FP32/INT32/INT64/DOUBLE, ND, dynamic shape and rank.
 */
#include "register/op_def_registry.h"

namespace ops {
static const std::vector<ge::DataType> FLOOR_MOD_DTYPES = {ge::DT_BF16,  ge::DT_FLOAT16, ge::DT_FLOAT,
                                                           ge::DT_INT32, ge::DT_INT64,   ge::DT_DOUBLE};
static const std::vector<ge::Format> FLOOR_MOD_FORMATS(FLOOR_MOD_DTYPES.size(), ge::FORMAT_ND);

class FloorMod : public OpDef {
public:
    explicit FloorMod(const char* name) : OpDef(name)
    {
        this->Input("x1")
            .ParamType(REQUIRED)
            .DataType(FLOOR_MOD_DTYPES)
            .Format(FLOOR_MOD_FORMATS)
            .UnknownShapeFormat(FLOOR_MOD_FORMATS);
        this->Input("x2")
            .ParamType(REQUIRED)
            .DataType(FLOOR_MOD_DTYPES)
            .Format(FLOOR_MOD_FORMATS)
            .UnknownShapeFormat(FLOOR_MOD_FORMATS);
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType(FLOOR_MOD_DTYPES)
            .Format(FLOOR_MOD_FORMATS)
            .UnknownShapeFormat(FLOOR_MOD_FORMATS);

        OpAICoreConfig aicoreConfig;
        aicoreConfig.DynamicCompileStaticFlag(true)
            .DynamicFormatFlag(false)
            .DynamicRankSupportFlag(true)
            .DynamicShapeSupportFlag(true)
            .NeedCheckSupportFlag(false)
            .PrecisionReduceFlag(true)
            .ExtendCfgInfo("opFile.value", "floor_mod");
        this->AICore().AddConfig("ascend910b", aicoreConfig);
        this->AICore().AddConfig("ascend910_93", aicoreConfig);
    }
};

OP_ADD(FloorMod);
} // namespace ops
