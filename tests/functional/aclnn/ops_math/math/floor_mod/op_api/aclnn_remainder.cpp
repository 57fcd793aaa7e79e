/* Test fixture written for op-migrate in the idiom of an ops-math "before" L2 op_api file (not CANN code).
 * The tensor-tensor path broadcasts both inputs to the output shape before FloorMod, except on RegBase. */
#include "aclnn_remainder.h"
#include "conversion/broadcast_to/op_api/broadcast_to.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "floor_mod.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const std::initializer_list<op::DataType> DTYPES_2201 = {
    op::DataType::DT_INT32, op::DataType::DT_INT64, op::DataType::DT_FLOAT16,
    op::DataType::DT_FLOAT, op::DataType::DT_DOUBLE, op::DataType::DT_BF16};
static const std::initializer_list<op::DataType> DTYPES_OTHER = {
    op::DataType::DT_INT32, op::DataType::DT_FLOAT16, op::DataType::DT_FLOAT, op::DataType::DT_DOUBLE};
static const std::initializer_list<op::DataType> NO_DTYPES = {};

static const std::initializer_list<op::DataType>& SupportedDtypes(NpuArch arch)
{
    switch (arch) {
        case NpuArch::DAV_2201:
        case NpuArch::DAV_3510:
            return DTYPES_2201;
        case NpuArch::DAV_1001:
        case NpuArch::DAV_2002:
            return DTYPES_OTHER;
        default:
            return NO_DTYPES;
    }
}

static int64_t RankOf(const aclTensor* t)
{
    return static_cast<int64_t>(t->GetViewShape().GetDimNum());
}

static aclnnStatus CheckInputs(const aclTensor* self, const aclTensor* other, const aclTensor* out)
{
    OP_CHECK_NULL(self, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(other, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(out, return ACLNN_ERR_PARAM_NULLPTR);
    auto arch = GetCurrentPlatformInfo().GetCurNpuArch();
    auto promoted = op::PromoteType(self->GetDataType(), other->GetDataType());
    if (!CheckType(promoted, SupportedDtypes(arch))) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "dtype not supported");
        return ACLNN_ERR_PARAM_INVALID;
    }
    return ACLNN_SUCCESS;
}

// A rank-0 tensor becomes [1]; then the dtype is promoted when it differs.
static const aclTensor* PrepareInput(const aclTensor* x, op::DataType dtype, aclOpExecutor* executor)
{
    auto contiguous = l0op::Contiguous(x, executor);
    CHECK_RET(contiguous != nullptr, nullptr);
    if (RankOf(contiguous) == 0) {
        int64_t one[1] = {1};
        auto oneShape = executor->AllocIntArray(one, 1);
        contiguous = l0op::BroadcastTo(contiguous, oneShape, executor);
    }
    if (x->GetDataType() != dtype) {
        contiguous = l0op::Cast(contiguous, dtype, executor);
    }
    return contiguous;
}

static aclIntArray* OutputDims(const aclTensor* out, aclOpExecutor* executor)
{
    int64_t rank = RankOf(out);
    std::vector<int64_t> dims(rank);
    for (int64_t i = 0; i < rank; i++) {
        dims[i] = (out->GetViewShape())[i];
    }
    return executor->AllocIntArray(dims.data(), rank);
}

static const aclTensor* BroadcastTensor(
    const aclTensor* x, const aclTensor* out, const aclIntArray* dims, aclOpExecutor* executor)
{
    x = l0op::ReFormat(x, op::Format::FORMAT_ND);
    if (x->GetViewShape() != out->GetViewShape()) {
        x = l0op::BroadcastTo(x, dims, executor);
    }
    return x;
}

static aclnnStatus FinishOutput(const aclTensor* result, const aclTensor* out, bool rankZero, aclOpExecutor* executor)
{
    if (result->GetDataType() != out->GetDataType()) {
        result = l0op::Cast(result, out->GetDataType(), executor);
        CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    if (rankZero) {
        result = l0op::SqueezeNd(result, 0, executor);
    }
    auto copied = l0op::ViewCopy(result, out, executor);
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    return ACLNN_SUCCESS;
}

static aclnnStatus RemainderTensorTensor(
    const aclTensor* self, const aclTensor* other, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    if (self->IsEmpty() || other->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }
    auto promoted = op::PromoteType(self->GetDataType(), other->GetDataType());
    bool strideAware = IsRegBase() && promoted != op::DataType::DT_DOUBLE;
    if (strideAware) {
        auto a = PrepareInput(self, promoted, uniqueExecutor.get());
        auto b = PrepareInput(other, promoted, uniqueExecutor.get());
        auto result = l0op::FloorMod(a, b, uniqueExecutor.get());
        CHECK_RET(FinishOutput(result, out, false, uniqueExecutor.get()) == ACLNN_SUCCESS, ACLNN_ERR_INNER_NULLPTR);
    } else {
        auto a = PrepareInput(self, promoted, uniqueExecutor.get());
        auto b = PrepareInput(other, promoted, uniqueExecutor.get());
        auto dims = OutputDims(out, uniqueExecutor.get());
        a = BroadcastTensor(a, out, dims, uniqueExecutor.get());
        b = BroadcastTensor(b, out, dims, uniqueExecutor.get());
        auto result = l0op::FloorMod(a, b, uniqueExecutor.get());
        CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
        bool rankZero = (RankOf(out) == 0);
        auto status = FinishOutput(result, out, rankZero, uniqueExecutor.get());
        CHECK_RET(status == ACLNN_SUCCESS, status);
    }
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnRemainderTensorTensorGetWorkspaceSize(
    const aclTensor* self, const aclTensor* other, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnRemainderTensorTensor, DFX_IN(self, other), DFX_OUT(out));
    auto ret = CheckInputs(self, other, out);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    return RemainderTensorTensor(self, other, out, workspaceSize, executor);
}

aclnnStatus aclnnInplaceRemainderTensorTensorGetWorkspaceSize(
    aclTensor* selfRef, const aclTensor* other, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto out = const_cast<aclTensor*>(selfRef);
    auto ret = CheckInputs(selfRef, other, out);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    return RemainderTensorTensor(selfRef, other, out, workspaceSize, executor);
}

aclnnStatus aclnnRemainderTensorTensor(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnRemainderTensorTensor);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
