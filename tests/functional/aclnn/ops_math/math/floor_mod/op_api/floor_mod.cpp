/* Test fixture written for op-migrate in the idiom of an ops-math L0 op_api file (not CANN code). */
#include "floor_mod.h"
#include "opdev/aicpu/aicpu_task.h"
#include "opdev/make_op_executor.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(FloorMod);

// Only DOUBLE runs on the AI CPU kernel.
static const std::initializer_list<op::DataType> CPU_ONLY_DTYPES = {op::DataType::DT_DOUBLE};

static const aclTensor* LaunchOnAiCore(const aclTensor* x1, const aclTensor* x2, aclTensor* y, aclOpExecutor* executor)
{
    L0_DFX(LaunchOnAiCore, x1, x2, y);
    auto status = ADD_TO_LAUNCHER_LIST_AICORE(FloorMod, OP_INPUT(x1, x2), OP_OUTPUT(y));
    OP_CHECK(status == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "aicore launch failed"), return nullptr);
    return y;
}

static const aclTensor* LaunchOnAiCpu(const aclTensor* x1, const aclTensor* x2, aclTensor* y, aclOpExecutor* executor)
{
    L0_DFX(LaunchOnAiCpu, x1, x2, y);
    static internal::AicpuTaskSpace taskSpace("FloorMod", ge::DEPEND_IN_SHAPE, true);
    auto status = ADD_TO_LAUNCHER_LIST_AICPU(FloorMod, OP_ATTR_NAMES(), OP_INPUT(x1, x2), OP_OUTPUT(y));
    OP_CHECK(status == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "aicpu launch failed"), return nullptr);
    return y;
}

const aclTensor* FloorMod(const aclTensor* x1, const aclTensor* x2, aclOpExecutor* executor)
{
    L0_DFX(FloorMod, x1, x2);
    op::Shape yShape;
    if (!BroadcastInferShape(x1->GetViewShape(), x2->GetViewShape(), yShape)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "shapes do not broadcast");
        return nullptr;
    }
    auto y = executor->AllocTensor(yShape, x1->GetDataType());
    if (CheckType(x1->GetDataType(), CPU_ONLY_DTYPES)) {
        return LaunchOnAiCpu(x1, x2, y, executor);
    }
    return LaunchOnAiCore(x1, x2, y, executor);
}
} // namespace l0op
