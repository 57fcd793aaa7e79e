/* Test fixture written for op-migrate in the idiom of an ops-cv L0 op_api file (not CANN code).
 * The AI Core kernel takes steps of at least 0.02 on a DAV_2201 core in float32 (half types are cast around it);
 * anything else goes to the AI CPU kernel. */
#include "cube_smooth_grad.h"
#include "aclnn_kernels/cast.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/platform.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(CubeSmoothGrad);
OP_TYPE_REGISTER(CubeSmoothGradCpu);

static constexpr float SMALLEST_STEP = 0.02;
static const std::initializer_list<op::DataType> CORE_TYPES = {op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16};

const aclTensor* CubeSmoothGrad(const aclTensor* gradOut, const aclIntArray* inputSize, const aclFloatArray* steps,
                                aclOpExecutor* executor)
{
    L0_DFX(CubeSmoothGrad, gradOut, inputSize, steps);
    float stepD = (*steps)[0];
    float stepH = (*steps)[1];
    float stepW = (*steps)[2];
    auto dtype = gradOut->GetDataType();
    auto arch = GetCurrentPlatformInfo().GetCurNpuArch();
    bool coarse = stepD >= SMALLEST_STEP && stepH >= SMALLEST_STEP && stepW >= SMALLEST_STEP;
    if (arch == NpuArch::DAV_2201 && CheckType(dtype, CORE_TYPES) && coarse) {
        if (dtype == op::DataType::DT_FLOAT16) {
            gradOut = l0op::Cast(gradOut, op::DataType::DT_FLOAT, executor);
        }
        const aclTensor* dx = executor->AllocTensor(op::DataType::DT_FLOAT, gradOut->GetStorageFormat(),
                                                    gradOut->GetStorageFormat());
        auto ret = ADD_TO_LAUNCHER_LIST_AICORE(CubeSmoothGrad, OP_INPUT(gradOut), OP_OUTPUT(dx),
                                               OP_ATTR(inputSize, stepD, stepH, stepW));
        OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "launch failed."), return nullptr);
        if (dtype == op::DataType::DT_FLOAT16) {
            dx = l0op::Cast(dx, op::DataType::DT_FLOAT16, executor);
        }
        return dx;
    }
    const aclTensor* dx = executor->AllocTensor(dtype, gradOut->GetStorageFormat(), gradOut->GetStorageFormat());
    static internal::AicpuTaskSpace space("CubeSmoothGradCpu");
    auto ret = ADD_TO_LAUNCHER_LIST_AICPU(CubeSmoothGradCpu, OP_ATTR_NAMES({"input_size", "steps"}), OP_INPUT(gradOut),
                                          OP_OUTPUT(dx), OP_ATTR(inputSize, steps));
    CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
    return dx;
}
} // namespace l0op
