/**
 * Fixture written for op-migrate tests: an L2 ACLNN entry in the style of ops-math op_api sources.
 */

#include "aclnn_widget.h"
#include "widget.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"
#include "opdev/op_dfx.h"
#include <vector>

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const std::initializer_list<op::DataType> WIDGET_910B_DTYPES = {
    op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16, op::DataType::DT_BF16};
static const std::initializer_list<DataType> WIDGET_910_DTYPES = {DataType::DT_FLOAT, DataType::DT_FLOAT16};
static constexpr int64_t MAX_WIDGET_DIMS = 8;
static const std::initializer_list<DataType> NO_DTYPES = {};

namespace {
const int64_t WIDGET_ALIGN = 32;
}

static const std::initializer_list<DataType>& WidgetDtypes()
{
    auto npuArch = op::GetCurrentPlatformInfo().GetCurNpuArch();
    switch (npuArch) {
        case NpuArch::DAV_2201:
        case NpuArch::DAV_3510: {
            return WIDGET_910B_DTYPES;
        }
        case NpuArch::DAV_1001:
            return WIDGET_910_DTYPES;
        default:
            OP_LOGE(ACLNN_ERR_PARAM_INVALID, "widget is not supported on %s", op::ToString(npuArch).GetString());
            return NO_DTYPES;
    }
}

static aclnnStatus CheckWidgetParams(const aclTensor* self, const aclTensor* other, const aclTensor* out)
{
    OP_CHECK_NULL(self, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_NULL(other, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_DTYPE_NOT_SUPPORT(self, WidgetDtypes(), return ACLNN_ERR_PARAM_INVALID);
    OP_CHECK(
        self->GetViewShape().GetDimNum() <= MAX_WIDGET_DIMS,
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "self has too many dims %zu", self->GetViewShape().GetDimNum()),
        return ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}

static const aclTensor* PrepareWidgetInput(const aclTensor* x, op::DataType dtype, aclOpExecutor* executor)
{
    auto xContiguous = l0op::Contiguous(x, executor);
    CHECK_RET(xContiguous != nullptr, nullptr);
    if (xContiguous->GetViewShape().GetDimNum() == 0) {
        int64_t one[1] = {1};
        auto shape = executor->AllocIntArray(one, 1);
        xContiguous = l0op::BroadcastTo(xContiguous, shape, executor);
    } else if (x->GetDataType() != dtype && !IsRegBase()) {
        xContiguous = l0op::Cast(xContiguous, dtype, executor);
    } else {
        OP_LOGD("widget input %p is used as is", x);
    }
    return x->GetDataType() == dtype ? xContiguous : l0op::Cast(xContiguous, dtype, executor);
}

aclnnStatus aclnnWidgetGetWorkspaceSize(
    const aclTensor* self, const aclTensor* other, aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnWidget, DFX_IN(self, other), DFX_OUT(out));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    auto ret = CheckWidgetParams(self, other, out);
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    if (self->IsEmpty() || other->IsEmpty()) {
        *workspaceSize = 0;
        uniqueExecutor.ReleaseTo(executor);
        return ACLNN_SUCCESS;
    }

    auto promoteType = op::PromoteType(self->GetDataType(), other->GetDataType());
    auto selfReady = PrepareWidgetInput(self, promoteType, uniqueExecutor.get());
    auto otherReady = PrepareWidgetInput(other, promoteType, uniqueExecutor.get());
    for (size_t i = 0; i < out->GetViewShape().GetDimNum(); ++i) {
        if (out->GetViewShape()[i] % WIDGET_ALIGN != 0) {
            break;
        }
    }
#if defined(WIDGET_LEGACY_BROADCAST)
    selfReady = l0op::BroadcastTo(selfReady, uniqueExecutor->AllocIntArray(out->GetViewShape()), uniqueExecutor.get());
#else
    OP_LOGD("broadcast is done by the kernel");
#endif
    auto result = l0op::Widget(selfReady, otherReady, uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(result, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);

    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnWidget(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnWidget);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
