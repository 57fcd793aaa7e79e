/* Test fixture written for op-migrate in the idiom of an ops-cv L0 op_api file (not CANN code).
 * One kernel writes both gradients; they come back as a std::tuple made with std::tie. */
#include "warp_sample_grad.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(WarpSampleGrad);

const std::tuple<aclTensor*, aclTensor*> WarpSampleGrad(const aclTensor* gradOutput, const aclTensor* input,
                                                        const aclTensor* grid, int64_t mode, aclOpExecutor* executor)
{
    L0_DFX(WarpSampleGrad, gradOutput, input, grid, mode);
    auto dInput = executor->AllocTensor(input->GetViewShape(), input->GetDataType(), op::Format::FORMAT_ND);
    auto dGrid = executor->AllocTensor(grid->GetViewShape(), grid->GetDataType(), op::Format::FORMAT_ND);
    if (dInput == nullptr || dGrid == nullptr) {
        return std::tie(dInput, dGrid);
    }
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(WarpSampleGrad, OP_INPUT(gradOutput, input, grid), OP_OUTPUT(dInput, dGrid),
                                           OP_ATTR(mode));
    if (ret != ACLNN_SUCCESS) {
        return std::tuple<aclTensor*, aclTensor*>(nullptr, nullptr);
    }
    return std::tie(dInput, dGrid);
}
} // namespace l0op
