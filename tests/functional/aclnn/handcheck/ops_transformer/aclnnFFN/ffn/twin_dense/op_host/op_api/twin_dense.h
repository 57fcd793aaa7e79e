/* Test fixture written for op-migrate in the idiom of an ops-transformer L0 header (not CANN code). */
#ifndef HANDCHECK_TWIN_DENSE_H
#define HANDCHECK_TWIN_DENSE_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* TwinDense(const aclTensor* x, const aclTensor* weight1, const aclTensor* weight2,
                           const aclTensor* tokens, const aclTensor* scale, const char* activation, int64_t precise,
                           op::DataType yDtype, aclOpExecutor* executor);
}
#endif
