// Advanced-API math of the CPU model (adv_api/math, reached through kernel_operator.h as in the real headers):
// Floor, as A2 implements it (floor_v220_impl.h): float is a CAST_FLOOR float->float Cast, half goes
// half->float->floor->half. Counted as one vector call; the device issues one Cast per step and split.
#ifndef CPU_MODEL_ADV_MATH_H
#define CPU_MODEL_ADV_MATH_H

#include <cstdint>
#include <type_traits>

#include "cpu_model/vec_cast.h"

namespace AscendC {

namespace detail {

template <typename T>
inline void FloorElements(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t count)
{
    static_assert(std::is_same<T, float>::value || std::is_same<T, half>::value,
                  "Floor: A2 supports half and float only");
    dst.CheckOperand(api, count);
    src.CheckOperand(api, count);
    cpu_model::CheckAlias(api, dst, uint64_t{count} * sizeof(T), src, uint64_t{count} * sizeof(T));
    src.PipeRead(api, cpu_model::Pipe::V, 0, uint64_t{count} * sizeof(T));
    dst.PipeWrite(api, cpu_model::Pipe::V, 0, uint64_t{count} * sizeof(T));
    for (uint64_t i = 0; i < count; ++i) {
        // float(half) is exact, and floor of a half value is representable in half: one rounding only.
        const long double exact = cpu_model::Exact(static_cast<float>(cpu_model::LoadRaw<T>(src.Base(), i)));
        const float floored = cpu_model::FromExact<float>(
            cpu_model::fp::RoundToIntegral(exact, cpu_model::fp::Rounding::Floor), cpu_model::fp::Rounding::Floor);
        cpu_model::StoreRaw<T>(dst.Base(), i, static_cast<T>(floored));
    }
}

}  // namespace detail

template <typename T, bool isReuseSource = false>
inline void Floor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor,
                  const LocalTensor<uint8_t>& sharedTmpBuffer, const uint32_t calCount, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Floor", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<float>(calCount));
    sharedTmpBuffer.CheckOperand("Floor", 0);  // the real size rule (GetFloorMaxMinTmpSize) is not modelled
    detail::FloorElements("Floor", dstTensor, srcTensor, calCount);
}

template <typename T, bool isReuseSource = false>
inline void Floor(const LocalTensor<T>& dstTensor, const LocalTensor<T>& srcTensor, const uint32_t calCount,
                  CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Floor", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<float>(calCount));
    detail::FloorElements("Floor", dstTensor, srcTensor, calCount);
}

}  // namespace AscendC

#endif  // CPU_MODEL_ADV_MATH_H
