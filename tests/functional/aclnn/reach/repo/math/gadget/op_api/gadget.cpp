// Fixture: L0 definitions (ops-math idiom): AI Core for the float dtypes, AI CPU otherwise; GadgetV2 calls Gadget
// unqualified inside namespace l0op (a launch); IsAiCoreSupport and IsGadgetSupported are helpers (no launch).
#include "gadget.h"
#include "opdev/op_def.h"
#include "opdev/op_executor.h"

using namespace op;

namespace l0op {

OP_TYPE_REGISTER(Gadget);

static const std::initializer_list<op::DataType> AICORE_DTYPE_SUPPORT_LIST = {op::DataType::DT_FLOAT16,
                                                                              op::DataType::DT_FLOAT};

static bool IsAiCoreSupport(const aclTensor* self)
{
    return CheckType(self->GetDataType(), AICORE_DTYPE_SUPPORT_LIST);
}

bool IsGadgetSupported(const aclTensor* self)
{
    return IsAiCoreSupport(self) || self->GetDataType() == op::DataType::DT_INT32;
}

static const aclTensor* GadgetAiCpu(const aclTensor* self, aclTensor* out, aclOpExecutor* executor)
{
    L0_DFX(GadgetAiCpu, self, out);
    static internal::AicpuTaskSpace space("Gadget");
    auto ret = ADD_TO_LAUNCHER_LIST_AICPU(Gadget, OP_ATTR_NAMES(), OP_INPUT(self), OP_OUTPUT(out));
    CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
    return out;
}

const aclTensor* Gadget(const aclTensor* self, aclOpExecutor* executor)
{
    L0_DFX(Gadget, self);
    auto out = executor->AllocTensor(self->GetViewShape(), self->GetDataType());
    if (IsAiCoreSupport(self)) {
        ADD_TO_LAUNCHER_LIST_AICORE(Gadget, OP_INPUT(self), OP_OUTPUT(out));
        return out;
    }
    return GadgetAiCpu(self, out, executor);
}

const aclTensor* GadgetV2(const aclTensor* self, aclOpExecutor* executor)
{
    L0_DFX(GadgetV2, self);
    if (!IsAiCoreSupport(self)) {
        return nullptr;
    }
    return Gadget(self, executor);
}

}  // namespace l0op
