// verify-route fixture (written for op-migrate tests): the old Gcd L0 wrapper, AI Core only for INT32/INT16.

#include "gcd.h"
#include "opdev/data_type_utils.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(Gcd);

static const std::initializer_list<op::DataType> AICORE_DTYPE_SUPPORT_LIST = {
    op::DataType::DT_INT32, op::DataType::DT_INT16};

static bool IsAiCoreSupport(const aclTensor* self)
{
    return CheckType(self->GetDataType(), AICORE_DTYPE_SUPPORT_LIST);
}

const aclTensor* Gcd(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    L0_DFX(Gcd, self, other);
    auto out = executor->AllocTensor(self->GetViewShape(), self->GetDataType());
    if (IsAiCoreSupport(self)) {
        ADD_TO_LAUNCHER_LIST_AICORE(Gcd, OP_INPUT(self, other), OP_OUTPUT(out));
    } else {
        static internal::AicpuTaskSpace space("Gcd");
        ADD_TO_LAUNCHER_LIST_AICPU(Gcd, OP_ATTR_NAMES(), OP_INPUT(self, other), OP_OUTPUT(out));
    }
    return out;
}
} // namespace l0op
