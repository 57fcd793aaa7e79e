// Element-wise vector APIs of the CPU model: Add/Sub/Mul/Div/Max/Min, scalar forms, Abs, Duplicate, logic, shifts.
#ifndef CPU_MODEL_VEC_ARITH_H
#define CPU_MODEL_VEC_ARITH_H

#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>

#include "cpu_model/vec_common.h"

namespace AscendC {
namespace detail {

template <typename T, typename Fn>
inline void Binary(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,
                   int32_t count, Fn fn)
{
    const uint64_t n = cpu_model::CheckedCount(api, count);
    dst.CheckOperand(api, n);
    src0.CheckOperand(api, n);
    src1.CheckOperand(api, n);
    cpu_model::CheckAlias(api, dst, n * sizeof(T), src0, n * sizeof(T));
    cpu_model::CheckAlias(api, dst, n * sizeof(T), src1, n * sizeof(T));
    src0.PipeRead(api, cpu_model::Pipe::V, 0, n * sizeof(T));
    src1.PipeRead(api, cpu_model::Pipe::V, 0, n * sizeof(T));
    dst.PipeWrite(api, cpu_model::Pipe::V, 0, n * sizeof(T));
    for (uint64_t i = 0; i < n; ++i) {
        const T a = cpu_model::LoadRaw<T>(src0.Base(), i);
        const T b = cpu_model::LoadRaw<T>(src1.Base(), i);
        cpu_model::StoreRaw<T>(dst.Base(), i, fn(a, b));
    }
}

template <typename T, typename Fn>
inline void Unary(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, int32_t count, Fn fn)
{
    const uint64_t n = cpu_model::CheckedCount(api, count);
    dst.CheckOperand(api, n);
    src.CheckOperand(api, n);
    cpu_model::CheckAlias(api, dst, n * sizeof(T), src, n * sizeof(T));
    src.PipeRead(api, cpu_model::Pipe::V, 0, n * sizeof(T));
    dst.PipeWrite(api, cpu_model::Pipe::V, 0, n * sizeof(T));
    for (uint64_t i = 0; i < n; ++i) {
        cpu_model::StoreRaw<T>(dst.Base(), i, fn(cpu_model::LoadRaw<T>(src.Base(), i)));
    }
}

template <typename T>
inline T AddOf(T a, T b)
{
    if constexpr (std::is_integral<T>::value) return cpu_model::WrapAdd(a, b);
    else return static_cast<T>(cpu_model::Widen(a) + cpu_model::Widen(b));
}
template <typename T>
inline T SubOf(T a, T b)
{
    if constexpr (std::is_integral<T>::value) return cpu_model::WrapSub(a, b);
    else return static_cast<T>(cpu_model::Widen(a) - cpu_model::Widen(b));
}
template <typename T>
inline T MulOf(T a, T b)
{
    if constexpr (std::is_integral<T>::value) return cpu_model::WrapMul(a, b);
    else return static_cast<T>(cpu_model::Widen(a) * cpu_model::Widen(b));
}
// NaN propagates through Max/Min here; what the device returns for NaN operands is unconfirmed.
template <typename T>
inline T MaxOf(T a, T b)
{
    if constexpr (!std::is_integral<T>::value) {
        if (std::isnan(cpu_model::Widen(a))) return a;
        if (std::isnan(cpu_model::Widen(b))) return b;
        return cpu_model::Widen(a) >= cpu_model::Widen(b) ? a : b;
    } else {
        return a >= b ? a : b;
    }
}
template <typename T>
inline T MinOf(T a, T b)
{
    if constexpr (!std::is_integral<T>::value) {
        if (std::isnan(cpu_model::Widen(a))) return a;
        if (std::isnan(cpu_model::Widen(b))) return b;
        return cpu_model::Widen(a) <= cpu_model::Widen(b) ? a : b;
    } else {
        return a <= b ? a : b;
    }
}

}  // namespace detail

#define CPU_MODEL_ARITH_DTYPES(api, T) \
    static_assert(cpu_model::kA2Arith<T>, api ": A2 supports int16_t, half, int32_t and float only")

template <typename T>
inline void Add(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count,
                CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Add", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_ARITH_DTYPES("Add", T);
    detail::Binary("Add", dst, src0, src1, count, detail::AddOf<T>);
}

template <typename T>
inline void Sub(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count,
                CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Sub", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_ARITH_DTYPES("Sub", T);
    detail::Binary("Sub", dst, src0, src1, count, detail::SubOf<T>);
}

template <typename T>
inline void Mul(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count,
                CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Mul", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_ARITH_DTYPES("Mul", T);
    detail::Binary("Mul", dst, src0, src1, count, detail::MulOf<T>);
}

template <typename T>
inline void Max(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count,
                CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Max", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_ARITH_DTYPES("Max", T);
    detail::Binary("Max", dst, src0, src1, count, detail::MaxOf<T>);
}

template <typename T>
inline void Min(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count,
                CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Min", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_ARITH_DTYPES("Min", T);
    detail::Binary("Min", dst, src0, src1, count, detail::MinOf<T>);
}

namespace detail {
// Build with -DCPU_MODEL_DIV_ULP=-1 or +1 to move every finite non-zero float quotient one ulp toward -inf / +inf:
// the device's Div is documented to 1 ulp (only the 950 DivConfig promises 0), so a kernel can be run against a
// quotient one ulp off in either direction. Without the define, Div is IEEE.
template <typename T>
inline T DivUlp(T quotient)
{
#if defined(CPU_MODEL_DIV_ULP)
    if constexpr (std::is_same<T, float>::value) {
        if (std::isfinite(quotient) && quotient != 0.0f) {
            return std::nextafter(quotient, CPU_MODEL_DIV_ULP > 0 ? INFINITY : -INFINITY);
        }
    }
#endif
    return quotient;
}
}  // namespace detail

// IEEE division in float; the device may differ by one ulp (only the 950 DivConfig promises 0 ulp): see DivUlp.
template <typename T>
inline void Div(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count,
                CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Div", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    static_assert(cpu_model::kA2FloatOnly<T>, "Div: A2 supports half and float only (no integer or double division)");
    detail::Binary("Div", dst, src0, src1, count, [](T a, T b) {
        return detail::DivUlp(static_cast<T>(cpu_model::Widen(a) / cpu_model::Widen(b)));
    });
}

template <typename T>
inline void Abs(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Abs", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    static_assert(cpu_model::kA2FloatOnly<T>, "Abs: A2 supports half and float only");
    detail::Unary("Abs", dst, src, count, [](T a) { return static_cast<T>(std::fabs(cpu_model::Widen(a))); });
}

template <typename T, bool isSetMask = true>
inline void Adds(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count,
                 CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Adds", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_ARITH_DTYPES("Adds", T);
    const T s = scalarValue;
    detail::Unary("Adds", dst, src, count, [s](T a) { return detail::AddOf<T>(a, s); });
}

template <typename T, bool isSetMask = true>
inline void Muls(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count,
                 CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Muls", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_ARITH_DTYPES("Muls", T);
    const T s = scalarValue;
    detail::Unary("Muls", dst, src, count, [s](T a) { return detail::MulOf<T>(a, s); });
}

template <typename T, bool isSetMask = true>
inline void Maxs(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count,
                 CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Maxs", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_ARITH_DTYPES("Maxs", T);
    const T s = scalarValue;
    detail::Unary("Maxs", dst, src, count, [s](T a) { return detail::MaxOf<T>(a, s); });
}

template <typename T, bool isSetMask = true>
inline void Mins(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count,
                 CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Mins", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_ARITH_DTYPES("Mins", T);
    const T s = scalarValue;
    detail::Unary("Mins", dst, src, count, [s](T a) { return detail::MinOf<T>(a, s); });
}

template <typename T>
inline void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, const int32_t& count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Duplicate", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    static_assert(cpu_model::kA2Duplicate<T>,
                  "Duplicate: A2 supports 16- and 32-bit types only (int16/uint16/half/bfloat16/int32/uint32/float)");
    const uint64_t n = cpu_model::CheckedCount("Duplicate", count);
    dst.CheckOperand("Duplicate", n);
    dst.PipeWrite("Duplicate", cpu_model::Pipe::V, 0, n * sizeof(T));
    for (uint64_t i = 0; i < n; ++i) cpu_model::StoreRaw<T>(dst.Base(), i, scalarValue);
}

