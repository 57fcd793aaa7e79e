/* Test fixture written for op-migrate in the idiom of an ops-transformer mc2 util header (not CANN code). */
#ifndef HANDCHECK_GEMM_REDUCE_UTIL_H
#define HANDCHECK_GEMM_REDUCE_UTIL_H
#include "aclnn/aclnn_base.h"

aclnnStatus GemmReduceCheckParams(const aclTensor* x1, const aclTensor* x2, const aclTensor* bias,
                                  const char* reduceOp, int64_t streamMode, const aclTensor* output);

inline bool LastTwoSwapped(const aclTensor* tensor)
{
    if (tensor->GetViewShape().GetDimNum() < 2) {
        return false;
    }
    auto strides = tensor->GetViewStrides();
    auto rank = tensor->GetViewShape().GetDimNum();
    return strides[rank - 2] == 1 && strides[rank - 1] == tensor->GetViewShape().GetDim(rank - 2);
}
#endif
