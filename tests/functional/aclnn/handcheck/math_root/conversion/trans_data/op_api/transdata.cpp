/* Test fixture written for op-migrate in the idiom of an ops-math L0 op_api file (not CANN code).
 * Our stand-in for the ops-math format conversion: the same format comes back unchanged, another one is a
 * TransData kernel on AI Core. */
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(TransData);

const aclTensor* TransData(const aclTensor* x, op::Format dstFormat, int64_t groups, aclOpExecutor* executor)
{
    if (x->GetStorageFormat() == dstFormat) {
        return x;
    }
    L0_DFX(TransData, x, dstFormat, groups);
    auto y = executor->AllocTensor(x->GetDataType(), dstFormat, x->GetOriginalFormat());
    INFER_SHAPE(TransData, OP_INPUT(x), OP_OUTPUT(y), OP_ATTR(groups));
    ADD_TO_LAUNCHER_LIST_AICORE(TransData, OP_INPUT(x), OP_OUTPUT(y), OP_ATTR(groups));
    return y;
}
} // namespace l0op