template <typename T>
inline void And(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count,
                CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "And", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    static_assert(cpu_model::kA2Logic<T>, "And: A2 supports int16_t and uint16_t only (ReinterpretCast other types)");
    detail::Binary("And", dst, src0, src1, count, [](T a, T b) { return static_cast<T>(a & b); });
}

template <typename T>
inline void Or(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, const int32_t& count,
               CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Or", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    static_assert(cpu_model::kA2Logic<T>, "Or: A2 supports int16_t and uint16_t only (ReinterpretCast other types)");
    detail::Binary("Or", dst, src0, src1, count, [](T a, T b) { return static_cast<T>(a | b); });
}

template <typename T>
inline void Not(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Not", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    static_assert(cpu_model::kA2Logic<T>, "Not: A2 supports int16_t and uint16_t only (ReinterpretCast other types)");
    detail::Unary("Not", dst, src, count, [](T a) { return static_cast<T>(~a); });
}

template <typename T, bool isSetMask = true>
inline void ShiftLeft(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count,
                      CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "ShiftLeft", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    static_assert(cpu_model::kA2Shift<T>, "ShiftLeft: A2 supports int16/uint16/int32/uint32 only");
    const auto bits = static_cast<int64_t>(scalarValue);
    cpu_model::Check(bits >= 0 && bits < static_cast<int64_t>(sizeof(T) * 8), "ShiftLeft",
                     "shift " + std::to_string(bits) + " outside [0, " + std::to_string(sizeof(T) * 8) + ")");
    using U = std::make_unsigned_t<T>;
    detail::Unary("ShiftLeft", dst, src, count, [bits](T a) { return static_cast<T>(static_cast<U>(a) << bits); });
}

