// Fixture: the header that declares the shared implementation with C linkage.
#pragma once
#include "aclnn/aclnn_base.h"

#ifdef __cplusplus
extern "C" {
#endif
ACLNN_API aclnnStatus InnerAttentionGetWorkspaceSize(const aclTensor* query, aclTensor* out, uint64_t* workspaceSize,
                                                     aclOpExecutor** executor);
#ifdef __cplusplus
}
#endif
