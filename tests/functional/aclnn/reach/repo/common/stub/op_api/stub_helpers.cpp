// Fixture: a stand-in folder (stub/): nothing here is in the index.
const aclTensor* StubOnlyHelper(const aclTensor* self, aclOpExecutor* executor)
{
    return l0op::Contiguous(self, executor);
}
