/* Test fixture written for op-migrate in the idiom of an ops-cv L0 op_api file (not CANN code). */
#include "warp_sample.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(WarpSample);
OP_TYPE_REGISTER(WarpSampleCpu);

const aclTensor* WarpSample(const aclTensor* x, const aclTensor* grid, int64_t mode, bool channelLast,
                            aclOpExecutor* executor)
{
    L0_DFX(WarpSample, x, grid, mode, channelLast);
    auto y = executor->AllocTensor(x->GetDataType(), op::Format::FORMAT_ND, op::Format::FORMAT_ND);
    INFER_SHAPE(WarpSample, OP_INPUT(x, grid), OP_OUTPUT(y), OP_ATTR(mode, channelLast));
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(WarpSample, OP_INPUT(x, grid), OP_OUTPUT(y), OP_ATTR(mode, channelLast));
    OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "WarpSample launch failed."), return nullptr);
    return y;
}

const aclTensor* WarpSampleCpu(const aclTensor* x, const aclTensor* grid, int64_t mode, aclOpExecutor* executor)
{
    L0_DFX(WarpSampleCpu, x, grid, mode);
    auto y = executor->AllocTensor(x->GetDataType(), op::Format::FORMAT_ND, op::Format::FORMAT_ND);
    INFER_SHAPE(WarpSampleCpu, OP_INPUT(x, grid), OP_OUTPUT(y), OP_ATTR(mode));
    static internal::AicpuTaskSpace space("WarpSampleCpu");
    auto ret = ADD_TO_LAUNCHER_LIST_AICPU(WarpSampleCpu, OP_ATTR_NAMES({"mode"}), OP_INPUT(x, grid), OP_OUTPUT(y),
                                          OP_ATTR(mode));
    CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
    return y;
}
} // namespace l0op
