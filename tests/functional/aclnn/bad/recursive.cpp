/* Test fixture for op-migrate: helpers that call each other without end. */
static const aclTensor* Ping(const aclTensor* x, aclOpExecutor* executor);

static const aclTensor* Pong(const aclTensor* x, aclOpExecutor* executor)
{
    auto y = l0op::Abs(x, executor);
    return Ping(y, executor);
}

static const aclTensor* Ping(const aclTensor* x, aclOpExecutor* executor)
{
    return Pong(x, executor);
}

aclnnStatus aclnnPingPongGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                          aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto result = Ping(self, uniqueExecutor.get());
    l0op::ViewCopy(result, out, uniqueExecutor.get());
    return ACLNN_SUCCESS;
}
