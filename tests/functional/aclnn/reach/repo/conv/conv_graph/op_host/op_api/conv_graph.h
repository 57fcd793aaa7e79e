// Fixture: a graph of nodes with a virtual Run (convolution idiom); Execute dispatches to every node.
#ifndef CONV_GRAPH_H_
#define CONV_GRAPH_H_

#include <memory>
#include <vector>
#include "opdev/op_executor.h"

namespace Ops::Conv {
class OpNode {
public:
    virtual ~OpNode() = default;
    virtual aclnnStatus Run(aclOpExecutor* executor) = 0;
};

class ConvGraph {
public:
    void AddNode(std::unique_ptr<OpNode> node)
    {
        nodes_.push_back(std::move(node));
    }
    aclnnStatus Execute(aclOpExecutor* executor);

private:
    std::vector<std::unique_ptr<OpNode>> nodes_;
};

std::unique_ptr<OpNode> MakeConv2dNode(const aclTensor* input, const aclTensor* weight, aclTensor* output);
}  // namespace Ops::Conv

#endif  // CONV_GRAPH_H_
