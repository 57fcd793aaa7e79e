/* Test fixture written for op-migrate in the idiom of an ops-cv L2 op_api file (not CANN code).
 * Stands for ops-cv image/grid_sample/op_api/aclnn_grid_sampler2d.cpp (aclnnGridSampler2D): the repository's own
 * register-core predicate (a std::set of arches, with and without an arch argument) chooses between the
 * register-core kernel, the AI Core kernel after an NCHW->NHWC permute, and the AI CPU kernel; shape checks read
 * local shapes with GetDim.
 * Hand check (issue 28): on Ascend950 the predicate holds: WarpSample on AI Core without a permute (right). On
 * Ascend910B the AI Core path is decided (DAV_2201): Permute with a 4-entry order (never the fast kernel) on AI Core,
 * then WarpSample; the walker leaves fast/plain permute open (incomplete but honest). A grid whose last axis is 3
 * is rejected by the local-shape check (right).
 * Since route28 0214928 the Ascend910B route is decided (right); the Ascend950 one still needs the std::set
 * predicate. */
#include "warp_sample.h"
#include "conversion/permute/op_api/permute.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/platform.h"
#include "op_api/arch_check.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const size_t AXIS_N = 0;
static const size_t AXIS_C = 1;
static const size_t AXIS_LAST = 3;
static const int64_t BILINEAR = 0;
static const int64_t NEAREST = 1;
static const int64_t POINT_COORDS = 2;
static const std::initializer_list<op::DataType> SAMPLE_TYPES = {op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16,
                                                                 op::DataType::DT_DOUBLE};

static bool CheckGrid(const aclTensor* input, const aclTensor* grid, const aclTensor* out)
{
    const auto& inputShape = input->GetViewShape();
    const auto& gridShape = grid->GetViewShape();
    const auto& outShape = out->GetViewShape();
    if (inputShape.GetDim(AXIS_N) != gridShape.GetDim(AXIS_N) || inputShape.GetDim(AXIS_C) != outShape.GetDim(AXIS_C)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "batch or channels differ.");
        return false;
    }
    if (gridShape.GetDim(AXIS_LAST) != POINT_COORDS) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "a grid point has two coordinates.");
        return false;
    }
    return true;
}

static bool RegisterCorePath(const aclTensor* input, int64_t mode)
{
    bool halfOrSingle = input->GetDataType() == op::DataType::DT_FLOAT ||
                        input->GetDataType() == op::DataType::DT_FLOAT16;
    return halfOrSingle && OnRegisterCores() && mode == BILINEAR;
}

static bool CorePath(const aclTensor* input, int64_t mode)
{
    auto arch = GetCurrentPlatformInfo().GetCurNpuArch();
    if (OnRegisterCores(arch) && mode != BILINEAR) {
        return true;
    }
    if (input->GetDataType() == op::DataType::DT_DOUBLE) {
        return false;
    }
    return arch == NpuArch::DAV_2201;
}

aclnnStatus aclnnWarpSample2dGetWorkspaceSize(const aclTensor* input, const aclTensor* grid, int64_t mode,
                                              aclTensor* out, uint64_t* workspaceSize, aclOpExecutor** executor)
{
    L2_DFX_PHASE_1(aclnnWarpSample2d, DFX_IN(input, grid, mode), DFX_OUT(out));
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    OP_CHECK_NULL(input, return ACLNN_ERR_PARAM_NULLPTR);
    OP_CHECK_DTYPE_NOT_SUPPORT(input, SAMPLE_TYPES, return ACLNN_ERR_PARAM_INVALID);
    OP_CHECK_DTYPE_NOT_MATCH(grid, input->GetDataType(), return ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(CheckGrid(input, grid, out), ACLNN_ERR_PARAM_INVALID);

    auto inputContiguous = l0op::Contiguous(input, uniqueExecutor.get());
    auto gridContiguous = l0op::Contiguous(grid, uniqueExecutor.get());
    const aclTensor* sampled = nullptr;
    bool registerCores = RegisterCorePath(input, mode);
    if (CorePath(input, mode)) {
        int64_t toChannelLast[4] = {0, 2, 3, 1};
        auto order = uniqueExecutor.get()->AllocIntArray(toChannelLast, 4);
        auto channelLast = l0op::Permute(inputContiguous, order, uniqueExecutor.get());
        sampled = l0op::WarpSample(channelLast, gridContiguous, mode, true, uniqueExecutor.get());
    } else if (registerCores) {
        sampled = l0op::WarpSample(inputContiguous, gridContiguous, mode, false, uniqueExecutor.get());
    } else if (mode == BILINEAR || mode == NEAREST) {
        sampled = l0op::WarpSampleCpu(inputContiguous, gridContiguous, mode, uniqueExecutor.get());
    } else {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "mode %ld is not supported here.", mode);
        return ACLNN_ERR_PARAM_INVALID;
    }
    CHECK_RET(sampled != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(sampled, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnWarpSample2d(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnWarpSample2d);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
