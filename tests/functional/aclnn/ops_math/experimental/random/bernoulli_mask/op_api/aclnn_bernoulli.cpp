/* Test fixture written for op-migrate in the idiom of an experimental "after" L2 op_api file (not CANN code).
 * The DSA mask is generated straight into out's storage (a UINT8 alias), then expanded in place. */
#include "aclnn_bernoulli.h"
#include "aclnn_kernels/contiguous.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static bool SameDouble(double a, double b)
{
    return std::abs(a - b) <= std::numeric_limits<double>::epsilon();
}

aclnnStatus aclnnBernoulliGetWorkspaceSize(const aclTensor* self, const aclScalar* prob, int64_t seed, int64_t offset,
                                           aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    if (self->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }
    if (SameDouble(prob->ToDouble(), 0)) {
        auto zeros = l0op::ZerosLike(self, uniqueExecutor.get());
        CHECK_RET(l0op::ViewCopy(zeros, out, uniqueExecutor.get()) != nullptr, ACLNN_ERR_INNER_NULLPTR);
    } else {
        auto maskView = uniqueExecutor->CreateView(out, out->GetViewShape(), out->GetViewOffset());
        maskView->SetDataType(op::DataType::DT_UINT8);
        auto keep = uniqueExecutor->AllocScalar(static_cast<float>(1 - prob->ToDouble()));
        CreatDSAKernelLauncher("DSAGenBitMask", op::GenOpTypeId("DSAGenBitMask"), DSAGenBitMaskTaskType,
                               uniqueExecutor.get(), op::GetOpArgContext(OP_INPUT(seed, offset, keep), OP_OUTPUT(maskView)));
        auto expanded = l0op::BernoulliMask(maskView, out, true, uniqueExecutor.get());
        CHECK_RET(expanded != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

#ifdef __cplusplus
}
#endif
