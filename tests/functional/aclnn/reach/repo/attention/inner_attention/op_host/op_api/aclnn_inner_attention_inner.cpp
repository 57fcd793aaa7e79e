// Fixture: the shared implementation of several entries (ops-transformer idiom): defined in an unnamed namespace
// inside `extern "C"`, so it is the C function the header declares and the other files call; ContiguousQuery is
// declared by no header: it stays in this file.
#include "aclnn_inner_attention_inner.h"

#ifdef __cplusplus
extern "C" {
#endif
namespace {
const aclTensor* ContiguousQuery(const aclTensor* query, aclOpExecutor* executor)
{
    return l0op::Contiguous(query, executor);
}

aclnnStatus InnerAttentionGetWorkspaceSize(const aclTensor* query, aclTensor* out, uint64_t* workspaceSize,
                                           aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto result = l0op::InnerAttention(ContiguousQuery(query, uniqueExecutor.get()), uniqueExecutor.get());
    CHECK_RET(result != nullptr && out != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
}  // namespace
#ifdef __cplusplus
}
#endif
