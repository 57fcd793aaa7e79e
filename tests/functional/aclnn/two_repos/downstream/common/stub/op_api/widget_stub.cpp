// Fixture: a unit-test stand-in of the upstream op, as downstream repositories keep them; it never runs on a device.
namespace l0op {
const aclTensor* Widget(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    return self;
}
}  // namespace l0op
