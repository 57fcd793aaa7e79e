// Fixture: an upstream repository's L0 op (ops-math idiom): AI Core for the float dtypes, AI CPU otherwise.
#include "widget.h"
#include "opdev/op_def.h"
#include "opdev/op_executor.h"

using namespace op;

namespace l0op {

OP_TYPE_REGISTER(Widget);

static const std::initializer_list<op::DataType> AICORE_DTYPE_SUPPORT_LIST = {op::DataType::DT_FLOAT16,
                                                                              op::DataType::DT_FLOAT};

static bool IsAiCoreSupport(const aclTensor* self)
{
    return CheckType(self->GetDataType(), AICORE_DTYPE_SUPPORT_LIST);
}

const aclTensor* Widget(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    L0_DFX(Widget, self, other);
    op::Shape broadcastShape;
    if (!BroadcastInferShape(self->GetViewShape(), other->GetViewShape(), broadcastShape)) {
        return nullptr;
    }
    auto out = executor->AllocTensor(broadcastShape, self->GetDataType());
    if (IsAiCoreSupport(self)) {
        ADD_TO_LAUNCHER_LIST_AICORE(Widget, OP_INPUT(self, other), OP_OUTPUT(out));
    } else {
        ADD_TO_LAUNCHER_LIST_AICPU(Widget, OP_ATTR_NAMES(), OP_INPUT(self, other), OP_OUTPUT(out));
    }
    return out;
}

}  // namespace l0op
