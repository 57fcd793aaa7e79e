/* Test fixture written for op-migrate in the idiom of an ops-cv L2 op_api file (not CANN code).
 * Stands for ops-cv image/upsample_nearest3d/op_host/op_api/aclnn_upsample_nearest_2d_v2.cpp
 * (aclnnUpsampleNearest2dV2): before any launch, a helper from a common header compares N and C where the storage
 * format puts them and refuses any format but NCHW and NHWC.
 * Hand check (issue 28): right. The facts give every tensor the ND format, so the call is rejected in that helper
 * (the real one is CheckNCDimValid in ops-math's op_error_check.h); a user with NCHW images cannot ask for their
 * route, since no fact sets a storage format. */
#include "nearest_grow.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "op_api/nc_check.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

namespace {
static const std::initializer_list<op::DataType> IMAGE_TYPES = {op::DataType::DT_FLOAT16, op::DataType::DT_FLOAT};
static const uint64_t SIZE_ENTRIES = 2;

static aclnnStatus CheckImage(const aclTensor* self, const aclIntArray* outputSize, const aclTensor* out)
{
    OP_CHECK_NULL(self, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(out, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_DTYPE_NOT_SUPPORT(self, IMAGE_TYPES, return ACLNN_ERR_PARAM_INVALID);
    OP_CHECK_DTYPE_NOT_MATCH(self, out->GetDataType(), return ACLNN_ERR_PARAM_INVALID);
    if (outputSize->Size() != SIZE_ENTRIES) {
        return ACLNN_ERR_PARAM_INVALID;
    }
    CHECK_RET(SameBatchAndChannels(self, out), ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}
} // namespace

aclnnStatus aclnnNearestGrowGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize, aclTensor* out,
                                             uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnNearestGrow, DFX_IN(self, outputSize), DFX_OUT(out));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    auto ret = CheckImage(self, outputSize, out);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto size = uniqueExecutor.get()->ConvertToTensor(outputSize, op::ToOpDataType(ACL_INT32));
    auto grown = l0op::NearestGrow(selfContiguous, size, out, uniqueExecutor.get());
    CHECK_RET(grown != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(grown, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnNearestGrow(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnNearestGrow);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
