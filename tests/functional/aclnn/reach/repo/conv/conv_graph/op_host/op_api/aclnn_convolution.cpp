// Fixture: the entry builds a graph and executes it (`graph->Execute()`); a local object whose constructor
// launches (WeightPrepare) makes the weight contiguous.
#include "aclnn_convolution.h"
#include "conv_graph.h"

using namespace op;

namespace {
class WeightPrepare {
public:
    WeightPrepare(const aclTensor* weight, aclOpExecutor* executor) : weight_(l0op::Contiguous(weight, executor))
    {}
    const aclTensor* Get() const
    {
        return weight_;
    }

private:
    const aclTensor* weight_;
};
}  // namespace

aclnnStatus aclnnConvolutionGetWorkspaceSize(const aclTensor* input, const aclTensor* weight, aclTensor* output,
                                             uint64_t* workspaceSize, aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    WeightPrepare prepared(weight, uniqueExecutor.get());
    auto graph = std::make_unique<Ops::Conv::ConvGraph>();
    graph->AddNode(Ops::Conv::MakeConv2dNode(input, prepared.Get(), output));
    auto ret = graph->Execute(uniqueExecutor.get());
    CHECK_RET(ret == ACLNN_SUCCESS, ret);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}
