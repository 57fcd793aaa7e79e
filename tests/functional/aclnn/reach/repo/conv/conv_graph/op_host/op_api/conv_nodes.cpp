// Fixture: the overrides of OpNode::Run, defined where they are made (convolution idiom).
#include "conv_graph.h"
#include "convolution.h"

namespace Ops::Conv {
namespace {
class Conv2dNode : public OpNode {
public:
    Conv2dNode(const aclTensor* input, const aclTensor* weight, aclTensor* output)
        : input_(input), weight_(weight), output_(output)
    {}

    aclnnStatus Run(aclOpExecutor* executor) override
    {
        auto result = l0op::Conv2d5HdFp16(input_, weight_, nullptr, output_, executor);
        return result == nullptr ? ACLNN_ERR_INNER_NULLPTR : ACLNN_SUCCESS;
    }

private:
    const aclTensor* input_;
    const aclTensor* weight_;
    aclTensor* output_;
};
}  // namespace

std::unique_ptr<OpNode> MakeConv2dNode(const aclTensor* input, const aclTensor* weight, aclTensor* output)
{
    return std::make_unique<Conv2dNode>(input, weight, output);
}
}  // namespace Ops::Conv
