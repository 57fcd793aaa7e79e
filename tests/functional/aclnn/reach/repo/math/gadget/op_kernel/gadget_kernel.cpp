// Fixture: device code (op_kernel/): not host code, not in the index.
const aclTensor* KernelOnlyHelper(const aclTensor* self, aclOpExecutor* executor)
{
    return l0op::Contiguous(self, executor);
}
