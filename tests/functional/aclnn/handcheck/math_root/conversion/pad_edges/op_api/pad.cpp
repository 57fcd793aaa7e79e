/* Test fixture written for op-migrate in the idiom of an ops-math L0 op_api file (not CANN code).
 * Our stand-in for the ops-math Pad: one AI Core kernel. */
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(Pad);

const aclTensor* Pad(const aclTensor* x, const aclTensor* paddings, aclOpExecutor* executor)
{
    L0_DFX(Pad, x, paddings);
    auto y = executor->AllocTensor(x->GetDataType(), x->GetStorageFormat(), x->GetOriginalFormat());
    INFER_SHAPE(Pad, OP_INPUT(x, paddings), OP_OUTPUT(y), OP_EMPTY_ARG);
    ADD_TO_LAUNCHER_LIST_AICORE(Pad, OP_INPUT(x, paddings), OP_OUTPUT(y));
    return y;
}
} // namespace l0op
