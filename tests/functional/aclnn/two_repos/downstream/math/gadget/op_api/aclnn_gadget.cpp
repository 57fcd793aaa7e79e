// Fixture: a downstream chain that calls the upstream L0 op Widget and then its own Gadget.
#include "aclnn_gadget.h"
#include "math/widget/op_api/widget.h"
#include "gadget.h"

using namespace op;

namespace l0op {

OP_TYPE_REGISTER(Gadget);

const aclTensor* Gadget(const aclTensor* self, aclOpExecutor* executor)
{
    L0_DFX(Gadget, self);
    auto out = executor->AllocTensor(self->GetViewShape(), self->GetDataType());
    ADD_TO_LAUNCHER_LIST_AICORE(Gadget, OP_INPUT(self), OP_OUTPUT(out));
    return out;
}

}  // namespace l0op

aclnnStatus aclnnGadgetGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                        uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    auto mixed = l0op::Widget(self, other, uniqueExecutor.get());
    CHECK_RET(mixed != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto result = l0op::Gadget(mixed, uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
