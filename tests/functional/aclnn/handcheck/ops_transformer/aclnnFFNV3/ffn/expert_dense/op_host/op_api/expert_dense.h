/* Test fixture written for op-migrate in the idiom of an ops-transformer L0 header (not CANN code). */
#ifndef HANDCHECK_EXPERT_DENSE_H
#define HANDCHECK_EXPERT_DENSE_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* ExpertDense(const aclTensor* x, const aclTensor* weight1, const aclTensor* weight2,
                             const aclTensor* expertTokens, int64_t precise, aclOpExecutor* executor);
}
#endif
