// Fixture: an L0 operator with an AI Core / AI CPU split, compiled against include/opdev/op_stub.h.
#include "gadget.h"

namespace l0op {
OP_TYPE_REGISTER(Gadget);

namespace {
const std::initializer_list<op::DataType> AICPU_DTYPES = {op::DataType::DT_DOUBLE};
}

static const aclTensor* GadgetAiCore(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                     aclOpExecutor* executor)
{
    L0_DFX(GadgetAiCore, self, other, out);
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(Gadget, OP_INPUT(self, other), OP_OUTPUT(out));
    OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Gadget AiCore launch failed."), return nullptr);
    return out;
}

static const aclTensor* GadgetAiCpu(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                    aclOpExecutor* executor)
{
    L0_DFX(GadgetAiCpu, self, other, out);
    auto ret = ADD_TO_LAUNCHER_LIST_AICPU(Gadget, OP_INPUT(self, other), OP_OUTPUT(out));
    CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
    return out;
}

const aclTensor* Gadget(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    op::Shape broadcastShape;
    if (!op::BroadcastInferShape(self->GetViewShape(), other->GetViewShape(), broadcastShape)) {
        OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "broadcast failed");
        return nullptr;
    }
    auto out = executor->AllocTensor(broadcastShape, self->GetDataType());
    CHECK_RET(out != nullptr, nullptr);
    if (op::CheckType(self->GetDataType(), AICPU_DTYPES)) {
        return GadgetAiCpu(self, other, out, executor);
    }
    return GadgetAiCore(self, other, out, executor);
}
}  // namespace l0op
