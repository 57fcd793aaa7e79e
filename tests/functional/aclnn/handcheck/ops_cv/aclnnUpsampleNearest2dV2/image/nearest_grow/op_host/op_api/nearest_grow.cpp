/* Test fixture written for op-migrate in the idiom of an ops-cv L0 op_api file (not CANN code). */
#include "nearest_grow.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(NearestGrow);

const aclTensor* NearestGrow(const aclTensor* x, const aclTensor* size, aclTensor* y, aclOpExecutor* executor)
{
    L0_DFX(NearestGrow, x, size, y);
    auto grown = executor->AllocTensor(y->GetViewShape(), x->GetDataType(), x->GetStorageFormat());
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(NearestGrow, OP_INPUT(x, size), OP_OUTPUT(grown));
    CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
    return grown;
}
} // namespace l0op
