// verify-route fixture (written for op-migrate tests): a "before" scalar Bernoulli on DAV_2201 that builds
// a separate mask, a full-size ones tensor (Fill), DropoutDoMask and a Cast.

#include "aclnn_bernoulli.h"
#include "dsa_gen_bit_mask.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "conversion/fill/op_api/fill.h"
#include "random/drop_out_do_mask/op_api/dropout_do_mask.h"
#include "math/zero_op/op_api/zero_op.h"
#include "math/ones_like/op_api/ones_like.h"
#include "opdev/op_dfx.h"
#include "opdev/op_executor.h"
#include "opdev/platform.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static bool IsDoubleEqual(double f1, double f2) { return std::abs(f1 - f2) <= std::numeric_limits<double>::epsilon(); }

static const aclTensor* RandomPath(const aclTensor* input, const aclScalar* prob, int64_t seed, int64_t offset,
                                   aclOpExecutor* executor)
{
    auto dropout = executor->AllocScalar(static_cast<float>(1 - prob->ToDouble()));
    CHECK_RET(dropout != nullptr, nullptr);
    auto mask = l0op::DSAGenBitMask(input, seed, offset, dropout, executor);
    CHECK_RET(mask != nullptr, nullptr);
    auto shape = op::ToShapeVector(input->GetViewShape());
    auto dims = executor->ConvertToTensor(shape.data(), shape.size(), op::DataType::DT_INT64);
    auto shapeArray = executor->AllocIntArray(shape.data(), shape.size());
    auto one = executor->ConvertToTensor(executor->AllocScalar(1.0f), op::DataType::DT_FLOAT);
    auto ones = l0op::Fill(dims, one, shapeArray, executor);
    CHECK_RET(ones != nullptr, nullptr);
    return l0op::DropoutDoMask(ones, mask, one, executor);
}

static aclnnStatus BernoulliCommon(const aclTensor* self, const aclScalar* prob, int64_t seed, int64_t offset,
                                   aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    if (self->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }
    auto inputContiguous = l0op::Contiguous(self, uniqueExecutor.get());
    CHECK_RET(inputContiguous != nullptr, ACLNN_ERR_INNER_NULLPTR);
    const aclTensor* result = nullptr;
    if (GetCurrentPlatformInfo().GetCurNpuArch() == NpuArch::DAV_2201) {
        if (IsDoubleEqual(prob->ToDouble(), 0)) {
            result = l0op::ZerosLike(inputContiguous, uniqueExecutor.get());
        } else if (IsDoubleEqual(prob->ToDouble(), 1)) {
            result = l0op::OnesLike(inputContiguous, uniqueExecutor.get());
        } else {
            result = RandomPath(inputContiguous, prob, seed, offset, uniqueExecutor.get());
        }
        CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
        result = l0op::Cast(result, op::DataType::DT_DOUBLE, uniqueExecutor.get());
    } else {
        return ACLNN_ERR_PARAM_INVALID;
    }
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnBernoulliGetWorkspaceSize(const aclTensor* self, const aclScalar* prob, int64_t seed, int64_t offset,
                                           aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnBernoulli, DFX_IN(self, prob, seed, offset), DFX_OUT(out));
    return BernoulliCommon(self, prob, seed, offset, out, workspaceSize, executor);
}

aclnnStatus aclnnInplaceBernoulliGetWorkspaceSize(const aclTensor* selfRef, const aclScalar* prob, int64_t seed,
                                                  int64_t offset, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnInplaceBernoulli, DFX_IN(selfRef, prob, seed, offset), DFX_OUT(selfRef));
    auto out = const_cast<aclTensor*>(selfRef);
    return BernoulliCommon(selfRef, prob, seed, offset, out, workspaceSize, executor);
}

#ifdef __cplusplus
}
#endif
