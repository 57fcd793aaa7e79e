/* Test fixture written for op-migrate in the idiom of an ops-math aclnn entry file (not CANN code). */
#include "concat_d.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/cast.h"

using namespace op;

static const size_t GROUP = 32;

// Drops the empty inputs: the list it returns holds the caller's own tensors.
static aclTensorList* KeepNonEmpty(const aclTensorList* tensors, aclOpExecutor* executor)
{
    op::FVector<const aclTensor*> kept;
    for (uint64_t i = 0; i < tensors->Size(); i++) {
        if (!(*tensors)[i]->IsEmpty()) {
            kept.emplace_back((*tensors)[i]);
        }
    }
    return executor->AllocTensorList(kept.data(), kept.size());
}

// Joins the inputs GROUP at a time until one tensor is left.
static const aclTensor* JoinAll(const aclTensorList* tensors, int64_t dim, aclOpExecutor* executor)
{
    op::FVector<const aclTensor*> pending;
    for (uint64_t i = 0; i < tensors->Size(); i++) {
        pending.emplace_back((*tensors)[i]);
    }
    bool first = true;
    while (pending.size() > 1) {
        op::FVector<const aclTensor*> group;
        op::FVector<const aclTensor*> joined;
        for (auto tensor : pending) {
            if (first) {
                auto contiguous = l0op::Contiguous(tensor, executor);
                CHECK_RET(contiguous != nullptr, nullptr);
                group.emplace_back(contiguous);
            } else {
                group.emplace_back(tensor);
            }
            if (group.size() == GROUP) {
                auto list = executor->AllocTensorList(group.data(), group.size());
                joined.emplace_back(l0op::ConcatD(list, dim, executor));
                group.clear();
            }
        }
        if (!group.empty()) {
            auto tail = executor->AllocTensorList(group.data(), group.size());
            joined.emplace_back(l0op::ConcatD(tail, dim, executor));
        }
        pending = joined;
        first = false;
    }
    return pending.front();
}

aclnnStatus aclnnCatGetWorkspaceSize(const aclTensorList* tensors, int64_t dim, aclTensor* out,
                                     uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);

    auto inputs = KeepNonEmpty(tensors, uniqueExecutor.get());
    if (inputs->Size() == 1) {
        // One input: copy it into out; Contiguous of a contiguous tensor launches nothing.
        auto one = l0op::Contiguous((*inputs)[0], uniqueExecutor.get());
        CHECK_RET(one != nullptr, ACLNN_ERR_INNER_NULLPTR);
        auto viewCopyResult = l0op::ViewCopy(one, out, uniqueExecutor.get());
        CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    } else {
        auto joined = JoinAll(inputs, dim, uniqueExecutor.get());
        CHECK_RET(joined != nullptr, ACLNN_ERR_INNER_NULLPTR);
        auto castOut = l0op::Cast(joined, out->GetDataType(), uniqueExecutor.get());
        CHECK_RET(castOut != nullptr, ACLNN_ERR_INNER_NULLPTR);
        auto viewCopyResult = l0op::ViewCopy(castOut, out, uniqueExecutor.get());
        CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    }
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
