/* Test fixture written for op-migrate in the idiom of an ops-transformer L0 op_api file (not CANN code). */
#include "twin_dense.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(TwinDense);

const aclTensor* TwinDense(const aclTensor* x, const aclTensor* weight1, const aclTensor* weight2,
                           const aclTensor* tokens, const aclTensor* scale, const char* activation, int64_t precise,
                           op::DataType yDtype, aclOpExecutor* executor)
{
    L0_DFX(TwinDense, x, weight1, weight2, tokens, scale, activation, precise, yDtype);
    auto y = executor->AllocTensor(x->GetStorageShape(), x->GetViewShape(), yDtype, x->GetStorageFormat(),
                                   x->GetOriginalFormat());
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(TwinDense, OP_INPUT(x, weight1, weight2, tokens, scale), OP_OUTPUT(y),
                                           OP_ATTR(activation, precise));
    if (ret != ACLNN_SUCCESS) {
        return nullptr;
    }
    return y;
}
} // namespace l0op
