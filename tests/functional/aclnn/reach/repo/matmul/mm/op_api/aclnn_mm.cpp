// Fixture: kernels launched from methods of a local object (matmul idiom): `MmOp aclnnOp(...);
// aclnnOp.ProcessL0();` with the member fields set by the constructor.
#include "aclnn_mm.h"
#include "matmul.h"
#include "aclnn_kernels/contiguous.h"

using namespace op;

namespace {
class MmOp {
public:
    MmOp(const aclTensor* self, const aclTensor* mat2, aclTensor* out, aclOpExecutor* executor)
        : self_(self), mat2_(mat2), out_(out), executor_(executor)
    {}

    aclnnStatus ProcessL0()
    {
        auto selfContiguous = l0op::Contiguous(self_, executor_);
        CHECK_RET(selfContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
        auto mat2Contiguous = l0op::Contiguous(mat2_, executor_);
        CHECK_RET(mat2Contiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
        result_ = l0op::MatMulV3Nd(selfContiguous, mat2Contiguous, nullptr, false, false, executor_);
        return result_ == nullptr ? ACLNN_ERR_INNER_NULLPTR : ACLNN_SUCCESS;
    }

    aclnnStatus CopyOut()
    {
        auto viewCopyResult = l0op::ViewCopy(result_, out_, executor_);
        return viewCopyResult == nullptr ? ACLNN_ERR_INNER_NULLPTR : ACLNN_SUCCESS;
    }

    bool IsEmpty() const
    {
        return self_->IsEmpty() || mat2_->IsEmpty();
    }

private:
    const aclTensor* self_;
    const aclTensor* mat2_;
    aclTensor* out_;
    aclOpExecutor* executor_;
    const aclTensor* result_ = nullptr;
};
}  // namespace

aclnnStatus aclnnMmGetWorkspaceSize(const aclTensor* self, const aclTensor* mat2, aclTensor* out,
                                    int8_t cubeMathType, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnMm, DFX_IN(self, mat2, cubeMathType), DFX_OUT(out));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    MmOp aclnnOp(self, mat2, out, uniqueExecutor.get());
    if (aclnnOp.IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }
    auto ret = aclnnOp.ProcessL0();
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    ret = aclnnOp.CopyOut();
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
