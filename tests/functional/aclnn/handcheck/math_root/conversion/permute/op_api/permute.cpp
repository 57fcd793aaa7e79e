/* Test fixture written for op-migrate in the idiom of an ops-math L0 op_api file (not CANN code).
 * Stands for ops-math conversion/transpose/op_api/transpose.cpp: the fast kernel is chosen from the length of the
 * order array (3 or 4) and the sizes read with GetViewShape().GetDim(i), only on 910B-class chips; the other
 * kernel runs on AI Core for the listed dtypes and on AI CPU otherwise. */
#include "permute.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/platform.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(Permute);
OP_TYPE_REGISTER(PermuteFast);

static const size_t AXIS0 = 0;
static const size_t AXIS1 = 1;
static const size_t AXIS2 = 2;
static const std::initializer_list<op::DataType> FAST_TYPES = {op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16};
static const std::initializer_list<op::DataType> CORE_TYPES = {op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16,
                                                               op::DataType::DT_INT32, op::DataType::DT_BF16};

static bool SwapsInnerPair(const aclTensor* x, const aclIntArray* order)
{
    // only {0, 2, 1} with both moved axes at most 128 long
    if ((*order)[AXIS0] == 0 && (*order)[AXIS1] == 2 && (*order)[AXIS2] == 1) {
        return x->GetViewShape().GetDim(AXIS1) <= 128 && x->GetViewShape().GetDim(AXIS2) <= 128;
    }
    return false;
}

static bool FastPermuteSupported(const aclTensor* x, const aclIntArray* order)
{
    uint64_t rank = order->Size();
    bool supported = false;
    if (rank == 3U && x->GetViewShape().GetDim(AXIS0) != 1 && x->GetViewShape().GetDim(AXIS1) != 1) {
        supported = SwapsInnerPair(x, order);
    }
    if (GetCurrentPlatformInfo().GetSocVersion() == SocVersion::ASCEND910B) {
        return supported && op::CheckType(x->GetDataType(), FAST_TYPES);
    }
    return false;
}

static const aclTensor* PermuteOnCore(const aclTensor* x, const aclTensor* y, const aclTensor* order,
                                      aclOpExecutor* executor)
{
    L0_DFX(PermuteOnCore, x, y, order);
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(Permute, OP_INPUT(x, order), OP_OUTPUT(y));
    CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
    return y;
}

static const aclTensor* PermuteOnCpu(const aclTensor* x, const aclTensor* y, const aclTensor* order,
                                     aclOpExecutor* executor)
{
    L0_DFX(PermuteOnCpu, x, y, order);
    static op::internal::AicpuTaskSpace space("Permute", ge::DEPEND_CONST_VALUE, true);
    auto ret = ADD_TO_LAUNCHER_LIST_AICPU(Permute, OP_ATTR_NAMES({"T"}), OP_INPUT(x, order), OP_OUTPUT(y),
                                          OP_ATTR(x->GetDataType()));
    CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
    return y;
}

const aclTensor* Permute(const aclTensor* x, const aclIntArray* order, aclOpExecutor* executor)
{
    if (!op::IsContiguous(x)) {
        return nullptr;
    }
    auto orderTensor = executor->ConvertToTensor(order, op::DataType::DT_INT64);
    auto y = executor->AllocTensor(x->GetDataType(), x->GetStorageFormat(), x->GetOriginalFormat());
    INFER_SHAPE(Permute, OP_INPUT(x, orderTensor), OP_OUTPUT(y), OP_EMPTY_ARG);
    if (FastPermuteSupported(x, order)) {
        auto ret = ADD_TO_LAUNCHER_LIST_AICORE(PermuteFast, OP_INPUT(x, orderTensor), OP_OUTPUT(y));
        CHECK_RET(ret == ACLNN_SUCCESS, nullptr);
        return y;
    }
    if (op::CheckType(x->GetDataType(), CORE_TYPES)) {
        return PermuteOnCore(x, y, orderTensor, executor);
    }
    return PermuteOnCpu(x, y, orderTensor, executor);
}
} // namespace l0op
