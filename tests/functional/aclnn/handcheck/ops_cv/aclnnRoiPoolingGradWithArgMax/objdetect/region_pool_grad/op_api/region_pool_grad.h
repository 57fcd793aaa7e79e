/* Test fixture written for op-migrate in the idiom of an ops-cv L0 header (not CANN code). */
#ifndef HANDCHECK_REGION_POOL_GRAD_H
#define HANDCHECK_REGION_POOL_GRAD_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* RegionPoolGrad(const aclTensor* grad, const aclTensor* image, const aclTensor* regions,
                                const aclTensor* regionCount, const aclTensor* argmax, int64_t pooledH, int64_t pooledW,
                                aclOpExecutor* executor);
}
#endif
