/* Test fixture written for op-migrate in the idiom of an ops-transformer L0 op_api file (not CANN code). */
#include "block_attention.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(BlockAttention);

const std::array<const aclTensor*, 3> BlockAttention(const aclTensor* query, const aclTensor* key,
                                                     const aclTensor* value, double scale, int64_t headNum,
                                                     const char* layout, aclOpExecutor* executor)
{
    L0_DFX(BlockAttention, query, key, value, scale, headNum, layout);
    auto rowMax = executor->AllocTensor(DataType::DT_FLOAT, Format::FORMAT_ND, Format::FORMAT_ND);
    auto rowSum = executor->AllocTensor(DataType::DT_FLOAT, Format::FORMAT_ND, Format::FORMAT_ND);
    auto attention = executor->AllocTensor(query->GetDataType(), Format::FORMAT_ND, Format::FORMAT_ND);
    auto ret = INFER_SHAPE(BlockAttention, OP_INPUT(query, key, value), OP_OUTPUT(rowMax, rowSum, attention),
                           OP_ATTR(scale, headNum, layout));
    if (ret != ACLNN_SUCCESS) {
        return {nullptr, nullptr, nullptr};
    }
    ADD_TO_LAUNCHER_LIST_AICORE(BlockAttention, OP_INPUT(query, key, value), OP_OUTPUT(rowMax, rowSum, attention),
                                OP_ATTR(scale, headNum, layout));
    return {rowMax, rowSum, attention};
}
} // namespace l0op
