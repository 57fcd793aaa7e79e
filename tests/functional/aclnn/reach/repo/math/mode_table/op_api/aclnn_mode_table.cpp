// Fixture: launches reached through a function table and through a lambda kept in a std::function.
#include <functional>
#include <map>
#include "aclnn_mode_table.h"

using namespace op;

using ModeFn = const aclTensor* (*)(const aclTensor*, aclOpExecutor*);

static const aclTensor* RunAbsMode(const aclTensor* self, aclOpExecutor* executor)
{
    return l0op::Abs(self, executor);
}

static const aclTensor* RunNegMode(const aclTensor* self, aclOpExecutor* executor)
{
    return l0op::Neg(self, executor);
}

static const std::map<int64_t, ModeFn> kModeTable = {{0, &RunAbsMode}, {1, &RunNegMode}};

static const std::function<const aclTensor*(const aclTensor*, aclOpExecutor*)> kSquareFn =
    [](const aclTensor* self, aclOpExecutor* executor) { return l0op::Square(self, executor); };

aclnnStatus aclnnModeTableGetWorkspaceSize(const aclTensor* self, int64_t mode, aclTensor* out,
                                           uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto it = kModeTable.find(mode);
    OP_CHECK(it != kModeTable.end(), OP_LOGE(ACLNN_ERR_PARAM_INVALID, "mode %ld is not supported", mode),
             return ACLNN_ERR_PARAM_INVALID);
    auto result = it->second(self, uniqueExecutor.get());
    auto squared = kSquareFn(result, uniqueExecutor.get());
    CHECK_RET(squared != nullptr && out != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
