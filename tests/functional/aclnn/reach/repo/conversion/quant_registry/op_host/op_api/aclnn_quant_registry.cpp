// Fixture: the entry looks its processes up in the registry and runs them.
#include "quant_registry.h"

aclnnStatus aclnnQuantRegistryGetWorkspaceSize(const aclTensor* weight, int64_t arch, uint64_t* workspaceSize,
                                               aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto it = QUANT_PROCESS_REGISTRY.find(arch);
    CHECK_RET(it != QUANT_PROCESS_REGISTRY.end(), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(RunProcesses(it->second, weight, uniqueExecutor.get()) == ACLNN_SUCCESS, ACLNN_ERR_INNER);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
