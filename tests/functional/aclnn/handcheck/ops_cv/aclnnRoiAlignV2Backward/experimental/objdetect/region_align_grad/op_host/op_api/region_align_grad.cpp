/* Test fixture written for op-migrate in the idiom of an ops-cv L0 op_api file (not CANN code). */
#include "region_align_grad.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(RegionAlignGrad);

const aclTensor* RegionAlignGrad(const aclTensor* grad, const aclTensor* regions, const aclIntArray* imageShape,
                                 int64_t pooled, aclOpExecutor* executor)
{
    L0_DFX(RegionAlignGrad, grad, regions, imageShape, pooled);
    auto dx = executor->AllocTensor(grad->GetDataType(), op::Format::FORMAT_NC1HWC0, op::Format::FORMAT_NCHW);
    INFER_SHAPE(RegionAlignGrad, OP_INPUT(grad, regions), OP_OUTPUT(dx), OP_ATTR(imageShape, pooled));
    ADD_TO_LAUNCHER_LIST_AICORE(RegionAlignGrad, OP_INPUT(grad, regions), OP_OUTPUT(dx), OP_ATTR(imageShape, pooled));
    return dx;
}
} // namespace l0op
