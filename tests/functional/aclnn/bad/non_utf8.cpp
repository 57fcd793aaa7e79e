/* Test fixture for op-migrate: bytes that are not UTF-8 in a comment: ÿþÃ( */
aclnnStatus aclnnLatinGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* ws, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto y = l0op::Abs(self, uniqueExecutor.get());
    l0op::ViewCopy(y, out, uniqueExecutor.get());
    return ACLNN_SUCCESS;
}
