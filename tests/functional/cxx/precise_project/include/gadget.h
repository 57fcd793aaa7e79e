// Fixture header: the L0 entry of the Gadget operator (written for op-migrate tests).
#pragma once
#include "opdev/op_stub.h"

namespace l0op {
const aclTensor* Gadget(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor);
const aclTensor* Contiguous(const aclTensor* x, aclOpExecutor* executor);
const aclTensor* Cast(const aclTensor* x, op::DataType dtype, aclOpExecutor* executor);
const aclTensor* BroadcastTo(const aclTensor* x, const op::Shape& shape, aclOpExecutor* executor);
const aclTensor* ViewCopy(const aclTensor* x, const aclTensor* out, aclOpExecutor* executor);
}  // namespace l0op
