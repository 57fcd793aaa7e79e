// verify-route fixture (written for op-migrate tests): the new Gcd L0 wrapper, native broadcast on AI Core.

#include "gcd.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/shape_utils.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(Gcd);

const aclTensor* Gcd(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    L0_DFX(Gcd, self, other);
    op::Shape outShape;
    if (!BroadcastInferShape(self->GetViewShape(), other->GetViewShape(), outShape)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "self and other do not broadcast");
        return nullptr;
    }
    auto out = executor->AllocTensor(outShape, self->GetDataType());
    ADD_TO_LAUNCHER_LIST_AICORE(Gcd, OP_INPUT(self, other), OP_OUTPUT(out));
    return out;
}
} // namespace l0op
