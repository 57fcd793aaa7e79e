/* Test fixture written for op-migrate in the idiom of an ops-transformer L2 op_api file (not CANN code).
 * Stands for ops-transformer ffn/ffn/op_host/op_api/aclnn_ffn.cpp (aclnnFFN): the activation is looked up by name in
 * a constexpr table of a small class, the arguments travel in a struct built by brace initialization with an
 * optional token tensor left null until an optional int array is converted, and the checks are CHECK_COND macros
 * over dims read with GetViewShape().GetDim(i).
 * Hand check (issue 28): with two-dimensional weights and no tokens the route is TwinDense on AI Core (right today).
 * An x whose last dim is not weight1's first is rejected by a CHECK_COND; x in bfloat16 is rejected on both
 * activation kinds. The walker routes both: CHECK_COND's failure value is read from its last argument (the format
 * string's) and GetDim on the call is unknown. The passing route is right only because of that: the walker takes
 * the token array and the quant scale as present (never null), so once CHECK_COND rejects, this route is rejected
 * too unless nullness is modelled.
 * Since route28 0214928 bfloat16 x is rejected and nullness stays open; the K mismatch is still routed: it fails on
 * both arms of the undecided token branch, but the walker checks the join of the arms. */
#include "twin_dense.h"
#include "aclnn_kernels/contiguous.h"
#include "aclnn_kernels/transdata.h"
#include "aclnn_kernels/common/op_error_check.h"
#include "opdev/make_op_executor.h"
#include "opdev/op_dfx.h"
#include "opdev/platform.h"

