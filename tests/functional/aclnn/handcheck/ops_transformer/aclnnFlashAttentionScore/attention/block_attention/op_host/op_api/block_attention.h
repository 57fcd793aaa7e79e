/* Test fixture written for op-migrate in the idiom of an ops-transformer L0 header (not CANN code). */
#ifndef HANDCHECK_BLOCK_ATTENTION_H
#define HANDCHECK_BLOCK_ATTENTION_H
#include <array>
#include "opdev/op_executor.h"

namespace l0op {
const std::array<const aclTensor*, 3> BlockAttention(const aclTensor* query, const aclTensor* key,
                                                     const aclTensor* value, double scale, int64_t headNum,
                                                     const char* layout, aclOpExecutor* executor);
}
#endif
