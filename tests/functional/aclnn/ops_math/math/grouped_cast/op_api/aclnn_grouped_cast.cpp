/* Test fixture written for op-migrate in the idiom of an ops-transformer op_api file (not CANN code).
 * The input travels in a params struct declared through a `using` alias of a class template with a method, which
 * the walk does not follow: the first Cast reads a tensor the route cannot name, so its launches are known and its
 * lifetimes are not. */
#include "aclnn_grouped_cast.h"
#include "aclnn_kernels/cast.h"
#include "aclnn_kernels/contiguous.h"

using namespace op;

template <typename T>
struct CastParamsT {
    T x;
    int64_t groupType;
    int64_t Group() const { return groupType; }
};
using CastParams = CastParamsT<const aclTensor*>;

#ifdef __cplusplus
extern "C" {
#endif

aclnnStatus aclnnGroupedCastGetWorkspaceSize(const aclTensor* self, aclTensor* out, uint64_t* workspaceSize,
                                             aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    CastParams params;
    params.x = l0op::Contiguous(self, uniqueExecutor.get());
    params.groupType = 0;
    auto wide = l0op::Cast(params.x, op::DataType::DT_FLOAT, uniqueExecutor.get());
    CHECK_RET(wide != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto narrow = l0op::Cast(wide, out->GetDataType(), uniqueExecutor.get());
    CHECK_RET(narrow != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto viewCopyResult = l0op::ViewCopy(narrow, out, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

#ifdef __cplusplus
}
#endif
