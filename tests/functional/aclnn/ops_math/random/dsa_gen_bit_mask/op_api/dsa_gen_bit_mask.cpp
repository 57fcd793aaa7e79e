/* Test fixture written for op-migrate in the idiom of an ops-math L0 op_api file (not CANN code). */
#include "opdev/make_op_executor.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(DSAGenBitMask);

static const int64_t BITS_PER_BYTE = 8;

// Into a caller-provided mask.
void DSAGenBitMask(uint64_t count, uint64_t seed, uint64_t offset, const aclScalar* keep, aclTensor* mask,
                   aclOpExecutor* executor)
{
    ADD_TO_LAUNCHER_LIST_DSA(DSAGenBitMask, OP_INPUT(count, seed, offset, keep), OP_OUTPUT(mask), OP_ATTR(0));
}

// One bit per element, packed into bytes.
const aclTensor* DSAGenBitMask(uint64_t count, uint64_t seed, uint64_t offset, const aclScalar* keep,
                               aclOpExecutor* executor)
{
    auto mask = executor->AllocTensor(op::Shape{static_cast<int64_t>(count) / BITS_PER_BYTE}, op::DataType::DT_UINT8);
    CHECK_RET(mask != nullptr, nullptr);
    ADD_TO_LAUNCHER_LIST_DSA(DSAGenBitMask, OP_INPUT(count, seed, offset, keep), OP_OUTPUT(mask), OP_ATTR(0));
    return mask;
}
} // namespace l0op
