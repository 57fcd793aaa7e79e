// Fixture: an entry that forwards to the shared implementation of another file, and one that uses a helper of its
// own named like a helper of that file (each stays in its file).
#include "aclnn_inner_attention_inner.h"

#ifdef __cplusplus
extern "C" {
#endif
namespace {
const aclTensor* ContiguousQuery(const aclTensor* query, aclOpExecutor* executor)
{
    (void)executor;
    return query;
}
}  // namespace

aclnnStatus aclnnInnerAttentionCheckGetWorkspaceSize(const aclTensor* query, aclTensor* out, uint64_t* workspaceSize,
                                                     aclOpExecutor** executor)
{
    CHECK_RET(ContiguousQuery(query, *executor) == out, ACLNN_ERR_PARAM_INVALID);
    *workspaceSize = 0;
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnInnerAttentionV2GetWorkspaceSize(const aclTensor* query, aclTensor* out, uint64_t* workspaceSize,
                                                  aclOpExecutor** executor)
{
    return InnerAttentionGetWorkspaceSize(query, out, workspaceSize, executor);
}
#ifdef __cplusplus
}
#endif
