// Cast of the CPU model: the A2 conversion pairs with their allowed round modes, exact rounding per mode.
#ifndef CPU_MODEL_VEC_CAST_H
#define CPU_MODEL_VEC_CAST_H

#include <cstdint>
#include <string>

#include "cpu_model/vec_common.h"

namespace cpu_model {

constexpr uint32_t ModeBit(AscendC::RoundMode mode) { return 1u << static_cast<uint32_t>(mode); }
constexpr uint32_t kModeNone = ModeBit(AscendC::RoundMode::CAST_NONE);
constexpr uint32_t kModesRounding =
    ModeBit(AscendC::RoundMode::CAST_RINT) | ModeBit(AscendC::RoundMode::CAST_FLOOR) |
    ModeBit(AscendC::RoundMode::CAST_CEIL) | ModeBit(AscendC::RoundMode::CAST_ROUND) |
    ModeBit(AscendC::RoundMode::CAST_TRUNC);
constexpr uint32_t kModesOdd = ModeBit(AscendC::RoundMode::CAST_ODD);

// Allowed round modes for Cast<Dst, Src> on A2 (Cast.md "A2 pairs"); 0 means the pair does not exist.
template <typename Dst, typename Src>
constexpr uint32_t CastModes()
{
    if constexpr (kOneOf<Src, int8_t, uint8_t> && std::is_same<Dst, Half>::value) return kModeNone;
    else if constexpr (std::is_same<Src, Half>::value && kOneOf<Dst, int8_t, uint8_t>) return kModeNone | kModesRounding;
    else if constexpr (std::is_same<Src, Half>::value && kOneOf<Dst, int16_t, int32_t>) return kModesRounding;
    else if constexpr (std::is_same<Src, Half>::value && std::is_same<Dst, float>::value) return kModeNone;
    else if constexpr (std::is_same<Src, int16_t>::value && std::is_same<Dst, Half>::value) return kModeNone | kModesRounding;
    else if constexpr (std::is_same<Src, int16_t>::value && std::is_same<Dst, float>::value) return kModeNone;
    else if constexpr (std::is_same<Src, BFloat16>::value && std::is_same<Dst, float>::value) return kModeNone;
    else if constexpr (std::is_same<Src, BFloat16>::value && std::is_same<Dst, int32_t>::value) return kModesRounding;
    else if constexpr (std::is_same<Src, float>::value && std::is_same<Dst, Half>::value) return kModeNone | kModesRounding | kModesOdd;
    else if constexpr (std::is_same<Src, float>::value && std::is_same<Dst, BFloat16>::value) return kModesRounding;
    else if constexpr (std::is_same<Src, float>::value && kOneOf<Dst, int16_t, int32_t, int64_t>) return kModesRounding;
    else if constexpr (std::is_same<Src, float>::value && std::is_same<Dst, float>::value) return kModesRounding;
    else if constexpr (std::is_same<Src, int32_t>::value && std::is_same<Dst, float>::value) return kModeNone | kModesRounding;
    else if constexpr (std::is_same<Src, int32_t>::value && kOneOf<Dst, int16_t, int64_t>) return kModeNone;
    else if constexpr (std::is_same<Src, int64_t>::value && std::is_same<Dst, int32_t>::value) return kModeNone;
    else if constexpr (std::is_same<Src, int64_t>::value && std::is_same<Dst, float>::value) return kModesRounding;
    else return 0;
}

inline const char* RoundModeName(AscendC::RoundMode mode)
{
    static const char* const names[] = {"CAST_NONE", "CAST_RINT",  "CAST_FLOOR", "CAST_CEIL",
                                        "CAST_ROUND", "CAST_TRUNC", "CAST_ODD",   "CAST_HYBRID"};
    return names[static_cast<uint32_t>(mode) & 7u];
}

// CAST_NONE rounds to nearest even when the conversion is lossy and is exact otherwise.
inline fp::Rounding ToRounding(AscendC::RoundMode mode)
{
    switch (mode) {
        case AscendC::RoundMode::CAST_FLOOR: return fp::Rounding::Floor;
        case AscendC::RoundMode::CAST_CEIL: return fp::Rounding::Ceil;
        case AscendC::RoundMode::CAST_ROUND: return fp::Rounding::NearestAway;
        case AscendC::RoundMode::CAST_TRUNC: return fp::Rounding::Trunc;
        case AscendC::RoundMode::CAST_ODD: return fp::Rounding::Odd;
        default: return fp::Rounding::NearestEven;
    }
}

}  // namespace cpu_model

namespace AscendC {

template <typename T, typename U>
inline void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode,
                 const uint32_t count, CPU_MODEL_SITE)
{
    using Wider = typename std::conditional<(sizeof(T) > sizeof(U)), T, U>::type;
    cpu_model::VectorCall call(site, "Cast", cpu_model::CastKey<U, T>(), cpu_model::ElementBytes<Wider>(count));
    static_assert(!(std::is_same<U, int32_t>::value && std::is_same<T, half>::value),
                  "Cast int32_t -> half needs SetDeqScale on A2, which the CPU model does not implement");
    static_assert(cpu_model::CastModes<T, U>() != 0,
                  "Cast: this source/destination pair does not exist on A2 (see the Cast pair table; e.g. int8 -> "
                  "float goes int8 -> half -> float, and nothing converts double)");
    const char* api = "Cast";
    const uint32_t allowed = cpu_model::CastModes<T, U>();
    cpu_model::Check((allowed & cpu_model::ModeBit(roundMode)) != 0, api,
                     std::string(cpu_model::RoundModeName(roundMode)) + " is not supported for this pair on A2");
    dst.CheckOperand(api, count);
    src.CheckOperand(api, count);
    cpu_model::CheckAlias(api, dst, uint64_t{count} * sizeof(T), src, uint64_t{count} * sizeof(U));
    src.PipeRead(api, cpu_model::Pipe::V, 0, uint64_t{count} * sizeof(U));
    dst.PipeWrite(api, cpu_model::Pipe::V, 0, uint64_t{count} * sizeof(T));
    const auto rounding = cpu_model::ToRounding(roundMode);
    for (uint64_t i = 0; i < count; ++i) {
        const long double exact = cpu_model::Exact(cpu_model::LoadRaw<U>(src.Base(), i));
        if constexpr (std::is_same<T, U>::value) {
            // Same-type float Cast rounds to an integral value (this is how A2 implements Floor/Trunc).
            cpu_model::StoreRaw<T>(dst.Base(), i, cpu_model::FromExact<T>(cpu_model::fp::RoundToIntegral(exact, rounding), rounding));
        } else {
            cpu_model::StoreRaw<T>(dst.Base(), i, cpu_model::FromExact<T>(exact, rounding));
        }
    }
}

}  // namespace AscendC

#endif  // CPU_MODEL_VEC_CAST_H
