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
 * \file floor_mod_before.cpp
 * \brief The original L0 FloorMod in ops-math's idiom (the "before" side of the memory report): DOUBLE on AI CPU.
 */
#include "floor_mod_before.h"

namespace l0op {
OP_TYPE_REGISTER(FloorMod);

static const std::initializer_list<op::DataType> AICPU_DTYPE_SUPPORT_LIST = {op::DataType::DT_DOUBLE};

const aclTensor* FloorMod(const aclTensor* input, const aclTensor* other, aclOpExecutor* executor)
{
    op::Shape broadcastShape;
    BroadcastInferShape(input->GetViewShape(), other->GetViewShape(), broadcastShape);
    auto out = executor->AllocTensor(broadcastShape, input->GetDataType());
    if (CheckType(input->GetDataType(), AICPU_DTYPE_SUPPORT_LIST)) {
        static internal::AicpuTaskSpace space("FloorMod", ge::DEPEND_IN_SHAPE, true);
        ADD_TO_LAUNCHER_LIST_AICPU(FloorMod, OP_ATTR_NAMES(), OP_INPUT(input, other), OP_OUTPUT(out));
    } else {
        ADD_TO_LAUNCHER_LIST_AICORE(FloorMod, OP_INPUT(input, other), OP_OUTPUT(out));
    }
    return out;
}
} // namespace l0op
