/* Test fixture written for op-migrate in the idiom of an ops-math L0 op_api file (not CANN code). */
#include "opdev/make_op_executor.h"
#include "opdev/shape_utils.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(BroadcastTo);

// Writes x broadcast into the caller's y.
const aclTensor* BroadcastTo(const aclTensor* x, const aclTensor* y, const aclTensor* shape, aclOpExecutor* executor)
{
    auto status = ADD_TO_LAUNCHER_LIST_AICORE(BroadcastTo, OP_INPUT(x, shape), OP_OUTPUT(y));
    OP_CHECK(status == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "launch failed"), return nullptr);
    return y;
}

// Allocates the broadcast result; INFER_SHAPE fills in its shape.
const aclTensor* BroadcastTo(const aclTensor* x, const aclIntArray* shape, aclOpExecutor* executor)
{
    auto y = executor->AllocTensor(x->GetDataType(), op::Format::FORMAT_ND, op::Format::FORMAT_ND);
    auto shapeTensor = executor->ConvertToTensor(shape, op::DataType::DT_INT64);
    INFER_SHAPE(BroadcastTo, OP_INPUT(x, shapeTensor), OP_OUTPUT(y));
    return BroadcastTo(x, y, shapeTensor, executor);
}
} // namespace l0op
