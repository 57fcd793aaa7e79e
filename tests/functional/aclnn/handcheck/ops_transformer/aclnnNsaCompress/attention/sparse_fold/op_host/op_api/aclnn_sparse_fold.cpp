/* Test fixture written for op-migrate in the idiom of an ops-transformer L2 op_api file (not CANN code).
 * Stands for ops-transformer attention/nsa_compress/op_host/op_api/aclnn_nsa_compress.cpp (aclnnNsaCompress): the
 * entry sits in an anonymous namespace inside extern "C", a file-local helper named Contiguous takes the inputs by
 * reference, shape checks read `shape[i]` of local shapes, and the layout string and the optional sequence lengths
 * are checked before the launch.
 * Hand check (issue 28): right: SparseFold on AI Core, copied out by a re-pointing ViewCopy. The layout and
 * sequence-length checks cannot be decided from the facts (no fact gives a string or an int array) and pass. */
#include "sparse_fold.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

#ifdef __cplusplus
extern "C" {
#endif

namespace {
static const uint64_t AXIS_HEADS = 1;
static const uint64_t AXIS_BLOCK = 0;

struct FoldInfo {
    string layout;
    int64_t blockSize = 0;
};

static aclnnStatus CheckTypes(const aclTensor* input, const aclTensor* weight, const aclTensor* output)
{
    if (input->GetDataType() != weight->GetDataType() || input->GetDataType() != output->GetDataType()) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "input, weight and output share a dtype.");
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

static aclnnStatus Contiguous(const aclTensor*& input, const aclTensor*& weight, aclOpExecutor* executor)
{
    input = l0op::Contiguous(input, executor);
    CHECK_RET(input != nullptr, ACLNN_ERR_INNER_NULLPTR);
    weight = l0op::Contiguous(weight, executor);
    CHECK_RET(weight != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}

static aclnnStatus ReadLayout(const aclTensor* input, const aclTensor* weight, char* layout, int64_t blockSize,
                              const aclIntArray* seqLens, FoldInfo& info)
{
    Shape inputShape = input->GetViewShape();
    Shape weightShape = weight->GetViewShape();
    if (weightShape[AXIS_BLOCK] != blockSize || weightShape[AXIS_HEADS] != inputShape[AXIS_HEADS]) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "weight is [blockSize, heads].");
        return ACLNN_ERR_PARAM_INVALID;
    }
    std::string layoutText = op::ToString(layout).GetString();
    if (layoutText != "TND") {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "only the TND layout.");
        return ACLNN_ERR_PARAM_INVALID;
    }
    if (seqLens == nullptr || seqLens->Size() == 0) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "sequence lengths are required.");
        return ACLNN_ERR_PARAM_INVALID;
    }
    info.layout = layoutText;
    info.blockSize = blockSize;
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnSparseFoldGetWorkspaceSize(const aclTensor* input, const aclTensor* weight,
                                            const aclIntArray* seqLensOptional, char* layoutOptional,
                                            int64_t blockSize, aclTensor* output, uint64_t* workspaceSize,
                                            aclOpExecutor** executor)
{
    CHECK_RET(input != nullptr && weight != nullptr && output != nullptr, ACLNN_ERR_PARAM_NULLPTR);
    L2_DFX_PHASE_1(aclnnSparseFold, DFX_IN(input, weight, seqLensOptional, layoutOptional, blockSize), DFX_OUT(output));
    CHECK_RET(CheckTypes(input, weight, output) == ACLNN_SUCCESS, ACLNN_ERR_PARAM_INVALID);
    FoldInfo info;
    CHECK_RET(ReadLayout(input, weight, layoutOptional, blockSize, seqLensOptional, info) == ACLNN_SUCCESS,
              ACLNN_ERR_PARAM_INVALID);

    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    aclOpExecutor* l0Executor = uniqueExecutor.get();
    CHECK_RET(Contiguous(input, weight, l0Executor) == ACLNN_SUCCESS, ACLNN_ERR_INNER_NULLPTR);
    auto folded = l0op::SparseFold(input, weight, seqLensOptional, layoutOptional, blockSize, l0Executor);
    CHECK_RET(folded != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(folded, output, l0Executor);
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnSparseFold(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnSparseFold);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}
} // namespace

#ifdef __cplusplus
}
#endif
