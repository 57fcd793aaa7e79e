/* Test fixture written for op-migrate in the idiom of an ops-cv L0 op_api file (not CANN code). */
#include "region_pool_grad.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(RegionPoolGrad);

const aclTensor* RegionPoolGrad(const aclTensor* grad, const aclTensor* image, const aclTensor* regions,
                                const aclTensor* regionCount, const aclTensor* argmax, int64_t pooledH, int64_t pooledW,
                                aclOpExecutor* executor)
{
    L0_DFX(RegionPoolGrad, grad, image, regions, regionCount, argmax, pooledH, pooledW);
    auto dx = executor->AllocTensor(grad->GetDataType(), grad->GetStorageFormat(), grad->GetOriginalFormat());
    INFER_SHAPE(RegionPoolGrad, OP_INPUT(grad, image, regions, regionCount, argmax), OP_OUTPUT(dx),
                OP_ATTR(pooledH, pooledW));
    auto ret = ADD_TO_LAUNCHER_LIST_AICORE(RegionPoolGrad, OP_INPUT(grad, image, regions, regionCount, argmax),
                                           OP_OUTPUT(dx), OP_ATTR(pooledH, pooledW));
    OP_CHECK(ret == ACLNN_SUCCESS, OP_LOGE(ACLNN_ERR_INNER_NULLPTR, "RegionPoolGrad launch failed."), return nullptr);
    return dx;
}
} // namespace l0op