using namespace op;
#ifdef __cplusplus
extern "C" {
#endif

static const int64_t FAST = 1;
static const int64_t RANK_PLAIN = 2;
static const int64_t RANK_EXPERTS = 3;

enum class ActKind { GELU = 0, RELU, SILU, GEGLU, SWIGLU, UNKNOWN };

class ActName {
public:
    const char* name;
    ActKind kind;
};

constexpr class ActName g_actNames[] = {
    {"gelu", ActKind::GELU}, {"relu", ActKind::RELU}, {"silu", ActKind::SILU},
    {"geglu", ActKind::GEGLU}, {"swiglu", ActKind::SWIGLU},
};

struct TwinDenseArgs {
    const aclTensor* x = nullptr;
    const aclTensor* weight1 = nullptr;
    const aclTensor* weight2 = nullptr;
    const aclIntArray* tokenCounts = nullptr;
    const aclTensor* tokens = nullptr;
    const aclTensor* scale = nullptr;
    ActKind kind;
    int64_t precise;
    const aclTensor* y = nullptr;
};

static ActKind KindOf(const char* activation)
{
    for (const ActName& entry : g_actNames) {
        if (strcmp(entry.name, activation) == 0) {
            return entry.kind;
        }
    }
    return ActKind::UNKNOWN;
}

static aclnnStatus NoScale(const TwinDenseArgs& args)
{
    CHECK_RET(args.scale == nullptr, ACLNN_ERR_PARAM_INVALID);
    return ACLNN_SUCCESS;
}

static bool GatedTypes(const TwinDenseArgs& args)
{
    CHECK_COND(args.x->GetDataType() == DataType::DT_FLOAT16, false, "gated kinds take float16 x.");
    CHECK_COND(args.weight1->GetDataType() == DataType::DT_FLOAT16, false, "gated kinds take float16 weights.");
    return true;
}

static aclnnStatus CheckWeights(const TwinDenseArgs& args)
{
    bool hasExperts = (args.tokens != nullptr);
    int64_t rank = hasExperts ? RANK_EXPERTS : RANK_PLAIN;
    size_t kAxis = rank - 2;
    size_t xLast = args.x->GetViewShape().GetDimNum() - 1;
    int64_t xK = args.x->GetViewShape().GetDim(xLast);
    int64_t k1 = args.weight1->GetViewShape().GetDim(kAxis);
    CHECK_COND(args.weight1->GetViewShape().GetDimNum() == static_cast<size_t>(rank), ACLNN_ERR_PARAM_INVALID,
               "weight1 has %ld dims", rank);
    CHECK_COND(xK == k1, ACLNN_ERR_PARAM_INVALID, "x K %ld is not weight1 K %ld", xK, k1);
    return ACLNN_SUCCESS;
}

static aclnnStatus CheckKinds(const TwinDenseArgs& args)
{
    if (static_cast<uint32_t>(args.kind) >= static_cast<uint32_t>(ActKind::GEGLU)) {
        CHECK_RET(GatedTypes(args), ACLNN_ERR_PARAM_INVALID);
        return ACLNN_SUCCESS;
    }
    if (args.x->GetDataType() == DataType::DT_BF16) {
        OP_CHECK_DTYPE_NOT_MATCH(args.y, op::DataType::DT_BF16, return ACLNN_ERR_PARAM_INVALID);
        return ACLNN_SUCCESS;
    }
    OP_CHECK_DTYPE_NOT_MATCH(args.y, op::DataType::DT_FLOAT16, return ACLNN_ERR_PARAM_INVALID);
    CHECK_COND(args.precise == FAST, ACLNN_ERR_PARAM_INVALID, "only the fast mode for float16.");
    CHECK_COND(NoScale(args) == ACLNN_SUCCESS, ACLNN_ERR_PARAM_INVALID, "no quant scale in the fast mode.");
    return ACLNN_SUCCESS;
}

static aclnnStatus ConvertTokensAndCheck(TwinDenseArgs& args, aclOpExecutor* executor)
{
    if (args.tokenCounts != nullptr && args.tokenCounts->Size() != 0) {
        args.tokens = executor->ConvertToTensor(args.tokenCounts, op::ToOpDataType(ACL_INT64));
    }
    CHECK_RET(CheckWeights(args) == ACLNN_SUCCESS, ACLNN_ERR_PARAM_INVALID);
    CHECK_RET(args.kind != ActKind::UNKNOWN, ACLNN_ERR_PARAM_INVALID);
    return CheckKinds(args);
}

static aclnnStatus ContiguousOrKeep(const aclTensor* tensor, const aclTensor*& kept, aclOpExecutor* executor)
{
    if (tensor == nullptr) {
        return ACLNN_SUCCESS;
    }
    kept = l0op::Contiguous(tensor, executor);
    CHECK_COND(kept != nullptr, ACLNN_ERR_INNER_NULLPTR, "Contiguous failed.");
    return ACLNN_SUCCESS;
}

static aclnnStatus Launch(TwinDenseArgs& args, const char* activation, uint64_t* workspaceSize,
                          aclOpExecutor** executor)
{
    auto uniqueExecutor = CREATE_EXECUTOR();
    CHECK_RET(uniqueExecutor.get() != nullptr, ACLNN_ERR_INNER_CREATE_EXECUTOR);
    aclnnStatus ret = ConvertTokensAndCheck(args, uniqueExecutor.get());
    CHECK_RET(ret == ACLNN_SUCCESS, ret);

    const aclTensor* x = nullptr;
    const aclTensor* weight1 = nullptr;
    const aclTensor* weight2 = nullptr;
    CHECK_RET(ContiguousOrKeep(args.x, x, uniqueExecutor.get()) == ACLNN_SUCCESS, ACLNN_ERR_INNER_NULLPTR);
    CHECK_RET(ContiguousOrKeep(args.weight1, weight1, uniqueExecutor.get()) == ACLNN_SUCCESS, ACLNN_ERR_INNER_NULLPTR);
    CHECK_RET(ContiguousOrKeep(args.weight2, weight2, uniqueExecutor.get()) == ACLNN_SUCCESS, ACLNN_ERR_INNER_NULLPTR);
    auto result = l0op::TwinDense(x, weight1, weight2, args.tokens, args.scale, activation, args.precise,
                                  args.y->GetDataType(), uniqueExecutor.get());
    CHECK_RET(result != nullptr, ACLNN_ERR_INNER_NULLPTR);
    auto formatted = l0op::TransData(result, args.y->GetStorageFormat(), 1, uniqueExecutor.get());
    CHECK_COND(formatted != nullptr, ACLNN_ERR_INNER_NULLPTR, "TransData failed.");
    auto viewCopyResult = l0op::ViewCopy(formatted, args.y, uniqueExecutor.get());
    CHECK_RET(viewCopyResult != nullptr, ACLNN_ERR_INNER_NULLPTR);
    *workspaceSize = uniqueExecutor->GetWorkspaceSize();
    uniqueExecutor.ReleaseTo(executor);
    return ACLNN_SUCCESS;
}

aclnnStatus aclnnTwinDenseGetWorkspaceSize(const aclTensor* x, const aclTensor* weight1, const aclTensor* weight2,
                                           const aclIntArray* tokenCounts, const aclTensor* scale,
                                           const char* activation, int64_t precise, const aclTensor* y,
                                           uint64_t* workspaceSize, aclOpExecutor** executor)
{
    CHECK_COND(GetCurrentPlatformInfo().GetSocVersion() != SocVersion::ASCEND310P, ACLNN_ERR_PARAM_INVALID,
               "not on Ascend310P.");
    ActKind kind = KindOf(activation);
    CHECK_COND(kind != ActKind::UNKNOWN, ACLNN_ERR_PARAM_INVALID, "unknown activation %s", activation);
    TwinDenseArgs args{x, weight1, weight2, tokenCounts, nullptr, scale, kind, precise, y};
    L2_DFX_PHASE_1(aclnnTwinDense, DFX_IN(x, weight1, weight2, tokenCounts, scale, activation, precise), DFX_OUT(y));
    return Launch(args, activation, workspaceSize, executor);
}

aclnnStatus aclnnTwinDense(void* workspace, uint64_t workspaceSize, aclOpExecutor* executor, aclrtStream stream)
{
    L2_DFX_PHASE_2(aclnnTwinDense);
    return CommonOpExecutorRun(workspace, workspaceSize, executor, stream);
}

#ifdef __cplusplus
}
#endif
