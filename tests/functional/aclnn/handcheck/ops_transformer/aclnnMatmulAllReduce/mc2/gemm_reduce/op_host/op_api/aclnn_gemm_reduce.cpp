/* Test fixture written for op-migrate in the idiom of an ops-transformer mc2 L2 op_api file (not CANN code).
 * Stands for ops-transformer mc2/matmul_all_reduce/op_host/op_api/aclnn_matmul_all_reduce.cpp
 * (aclnnMatmulAllReduce): the checks live in a sibling util .cpp declared in a util header; the launch is the
 * generated two-phase API of the op, followed by nnopbase calls through a weak symbol.
 * Hand check (issue 28): right for matching shapes (GemmReduce on AI Core) and for streamMode 0 (rejected). The
 * util rejects three more: an output whose last dim is not x2's N (OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE over
 * a shape whose last dim is set from x2->GetViewShape().GetDim(1)), an x2 whose K is not x1's (GetDim on the call)
 * and a 3-D x2 (OP_CHECK_WRONG_DIMENSION). The walker routed all three when checked; since the macro expansion
 * (route28 26fe10f) it rejects the 3-D x2; the other two still need GetDim on the call.
 * All three are rejected since route28 0214928. */
#include "gemm_reduce_util.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/op_log.h"

using namespace op;

#ifdef __cplusplus
extern "C" {
#endif

extern aclnnStatus aclnnInnerGemmReduceGetWorkspaceSize(const aclTensor* x1, const aclTensor* x2, const aclTensor* bias,
                                                        const char* group, const char* reduceOp, bool transposeX2,
                                                        const aclTensor* output, uint64_t* workspaceSize,
                                                        aclOpExecutor** executor);
extern aclnnStatus aclnnInnerGemmReduce(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                        const aclrtStream stream);
extern "C" aclnnStatus __attribute__((weak)) NnopbaseDisableOptionalInput(void* executor, const size_t irIndex);

aclnnStatus aclnnGemmReduceGetWorkspaceSize(const aclTensor* x1, const aclTensor* x2, const aclTensor* bias,
                                            const char* group, const char* reduceOp, int64_t streamMode,
                                            const aclTensor* output, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto checked = GemmReduceCheckParams(x1, x2, bias, reduceOp, streamMode, output);
    CHECK_RET(checked == ACLNN_SUCCESS, checked);
    bool transposeX2 = LastTwoSwapped(x2);
    aclnnStatus ret = aclnnInnerGemmReduceGetWorkspaceSize(x1, x2, bias, group, reduceOp, transposeX2, output,
                                                           workspaceSize, executor);
    if (ret == 0 && NnopbaseDisableOptionalInput != nullptr) {
        NnopbaseDisableOptionalInput(*executor, 2U);
    }
    return ret;
}

aclnnStatus aclnnGemmReduce(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, const aclrtStream stream)
{
    return aclnnInnerGemmReduce(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
