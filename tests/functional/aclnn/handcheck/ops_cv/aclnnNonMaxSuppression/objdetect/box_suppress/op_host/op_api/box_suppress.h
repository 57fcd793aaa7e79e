/* Test fixture written for op-migrate in the idiom of an ops-cv L0 header (not CANN code). */
#ifndef HANDCHECK_BOX_SUPPRESS_H
#define HANDCHECK_BOX_SUPPRESS_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* BoxSuppress(const aclTensor* boxes, const aclTensor* scores, int64_t keepLimit, aclTensor* kept,
                             aclOpExecutor* executor);
}
#endif
