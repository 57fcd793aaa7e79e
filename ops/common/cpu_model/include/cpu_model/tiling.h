// Tiling macros of the CPU model: the kernel copies its POD tiling struct from GM; TILING_KEY_IS reads the launch key.
#ifndef CPU_MODEL_TILING_H
#define CPU_MODEL_TILING_H

#include <cstring>
#include <type_traits>

#include "cpu_model/core.h"

namespace cpu_model {

template <typename Tiling>
inline void LoadTiling(Tiling* out, const uint8_t* gm)
{
    static_assert(std::is_trivially_copyable<Tiling>::value, "tiling data must be a trivially copyable struct");
    Check(gm != nullptr, "GET_TILING_DATA", "the tiling pointer is null");
    const uintptr_t end = GmRegistry::Instance().EndOf(gm);
    Check(end == 0 || reinterpret_cast<uintptr_t>(gm) + sizeof(Tiling) <= end, "GET_TILING_DATA",
          "the tiling buffer is smaller than the tiling struct (" + std::to_string(sizeof(Tiling)) + " bytes)");
    std::memcpy(out, gm, sizeof(Tiling));
}

inline uint64_t CurrentTilingKey() { return CurrentCore().tilingKey; }

inline void SetKernelType(int32_t type) { CurrentCore().kernelType = type; }

}  // namespace cpu_model

#define REGISTER_TILING_DEFAULT(type) using CpuModelRegisteredTiling [[maybe_unused]] = type
#define REGISTER_TILING_FOR_TILINGKEY(key, type)
#define GET_TILING_DATA_WITH_STRUCT(type, name, tiling) \
    type name;                                           \
    ::cpu_model::LoadTiling(&name, reinterpret_cast<const uint8_t*>(tiling))
#define GET_TILING_DATA(name, tiling)  \
    CpuModelRegisteredTiling name;     \
    ::cpu_model::LoadTiling(&name, reinterpret_cast<const uint8_t*>(tiling))
#define TILING_KEY_IS(key) (::cpu_model::CurrentTilingKey() == static_cast<uint64_t>(key))
#define KERNEL_TASK_TYPE_DEFAULT(type) ::cpu_model::SetKernelType(static_cast<int32_t>(type))
#define KERNEL_TASK_TYPE(key, type) \
    do {                            \
        if (TILING_KEY_IS(key)) ::cpu_model::SetKernelType(static_cast<int32_t>(type)); \
    } while (0)
#define ICPU_SET_TILING_KEY(key) static_assert(true, "set the key in cpu_model::LaunchOptions::tilingKey")

#endif  // CPU_MODEL_TILING_H
