/* Test fixture written for op-migrate in the idiom of an ops-cv L2 op_api file (not CANN code).
 * Stands for ops-cv experimental/objdetect/roi_align_grad/op_host/op_api/aclnn_roi_align_v2_backward.cpp
 * (aclnnRoiAlignV2Backward): float32 only, and the gradient tensors must be stored NCHW (regions ND) before the
 * private-format kernel runs.
 * Hand check (issue 28): right. float16 is rejected by the dtype list; float32 with the facts' ND storage is
 * rejected by the format test. */
#include "region_align_grad.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/transdata.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const std::initializer_list<DataType> GRAD_TYPES = {DataType::DT_FLOAT};

static bool CheckStorage(const aclTensor* grad, const aclTensor* regions, const aclTensor* gradImage)
{
    bool stored = grad->GetStorageFormat() == op::Format::FORMAT_NCHW &&
                  regions->GetStorageFormat() == op::Format::FORMAT_ND &&
                  gradImage->GetStorageFormat() == op::Format::FORMAT_NCHW;
    if (!stored) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "grad and gradImage are NCHW, regions ND.");
    }
    return stored;
}

static aclnnStatus CheckInputs(const aclTensor* grad, const aclTensor* regions, const aclTensor* gradImage)
{
    OP_CHECK_NULL(grad, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(regions, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(gradImage, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_DTYPE_NOT_SUPPORT(grad, GRAD_TYPES, return ACLNN_ERR_PARAM_INVALID);
    OP_CHECK_DTYPE_NOT_MATCH(grad, regions->GetDataType(), return ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckStorage(grad, regions, gradImage), ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnRegionAlignGradGetWorkspaceSize(const aclTensor* grad, const aclTensor* regions,
                                                 const aclIntArray* imageShape, int64_t pooled, aclTensor* gradImage,
                                                 uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnRegionAlignGrad, DFX_IN(grad, regions, imageShape, pooled), DFX_OUT(gradImage));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    auto ret = CheckInputs(grad, regions, gradImage);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    auto gradContiguous = l0op::Contiguous(grad, uniqueExecutor.get());
    CHECK_RET(gradContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto regionsContiguous = l0op::Contiguous(regions, uniqueExecutor.get());
    CHECK_RET(regionsContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto gradBlocks = l0op::TransDataSpecial(gradContiguous, op::Format::FORMAT_NC1HWC0, 0, uniqueExecutor.get());
    CHECK_RET(gradBlocks != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto dxBlocks = l0op::RegionAlignGrad(gradBlocks, regionsContiguous, imageShape, pooled, uniqueExecutor.get());
    CHECK_RET(dxBlocks != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto dx = l0op::TransDataSpecial(dxBlocks, gradImage->GetOriginalFormat(), 0, uniqueExecutor.get());
    CHECK_RET(dx != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(dx, gradImage, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnRegionAlignGrad(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnRegionAlignGrad);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
