// Fixture (bad input): helpers that recurse. Ping and Pong call each other and Pong launches; Spin calls only
// itself and reaches nothing.
#include "loops.h"

static const aclTensor* Pong(const aclTensor* self, int64_t depth, aclOpExecutor* executor);

static const aclTensor* Ping(const aclTensor* self, int64_t depth, aclOpExecutor* executor)
{
    return depth > 0 ? Pong(self, depth - 1, executor) : self;
}

static const aclTensor* Pong(const aclTensor* self, int64_t depth, aclOpExecutor* executor)
{
    if (depth == 0) {
        return l0op::Relu(self, executor);
    }
    return Ping(self, depth - 1, executor);
}

static int64_t Spin(int64_t depth)
{
    return depth > 0 ? Spin(depth - 1) : 0;
}

aclnnStatus aclnnLoopsGetWorkspaceSize(const aclTensor* self, int64_t depth, uint64_t* workspaceSize,
                                       aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(Spin(depth) == 0, ACLNN_ERR_PARAM_INVALID);
    auto out = Ping(self, depth, uniqueExecutor.get());
    CHECK_RET(out != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
