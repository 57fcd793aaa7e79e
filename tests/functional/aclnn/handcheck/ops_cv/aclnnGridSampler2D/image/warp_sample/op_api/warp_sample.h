/* Test fixture written for op-migrate in the idiom of an ops-cv L0 header (not CANN code). */
#ifndef HANDCHECK_WARP_SAMPLE_H
#define HANDCHECK_WARP_SAMPLE_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* WarpSample(const aclTensor* x, const aclTensor* grid, int64_t mode, bool channelLast,
                            aclOpExecutor* executor);
const aclTensor* WarpSampleCpu(const aclTensor* x, const aclTensor* grid, int64_t mode, aclOpExecutor* executor);
}
#endif
