// Fixture: a static helper named like one in aclnn_gadget.cpp (Prepare) that launches nothing: internal linkage
// keeps this file's calls away from the other file's Prepare, so the entry reaches nothing.
#include "aclnn_other.h"

using namespace op;

static const aclTensor* Prepare(const aclTensor* self, aclOpExecutor* executor)
{
    (void)executor;
    return self;
}

aclnnStatus aclnnOtherGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                       aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto prepared = Prepare(self, uniqueExecutor.get());
    CHECK_RET(prepared == out, ACLNN_ERR_PARAM_INVALID);
    *workspaceSize = 0;
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
