/* Test fixture written for op-migrate in the idiom of an ops-transformer L2 op_api file (not CANN code).
 * Stands for ops-transformer posembedding/interleave_rope/op_host/op_api/aclnn_interleave_rope.cpp
 * (aclnnInterleaveRope): a SoC test picks one of two generated two-phase APIs, each of another op (one of them in
 * another operator's folder, with a mode attribute).
 * Hand check (issue 28): right. Ascend910B: TwistRope on AI Core; Ascend950 (SocVersion ASCEND910_95): RotaryTurn on
 * AI Core; Ascend310P: no OpDef configures it, the call fails. */
#include "opdev/platform.h"
#include "opdev/op_log.h"

using namespace op;

#ifdef __cplusplus
extern "C" {
#endif

constexpr int64_t INTERLEAVED_PAIRS = 3;

aclnnStatus aclnnInnerRotaryTurnGetWorkspaceSize(const aclTensor* x, const aclTensor* cos, const aclTensor* sin,
                                                 int64_t mode, aclTensor* out, uint64_t* workspaceSize,
                                                 aclOpExecutor** executor);
aclnnStatus aclnnInnerRotaryTurn(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);
aclnnStatus aclnnInnerTwistRopeGetWorkspaceSize(const aclTensor* x, const aclTensor* cos, const aclTensor* sin,
                                                aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor);
aclnnStatus aclnnInnerTwistRope(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream);

aclnnStatus aclnnTwistRopeGetWorkspaceSize(const aclTensor* x, const aclTensor* cos, const aclTensor* sin,
                                           aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    bool registerCores = GetCurrentPlatformInfo().GetSocVersion() == SocVersion::ASCEND910_95;
    if (registerCores) {
        return aclnnInnerRotaryTurnGetWorkspaceSize(x, cos, sin, INTERLEAVED_PAIRS, out, workspaceSize, executor);
    }
    return aclnnInnerTwistRopeGetWorkspaceSize(x, cos, sin, out, workspaceSize, executor);
}

aclnnStatus aclnnTwistRope(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    if (GetCurrentPlatformInfo().GetSocVersion() == SocVersion::ASCEND910_95) {
        return aclnnInnerRotaryTurn(workspace, workspaceSize, executor, stream);
    }
    return aclnnInnerTwistRope(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
