// Fixture: an entry that forwards to the two-phase API opbuild generates from the OpDef (never defined here).
#include "aclnn_rope_inner.h"

extern aclnnStatus aclnnInnerRopeInnerGetWorkspaceSize(const aclTensor* x, const aclTensor* cos,
                                                       const aclTensor* sin, aclTensor* out,
                                                       uint64_t* workspaceSize, aclOpExecutor** executor);
extern aclnnStatus aclnnInnerRopeInner(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                       aclrtStream stream);

aclnnStatus aclnnRopeInnerGetWorkspaceSize(const aclTensor* x, const aclTensor* cos, const aclTensor* sin,
                                           aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    return aclnnInnerRopeInnerGetWorkspaceSize(x, cos, sin, out, workspaceSize, executor);
}

aclnnStatus aclnnRopeInner(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    return aclnnInnerRopeInner(workspace, workspaceSize, executor, stream);
}
