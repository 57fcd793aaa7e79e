/* Test fixture written for op-migrate in the idiom of an ops-cv L0 header (not CANN code). */
#ifndef HANDCHECK_NEAREST_STRETCH_H
#define HANDCHECK_NEAREST_STRETCH_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* NearestStretch(const aclTensor* x, const aclIntArray* outputSize, float scale,
                               aclOpExecutor* executor);
}
#endif
