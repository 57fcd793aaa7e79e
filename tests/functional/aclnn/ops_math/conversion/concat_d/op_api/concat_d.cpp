/* Test fixture written for op-migrate in the idiom of an ops-math L0 op_api file (not CANN code). */
#include "opdev/make_op_executor.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(ConcatD);

// Joins the tensors of a list along `dim` into one new tensor.
const aclTensor* ConcatD(const aclTensorList* inputs, int64_t dim, aclOpExecutor* executor)
{
    auto first = (*inputs)[0];
    auto joined = executor->AllocTensor(first->GetDataType(), first->GetStorageFormat(), first->GetOriginalFormat());
    INFER_SHAPE(ConcatD, OP_INPUT(inputs), OP_OUTPUT(joined), OP_ATTR(dim));
    ADD_TO_LAUNCHER_LIST_AICORE(ConcatD, OP_INPUT(inputs), OP_OUTPUT(joined), OP_ATTR(dim));
    return joined;
}
} // namespace l0op
