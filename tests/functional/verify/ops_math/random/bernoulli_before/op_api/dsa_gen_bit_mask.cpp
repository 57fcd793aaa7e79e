// verify-route fixture (written for op-migrate tests): a DSA mask generator that allocates its own UINT8 mask.

#include "dsa_gen_bit_mask.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(DSAGenBitMask);

const aclTensor* DSAGenBitMask(const aclTensor* like, int64_t seed, int64_t offset, const aclScalar* dropout,
                               aclOpExecutor* executor)
{
    L0_DFX(DSAGenBitMask, like, seed, offset, dropout);
    auto mask = executor->AllocTensor(op::Shape{like->GetViewShape().GetShapeSize() / 8}, op::DataType::DT_UINT8);
    ADD_TO_LAUNCHER_LIST_DSA(DSAGenBitMask, OP_INPUT(seed, offset, dropout), OP_OUTPUT(mask), OP_ATTR(0));
    return mask;
}
} // namespace l0op
