/**
 * Fixture written for op-migrate tests: an L0 operator with AI Core and AI CPU launchers.
 */

#include "widget.h"
#include "opdev/aicpu/aicpu_task.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(Widget);

namespace {
static const std::initializer_list<op::DataType> AICPU_ONLY_DTYPES = {op::DataType::DT_DOUBLE,
                                                                      op::DataType::DT_INT64};
}

static bool WidgetOnAiCpu(const aclTensor* self)
{
    return op::CheckType(self->GetDataType(), AICPU_ONLY_DTYPES);
}

static const aclTensor* WidgetAiCore(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                     aclOpExecutor* executor)
{
    L0_DFX(WidgetAiCore, self, other, out);
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(Widget, OP_INPUT(self, other), OP_OUTPUT(out));
    OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "Widget AiCore ADD_TO_LAUNCHER_LIST failed."),
             return nullptr);
    return out;
}

static const aclTensor* WidgetAiCpu(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                    aclOpExecutor* executor)
{
    L0_DFX(WidgetAiCpu, self, other, out);
    static internal::AicpuTaskSpace space("Widget", ge::DEPEND_IN_SHAPE, true);
    auto ret = ADD_TO_LAUNCHER_LIST_AICPU(Widget, OP_ATTR_NAMES(), OP_INPUT(self, other), OP_OUTPUT(out));
    CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
    return out;
}

const aclTensor* Widget(const aclTensor* self, const aclTensor* other, aclOpExecutor* executor)
{
    op::Shape broadcastShape;
    if (!BroadcastInferShape(self->GetViewShape(), other->GetViewShape(), broadcastShape)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "Broadcast %s and %s failed.", op::ToString(self->GetViewShape()).GetString(),
                op::ToString(other->GetViewShape()).GetString());
        return nullptr;
    }
    auto out = executor->AllocTensor(broadcastShape, self->GetDataType());
    CHECK_RET(out != nullptr, nullptr);
    return WidgetOnAiCpu(self) ? WidgetAiCpu(self, other, out, executor) : WidgetAiCore(self, other, out, executor);
}
} // namespace l0op

namespace op {
class WidgetTiling {
public:
    int64_t Blocks(int64_t total) const
    {
        return (total + WIDGET_BLOCK - 1) / WIDGET_BLOCK;
    }

private:
    static constexpr int64_t WIDGET_BLOCK = 256;
};

int64_t WidgetTiling::Align(int64_t value)
{
    while (value % 32 != 0) {
        value++;
    }
    return value;
}
} // namespace op
