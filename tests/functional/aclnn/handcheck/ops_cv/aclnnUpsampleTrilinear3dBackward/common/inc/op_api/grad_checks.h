/* Test fixture written for op-migrate in the idiom of an ops-cv common level-2 header (not CANN code). */
#ifndef HANDCHECK_GRAD_CHECKS_H
#define HANDCHECK_GRAD_CHECKS_H
#include "aclnn_kernels/common/op_error_check.h"

static const std::initializer_list<op::DataType> GRAD_VALUE_TYPES = {op::DataType::DT_FLOAT, op::DataType::DT_FLOAT16,
                                                                     op::DataType::DT_BF16};

static bool CheckGradPair(const aclTensor* gradOut, const aclIntArray* sizes, const aclTensor* gradIn)
{
    OP_CHECK_NULL(gradOut, return false);
    OP_CHECK_NULL(sizes, return false);
    OP_CHECK_NULL(gradIn, return false);
    OP_CHECK_DTYPE_NOT_SUPPORT(gradOut, GRAD_VALUE_TYPES, return false);
    OP_CHECK_DTYPE_NOT_MATCH(gradOut, gradIn->GetDataType(), return false);
    return true;
}
#endif
