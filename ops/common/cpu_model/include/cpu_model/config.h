// CPU model of the Ascend C API (test instrument): qualifiers, A2 limits, enums and the constraint error.
#ifndef CPU_MODEL_CONFIG_H
#define CPU_MODEL_CONFIG_H

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <type_traits>

// Device qualifiers have no meaning on the host; the real kernel_operator.h defines them for bisheng.
#ifndef __aicore__
#define __aicore__
#endif
#ifndef __global__
#define __global__
#endif
#ifndef __gm__
#define __gm__
#endif
#ifndef __ubuf__
#define __ubuf__
#endif
#ifndef __inout_pipe__
#define __inout_pipe__(pipe)
#endif
#ifndef GM_ADDR
#define GM_ADDR uint8_t*
#endif

// The headers whose declarations the model is held to (ops/common/cpu_model/ascendc_api_table.json, same version).
#define CPU_MODEL_CANN_VERSION "9.1.0"

namespace cpu_model {

// Atlas A2 (910B, dav-2201) numbers the model enforces.
constexpr uint32_t kUbSize = 196608;        // 192 KiB unified buffer per vector core
constexpr uint32_t kBlockSize = 32;         // UB addresses and DataCopy lengths are in 32-byte blocks
constexpr uint32_t kRepeatSize = 256;       // one vector repeat; Compare counts are whole repeats
constexpr uint32_t kMaxQueBuffersPerPosition = 8;
constexpr uint32_t kMaxAivCores = 48;       // 910B1/B2 vector cores; SyncAll needs blockDim <= cores
constexpr uint32_t kEventIds = 8;

// Thrown when a kernel does something the A2 device forbids; the message names the API and the rule.
class ConstraintError : public std::runtime_error {
public:
    explicit ConstraintError(const std::string& what) : std::runtime_error(what) {}
};

inline int32_t CurrentBlockIdxForMessages();

[[noreturn]] inline void Fail(const char* api, const std::string& message)
{
    throw ConstraintError(std::string("cpu_model: ") + api + ": " + message + " [core " +
                          std::to_string(CurrentBlockIdxForMessages()) + "]");
}

inline void Check(bool ok, const char* api, const std::string& message)
{
    if (!ok) {
        Fail(api, message);
    }
}

constexpr uint64_t AlignUp(uint64_t value, uint64_t align) { return (value + align - 1) / align * align; }

// The kernel source line that called an API. Every model API that touches UB or GM takes it as a model-only
// trailing parameter defaulted to the caller's location (g++ and clang evaluate __builtin_FILE/__builtin_LINE in a
// default argument at the call site), so a sync error names the kernel line. It is not part of the real
// signatures; the conformance test accepts exactly this one trailing parameter (header_check/conformance.py).
struct CallSite {
    const char* file;
    int line;
};

// The pipes of a vector core the model follows: the scalar unit, the vector unit and the two DMA directions.
enum class Pipe : uint8_t { S = 0, V, MTE2, MTE3, Count };
constexpr int kPipes = static_cast<int>(Pipe::Count);

inline const char* PipeName(Pipe pipe)
{
    static const char* const names[] = {"S (scalar)", "V (vector)", "MTE2 (GM->UB)", "MTE3 (UB->GM)"};
    return names[static_cast<int>(pipe)];
}

inline const char* PipeShortName(Pipe pipe)
{
    static const char* const names[] = {"S", "V", "MTE2", "MTE3"};
    return names[static_cast<int>(pipe)];
}

}  // namespace cpu_model

#define CPU_MODEL_SITE ::cpu_model::CallSite site = {__builtin_FILE(), __builtin_LINE()}

// pipe_t and event_t are compiler built-ins on the device, hence global.
enum pipe_t { PIPE_S = 0, PIPE_V, PIPE_M, PIPE_MTE1, PIPE_MTE2, PIPE_MTE3, PIPE_ALL, PIPE_FIX };
enum event_t {
    EVENT_ID0 = 0, EVENT_ID1, EVENT_ID2, EVENT_ID3, EVENT_ID4, EVENT_ID5, EVENT_ID6, EVENT_ID7
};

