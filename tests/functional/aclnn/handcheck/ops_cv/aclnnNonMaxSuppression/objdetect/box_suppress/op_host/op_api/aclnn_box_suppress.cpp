/* Test fixture written for op-migrate in the idiom of an ops-cv L2 op_api file (not CANN code).
 * Stands for ops-cv objdetect/non_max_suppression_v6/op_host/op_api/aclnn_non_max_suppression.cpp
 * (aclnnNonMaxSuppression): the shape checks read a local `const auto& shape = t->GetViewShape()` with GetDim, and
 * after the checks the call refuses every NPU arch but DAV_2002 (Ascend310P).
 * Hand check (issue 28): right. Ascend910B is rejected by the arch test; on Ascend310P the route is BoxSuppress on
 * AI Core; a box of 5 coordinates is rejected by the GetDim check on the local shape. */
#include "box_suppress.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/platform.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const std::initializer_list<op::DataType> SCORE_TYPES = {op::DataType::DT_FLOAT16, op::DataType::DT_FLOAT};
static constexpr size_t AXIS_ONE = 1;
static constexpr size_t AXIS_TWO = 2;
static constexpr size_t CORNERS = 4;

static bool CheckLayout(const aclTensor* boxes, const aclTensor* scores)
{
    const auto& boxShape = boxes->GetViewShape();
    const auto& scoreShape = scores->GetViewShape();
    if (boxShape.GetDim(0) != scoreShape.GetDim(0)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "batch sizes differ");
        return false;
    }
    if (boxShape.GetDim(AXIS_ONE) != scoreShape.GetDim(AXIS_TWO)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "box counts differ");
        return false;
    }
    if (boxShape.GetDim(AXIS_TWO) != CORNERS) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "a box has 4 corners values");
        return false;
    }
    return true;
}

static aclnnStatus CheckInputs(const aclTensor* boxes, const aclTensor* scores, aclTensor* kept)
{
    OP_CHECK_NULL(boxes, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(scores, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(kept, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_DTYPE_NOT_SUPPORT(boxes, SCORE_TYPES, return ACLNN_ERR_PARAM_INVALID);
    OP_CHECK_DTYPE_NOT_SAME(boxes, scores, return ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckLayout(boxes, scores), ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnBoxSuppressGetWorkspaceSize(const aclTensor* boxes, const aclTensor* scores, int64_t keepLimit,
                                             aclTensor* kept, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    OP_CHECK_COMM_INPUT(workspaceSize, executor);
    L2_DFX_PHASE_1(aclnnBoxSuppress, DFX_IN(boxes, scores, keepLimit), DFX_OUT(kept));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);

    auto ret = CheckInputs(boxes, scores, kept);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    auto arch = GetCurrentPlatformInfo().GetCurNpuArch();
    if (arch != NpuArch::DAV_2002) {
        OP_LOGE(ACLNN_ERR_RUNTIME_ERROR, "aclnnBoxSuppress runs on DAV_2002 only");
        return ACLNN_ERR_RUNTIME_ERROR;
    }

    auto boxesContiguous = l0op::Contiguous(boxes, uniqueExecutor.get());
    auto scoresContiguous = l0op::Contiguous(scores, uniqueExecutor.get());
    auto picked = l0op::BoxSuppress(boxesContiguous, scoresContiguous, keepLimit, kept, uniqueExecutor.get());
    auto viewCopyResult = l0op::ViewCopy(picked, kept, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnBoxSuppress(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnBoxSuppress);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
