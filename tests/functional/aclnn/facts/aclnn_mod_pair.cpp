// One entry point that broadcasts its two inputs in FloorMod (resolved from l0_ops.toml): the exit-code table's
// "shapes that do not broadcast" cell. Written in the ops-math L2 idiom; not a copy of any file.
#include "aclnn_kernels/contiguous.h"

extern "C" aclnnStatus aclnnModPairGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                                    uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    auto otherContiguous = l0op::Contiguous(other, uniqueExecutor.get());
    auto result = l0op::FloorMod(selfContiguous, otherContiguous, uniqueExecutor.get());
    auto viewCopyResult = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
