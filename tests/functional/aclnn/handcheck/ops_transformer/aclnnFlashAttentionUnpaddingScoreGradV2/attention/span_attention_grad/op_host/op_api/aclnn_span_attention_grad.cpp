/* Test fixture written for op-migrate in the idiom of an ops-transformer L2 op_api file (not CANN code).
 * Stands for ops-transformer attention/flash_attention_score_grad/op_host/op_api/aclnn_flash_attention_score_grad.cpp
 * (aclnnFlashAttentionUnpaddingScoreGradV2): the entry takes the TND layout only (strcmp on a char* argument); a
 * shape analysis keyed on the layout string decides padding of the head dim; the L0 returns its three gradients
 * as a std::array built with `return {a, b, c};` and uses a function-like macro defined in its own file.
 * Hand check (issue 28): with TND and a head dim of 128 nothing is padded: the route is SpanAttentionGrad on AI Core
 * and three re-pointing copies. The walker cannot be told the layout (no string facts), so the pad arm stays open:
 * honest. When checked it called the route incomplete because the macro "is defined in none of the files the route
 * reads" (it is defined in the L0 source; fixed by the macro expansion, route28 26fe10f), and the copies of the
 * std::array results are still routed as copy kernels.
 * The copies re-point since route28 eaa26bd. */
#include "span_attention_grad.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/pad.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const int64_t ALIGN_HEAD = 128;

struct SpanShape {
    std::string layout;
    int64_t headDim = 0;
    bool padHead = false;
};

static aclnnStatus ReadSpanShape(const aclTensor* query, const char* layout, SpanShape& shape)
{
    auto queryShape = query->GetViewShape();
    shape.layout = op::ToString(layout).GetString();
    if (shape.layout == "TND") {
        shape.headDim = queryShape[2];
    } else if (queryShape.GetDimNum() > 3) {
        shape.headDim = queryShape[3];
    } else {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "layout and rank do not agree.");
        return ACLNN_ERR_PARAM_INVALID;
    }
    shape.padHead = (shape.headDim % ALIGN_HEAD != 0);
    return ACLNN_SUCCESS;
}

static aclnnStatus SpanGradWorkspace(const aclTensor* query, const aclTensor* key, const aclTensor* value,
                                     const aclTensor* dy, const aclIntArray* seqLensQ, const aclIntArray* seqLensKv,
                                     int64_t headNum, char* layout, const aclTensor* dqOut, const aclTensor* dkOut,
                                     const aclTensor* dvOut, aclOpExecutor* executor)
{
    SpanShape shape;
    auto ret = ReadSpanShape(query, layout, shape);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    auto q = l0op::Contiguous(query, executor);
    auto k = l0op::Contiguous(key, executor);
    auto v = l0op::Contiguous(value, executor);
    auto g = l0op::Contiguous(dy, executor);
    CHECK_RET(q != nullptr && k != nullptr && v != nullptr && g != nullptr, ACLNN_ERR_INNER_NULLPTR);
    if (shape.padHead) {
        const int64_t padValues[] = {0, 0, 0, 0, 0, ALIGN_HEAD - shape.headDim % ALIGN_HEAD};
        auto padArray = executor->AllocIntArray(padValues, 6);
        auto paddings = executor->ConvertToTensor(padArray, op::DataType::DT_INT64);
        q = l0op::Pad(q, paddings, executor);
        k = l0op::Pad(k, paddings, executor);
        v = l0op::Pad(v, paddings, executor);
    }
    auto grads = l0op::SpanAttentionGrad(q, k, v, g, seqLensQ, seqLensKv, headNum, layout, executor);
    CHECK_RET(grads[0] != nullptr && grads[1] != nullptr && grads[2] != nullptr, ACLNN_ERR_PARAM_NULLPTR);
    auto dqCopy = l0op::ViewCopy(grads[0], dqOut, executor);
    CHECK_RET(dqCopy != nullptr, ACLNN_ERR_PARAM_NULLPTR);
    auto dkCopy = l0op::ViewCopy(grads[1], dkOut, executor);
    CHECK_RET(dkCopy != nullptr, ACLNN_ERR_PARAM_NULLPTR);
    auto dvCopy = l0op::ViewCopy(grads[2], dvOut, executor);
    CHECK_RET(dvCopy != nullptr, ACLNN_ERR_PARAM_NULLPTR);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnSpanAttentionGradGetWorkspaceSize(const aclTensor* query, const aclTensor* key,
                                                   const aclTensor* value, const aclTensor* dy,
                                                   const aclIntArray* seqLensQOptional,
                                                   const aclIntArray* seqLensKvOptional, int64_t headNum,
                                                   char* inputLayout, const aclTensor* dqOut, const aclTensor* dkOut,
                                                   const aclTensor* dvOut, uint64_t* workspaceSize,
                                                   aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnSpanAttentionGrad,
                   DFX_IN(query, key, value, dy, seqLensQOptional, seqLensKvOptional, headNum, inputLayout),
                   DFX_OUT(dqOut, dkOut, dvOut));
    if (strcmp(inputLayout, "TND") != 0) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "layout %s is not TND.", inputLayout);
        return ACLNN_ERR_PARAM_INVALID;
    }
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    CHECK_RET(query != nullptr && key != nullptr && value != nullptr && dy != nullptr, ACLNN_ERR_PARAM_NULLPTR);
    if (dqOut->IsEmpty() && dkOut->IsEmpty() && dvOut->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }
    if (headNum <= 0) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "headNum must be positive.");
        return ACLNN_ERR_PARAM_INVALID;
    }
    auto ret = SpanGradWorkspace(query, key, value, dy, seqLensQOptional, seqLensKvOptional, headNum, inputLayout,
                                 dqOut, dkOut, dvOut, uniqueExecutor.get());
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnSpanAttentionGrad(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                   const aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnSpanAttentionGrad);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
