// Fixture: the registry's processes launch; RunProcesses calls them through the table's entries.
#include "quant_registry.h"

namespace {
aclnnStatus ProcessTransNz(const aclTensor* weight, aclOpExecutor* executor)
{
    auto nz = l0op::TransData(weight, op::Format::FORMAT_FRACTAL_NZ, 0, executor);
    return nz == nullptr ? ACLNN_ERR_INNER_NULLPTR : ACLNN_SUCCESS;
}
}  // namespace

const std::map<int64_t, std::vector<ProcessFn>> QUANT_PROCESS_REGISTRY = {{0, {ProcessTransNz}}};

aclnnStatus RunProcesses(const std::vector<ProcessFn>& processes, const aclTensor* weight, aclOpExecutor* executor)
{
    for (auto process : processes) {
        CHECK_RET(process(weight, executor) == ACLNN_SUCCESS, ACLNN_ERR_INNER);
    }
    return ACLNN_SUCCESS;
}
