/* Test fixture written for op-migrate in the idiom of an ops-cv L0 op_api file (not CANN code).
 * The stretched axis (1) takes its length from the requested size. */
#include "nearest_stretch.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(NearestStretch);

const aclTensor* NearestStretch(const aclTensor* x, const aclIntArray* outputSize, float scale,
                               aclOpExecutor* executor)
{
    L0_DFX(NearestStretch, x, outputSize, scale);
    op::Shape stretched = x->GetStorageShape();
    stretched.SetDim(1, (*outputSize)[0]);
    const aclTensor* y = executor->AllocTensor(stretched, stretched, x->GetDataType(), x->GetStorageFormat(),
                                               x->GetOriginalFormat());
    CHECK_RET(y != nullptr, nullptr);
    ADD_TO_LAUNCHER_LIST_AICORE(NearestStretch, OP_INPUT(x), OP_OUTPUT(y), OP_ATTR(outputSize, scale));
    return y;
}
} // namespace l0op
