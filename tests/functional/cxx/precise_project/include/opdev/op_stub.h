// A self-contained stand-in for the CANN opdev headers, written for op-migrate's precise-mode tests.
// It declares just enough for the fixture sources to compile; nothing here mirrors real CANN code.
#pragma once
#include <cstdint>
#include <initializer_list>

using aclnnStatus = int32_t;
constexpr aclnnStatus ACLNN_SUCCESS = 0;
constexpr aclnnStatus ACLNN_ERR_PARAM_NULLPTR = 161001;
constexpr aclnnStatus ACLNN_ERR_INNER_NULLPTR = 561103;

namespace op {
enum class DataType { DT_FLOAT, DT_FLOAT16, DT_BF16, DT_DOUBLE, DT_INT64, DT_UINT8 };
enum class NpuArch { DAV_1001, DAV_2201, DAV_3510 };
struct Shape {
    int64_t dims[8];
    int64_t count;
};
class PlatformInfo {
public:
    NpuArch GetCurNpuArch() const;
};
const PlatformInfo& GetCurrentPlatformInfo();
bool CheckType(DataType dtype, const std::initializer_list<DataType>& list);
bool BroadcastInferShape(const Shape& a, const Shape& b, Shape& out);
}  // namespace op

class aclTensor {
public:
    op::DataType GetDataType() const;
    const op::Shape& GetViewShape() const;
    bool IsEmpty() const;
};

class aclOpExecutor {
public:
    aclTensor* AllocTensor(const op::Shape& shape, op::DataType dtype);
    uint64_t GetWorkspaceSize() const;
};

struct UniqueExecutor {
    aclOpExecutor* get();
    void ReleaseTo(aclOpExecutor** target);
};
UniqueExecutor MakeExecutor();
void LogError(aclnnStatus code, const char* message);
aclnnStatus LaunchKernel(const char* kernel, const char* launcher, aclOpExecutor* executor);
void RegisterOpType(const char* name);
void DfxEnter(const char* name);

// Function-like macros in the shapes the op_api sources use; each expands to real C++.
#define CREATE_EXECUTOR() MakeExecutor()
#define OP_LOGE(code, message) LogError(code, message)
#define OP_LOGD(...)  // debug logging compiles to nothing here, as in a release build
#define CHECK_RET(cond, ret) \
    do {                     \
        if (!(cond)) {       \
            return ret;      \
        }                    \
    } while (0)
#define OP_CHECK(cond, log, action) \
    do {                            \
        if (!(cond)) {              \
            log;                    \
            action;                 \
        }                           \
    } while (0)
#define OP_CHECK_NULL(param, action) OP_CHECK((param) != nullptr, OP_LOGE(ACLNN_ERR_PARAM_NULLPTR, #param), action)
#define L2_DFX_PHASE_1(api, in, out) DfxEnter(#api)
#define L0_DFX(name, ...) DfxEnter(#name)
#define DFX_IN(...) 0
#define DFX_OUT(...) 0
#define OP_INPUT(...) 0
#define OP_OUTPUT(...) 0
#define OP_TYPE_REGISTER(name)                   \
    static const int name##OpTypeIdValue = 0;    \
    static int name##OpTypeId()                  \
    {                                            \
        RegisterOpType(#name);                   \
        return name##OpTypeIdValue;              \
    }                                            \
    static_assert(true, "registered")
#define ADD_TO_LAUNCHER_LIST_AICORE(kernel, ...) LaunchKernel(#kernel, "AI_CORE", executor)
#define ADD_TO_LAUNCHER_LIST_AICPU(kernel, ...) LaunchKernel(#kernel, "AI_CPU", executor)
