// verify-route fixture (written for op-migrate tests): a "before" Gcd chain that materialises both broadcasts.

#include "aclnn_gcd.h"
#include "gcd.h"
#include "aclnn_kernels/contiguous.h"
#include "conversion/broadcast_to/op_api/broadcast_to.h"
#include "opdev/op_dfx.h"
#include "opdev/op_executor.h"
#include "opdev/shape_utils.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const aclTensor* BroadcastTensor(const aclTensor* x, const aclTensor* out, aclOpExecutor* executor)
{
    if (x->GetViewShape() != out->GetViewShape()) {
        auto outShape = op::ToShapeVector(out->GetViewShape());
        auto shapeArray = executor->AllocIntArray(outShape.data(), outShape.size());
        CHECK_RET(shapeArray != nullptr, nullptr);
        return l0op::BroadcastTo(x, shapeArray, executor);
    }
    return x;
}

aclnnStatus aclnnGcdGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                     uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnGcd, DFX_IN(self, other), DFX_OUT(out));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    if (self->IsEmpty() || other->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }
    auto selfContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto otherContiguous = l0op::Contiguous(other, uniqueExecutor.get());
    CHECK_RET(otherContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto selfBroadcast = BroadcastTensor(selfContiguous, out, uniqueExecutor.get());
    CHECK_RET(selfBroadcast != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto otherBroadcast = BroadcastTensor(otherContiguous, out, uniqueExecutor.get());
    CHECK_RET(otherBroadcast != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto gcdOut = l0op::Gcd(selfBroadcast, otherBroadcast, uniqueExecutor.get());
    CHECK_RET(gcdOut != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(gcdOut, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnGcd(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnGcd);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
