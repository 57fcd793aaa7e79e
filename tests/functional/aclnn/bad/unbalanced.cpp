/* Test fixture for op-migrate: unbalanced braces around a working entry point. */
aclnnStatus aclnnUnbalancedGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                            aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    auto x = l0op::Contiguous(self, uniqueExecutor.get());
    }}
    auto y = l0op::Abs(x, uniqueExecutor.get());
    auto copied = l0op::ViewCopy(y, out, uniqueExecutor.get());
    return ACLNN_SUCCESS;
}
}
