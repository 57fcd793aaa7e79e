// Fixture: an entry that forwards to the shared implementation of another file.
#include "aclnn_inner_attention_inner.h"

#ifdef __cplusplus
extern "C" {
#endif
aclnnStatus aclnnInnerAttentionV2GetWorkspaceSize(const aclTensor* query, aclTensor* out, uint64_t* workspaceSize,
                                                  aclOpExecutor** executor)
{
    return InnerAttentionGetWorkspaceSize(query, out, workspaceSize, executor);
}
#ifdef __cplusplus
}
#endif
