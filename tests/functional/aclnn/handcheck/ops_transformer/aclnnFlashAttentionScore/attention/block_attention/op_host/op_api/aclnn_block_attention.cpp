/* Test fixture written for op-migrate in the idiom of an ops-transformer L2 op_api file (not CANN code).
 * Stands for ops-transformer attention/flash_attention_score/op_host/op_api/aclnn_flash_attention_score.cpp
 * (aclnnFlashAttentionScore): the layout string and the rank pick how the axes are read (`shape[i]` of local
 * shapes), the head dim decides padding, and the L0 returns its results as a std::array built with
 * `return {a, b, c};`, each copied to the user's output.
 * Hand check (issue 28): BNSD-shaped inputs (4-D, head dim 128) need no pad whatever the layout string is (only
 * BNSD and BSND take 4-D inputs, both read the head dim at axis 3): the route is BlockAttention on AI Core and three
 * re-pointing copies. The walker loses the tensors of the std::array, so each copy is routed as a copy kernel.
 * Fixed since route28 eaa26bd: the copies re-point. */
#include "block_attention.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/pad.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const uint64_t RANK_3 = 3;
static const uint64_t RANK_4 = 4;
static const int64_t HEAD_ALIGN = 16;

enum class Layout { BSH, BSND, BNSD };

struct BlockInfo {
    Layout layout;
    int64_t headDim = 0;
    int64_t padNum = 0;
    bool needPad = false;
};

static aclnnStatus ReadAxes(const aclTensor* query, const char* inputLayout, int64_t headNum, BlockInfo& info)
{
    Shape queryShape = query->GetViewShape();
    uint64_t rank = queryShape.GetDimNum();
    std::string layout = op::ToString(inputLayout).GetString();
    if (rank == RANK_3 && layout == "BSH") {
        info.layout = Layout::BSH;
        info.headDim = queryShape[2] / headNum;
    } else if (rank == RANK_4 && layout == "BSND") {
        info.layout = Layout::BSND;
        info.headDim = queryShape[3];
    } else if (rank == RANK_4 && layout == "BNSD") {
        info.layout = Layout::BNSD;
        info.headDim = queryShape[3];
    } else {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "layout %s does not fit a rank-%lu query.", inputLayout, rank);
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (info.headDim % HEAD_ALIGN != 0) {
        info.needPad = true;
        info.padNum = HEAD_ALIGN - info.headDim % HEAD_ALIGN;
    }
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnBlockAttentionGetWorkspaceSize(const aclTensor* query, const aclTensor* key, const aclTensor* value,
                                                double scale, int64_t headNum, char* inputLayout,
                                                const aclTensor* rowMaxOut, const aclTensor* rowSumOut,
                                                const aclTensor* attentionOut, uint64_t* workspaceSize,
                                                aclOpExecutor** executor)
{
    CHECK_RET(query != nullptr && key != nullptr && value != nullptr, ACLNN_ERR_PARAM_NULLPTR);
    L2_DFX_PHASE_1(aclnnBlockAttention, DFX_IN(query, key, value, scale, headNum, inputLayout),
                   DFX_OUT(rowMaxOut, rowSumOut, attentionOut));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    if (headNum <= 0) {
        return ACLNN_ERR_PARAM_INVALID;
    }
    BlockInfo info;
    CHECK_RET(ReadAxes(query, inputLayout, headNum, info) == ACLNN_SUCCESS, ACLNN_ERR_PARAM_INVALID);

    auto q = l0op::Contiguous(query, uniqueExecutor.get());
    auto k = l0op::Contiguous(key, uniqueExecutor.get());
    auto v = l0op::Contiguous(value, uniqueExecutor.get());
    if (info.needPad) {
        const int64_t padValues[] = {0, 0, 0, 0, 0, 0, 0, info.padNum};
        auto padArray = uniqueExecutor->AllocIntArray(padValues, 8);
        auto paddings = uniqueExecutor->ConvertToTensor(padArray, op::DataType::DT_INT64);
        q = l0op::Pad(q, paddings, uniqueExecutor.get());
        k = l0op::Pad(k, paddings, uniqueExecutor.get());
        v = l0op::Pad(v, paddings, uniqueExecutor.get());
    }
    auto outs = l0op::BlockAttention(q, k, v, scale, headNum, inputLayout, uniqueExecutor.get());
    CHECK_RET(outs[0] != nullptr && outs[1] != nullptr && outs[2] != nullptr, ACLNN_ERR_PARAM_NULLPTR);
    auto rowMax = outs[0];
    auto rowSum = outs[1];
    auto attention = outs[2];
    auto copy0 = l0op::ViewCopy(rowMax, rowMaxOut, uniqueExecutor.get());
    CHECK_RET(copy0 != nullptr, ACLNN_ERR_PARAM_NULLPTR);
    auto copy1 = l0op::ViewCopy(rowSum, rowSumOut, uniqueExecutor.get());
    CHECK_RET(copy1 != nullptr, ACLNN_ERR_PARAM_NULLPTR);
    auto copy2 = l0op::ViewCopy(attention, attentionOut, uniqueExecutor.get());
    CHECK_RET(copy2 != nullptr, ACLNN_ERR_PARAM_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnBlockAttention(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                const aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnBlockAttention);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
