/* Test fixture written for op-migrate in the idiom of an ops-transformer L0 header (not CANN code). */
#ifndef HANDCHECK_SPARSE_FOLD_H
#define HANDCHECK_SPARSE_FOLD_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* SparseFold(const aclTensor* input, const aclTensor* weight, const aclIntArray* seqLens,
                            char* layout, int64_t blockSize, aclOpExecutor* executor);
}
#endif
