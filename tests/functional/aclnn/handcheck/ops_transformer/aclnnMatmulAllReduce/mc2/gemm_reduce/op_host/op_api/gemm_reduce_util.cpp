/* Test fixture written for op-migrate in the idiom of an ops-transformer mc2 util source (not CANN code).
 * The parameter checks every entry of this folder shares: nulls, dtypes, the reduce attribute, then the shapes with
 * the OP_CHECK_* shape macros and a GetDim comparison. */
#include "gemm_reduce_util.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/op_log.h"
#include "opdev/platform.h"

using namespace op;

static const std::initializer_list<DataType> GEMM_TYPES = {DataType::DT_FLOAT16, DataType::DT_BF16};
static constexpr int64_t MATRIX = 2;
static constexpr int64_t BATCHED = 3;
static constexpr int64_t STOP_ON_FAILURE = 1;

static bool PresentAndTyped(const aclTensor* x1, const aclTensor* x2, const aclTensor* bias, const aclTensor* output)
{
    OP_CHECK_NULL(x1, return false);
    OP_CHECK_NULL(x2, return false);
    OP_CHECK_NULL(output, return false);
    OP_CHECK_DTYPE_NOT_SUPPORT(x1, GEMM_TYPES, return false);
    OP_CHECK_DTYPE_NOT_SAME(x1, x2, return false);
    OP_CHECK_DTYPE_NOT_SAME(x1, output, return false);
    if (bias != nullptr) {
        OP_CHECK_DTYPE_NOT_SAME(bias, x1, return false);
    }
    return true;
}

static bool ReduceAttr(const char* reduceOp, int64_t streamMode)
{
    if (strcmp(reduceOp, "sum")) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "only sum, got %s.", reduceOp);
        return false;
    }
    if (streamMode != STOP_ON_FAILURE) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "streamMode must be 1, got %ld.", streamMode);
        return false;
    }
    return true;
}

static bool MatrixShapes(const aclTensor* x1, const aclTensor* x2, const aclTensor* output)
{
    OP_CHECK_WRONG_DIMENSION(x2, MATRIX, return false);
    OP_CHECK_MIN_DIM(x1, MATRIX, return false);
    OP_CHECK_MAX_DIM(x1, BATCHED, return false);
    const size_t x1Rank = x1->GetViewShape().GetDimNum();
    if (x1->GetViewShape().GetDim(x1Rank - 1) != x2->GetViewShape().GetDim(0)) {
        OP_LOGE(ACLNN_ERR_PARAM_INVALID, "x1 K is not x2 K.");
        return false;
    }
    op::Shape expected = x1->GetViewShape();
    expected.SetDim(x1Rank - 1, x2->GetViewShape().GetDim(1));
    OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE(output, expected, return false);
    return true;
}

aclnnStatus GemmReduceCheckParams(const aclTensor* x1, const aclTensor* x2, const aclTensor* bias,
                                  const char* reduceOp, int64_t streamMode, const aclTensor* output)
{
    CHECK_RET(PresentAndTyped(x1, x2, bias, output), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(ReduceAttr(reduceOp, streamMode), ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(MatrixShapes(x1, x2, output), ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}
