/* Test fixture written for op-migrate in the idiom of an ops-cv L0 op_api file (not CANN code). */
#include "box_overlap.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(BoxOverlap);

const aclTensor* BoxOverlap(const aclTensor* boxesA, const aclTensor* boxesB, bool pairwise, aclOpExecutor* executor)
{
    L0_DFX(BoxOverlap, boxesA, boxesB, pairwise);
    auto result = executor->AllocTensor(boxesA->GetDataType(), op::Format::FORMAT_ND, op::Format::FORMAT_ND);
    INFER_SHAPE(BoxOverlap, OP_INPUT(boxesA, boxesB), OP_OUTPUT(result), OP_ATTR(pairwise));
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(BoxOverlap, OP_INPUT(boxesA, boxesB), OP_OUTPUT(result), OP_ATTR(pairwise));
    CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
    return result;
}
} // namespace l0op
