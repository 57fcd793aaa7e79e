/* Test fixture written for op-migrate in the idiom of an ops-cv L0 op_api file (not CANN code).
 * The output is allocated with the shape of the caller's output tensor. */
#include "box_suppress.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(BoxSuppress);

const aclTensor* BoxSuppress(const aclTensor* boxes, const aclTensor* scores, int64_t keepLimit, aclTensor* kept,
                             aclOpExecutor* executor)
{
    L0_DFX(BoxSuppress, boxes, scores, keepLimit, kept);
    aclTensor* picked = executor->AllocTensor(kept->GetViewShape(), kept->GetDataType(), op::Format::FORMAT_ND);
    if (picked == nullptr) {
        return nullptr;
    }
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(BoxSuppress, OP_INPUT(boxes, scores), OP_OUTPUT(picked), OP_ATTR(keepLimit));
    OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "BoxSuppress launch failed."), return nullptr);
    return picked;
}
} // namespace l0op
