// Fixture: an upstream repository's L0 Cast (second root).
#include "opdev/op_def.h"

namespace l0op {
OP_TYPE_REGISTER(Cast);

const aclTensor* Cast(const aclTensor* self, op::DataType dstDtype, aclOpExecutor* executor)
{
    L0_DFX(Cast, self, dstDtype);
    auto out = executor->AllocTensor(self->GetViewShape(), dstDtype);
    ADD_TO_LAUNCHER_LIST_AICORE(Cast, OP_INPUT(self), OP_OUTPUT(out), OP_ATTR(dstDtype));
    return out;
}
}  // namespace l0op

const aclTensor* CastHelperOnlyUpstream(const aclTensor* self, aclOpExecutor* executor)
{
    return l0op::Cast(self, op::DataType::DT_FLOAT, executor);
}
