/* Test fixture written for op-migrate in the idiom of an ops-cv L0 op_api file (not CANN code).
 * Another operator's folder: the resize kernel the bicubic entry reuses on register-based cores. */
#include "cubic_resize.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(CubicResize);

static const aclTensor* CubicResizeOnCore(const aclTensor* self, const aclTensor* size, const aclFloatArray* scales,
                                          aclTensor* y, aclOpExecutor* executor)
{
    L0_DFX(CubicResizeOnCore, self, size, scales);
    ADD_TO_LAUNCHER_LIST_AICORE(CubicResize, OP_INPUT(self, size), OP_OUTPUT(y), OP_ATTR(scales));
    return y;
}

const aclTensor* CubicResize(const aclTensor* self, const aclIntArray* size, const aclFloatArray* scales,
                             const aclTensor* out, aclOpExecutor* executor)
{
    auto sizeTensor = executor->ConvertToTensor(size, op::DataType::DT_INT32);
    if (sizeTensor == nullptr) {
        return nullptr;
    }
    auto y = executor->AllocTensor(out->GetViewShape(), out->GetDataType(), out->GetViewFormat());
    if (y == nullptr) {
        return nullptr;
    }
    return CubicResizeOnCore(self, sizeTensor, scales, y, executor);
}
} // namespace l0op
