/* Test fixture written for op-migrate in the idiom of an ops-math L0 header (not CANN code). */
#ifndef HANDCHECK_PERMUTE_H
#define HANDCHECK_PERMUTE_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* Permute(const aclTensor* x, const aclIntArray* order, aclOpExecutor* executor);
}
#endif
