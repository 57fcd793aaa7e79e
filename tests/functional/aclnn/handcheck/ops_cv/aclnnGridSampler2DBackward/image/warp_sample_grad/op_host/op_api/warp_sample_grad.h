/* Test fixture written for op-migrate in the idiom of an ops-cv L0 header (not CANN code). */
#ifndef HANDCHECK_WARP_SAMPLE_GRAD_H
#define HANDCHECK_WARP_SAMPLE_GRAD_H
#include <tuple>
#include "opdev/op_executor.h"

namespace l0op {
const std::tuple<aclTensor*, aclTensor*> WarpSampleGrad(const aclTensor* gradOutput, const aclTensor* input,
                                                        const aclTensor* grid, int64_t mode, aclOpExecutor* executor);
}
#endif
