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
 * \file floor_mod.cpp
 * \brief L0 FloorMod. On Ascend910B / Ascend910_93 this package's stride-aware AI Core kernel takes every dtype of
 *        its OpDef (DOUBLE included) with compact inputs. On other SoCs the call keeps the built-in launchers: the
 *        AI Core FloorMod for the dtypes it has, the AI CPU one for DOUBLE, which no AI Core kernel there computes.
 */
#include "floor_mod.h"

#include "opdev/aicpu/aicpu_task.h"
#include "opdev/data_type_utils.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_def.h"
#include "opdev/op_dfx.h"
#include "opdev/op_log.h"
#include "opdev/platform.h"
#include "opdev/shape_utils.h"

using namespace op;

namespace l0op {

OP_TYPE_REGISTER(FloorMod);

// Dtypes the built-in AI Core FloorMod lacks on the SoCs without this package's kernel.
static const std::initializer_list<op::DataType> BUILTIN_AICPU_DTYPES = {op::DataType::DT_DOUBLE};

// The SoCs this package's OpDef registers the kernel for (op_host/floor_mod_def.cpp).
static bool HasNativeKernel()
{
    auto socVersion = GetCurrentPlatformInfo().GetSocVersion();
    return socVersion == SocVersion::ASCEND910B || socVersion == SocVersion::ASCEND910_93;
}

static aclnnStatus FloorModAiCore(const aclTensor* x1, const aclTensor* x2, const aclTensor* out,
                                  aclOpExecutor* executor)
{
    L0_DFX(FloorModAiCore, x1, x2, out);
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(FloorMod, OP_INPUT(x1, x2), OP_OUTPUT(out));
    OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "FloorMod AI Core launch failed."), return ret);
    return ACLNN_SUCCESS;
}

static aclnnStatus FloorModAiCpu(const aclTensor* x1, const aclTensor* x2, const aclTensor* out,
                                 aclOpExecutor* executor)
{
    L0_DFX(FloorModAiCpu, x1, x2, out);
    static internal::AicpuTaskSpace space("FloorMod", ge::DEPEND_IN_SHAPE, true);
    auto ret = ADD_TO_LAUNCHER_LIST_AICPU(FloorMod, OP_ATTR_NAMES(), OP_INPUT(x1, x2), OP_OUTPUT(out));
    OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "FloorMod AI CPU launch failed."), return ret);
    return ACLNN_SUCCESS;
}

const aclTensor* FloorMod(const aclTensor* x1, const aclTensor* x2, aclOpExecutor* executor)
{
    op::Shape broadcastShape;
    if (!BroadcastInferShape(x1->GetViewShape(), x2->GetViewShape(), broadcastShape)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "FloorMod inputs %s and %s do not broadcast.",
                op::ToString(x1->GetViewShape()).GetString(), op::ToString(x2->GetViewShape()).GetString());
        return nullptr;
    }
    auto out = executor->AllocTensor(broadcastShape, x1->GetDataType());
    CHECK_RET(out != nullptr, nullptr);
    if (!HasNativeKernel() && CheckType(x1->GetDataType(), BUILTIN_AICPU_DTYPES)) {
        CHECK_RET(FloorModAiCpu(x1, x2, out, executor) == ACLNN_SUCCESS, nullptr);
        return out;
    }
    CHECK_RET(FloorModAiCore(x1, x2, out, executor) == ACLNN_SUCCESS, nullptr);
    return out;
}

// Direct-out: only the native kernel is called this way (aclnn_remainder.cpp), so always AI Core.
const aclTensor* FloorMod(const aclTensor* x1, const aclTensor* x2, const aclTensor* out, aclOpExecutor* executor)
{
    CHECK_RET(FloorModAiCore(x1, x2, out, executor) == ACLNN_SUCCESS, nullptr);
    return out;
}

} // namespace l0op
