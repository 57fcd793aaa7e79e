/* Test fixture written for op-migrate in the idiom of an ops-cv L0 header (not CANN code). */
#ifndef HANDCHECK_CUBE_SMOOTH_GRAD_H
#define HANDCHECK_CUBE_SMOOTH_GRAD_H
#include "opdev/op_executor.h"

namespace l0op {
const aclTensor* CubeSmoothGrad(const aclTensor* gradOut, const aclIntArray* inputSize, const aclFloatArray* steps,
                                aclOpExecutor* executor);
}
#endif
