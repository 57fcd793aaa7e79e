/* Test fixture written for op-migrate in the idiom of an ops-math L0 op_api file (not CANN code). */
#include "opdev/make_op_executor.h"

using namespace op;

namespace l0op {
// A view: no kernel, no new storage.
const aclTensor* SqueezeNd(const aclTensor* x, int64_t dim, aclOpExecutor* executor)
{
    op::Shape squeezed = x->GetViewShape();
    return executor->CreateView(x, squeezed, x->GetViewOffset());
}
} // namespace l0op
