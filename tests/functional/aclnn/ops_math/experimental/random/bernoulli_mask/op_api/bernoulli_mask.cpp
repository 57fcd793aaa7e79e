/* Test fixture written for op-migrate in the idiom of an experimental ops-math L0 op_api file (not CANN code). */
#include "opdev/make_op_executor.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(BernoulliMask);

// Expands the bit mask into the caller's out (the mask may alias out's storage).
const aclTensor* BernoulliMask(const aclTensor* mask, aclTensor* out, bool aliasMode, aclOpExecutor* executor)
{
    auto status = CreatAiCoreKernelLauncher("BernoulliMask", BernoulliMaskOpTypeId(), executor,
        GetOpArgContext(OP_INPUT(mask), OP_OUTPUT(out), OP_ATTR(aliasMode)));
    CHECK_RET(status == ACLNN_SUCCESS, nullptr);
    return out;
}

// Allocates an output shaped like `like`.
const aclTensor* BernoulliMask(const aclTensor* mask, const aclTensor* like, aclOpExecutor* executor)
{
    auto out = executor->AllocTensor(like->GetViewShape(), like->GetDataType(), op::Format::FORMAT_ND);
    return BernoulliMask(mask, out, false, executor);
}
} // namespace l0op
