/* Test fixture written for op-migrate in the idiom of an ops-cv L0 op_api file (not CANN code). */
#include "cubic_grow.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(CubicGrow);

const aclTensor* CubicGrow(const aclTensor* self, const aclIntArray* size, float stepH, float stepW,
                           const aclTensor* out, aclOpExecutor* executor)
{
    L0_DFX(CubicGrow, self, size, stepH, stepW);
    auto y = executor->AllocTensor(out->GetViewShape(), self->GetDataType(), self->GetViewFormat());
    ADD_TO_LAUNCHER_LIST_AICORE(CubicGrow, OP_INPUT(self), OP_OUTPUT(y), OP_ATTR(size, stepH, stepW));
    return y;
}
} // namespace l0op
