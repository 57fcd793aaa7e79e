// Fixture: the graph runs its nodes through the base class; which Run runs is decided at run time.
#include "conv_graph.h"

namespace Ops::Conv {
aclnnStatus ConvGraph::Execute(aclOpExecutor* executor)
{
    for (auto& node : nodes_) {
        auto ret = node->Run(executor);
        CHECK_RET(ret == ACLNN_SUCCESS, ret);
    }
    return ACLNN_SUCCESS;
}
}  // namespace Ops::Conv
