/* Test fixture written for op-migrate in the idiom of an ops-cv L2 op_api file (not CANN code).
 * Stands for ops-cv image/upsample_bicubic2d/op_host/op_api/aclnn_upsample_bicubic_2d.cpp (aclnnUpsampleBicubic2d):
 * on the register-based cores (the repository's own arch set) the entry returns another exported aclnn function
 * of the same file, which launches a resize kernel whose L0 lives in another operator's folder.
 * Hand check (issue 28): right. On Ascend950 the route is CubicResize on AI Core (no cast, no permute). */
#include "cubic_grow.h"
#include "image/cubic_resize/op_api/cubic_resize.h"
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

namespace {
static const std::initializer_list<op::DataType> CUBIC_TYPES = {op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16};
static const int64_t IMAGE_RANK = 4;

static aclnnStatus CheckCubic(const aclTensor* self, const aclIntArray* outputSize, const aclTensor* out)
{
    OP_CHECK_NULL(outputSize, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(self, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(out, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_DTYPE_NOT_SUPPORT(self, CUBIC_TYPES, return ACLNN_ERR_PARAM_INVALID);
    OP_CHECK_DTYPE_NOT_MATCH(self, out->GetDataType(), return ACLNN_ERR_PARAM_INVALID);
    OP_CHECK(self->GetStorageFormat() == out->GetStorageFormat(),
             OP_LOGE(ACLNN_ERR_PARAM_INVALID, "self and out share a format."), return ACLNN_ERR_PARAM_INVALID);
    OP_CHECK(self->GetViewShape().GetDimNum() == IMAGE_RANK, OP_LOGE(ACLNN_ERR_PARAM_INVALID, "4-D images."),
             return ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}
} // namespace

aclnnStatus aclnnCubicGrow2dGetWorkspaceSizeRegisterCores(const aclTensor* self, const aclIntArray* outputSize,
                                                          const double scalesH, const double scalesW, aclTensor* out,
                                                          uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    auto ret = CheckCubic(self, outputSize, out);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    const float scaleValues[] = {static_cast<float>(scalesH), static_cast<float>(scalesW)};
    const aclFloatArray* scales = uniqueExecutor->AllocFloatArray(scaleValues, 2);
    auto resized = l0op::CubicResize(selfContiguous, outputSize, scales, out, uniqueExecutor.get());
    CHECK_RET(resized != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(resized, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnCubicGrow2dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize, const double scalesH,
                                             const double scalesW, aclTensor* out, uint64_t* workspaceSize,
                                             aclOpExecutor** executor)
{
    OP_CHECK_COMM_INPUT(workspaceSize, executor);
    L2_DFX_PHASE_1(aclnnCubicGrow2d, DFX_IN(self, outputSize, scalesH, scalesW), DFX_OUT(out));
    if (OnRegisterCores()) {
        return aclnnCubicGrow2dGetWorkspaceSizeRegisterCores(self, outputSize, scalesH, scalesW, out, workspaceSize,
                                                             &(*executor));
    }
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    auto ret = CheckCubic(self, outputSize, out);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    auto selfSingle = l0op::Cast(selfContiguous, op::DataType::DT_FLOAT, uniqueExecutor.get());
    const float stepH = scalesH > 0 ? static_cast<float>(1.0 / scalesH) : 0;
    const float stepW = scalesW > 0 ? static_cast<float>(1.0 / scalesW) : 0;
    auto grown = l0op::CubicGrow(selfSingle, outputSize, stepH, stepW, out, uniqueExecutor.get());
    CHECK_RET(grown != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto back = l0op::Cast(grown, self->GetDataType(), uniqueExecutor.get());
    auto viewCopyResult = l0op::ViewCopy(back, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnCubicGrow2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnCubicGrow2d);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
