/* Test fixture written for op-migrate in the idiom of an ops-transformer L0 op_api file (not CANN code).
 * A function-like macro defined here returns an all-null std::array when a host tensor cannot be made. */
#include "span_attention_grad.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

#define RETURN_IF_NULL(t) do { if ((t) == nullptr) { return {nullptr, nullptr, nullptr}; } } while (0)

namespace l0op {
OP_TYPE_REGISTER(SpanAttentionGrad);

const std::array<const aclTensor*, SPAN_GRAD_OUTPUTS> SpanAttentionGrad(
    const aclTensor* query, const aclTensor* key, const aclTensor* value, const aclTensor* dy,
    const aclIntArray* seqLensQ, const aclIntArray* seqLensKv, int64_t headNum, const char* layout,
    aclOpExecutor* executor)
{
    L0_DFX(SpanAttentionGrad, query, key, value, dy, seqLensQ, seqLensKv, headNum, layout);
    const aclTensor* lensQ = nullptr;
    if (seqLensQ) {
        lensQ = executor->ConvertToTensor(seqLensQ, DataType::DT_INT64);
        RETURN_IF_NULL(lensQ);
    }
    const aclTensor* lensKv = nullptr;
    if (seqLensKv) {
        lensKv = executor->ConvertToTensor(seqLensKv, DataType::DT_INT64);
        RETURN_IF_NULL(lensKv);
    }
    auto dq = executor->AllocTensor(query->GetDataType(), op::Format::FORMAT_ND, op::Format::FORMAT_ND);
    auto dk = executor->AllocTensor(key->GetDataType(), op::Format::FORMAT_ND, op::Format::FORMAT_ND);
    auto dv = executor->AllocTensor(value->GetDataType(), op::Format::FORMAT_ND, op::Format::FORMAT_ND);
    auto ret = INFER_SHAPE(SpanAttentionGrad, OP_INPUT(query, key, value, dy, lensQ, lensKv), OP_OUTPUT(dq, dk, dv),
                           OP_ATTR(headNum, layout));
    if (ret != ACLNN_SUCCESS) {
        return {nullptr, nullptr, nullptr};
    }
    ADD_TO_LAUNCHER_LIST_AICORE(SpanAttentionGrad, OP_INPUT(query, key, value, dy, lensQ, lensKv),
                                OP_OUTPUT(dq, dk, dv), OP_ATTR(headNum, layout));
    return {dq, dk, dv};
}
} // namespace l0op
