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
 * \file bernoulli_def.cpp
 * \brief OpDef of the private op BernoulliExpand: x (shape and dtype only), mask (UINT8, the DSA mask), y of x's
 *        dtype, attr mode; ten dtypes, ND, A2 / A3. Not named Bernoulli: that op type is claimed with (x, p) and
 *        attr seed (ops/common/op_types/claimed_op_types.tsv), and a graph built on it must not bind here.
 */
#include "register/op_def_registry.h"

namespace ops {

static const std::vector<ge::DataType> BERNOULLI_DTYPES = {
    ge::DT_FLOAT16, ge::DT_FLOAT, ge::DT_BF16,  ge::DT_DOUBLE, ge::DT_INT8,
    ge::DT_UINT8,   ge::DT_INT16, ge::DT_INT32, ge::DT_INT64,  ge::DT_BOOL};
static const std::vector<ge::DataType> BERNOULLI_MASK_DTYPES = {
    ge::DT_UINT8, ge::DT_UINT8, ge::DT_UINT8, ge::DT_UINT8, ge::DT_UINT8,
    ge::DT_UINT8, ge::DT_UINT8, ge::DT_UINT8, ge::DT_UINT8, ge::DT_UINT8};
static const std::vector<ge::Format> BERNOULLI_FORMATS = {
    ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND,
    ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND, ge::FORMAT_ND};

class BernoulliExpand : public OpDef {
public:
    explicit BernoulliExpand(const char* name) : OpDef(name)
    {
        this->Input("x")
            .ParamType(REQUIRED)
            .DataType(BERNOULLI_DTYPES)
            .Format(BERNOULLI_FORMATS)
            .UnknownShapeFormat(BERNOULLI_FORMATS);
        this->Input("mask")
            .ParamType(REQUIRED)
            .DataType(BERNOULLI_MASK_DTYPES)
            .Format(BERNOULLI_FORMATS)
            .UnknownShapeFormat(BERNOULLI_FORMATS);
        this->Output("y")
            .ParamType(REQUIRED)
            .DataType(BERNOULLI_DTYPES)
            .Format(BERNOULLI_FORMATS)
            .UnknownShapeFormat(BERNOULLI_FORMATS);
        // 0 RANDOM_ALIASED, 1 ZERO, 2 ONE (op_kernel/bernoulli_core.h BernoulliMode)
        this->Attr("mode").AttrType(OPTIONAL).Int(0);

        OpAICoreConfig aicoreConfig;
        aicoreConfig.DynamicCompileStaticFlag(true)
            .DynamicFormatFlag(false)
            .DynamicRankSupportFlag(true)
            .DynamicShapeSupportFlag(true)
            .NeedCheckSupportFlag(false)
            .PrecisionReduceFlag(true)
            .ExtendCfgInfo("opFile.value", "bernoulli");
        this->AICore().AddConfig("ascend910b", aicoreConfig);
        this->AICore().AddConfig("ascend910_93", aicoreConfig);
    }
};

OP_ADD(BernoulliExpand);

}  // namespace ops
