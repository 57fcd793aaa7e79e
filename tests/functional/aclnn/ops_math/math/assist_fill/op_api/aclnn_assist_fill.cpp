/* Test fixture written for op-migrate in the idiom of ops-nn's aclnn_index_fill_tensor.cpp (not CANN code).
 * A helper fills a host tensor, copies it to the device with op::CopyToNpu (a COPY task of the framework into a new
 * float32 device tensor of the host tensor's shape) and casts it to the output's dtype: the route has the copy, and
 * the Cast after it is decided (float32 -> float16 on AI Core). */
#include "aclnn_assist_fill.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "opdev/framework_op.h"

using namespace op;

static const aclTensor* GenerateAssist(int64_t n, float value, op::DataType type, aclOpExecutor* executor)
{
    auto assist = executor->AllocHostTensor({n}, op::DataType::DT_FLOAT);
    CHECK_RET(assist != nullptr, nullptr);
    for (int64_t i = 0; i < n; i++) {
        assist->SetData(i, value, op::DataType::DT_FLOAT);
    }
    auto deviceTensor = op::CopyToNpu(assist, executor);
    CHECK_RET(deviceTensor != nullptr, nullptr);
    return l0op::Cast(deviceTensor, type, executor);
}

#ifdef __cplusplus
extern "C" {
#endif

aclnnStatus aclnnAssistFillGetWorkspaceSize(const aclTensor* self, float value, aclTensor* out,
                                            uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    auto assist = GenerateAssist(64, value, self->GetDataType(), uniqueExecutor.get());
    CHECK_RET(assist != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(assist, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnAssistFill(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnAssistFill);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
