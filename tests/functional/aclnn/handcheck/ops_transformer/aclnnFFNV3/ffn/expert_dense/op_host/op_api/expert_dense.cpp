/* Test fixture written for op-migrate in the idiom of an ops-transformer L0 op_api file (not CANN code). */
#include "expert_dense.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(ExpertDense);

const aclTensor* ExpertDense(const aclTensor* x, const aclTensor* weight1, const aclTensor* weight2,
                             const aclTensor* expertTokens, int64_t precise, aclOpExecutor* executor)
{
    L0_DFX(ExpertDense, x, weight1, weight2, expertTokens, precise);
    auto y = executor->AllocTensor(x->GetStorageShape(), x->GetViewShape(), x->GetDataType(), x->GetStorageFormat(),
                                   x->GetOriginalFormat());
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(ExpertDense, OP_INPUT(x, weight1, weight2, expertTokens), OP_OUTPUT(y),
                                           OP_ATTR(precise));
    if (ret != ACLNN_SUCCESS) {
        return nullptr;
    }
    return y;
}
} // namespace l0op
