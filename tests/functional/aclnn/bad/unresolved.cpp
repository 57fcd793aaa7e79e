/* Test fixture for op-migrate: an L0 op that is neither in the repository nor in l0_ops.toml. */
aclnnStatus aclnnMysteryGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                         aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto x = l0op::Contiguous(self, uniqueExecutor.get());
    auto y = l0op::MysteryKernel(x, 3, uniqueExecutor.get());
    CHECK_RET(y != nullptr, ACLNN_ERR_INNER_NULLPTR);
    l0op::ViewCopy(y, out, uniqueExecutor.get());
    return ACLNN_SUCCESS;
}
