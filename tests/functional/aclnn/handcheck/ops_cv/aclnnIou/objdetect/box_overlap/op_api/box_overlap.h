/* Test fixture written for op-migrate in the idiom of an ops-cv L0 header (not CANN code). */
#ifndef HANDCHECK_BOX_OVERLAP_H
#define HANDCHECK_BOX_OVERLAP_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* BoxOverlap(const aclTensor* boxesA, const aclTensor* boxesB, bool pairwise, aclOpExecutor* executor);
}
#endif
