/* Test fixture written for op-migrate in the idiom of an ops-cv L2 op_api file (not CANN code).
 * Stands for ops-cv image/grid_sampler2_d_grad/op_host/op_api/aclnn_grid_sampler2d_backward.cpp
 * (aclnnGridSampler2DBackward): the output gradients must have their inputs' shapes (OP_CHECK_SHAPE_NOT_EQUAL), the
 * inputs are permuted to channel-last, one kernel returns both gradients as a std::tuple, and an aclBoolArray mask
 * says which of them is copied out.
 * Hand check (issue 28): on Ascend910B in float16 the permutes (4-entry order, never the fast kernel) and
 * WarpSampleGrad run on AI Core; the copies depend on the mask, which no fact gives (incomplete but honest). An
 * inputGrad whose shape is not input's is rejected by OP_CHECK_SHAPE_NOT_EQUAL; the walker routed it when checked
 * (route28 4e8a0e3) and rejects it since the macro expansion (26fe10f). */
#include "warp_sample_grad.h"
#include "conversion/permute/op_api/permute.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/platform.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const int64_t IMAGE_RANK = 4;
static const int64_t MASK_ENTRIES = 2;
static const std::initializer_list<op::DataType> GRAD_TYPES = {op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16};

static bool CheckGradients(const aclTensor* gradOutput, const aclTensor* input, const aclTensor* grid,
                           const aclTensor* inputGrad, const aclTensor* gridGrad, const aclBoolArray* outputMask)
{
    OP_CHECK_DTYPE_NOT_SUPPORT(input, GRAD_TYPES, return false);
    OP_CHECK_DTYPE_NOT_MATCH(gradOutput, input->GetDataType(), return false);
    const auto& inputShape = input->GetViewShape();
    const auto& gradShape = gradOutput->GetViewShape();
    if (inputShape.GetDim(0) != gradShape.GetDim(0) || inputShape.GetDim(1) != gradShape.GetDim(1)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "batch or channels differ.");
        return false;
    }
    OP_CHECK_SHAPE_NOT_EQUAL(inputGrad, input, return false);
    OP_CHECK_SHAPE_NOT_EQUAL(gridGrad, grid, return false);
    if (outputMask->Size() != MASK_ENTRIES) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "the mask has two entries.");
        return false;
    }
    return true;
}

static bool ChannelLastFits(const aclTensor* input)
{
    auto arch = GetCurrentPlatformInfo().GetCurNpuArch();
    const auto& shape = input->GetViewShape();
    auto channels = shape.GetDim(1);
    return arch == NpuArch::DAV_2201 && input->GetDataType() != op::DataType::DT_DOUBLE && channels <= 2048;
}

aclnnStatus aclnnWarpSample2dGradGetWorkspaceSize(const aclTensor* gradOutput, const aclTensor* input,
                                                  const aclTensor* grid, int64_t mode, const aclBoolArray* outputMask,
                                                  aclTensor* inputGrad, aclTensor* gridGrad, uint64_t* workspaceSize,
                                                  aclOpExecutor** executor)
{
    OP_CHECK_COMM_INPUT(workspaceSize, executor);
    L2_DFX_PHASE_1(aclnnWarpSample2dGrad, DFX_IN(gradOutput, input, grid, mode, outputMask),
                   DFX_OUT(inputGrad, gridGrad));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    CHECK_RET(CheckGradients(gradOutput, input, grid, inputGrad, gridGrad, outputMask), ACLNN_ERR_PARAM_INVALID);

    auto gridContiguous = l0op::Contiguous(grid, uniqueExecutor.get());
    auto gradContiguous = l0op::Contiguous(gradOutput, uniqueExecutor.get());
    auto inputContiguous = l0op::Contiguous(input, uniqueExecutor.get());
    CHECK_RET(gridContiguous != nullptr && gradContiguous != nullptr && inputContiguous != nullptr,
              ACLNN_ERR_INNER_NULLPTR);
    int64_t rank = static_cast<int64_t>(inputContiguous->GetViewShape().GetDimNum());
    std::tuple<aclTensor*, aclTensor*> grads;
    if (ChannelLastFits(input)) {
        std::vector<int64_t> toLast = {0, 2, 3, 1};
        auto order = uniqueExecutor.get()->AllocIntArray(toLast.data(), rank);
        auto inputLast = l0op::Permute(inputContiguous, order, uniqueExecutor.get());
        auto gradLast = l0op::Permute(gradContiguous, order, uniqueExecutor.get());
        grads = l0op::WarpSampleGrad(gradLast, inputLast, gridContiguous, mode, uniqueExecutor.get());
    } else {
        grads = l0op::WarpSampleGrad(gradContiguous, inputContiguous, gridContiguous, mode, uniqueExecutor.get());
    }
    CHECK_RET(std::get<0>(grads) != nullptr && std::get<1>(grads) != nullptr, ACLNN_ERR_INNER_NULLPTR);
    if ((*outputMask)[0]) {
        auto copied = l0op::ViewCopy(std::get<0>(grads), inputGrad, uniqueExecutor.get());
        CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    if ((*outputMask)[1]) {
        auto copied = l0op::ViewCopy(std::get<1>(grads), gridGrad, uniqueExecutor.get());
        CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnWarpSample2dGrad(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnWarpSample2dGrad);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
