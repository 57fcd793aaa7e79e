/* Test fixture written for op-migrate in the idiom of an ops-cv L0 header (not CANN code). */
#ifndef HANDCHECK_CUBIC_GROW_H
#define HANDCHECK_CUBIC_GROW_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* CubicGrow(const aclTensor* self, const aclIntArray* size, float stepH, float stepW,
                           const aclTensor* out, aclOpExecutor* executor);
}
#endif
