/* Test fixture written for op-migrate in the idiom of an ops-transformer L0 op_api file (not CANN code).
 * An optional int array becomes a host tensor, or an empty placeholder tensor when it is absent. */
#include "sparse_fold.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"

using namespace op;

namespace l0op {
OP_TYPE_REGISTER(SparseFold);

const aclTensor* SparseFold(const aclTensor* input, const aclTensor* weight, const aclIntArray* seqLens,
                            char* layout, int64_t blockSize, aclOpExecutor* executor)
{
    L0_DFX(SparseFold, input, weight, seqLens, layout, blockSize);
    const aclTensor* seqLenTensor = nullptr;
    if (seqLens) {
        seqLenTensor = executor->ConvertToTensor(seqLens, DataType::DT_INT64);
    } else {
        seqLenTensor = executor->AllocTensor(DataType::DT_INT64, Format::FORMAT_ND, Format::FORMAT_ND);
    }
    auto folded = executor->AllocTensor(input->GetDataType(), Format::FORMAT_ND, Format::FORMAT_ND);
    auto ret = INFER_SHAPE(SparseFold, OP_INPUT(input, weight, seqLenTensor), OP_OUTPUT(folded),
                           OP_ATTR(layout, blockSize));
    if (ret != ACLNN_SUCCESS) {
        return nullptr;
    }
    ret = ADD_TO_LAUNCHER_LIST_AICORE(SparseFold, OP_INPUT(input, weight, seqLenTensor), OP_OUTPUT(folded),
                                      OP_ATTR(layout, blockSize));
    if (ret != ACLNN_SUCCESS) {
        return nullptr;
    }
    return folded;
}
} // namespace l0op
