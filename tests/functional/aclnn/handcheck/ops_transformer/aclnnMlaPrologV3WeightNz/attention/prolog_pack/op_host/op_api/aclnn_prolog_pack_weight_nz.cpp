/* Test fixture written for op-migrate in the idiom of an ops-transformer L2 op_api file (not CANN code).
 * Stands for ops-transformer attention/mla_prolog_v3/op_host/op_api/aclnn_mla_prolog_v3_weight_nz.cpp
 * (aclnnMlaPrologV3WeightNz): local objects of a small class whose constructor swaps a null optional output for a
 * placeholder tensor made with the ACL C API, then the generated two-phase API of the op (declared, never defined).
 * Hand check (issue 28): right. On Ascend910B the route is PrologPack on AI Core (the OpDef's kernel); the
 * placeholders launch nothing; on Ascend310P the OpDef has no AI Core config and the call fails. */
#include <cstring>
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/op_log.h"

using namespace op;

#ifdef __cplusplus
extern "C" {
#endif

namespace {

extern aclnnStatus aclnnInnerPrologPackGetWorkspaceSize(const aclTensor* tokenX, const aclTensor* weightDq,
                                                        const aclTensor* cacheIndex, double epsilon, char* cacheMode,
                                                        const aclTensor* query, const aclTensor* queryScale,
                                                        uint64_t* workspaceSize, aclOpExecutor** executor);
extern aclnnStatus aclnnInnerPrologPack(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                        const aclrtStream stream);

class SlotFiller {
public:
    explicit SlotFiller(const aclTensor*& slot, aclDataType dataType)
    {
        held = nullptr;
        if (slot == nullptr) {
            std::vector<int64_t> dims = {0};
            int64_t anchor = 0x1;
            held = aclCreateTensor(dims.data(), dims.size(), dataType, dims.data(), 0, ACL_FORMAT_ND, dims.data(),
                                   dims.size(), static_cast<void*>(&anchor));
            slot = held;
        }
    }
    ~SlotFiller()
    {
        if (held) {
            aclDestroyTensor(held);
            held = nullptr;
        }
    }

private:
    const aclTensor* held;
};

aclnnStatus aclnnPrologPackWeightNzGetWorkspaceSize(const aclTensor* tokenX, const aclTensor* weightDq,
                                                    const aclTensor* cacheIndexOptional, double epsilon,
                                                    char* cacheModeOptional, const aclTensor* query,
                                                    const aclTensor* queryScaleOptional, uint64_t* workspaceSize,
                                                    aclOpExecutor** executor)
{
    if (tokenX->GetDataType() == ge::DT_INT8 && queryScaleOptional == nullptr) {
        OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, "an int8 token needs queryScale.");
    }
    auto filler = SlotFiller(queryScaleOptional, aclDataType::ACL_FLOAT);
    return aclnnInnerPrologPackGetWorkspaceSize(tokenX, weightDq, cacheIndexOptional, epsilon, cacheModeOptional, query,
                                                queryScaleOptional, workspaceSize, executor);
}

aclnnStatus aclnnPrologPackWeightNz(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor,
                                    const aclrtStream stream)
{
    return aclnnInnerPrologPack(workspace, workspaceSize, executor, stream);
}

} // namespace

#ifdef __cplusplus
}
#endif