// Signed types shift arithmetically (sign bits fill in), unsigned ones logically.
template <typename T, bool isSetMask = true>
inline void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,
                       const int32_t& count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "ShiftRight", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    static_assert(cpu_model::kA2Shift<T>, "ShiftRight: A2 supports int16/uint16/int32/uint32 only");
    const auto bits = static_cast<int64_t>(scalarValue);
    cpu_model::Check(bits >= 0 && bits < static_cast<int64_t>(sizeof(T) * 8), "ShiftRight",
                     "shift " + std::to_string(bits) + " outside [0, " + std::to_string(sizeof(T) * 8) + ")");
    detail::Unary("ShiftRight", dst, src, count, [bits](T a) { return static_cast<T>(a >> bits); });
}

// dst[i] = firstValue + i (the count form; dst by value as in the real kernel_operator_vec_createvecindex_intf.h).
template <typename T>
inline void CreateVecIndex(LocalTensor<T> dst, const T& firstValue, uint32_t count, CPU_MODEL_SITE)
{
    static_assert(cpu_model::kOneOf<T, int16_t, half, int32_t, float>,
                  "CreateVecIndex: A2 supports int16_t, half, int32_t and float only");
    cpu_model::VectorCall call(site, "CreateVecIndex", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    dst.CheckOperand("CreateVecIndex", count);
    dst.PipeWrite("CreateVecIndex", cpu_model::Pipe::V, 0, uint64_t{count} * sizeof(T));
    for (uint64_t i = 0; i < count; ++i) {
        if constexpr (std::is_integral<T>::value) {
            cpu_model::StoreRaw<T>(dst.Base(), i, cpu_model::WrapAdd<T>(firstValue, static_cast<T>(i)));
        } else {
            cpu_model::StoreRaw<T>(dst.Base(), i, static_cast<T>(cpu_model::Widen(firstValue) + static_cast<float>(i)));
        }
    }
}

#undef CPU_MODEL_ARITH_DTYPES

}  // namespace AscendC

#endif  // CPU_MODEL_VEC_ARITH_H
