/* Test fixture written for op-migrate in the idiom of an ops-transformer mc2 L2 op_api file (not CANN code).
 * Stands for ops-transformer mc2/moe_update_expert/op_host/op_api/aclnn_moe_update_expert.cpp
 * (aclnnMoeUpdateExpert): null checks, then the generated two-phase API of an op whose OpDef configures one SoC.
 * Hand check (issue 28): right on the SoC question: Ascend910_93 with the OpDef's dtypes is SlotUpdate on AI Core,
 * Ascend910B fails (no AI Core config). Wrong on dtypes (predicted): with every tensor float16 no column of the
 * OpDef matches and the generated API finds no kernel; the walker checks the SoC only and routes the call. */
#include "opdev/make_op_executor.h"
#include "opdev/op_log.h"
#include "aclnn_kernels/common/op_error_check.h"

using namespace op;

#ifdef __cplusplus
extern "C" {
#endif

extern aclnnStatus aclnnInnerSlotUpdateGetWorkspaceSize(const aclTensor* expertIds, const aclTensor* table,
                                                        const aclTensor* activeMask, int64_t rankId,
                                                        aclTensor* balancedIds, uint64_t* workspaceSize,
                                                        aclOpExecutor** executor);
extern aclnnStatus aclnnInnerSlotUpdate(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                        aclrtStream stream);

aclnnStatus aclnnSlotUpdateGetWorkspaceSize(const aclTensor* expertIds, const aclTensor* table,
                                            const aclTensor* activeMaskOptional, int64_t rankId,
                                            aclTensor* balancedIds, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    OP_CHECK_NULL(expertIds, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(table, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(balancedIds, return ACLNN_ERR_PARAM_NULLPTR);
    aclnnStatus ret = aclnnInnerSlotUpdateGetWorkspaceSize(expertIds, table, activeMaskOptional, rankId, balancedIds,
                                                           workspaceSize, executor);
    return ret;
}

aclnnStatus aclnnSlotUpdate(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    return aclnnInnerSlotUpdate(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