enum KernelMetaType {
    KERNEL_TYPE_AIV_ONLY = 0,
    KERNEL_TYPE_AIC_ONLY,
    KERNEL_TYPE_MIX_AIV_1_0,
    KERNEL_TYPE_MIX_AIC_1_0,
    KERNEL_TYPE_MIX_AIC_1_1,
    KERNEL_TYPE_MIX_AIC_1_2,
    KERNEL_TYPE_AICORE,
    KERNEL_TYPE_VECTORCORE,
    KERNEL_TYPE_MIX_AICORE,
    KERNEL_TYPE_MIX_VECTOR_CORE,
    KERNEL_TYPE_MAX
};

namespace AscendC {

enum class TPosition : uint8_t {
    GM = 0, A1, A2, B1, B2, C1, C2, CO1, CO2, VECIN, VECOUT, VECCALC, LCM = VECCALC, SPM, SHM, TSCM,
    C2PIPE2GM, C2PIPE2LOCAL, MAX
};
using QuePosition = TPosition;

enum class RoundMode : uint8_t {
    CAST_NONE = 0, CAST_RINT, CAST_FLOOR, CAST_CEIL, CAST_ROUND, CAST_TRUNC, CAST_ODD, CAST_HYBRID
};

enum class CMPMODE : uint8_t { LT = 0, GT, EQ, LE, GE, NE };

enum class SELMODE : uint8_t { VSEL_CMPMASK_SPR = 0, VSEL_TENSOR_SCALAR_MODE, VSEL_TENSOR_TENSOR_MODE };

enum class ReduceOrder : uint8_t { ORDER_VALUE_INDEX = 0, ORDER_INDEX_VALUE, ORDER_ONLY_VALUE, ORDER_ONLY_INDEX };

enum class HardEvent : uint8_t {
    MTE2_MTE1 = 0, MTE1_MTE2, MTE1_M, M_MTE1, MTE2_V, V_MTE2, MTE3_V, V_MTE3, M_V, V_M, V_V, MTE3_MTE1,
    MTE1_MTE3, MTE1_V, MTE2_M, M_MTE2, V_MTE1, M_FIX, FIX_M, MTE3_MTE2, MTE2_MTE3, S_V, V_S, S_MTE2,
    MTE2_S, S_MTE3, MTE3_S, MTE2_FIX, FIX_MTE2, FIX_S, M_S, FIX_MTE3, MTE1_FIX, FIX_MTE1, FIX_FIX, MAX
};

enum class CacheLine : uint8_t { SINGLE_CACHE_LINE = 0, ENTIRE_DATA_CACHE };
enum class DcciDst : uint8_t { CACHELINE_ALL = 0, CACHELINE_UB, CACHELINE_OUT, CACHELINE_ATOMIC };
enum class CacheMode : uint8_t { CACHE_MODE_NORMAL = 0, CACHE_MODE_DISABLE, CACHE_MODE_LAST, CACHE_MODE_PERSISTENT };
enum class KernelMode : uint8_t { MIX_MODE = 0, AIC_MODE, AIV_MODE, MIX_AIC_1_1 };

constexpr int32_t ONE_BLK_SIZE = 32;
constexpr int32_t ONE_REPEAT_BYTE_SIZE = 256;
constexpr int32_t DEFAULT_BLK_STRIDE = 1;
constexpr int32_t DEFAULT_REPEAT_STRIDE = 8;
constexpr int32_t MAX_REPEAT_TIMES = 255;
constexpr uint32_t TOTAL_UB_SIZE = cpu_model::kUbSize;

template <typename T, typename U>
struct IsSameType {
    static constexpr bool value = std::is_same<T, U>::value;
};

}  // namespace AscendC

#endif  // CPU_MODEL_CONFIG_H
