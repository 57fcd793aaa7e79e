/* Test fixture written for op-migrate in the idiom of an ops-cv L2 op_api file (not CANN code).
 * Stands for ops-cv objdetect/iou_v2/op_api/aclnn_iou.cpp (aclnnIou): a box-width check read with
 * GetViewShape().GetDim(1) on the call, and a 2-entry order array made with AllocIntArray for the final permute.
 * Hand check (issue 28): the order array has 2 entries, so the fast permute kernel can never be chosen and the
 * route is decided: BoxOverlap, Permute on AI Core. The walker leaves PermuteFast/Permute undecided (it reads
 * neither Size() of the executor's int array nor GetDim on the call) and lets a box width of 5 pass.
 * Both fixed since route28 0214928 (GetDim on the call, the array's Size()). */
#include "box_overlap.h"
#include "conversion/permute/op_api/permute.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const int64_t BOX_RANK = 2;
static const int64_t BOX_WIDTH = 4;
static const std::initializer_list<op::DataType> BOX_TYPES = {op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16};

static bool CheckBoxes(const aclTensor* boxesA, const aclTensor* boxesB, const aclTensor* overlap)
{
    OP_CHECK_NULL(boxesA, return false);
    OP_CHECK_NULL(boxesB, return false);
    OP_CHECK_NULL(overlap, return false);
    OP_CHECK_DTYPE_NOT_SUPPORT(boxesA, BOX_TYPES, return false);
    OP_CHECK_DTYPE_NOT_MATCH(boxesB, boxesA->GetDataType(), return false);
    OP_CHECK(boxesA->GetViewShape().GetDimNum() == BOX_RANK && boxesB->GetViewShape().GetDimNum() == BOX_RANK,
             OP_LOGE(ACLNN_ERR_PARAM_INVALID, "boxes must be 2-D."), return false);
    if (boxesA->GetViewShape().GetDim(1) != BOX_WIDTH || boxesB->GetViewShape().GetDim(1) != BOX_WIDTH) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "a box has 4 coordinates.");
        return false;
    }
    return true;
}

aclnnStatus aclnnBoxOverlapGetWorkspaceSize(const aclTensor* boxesA, const aclTensor* boxesB, bool pairwise,
                                            aclTensor* overlap, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnBoxOverlap, DFX_IN(boxesA, boxesB, pairwise), DFX_OUT(overlap));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    CHECK_RET(CheckBoxes(boxesA, boxesB, overlap), ACLNN_ERR_PARAM_INVALID);

    auto contiguousA = l0op::Contiguous(boxesA, uniqueExecutor.get());
    CHECK_RET(contiguousA != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto contiguousB = l0op::Contiguous(boxesB, uniqueExecutor.get());
    CHECK_RET(contiguousB != nullptr, ACLNN_ERR_INNER_NULLPTR);

    auto overlapOut = l0op::BoxOverlap(contiguousA, contiguousB, pairwise, uniqueExecutor.get());
    CHECK_RET(overlapOut != nullptr, ACLNN_ERR_INNER_NULLPTR);

    int64_t swapAxes[2] = {1, 0};
    auto order = uniqueExecutor.get()->AllocIntArray(swapAxes, 2);
    auto swapped = l0op::Permute(overlapOut, order, uniqueExecutor.get());
    CHECK_RET(swapped != nullptr, ACLNN_ERR_INNER_NULLPTR);

    auto viewCopyResult = l0op::ViewCopy(swapped, overlap, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnBoxOverlap(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnBoxOverlap);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
