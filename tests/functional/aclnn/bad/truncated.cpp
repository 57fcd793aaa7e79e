/* Test fixture for op-migrate: a file cut off in the middle of an entry point. */
aclnnStatus aclnnTruncatedGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                           aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto x = l0op::Contiguous(self, uniqueExecutor.get());
    auto y = l0op::Abs(x, uniqueExecutor.get());
    if (y->GetDataType() != out->GetDataType()) {
        y = l0op::Cast(y, out->GetDataType(),
