// Fixture (bad input): each branch of an #if opens the function's brace, so the braces do not balance as written;
// the file is read by the tree-sitter front end from there on.
#include "loops.h"

static const aclTensor* Pick(const aclTensor* self, aclOpExecutor* executor)
{
    return self;
}

#if defined(PICK_WITH_BIAS)
static const aclTensor* PickBiased(const aclTensor* self, const aclTensor* bias, aclOpExecutor* executor) {
#else
static const aclTensor* PickBiased(const aclTensor* self, aclOpExecutor* executor) {
#endif
    return l0op::Exp(Pick(self, executor), executor);
}

aclnnStatus aclnnBranchesGetWorkspaceSize(const aclTensor* self, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto out = PickBiased(self, uniqueExecutor.get());
    CHECK_RET(out != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = 0;
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
