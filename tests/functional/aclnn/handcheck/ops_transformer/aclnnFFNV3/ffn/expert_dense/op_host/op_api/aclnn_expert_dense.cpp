/* Test fixture written for op-migrate in the idiom of an ops-transformer L2 op_api file (not CANN code).
 * Stands for ops-transformer ffn/ffn/op_host/op_api/aclnn_ffn.cpp (aclnnFFNV3): the expert tokens come as an
 * optional tensor; with them the weights are [E, K, N] and their first dim must be the number of experts, checked
 * with CHECK_COND over GetViewShape().GetDim(i).
 * Hand check (issue 28): with 4 experts and weights [4, 1024, 2048] / [4, 2048, 1024] the route is ExpertDense on
 * AI Core (right). With weight1 [8, 1024, 2048] the call is rejected by the expert-count check; the walker routes
 * it (CHECK_COND's failure value is taken from the format argument, GetDim on the call is unknown).
 * Fixed since route28 0214928: the expert-count check rejects. */
#include "expert_dense.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const size_t EXPERT_RANK = 3;

struct ExpertArgs {
    const aclTensor* x = nullptr;
    const aclTensor* weight1 = nullptr;
    const aclTensor* weight2 = nullptr;
    const aclTensor* expertTokens = nullptr;
    int64_t precise;
};

static aclnnStatus CheckExperts(const ExpertArgs& args)
{
    CHECK_COND(args.x != nullptr && args.weight1 != nullptr && args.weight2 != nullptr, ACLNN_ERR_PARAM_NULLPTR,
               "x and the weights are required.");
    if (args.expertTokens == nullptr) {
        return ACLNN_SUCCESS;
    }
    CHECK_COND(args.weight1->GetViewShape().GetDimNum() == EXPERT_RANK, ACLNN_ERR_PARAM_INVALID,
               "weights are [E, K, N] with experts.");
    int64_t experts = args.expertTokens->GetViewShape().GetDim(0);
    CHECK_COND(args.weight1->GetViewShape().GetDim(0) == experts, ACLNN_ERR_PARAM_INVALID,
               "weight1 holds %ld experts, the tokens say %ld", args.weight1->GetViewShape().GetDim(0), experts);
    CHECK_COND(args.weight2->GetViewShape().GetDim(0) == experts, ACLNN_ERR_PARAM_INVALID,
               "weight2 holds %ld experts, the tokens say %ld", args.weight2->GetViewShape().GetDim(0), experts);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnExpertDenseGetWorkspaceSize(const aclTensor* x, const aclTensor* weight1, const aclTensor* weight2,
                                             const aclTensor* expertTokensOptional, int64_t precise,
                                             const aclTensor* y, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    ExpertArgs args{x, weight1, weight2, expertTokensOptional, precise};
    L2_DFX_PHASE_1(aclnnExpertDense, DFX_IN(x, weight1, weight2, expertTokensOptional, precise), DFX_OUT(y));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    aclnnStatus ret = CheckExperts(args);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    auto xContiguous = l0op::Contiguous(args.x, uniqueExecutor.get());
    auto weight1Contiguous = l0op::Contiguous(args.weight1, uniqueExecutor.get());
    auto weight2Contiguous = l0op::Contiguous(args.weight2, uniqueExecutor.get());
    auto result = l0op::ExpertDense(xContiguous, weight1Contiguous, weight2Contiguous, args.expertTokens,
                                    args.precise, uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(result, y, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnExpertDense(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnExpertDense);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
