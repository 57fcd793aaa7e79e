// Fixture: an L2 ACLNN entry point whose broadcast step is chosen by a preprocessor switch.
#include "gadget.h"

#ifndef GADGET_BROADCAST_IN_HOST
#define GADGET_BROADCAST_IN_HOST 0
#endif

#ifdef __cplusplus
extern "C" {
#endif

static const std::initializer_list<op::DataType> GADGET_DTYPES = {op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16};

static const aclTensor* PrepareGadgetInput(const aclTensor* x, op::DataType dtype, aclOpExecutor* executor)
{
    OP_LOGD("preparing a gadget input");
    auto xContiguous = l0op::Contiguous(x, executor);
    CHECK_RET(xContiguous != nullptr, nullptr);
    return x->GetDataType() == dtype ? xContiguous : l0op::Cast(xContiguous, dtype, executor);
}

aclnnStatus aclnnGadgetGetWorkspaceSize(const aclTensor* self, const aclTensor* other, aclTensor* out,
                                        uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnGadget, DFX_IN(self, other), DFX_OUT(out));
    OP_CHECK_NULL(self, return ACLNN_ERR_PARAM_NULLPTR);
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_NULLPTR);
    if (self->IsEmpty() || other->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }
    auto dtype = op::CheckType(self->GetDataType(), GADGET_DTYPES) ? self->GetDataType() : op::DataType::DT_FLOAT;
    auto selfReady = PrepareGadgetInput(self, dtype, uniqueExecutor.get());
    auto otherReady = PrepareGadgetInput(other, dtype, uniqueExecutor.get());
#if GADGET_BROADCAST_IN_HOST
    selfReady = l0op::BroadcastTo(selfReady, out->GetViewShape(), uniqueExecutor.get());
    otherReady = l0op::BroadcastTo(otherReady, out->GetViewShape(), uniqueExecutor.get());
#endif
    auto result = l0op::Gadget(selfReady, otherReady, uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    switch (op::GetCurrentPlatformInfo().GetCurNpuArch()) {
        case op::NpuArch::DAV_2201:
        case op::NpuArch::DAV_3510:
            break;
        default:
            result = l0op::Cast(result, out->GetDataType(), uniqueExecutor.get());
    }
    auto copied = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(copied != nullptr, ACLNN_ERR_INNER_NULLPTR);
    for (int i = 0; i < 2; ++i) {
        OP_LOGE(ACLNN_SUCCESS, "loop body");
    }
    *workspaceSize = uniqueExecutor.get()->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

#ifdef __cplusplus
}
#endif
