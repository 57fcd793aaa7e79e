/* Test fixture written for op-migrate in the idiom of an ops-cv L2 op_api file (not CANN code).
 * Stands for ops-cv image/upsample_trilinear3d_backward/op_host/op_api/aclnn_upsample_trilinear_3d_backward.cpp
 * (aclnnUpsampleTrilinear3dBackward): the inverse scales are pushed into a std::vector, handed to the kernel as an
 * aclFloatArray made by the executor, and the L0 function picks its kernel by reading them back.
 * Hand check (issue 28): with scales 2, 2, 2 the steps are 0.5, so on Ascend910B in float16 the route is decided:
 * Cast to float32, CubeSmoothGrad on AI Core, Cast back. The walker cannot read the float array back, so the AI
 * Core and AI CPU kernels are both `may` (incomplete but honest). */
#include "cube_smooth_grad.h"
#include "aclnn_kernels/contiguous.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "op_api/grad_checks.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

aclnnStatus aclnnCubeSmoothGradGetWorkspaceSize(const aclTensor* gradOut, const aclIntArray* inputSize, double scaleD,
                                                double scaleH, double scaleW, aclTensor* gradIn,
                                                uint64_t* workspaceSize, aclOpExecutor** executor)
{
    OP_CHECK_COMM_INPUT(workspaceSize, executor);
    L2_DFX_PHASE_1(aclnnCubeSmoothGrad, DFX_IN(gradOut, inputSize, scaleD, scaleH, scaleW), DFX_OUT(gradIn));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    CHECK_RET(CheckGradPair(gradOut, inputSize, gradIn), ACLNN_ERR_PARAM_INVALID);

    auto gradContiguous = l0op::Contiguous(gradOut, uniqueExecutor.get());
    CHECK_RET(gradContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    vector<float> stepList{};
    if (scaleD > 0 && scaleH > 0 && scaleW > 0) {
        stepList.push_back(static_cast<float>(1.0 / scaleD));
        stepList.push_back(static_cast<float>(1.0 / scaleH));
        stepList.push_back(static_cast<float>(1.0 / scaleW));
    } else {
        stepList.push_back(0.0);
        stepList.push_back(0.0);
        stepList.push_back(0.0);
    }
    const aclFloatArray* steps = uniqueExecutor->AllocFloatArray(stepList.data(), stepList.size());
    CHECK_RET(steps != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto dx = l0op::CubeSmoothGrad(gradContiguous, inputSize, steps, uniqueExecutor.get());
    CHECK_RET(dx != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(dx, gradIn, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnCubeSmoothGrad(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnCubeSmoothGrad);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
