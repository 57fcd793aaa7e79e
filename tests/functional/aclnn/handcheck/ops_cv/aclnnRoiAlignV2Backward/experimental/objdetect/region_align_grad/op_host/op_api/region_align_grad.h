/* Test fixture written for op-migrate in the idiom of an ops-cv L0 header (not CANN code). */
#ifndef HANDCHECK_REGION_ALIGN_GRAD_H
#define HANDCHECK_REGION_ALIGN_GRAD_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* RegionAlignGrad(const aclTensor* grad, const aclTensor* regions, const aclIntArray* imageShape,
                                 int64_t pooled, aclOpExecutor* executor);
}
#endif
