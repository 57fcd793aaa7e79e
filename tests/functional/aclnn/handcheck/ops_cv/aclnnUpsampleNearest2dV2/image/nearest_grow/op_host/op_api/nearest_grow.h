/* Test fixture written for op-migrate in the idiom of an ops-cv L0 header (not CANN code). */
#ifndef HANDCHECK_NEAREST_GROW_H
#define HANDCHECK_NEAREST_GROW_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* NearestGrow(const aclTensor* x, const aclTensor* size, aclTensor* y, aclOpExecutor* executor);
}
#endif
