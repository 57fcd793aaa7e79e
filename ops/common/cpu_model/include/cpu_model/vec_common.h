// Shared checks of vector instructions: A2 dtype lists, counts, operand bounds and partial-overlap aliasing.
#ifndef CPU_MODEL_VEC_COMMON_H
#define CPU_MODEL_VEC_COMMON_H

#include <cstdint>
#include <string>
#include <type_traits>

#include "cpu_model/tensor.h"

namespace cpu_model {

template <typename T, typename... Allowed>
constexpr bool kOneOf = (std::is_same<T, Allowed>::value || ...);

// A2 dtype lists, per API family (ascendc_notes.md section 2, "Vector dtypes on A2").
template <typename T>
constexpr bool kA2Arith = kOneOf<T, int16_t, Half, int32_t, float>;
template <typename T>
constexpr bool kA2FloatOnly = kOneOf<T, Half, float>;
template <typename T>
constexpr bool kA2Logic = kOneOf<T, int16_t, uint16_t>;
template <typename T>
constexpr bool kA2Shift = kOneOf<T, int16_t, uint16_t, int32_t, uint32_t>;
template <typename T>
constexpr bool kA2Duplicate = kOneOf<T, int16_t, uint16_t, Half, BFloat16, int32_t, uint32_t, float>;
template <typename T>
constexpr bool kMaskType = kOneOf<T, uint8_t, uint16_t, uint32_t, uint64_t>;

inline uint64_t CheckedCount(const char* api, int64_t count)
{
    Check(count >= 0, api, "negative count " + std::to_string(count));
    return static_cast<uint64_t>(count);
}

// On the device source and destination may alias only when they overlap completely.
template <typename D, typename S>
inline void CheckAlias(const char* api, const AscendC::LocalTensor<D>& dst, uint64_t dstBytes,
                       const AscendC::LocalTensor<S>& src, uint64_t srcBytes)
{
    const uint64_t d0 = dst.UbOffset();
    const uint64_t s0 = src.UbOffset();
    const bool disjoint = d0 + dstBytes <= s0 || s0 + srcBytes <= d0;
    const bool same = d0 == s0 && dstBytes == srcBytes;
    Check(disjoint || same || dstBytes == 0 || srcBytes == 0, api,
          "source and destination overlap partially (UB bytes " + std::to_string(s0) + " and " + std::to_string(d0) +
              "); only a complete overlap is allowed");
}

// Integer arithmetic wraps in two's complement (device overflow behaviour for vector ints is unconfirmed).
template <typename T>
inline T WrapAdd(T a, T b) { return static_cast<T>(static_cast<uint64_t>(a) + static_cast<uint64_t>(b)); }
template <typename T>
inline T WrapSub(T a, T b) { return static_cast<T>(static_cast<uint64_t>(a) - static_cast<uint64_t>(b)); }
template <typename T>
inline T WrapMul(T a, T b) { return static_cast<T>(static_cast<uint64_t>(a) * static_cast<uint64_t>(b)); }

// Floating values are computed in float and rounded once to T (exact for + - * / of halves).
template <typename T>
inline float Widen(T v) { return static_cast<float>(v); }

}  // namespace cpu_model

#endif  // CPU_MODEL_VEC_COMMON_H
