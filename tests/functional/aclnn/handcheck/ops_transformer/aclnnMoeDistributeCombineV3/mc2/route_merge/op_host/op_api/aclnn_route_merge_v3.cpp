/* Test fixture written for op-migrate in the idiom of an ops-transformer mc2 L2 op_api file (not CANN code).
 * Stands for ops-transformer mc2/moe_distribute_combine_v2/op_host/op_api/aclnn_moe_distribute_combine_v3.cpp
 * (aclnnMoeDistributeCombineV3): a function-local `const static bool` SoC test picks between two calls of the same
 * generated two-phase API (the 910B one drops the tp group name), after null and group-name checks.
 * Hand check (issue 28): right. With the OpDef's dtypes on Ascend910B the route is RouteMerge on AI Core. */
#include "opdev/make_op_executor.h"
#include "opdev/op_log.h"
#include "opdev/platform.h"
#include "aclnn_kernels/common/op_error_check.h"

using namespace op;

#ifdef __cplusplus
extern "C" {
#endif

static constexpr size_t GROUP_NAME_LIMIT = 128;

extern aclnnStatus aclnnInnerRouteMergeGetWorkspaceSize(const aclTensor* expandX, const aclTensor* expertIds,
                                                        const aclTensor* expertScales, const char* groupEp,
                                                        int64_t epWorldSize, const char* groupTp, aclTensor* x,
                                                        uint64_t* workspaceSize, aclOpExecutor** executor);
extern aclnnStatus aclnnInnerRouteMerge(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                        aclrtStream stream);

static bool AllPresent(const aclTensor* expandX, const aclTensor* expertIds, const aclTensor* expertScales,
                       const char* groupEp, aclTensor* x)
{
    OP_CHECK_NULL(expandX, return false);
    OP_CHECK_NULL(expertIds, return false);
    OP_CHECK_NULL(expertScales, return false);
    OP_CHECK_NULL(x, return false);
    if ((groupEp == nullptr) || (strnlen(groupEp, GROUP_NAME_LIMIT) == 0)) {
        OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, "groupEp is required.");
        return false;
    }
    return true;
}

aclnnStatus aclnnRouteMergeV3GetWorkspaceSize(const aclTensor* expandX, const aclTensor* expertIds,
                                              const aclTensor* expertScales, const char* groupEp, int64_t epWorldSize,
                                              const char* groupTp, aclTensor* xOut, uint64_t* workspaceSize,
                                              aclOpExecutor** executor)
{
    const static bool onA2 = GetCurrentPlatformInfo().GetSocVersion() == SocVersion::ASCEND910B;
    CHECK_RET(AllPresent(expandX, expertIds, expertScales, groupEp, xOut), ACLNN_ERR_PARAM_NULLPTR);
    if (strnlen(groupEp, GROUP_NAME_LIMIT) >= GROUP_NAME_LIMIT) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "groupEp is too long.");
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (onA2) {
        return aclnnInnerRouteMergeGetWorkspaceSize(expandX, expertIds, expertScales, groupEp, epWorldSize, "", xOut,
                                                    workspaceSize, executor);
    }
    return aclnnInnerRouteMergeGetWorkspaceSize(expandX, expertIds, expertScales, groupEp, epWorldSize, groupTp, xOut,
                                                workspaceSize, executor);
}

aclnnStatus aclnnRouteMergeV3(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    return aclnnInnerRouteMerge(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
