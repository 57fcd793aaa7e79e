/* Test fixture written for op-migrate in the idiom of an ops-cv L2 op_api file (not CANN code).
 * Stands for ops-cv image/upsample_nearest/op_host/op_api/aclnn_upsample_nearest_exact1d.cpp
 * (aclnnUpsampleNearestExact1d): off the register-based cores an [N, C, L] tensor is permuted to [N, L, C]
 * (3-entry order array), stretched along L by a kernel whose output length comes from the outputSize array, and
 * permuted back.
 * Hand check (issue 28): incomplete but honest. With self=[2,16,64] on Ascend910B the first permute swaps two axes
 * of at most 128 and takes the fast kernel (PermuteFast); the second permute depends on outputSize, which no fact
 * gives, so it stays open. The walker leaves both open: it reads neither the Size() of the executor's int array nor
 * GetDim on the call.
 * Since route28 0214928 the first permute is decided; the second rightly stays open. */
#include "nearest_stretch.h"
#include "conversion/permute/op_api/permute.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "op_api/arch_check.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const std::initializer_list<op::DataType> STRETCH_TYPES = {op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16};
static const int64_t LINE_RANK = 3;
static constexpr size_t ORDER_LENGTH = 3;

static bool CheckLine(const aclTensor* self, const aclIntArray* outputSize, const aclTensor* out)
{
    OP_CHECK_NULL(self, return false);
    OP_CHECK_NULL(out, return false);
    OP_CHECK_NULL(outputSize, return false);
    OP_CHECK_DTYPE_NOT_SUPPORT(self, STRETCH_TYPES, return false);
    OP_CHECK_DTYPE_NOT_MATCH(self, out->GetDataType(), return false);
    OP_CHECK(self->GetViewShape().GetDimNum() == LINE_RANK, OP_LOGE(ACLNN_ERR_PARAM_INVALID, "self is [N, C, L]."),
             return false);
    OP_CHECK(outputSize->Size() == 1, OP_LOGE(ACLNN_ERR_PARAM_INVALID, "one output length."), return false);
    return true;
}

static const aclTensor* StretchAlongLength(const aclTensor* self, const aclIntArray* outputSize, float scale,
                                           aclOpExecutor* executor)
{
    if (OnRegisterCores()) {
        return l0op::NearestStretch(self, outputSize, scale, executor);
    }
    const int64_t toLast[] = {0, 2, 1};
    auto order = executor->AllocIntArray(toLast, ORDER_LENGTH);
    CHECK_RET(order != nullptr, nullptr);
    auto lengthMajor = l0op::Permute(self, order, executor);
    CHECK_RET(lengthMajor != nullptr, nullptr);
    auto stretched = l0op::NearestStretch(lengthMajor, outputSize, scale, executor);
    CHECK_RET(stretched != nullptr, nullptr);
    return l0op::Permute(stretched, order, executor);
}

aclnnStatus aclnnNearestStretch1dGetWorkspaceSize(const aclTensor* self, const aclIntArray* outputSize, double scale,
                                                  aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    OP_CHECK_COMM_INPUT(workspaceSize, executor);
    L2_DFX_PHASE_1(aclnnNearestStretch1d, DFX_IN(self, outputSize, scale), DFX_OUT(out));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    CHECK_RET(CheckLine(self, outputSize, out), ACLNN_ERR_PARAM_INVALID);

    auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    float inverseScale = scale > 0 ? static_cast<float>(1.0 / scale) : 0;
    auto result = StretchAlongLength(selfContiguous, outputSize, inverseScale, uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnNearestStretch1d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnNearestStretch1d);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
