// Fixture: the same relative path as the first root's gadget.cpp: the first root wins, this file is not read.
namespace l0op {
const aclTensor* Gadget(const aclTensor* self, aclOpExecutor* executor)
{
    ADD_TO_LAUNCHER_LIST_DSA(Gadget, OP_INPUT(self));
    return self;
}

const aclTensor* ShadowedOnlyUpstream(const aclTensor* self, aclOpExecutor* executor)
{
    return Gadget(self, executor);
}
}  // namespace l0op
