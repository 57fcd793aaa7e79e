/* Test fixture written for op-migrate in the idiom of an ops-cv L0 header (not CANN code). */
#ifndef HANDCHECK_CUBIC_RESIZE_H
#define HANDCHECK_CUBIC_RESIZE_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* CubicResize(const aclTensor* self, const aclIntArray* size, const aclFloatArray* scales,
                             const aclTensor* out, aclOpExecutor* executor);
}
#endif
