/* Test fixture written for op-migrate in the idiom of an ops-transformer L0 header (not CANN code). */
#ifndef HANDCHECK_SPAN_ATTENTION_GRAD_H
#define HANDCHECK_SPAN_ATTENTION_GRAD_H
#include <array>
#include "opdev/op_executor.h"

namespace l0op {
constexpr size_t SPAN_GRAD_OUTPUTS = 3;
const std::array<const aclTensor*, SPAN_GRAD_OUTPUTS> SpanAttentionGrad(
    const aclTensor* query, const aclTensor* key, const aclTensor* value, const aclTensor* dy,
    const aclIntArray* seqLensQ, const aclIntArray* seqLensKv, int64_t headNum, const char* layout,
    aclOpExecutor* executor);
}
#endif
