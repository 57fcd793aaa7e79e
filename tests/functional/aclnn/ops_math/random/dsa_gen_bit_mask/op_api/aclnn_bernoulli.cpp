/* Test fixture written for op-migrate in the idiom of an ops-math "before" L2 op_api file (not CANN code).
 * On DAV_2201 a DSA bit mask drives DropoutDoMask over a tensor of ones; prob 0 and 1 take ZerosLike/OnesLike. */
#include "aclnn_bernoulli.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "dsa_gen_bit_mask.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const int64_t MASK_ALIGN_BITS = 128;
static const int64_t BITS_PER_BYTE = 8;

static bool SameDouble(double a, double b)
{
    return std::abs(a - b) <= std::numeric_limits<double>::epsilon();
}

static int64_t MaskBytes(const aclIntArray* dims)
{
    int64_t count = 1;
    for (size_t i = 0; i < dims->Size(); i++) {
        count *= (*dims)[i];
    }
    return (count + MASK_ALIGN_BITS - 1) / MASK_ALIGN_BITS * MASK_ALIGN_BITS / BITS_PER_BYTE;
}

static const aclTensor* Ones(op::DataType dtype, aclOpExecutor* executor)
{
    FVector<float> one = {1.0f};
    if (dtype == op::DataType::DT_FLOAT) {
        return executor->ConvertToTensor(one.data(), one.size(), op::DataType::DT_FLOAT);
    }
    return executor->ConvertToTensor(one.data(), one.size(), op::DataType::DT_FLOAT16);
}

static aclnnStatus MaskedOnes(const aclTensor* input, const aclScalar* prob, int64_t seed, int64_t offset,
                              const aclTensor*& masked, aclOpExecutor* executor)
{
    auto shape = op::ToShapeVector(input->GetViewShape());
    auto dimsTensor = executor->ConvertToTensor(shape.data(), shape.size(), op::DataType::DT_INT64);
    auto dims = executor->AllocIntArray(shape.data(), shape.size());
    int64_t bytes = MaskBytes(dims);
    auto keep = executor->AllocScalar(static_cast<float>(1 - prob->ToDouble()));
    auto mask = l0op::DSAGenBitMask(bytes * BITS_PER_BYTE, seed, offset, keep, executor);
    CHECK_RET(mask != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto one = Ones(input->GetDataType(), executor);
    auto ones = l0op::Fill(dimsTensor, one, dims, executor);
    CHECK_RET(ones != nullptr, ACLNN_ERR_INNER_NULLPTR);
    masked = l0op::DropoutDoMask(ones, mask, one, executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnBernoulliGetWorkspaceSize(const aclTensor* self, const aclScalar* prob, int64_t seed, int64_t offset,
                                           aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnBernoulli, DFX_IN(self, prob, seed, offset), DFX_OUT(out));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    if (self->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }
    auto input = l0op::Contiguous(self, uniqueExecutor.get());
    CHECK_RET(input != nullptr, ACLNN_ERR_INNER_NULLPTR);
    const aclTensor* result = nullptr;
    if (GetCurrentPlatformInfo().GetCurNpuArch() == NpuArch::DAV_2201) {
        const aclTensor* masked = nullptr;
        if (SameDouble(prob->ToDouble(), 0)) {
            masked = l0op::ZerosLike(input, uniqueExecutor.get());
        } else if (SameDouble(prob->ToDouble(), 1)) {
            masked = l0op::OnesLike(input, uniqueExecutor.get());
        } else {
            auto status = MaskedOnes(input, prob, seed, offset, masked, uniqueExecutor.get());
            CHECK_RET(status == ACLNN_SUCCESS, status);
        }
        result = l0op::Cast(masked, out->GetDataType(), uniqueExecutor.get());
    } else {
        auto probTensor = uniqueExecutor.get()->ConvertToTensor(prob, op::DataType::DT_FLOAT);
        result = l0op::StatelessBernoulli(input, probTensor, seed, offset, uniqueExecutor.get());
    }
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto copied = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnInplaceBernoulliGetWorkspaceSize(const aclTensor* selfRef, const aclScalar* prob, int64_t seed,
                                                  int64_t offset, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto out = const_cast<aclTensor*>(selfRef);
    return aclnnBernoulliGetWorkspaceSize(selfRef, prob, seed, offset, out, workspaceSize, executor);
}

#ifdef __cplusplus
}
#endif
