// Fixture: a chain of free helpers (ops-math idiom). The entry reaches l0op::Gadget through RunGadget ->
// ComputeGadget -> LaunchGadget; a lambda stored in a variable casts; CheckParams reaches nothing.
#include "aclnn_gadget.h"
#include "gadget.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"

using namespace op;

namespace {
const std::initializer_list<op::DataType> DTYPE_SUPPORT_LIST = {op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16};
}  // namespace

static bool CheckParams(const aclTensor* self, const aclTensor* out)
{
    OP_CHECK_NULL(self, return false);
    OP_CHECK_DTYPE_NOT_SUPPORT(self, DTYPE_SUPPORT_LIST, return false);
    OP_CHECK_SHAPE_NOT_EQUAL(self, out, return false);
    return l0op::IsGadgetSupported(self);
}

static const aclTensor* Prepare(const aclTensor* self, aclOpExecutor* executor)
{
    auto selfContiguous = l0op::Contiguous(self, executor);
    return selfContiguous;
}

static const aclTensor* LaunchGadget(const aclTensor* self, aclOpExecutor* executor)
{
    return l0op::Gadget(self, executor);
}

static const aclTensor* ComputeGadget(const aclTensor* self, aclOpExecutor* executor)
{
    auto prepared = Prepare(self, executor);
    CHECK_RET(prepared != nullptr, nullptr);
    return LaunchGadget(prepared, executor);
}

static const aclTensor* RunGadget(const aclTensor* self, aclOpExecutor* executor)
{
    return ComputeGadget(self, executor);
}

aclnnStatus aclnnGadgetGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                        aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnGadget, DFX_IN(self), DFX_OUT(out));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    CHECK_RET(CheckParams(self, out), ACLNN_ERR_PARAM_INVALID);
    auto castTo = [&](const aclTensor* tensor) {
        return l0op::Cast(tensor, out->GetDataType(), uniqueExecutor.get());
    };
    auto result = RunGadget(self, uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto casted = castTo(result);
    auto viewCopyResult = l0op::ViewCopy(casted, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnGadget(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnGadget);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}
