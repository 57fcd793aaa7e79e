/* Test fixture written for op-migrate in the idiom of an ops-cv L2 op_api file (not CANN code).
 * Stands for ops-cv objdetect/roi_pooling_grad_with_arg_max/op_api/aclnn_roi_pooling_grad_with_arg_max.cpp
 * (aclnnRoiPoolingGradWithArgMax): dtype lists per tensor, format checks only on the register-based cores (the
 * repository's own arch set), GetDim checks, a region-count host tensor made from an int array, the kernel, a Cast
 * to the output's dtype and the copy into the in/out tensor.
 * Hand check (issue 28): right: on Ascend910B with float16 (argmax int32) the route is RegionPoolGrad on AI Core;
 * the Cast is to the same dtype and the copy re-points. */
#include "region_pool_grad.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "op_api/arch_check.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static constexpr uint64_t AXIS0 = 0;
static constexpr uint64_t AXIS1 = 1;
static constexpr size_t REGION_FIELDS = 5;
static const std::initializer_list<op::DataType> VALUE_TYPES = {op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16};
static const std::initializer_list<op::DataType> INDEX_TYPES = {op::DataType::DT_INT32};

static bool CheckTypes(const aclTensor* grad, const aclTensor* regions, const aclTensor* argmax, const aclTensor* image)
{
    OP_CHECK_DTYPE_NOT_SUPPORT(grad, VALUE_TYPES, return false);
    OP_CHECK_DTYPE_NOT_SUPPORT(regions, VALUE_TYPES, return false);
    OP_CHECK_DTYPE_NOT_SUPPORT(argmax, INDEX_TYPES, return false);
    OP_CHECK_DTYPE_NOT_SUPPORT(image, VALUE_TYPES, return false);
    return true;
}

static bool CheckFormats(const aclTensor* grad, const aclTensor* regions)
{
    if (OnRegisterCores()) {
        OP_CHECK(grad->GetViewFormat() == regions->GetViewFormat(),
                 OP_LOGE(ACLNN_ERR_PARAM_INVALID, "one format for all tensors."), return false);
    }
    return true;
}

static bool CheckShapes(const aclTensor* grad, const aclTensor* regions, const aclTensor* argmax)
{
    if (regions->GetViewShape().GetDim(AXIS0) != grad->GetViewShape().GetDim(AXIS0)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "one gradient per region.");
        return false;
    }
    if (regions->GetViewShape().GetDim(AXIS1) != REGION_FIELDS) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "a region has 5 fields.");
        return false;
    }
    if (argmax->GetViewShape().GetDim(AXIS1) != grad->GetViewShape().GetDim(AXIS1)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "argmax and grad differ.");
        return false;
    }
    return true;
}

aclnnStatus aclnnRegionPoolGradGetWorkspaceSize(const aclTensor* grad, const aclTensor* imageRef,
                                                const aclTensor* regions, const aclTensor* argmax, int64_t pooledH,
                                                int64_t pooledW, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    OP_CHECK_COMM_INPUT(workspaceSize, executor);
    L2_DFX_PHASE_1(aclnnRegionPoolGrad, DFX_IN(grad, imageRef, regions, argmax, pooledH, pooledW), DFX_OUT(imageRef));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    CHECK_RET(CheckTypes(grad, regions, argmax, imageRef), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckFormats(grad, regions), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckShapes(grad, regions, argmax), ACLNN_ERR_PARAM_INVALID);
    OP_CHECK(pooledH > 0 && pooledW > 0, OP_LOGE(ACLNN_ERR_PARAM_INVALID, "pooled sizes are positive."),
             return ACLNN_ERR_PARAM_INVALID);

    auto gradContiguous = l0op::Contiguous(grad, uniqueExecutor.get());
    auto imageContiguous = l0op::Contiguous(imageRef, uniqueExecutor.get());
    auto regionsContiguous = l0op::Contiguous(regions, uniqueExecutor.get());
    auto argmaxContiguous = l0op::Contiguous(argmax, uniqueExecutor.get());
    CHECK_RET(gradContiguous != nullptr && imageContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);

    int64_t countValues[] = {regions->GetViewShape().GetDim(AXIS0), 5};
    aclIntArray* counts = uniqueExecutor.get()->AllocIntArray(countValues, 2);
    auto countTensor = uniqueExecutor.get()->ConvertToTensor(counts, op::DataType::DT_INT32);
    auto countContiguous = l0op::Contiguous(countTensor, uniqueExecutor.get());

    auto dx = l0op::RegionPoolGrad(gradContiguous, imageContiguous, regionsContiguous, countContiguous,
                                   argmaxContiguous, pooledH, pooledW, uniqueExecutor.get());
    CHECK_RET(dx != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto dxCast = l0op::Cast(dx, imageRef->GetDataType(), uniqueExecutor.get());
    CHECK_RET(dxCast != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(dxCast, imageRef, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnRegionPoolGrad(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnRegionPoolGrad);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
