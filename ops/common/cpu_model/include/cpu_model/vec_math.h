// Element-wise math APIs of the CPU model (count forms): Exp, Ln, Sqrt, Rsqrt, Reciprocal, Relu, LeakyRelu, Axpy.
//
// Declarations follow asc-devkit 9.1.0 include/basic_api/kernel_operator_vec_unary_intf.h (Relu :79, Exp :128,
// Ln :178, Reciprocal :276, Rsqrt :326, Sqrt :376, the dav-2201 branch), kernel_operator_vec_binary_scalar_intf.h
// (LeakyRelu Level 2, :578) and kernel_operator_vec_ternary_scalar_intf.h:77 (Axpy Level 2). A2 dtypes from the
// docs (docs/zh/api/SIMD-API/基础API/Memory矢量计算/...): Exp/Ln/Sqrt/Rsqrt/Reciprocal/LeakyRelu half and float,
// Relu half/int32_t/float (Relu.md:96), Axpy (dst, src) = (half, half), (float, float), (float, half)
// (Axpy.md:124-130).
//
// Numerics (the model's choice; the device's rounding is unconfirmed): every value is computed in float with the
// host's IEEE operations and rounded once to the element type. Sqrt and Reciprocal are correctly rounded
// (sqrtf, 1.0f / x); Rsqrt is 1.0f / sqrtf(x) (two float roundings); Exp and Ln are the host libm's expf/logf
// (glibc: within 1 float ulp, usually correctly rounded). IEEE special values: Ln(+0) = Ln(-0) = -inf,
// Ln(x < 0) = NaN, Ln(+inf) = +inf; Sqrt(-0) = -0, Sqrt(x < 0) = NaN; Rsqrt(+-0) = +-inf, Rsqrt(+inf) = +0;
// Reciprocal(+-0) = +-inf; Exp(-inf) = +0, overflow to +inf; subnormals are kept. The device documents otherwise
// for some of these: Sqrt.md and Rsqrt.md "如果src中的数值为非正数，可能会产生未知结果", Reciprocal.md "如果src中的
// 数值为0，可能会产生未知结果", and Rsqrt/Reciprocal miss the 1e-3 (half) / 1e-4 (float) accuracy bar on the
// device (Rsqrt.md, Reciprocal.md 约束说明), so a kernel relying on those cases passes here and may not on an NPU.
// Relu and LeakyRelu follow the header's formula `src < 0 ? ... : src`: -0 and NaN pass through unchanged.
// Axpy computes src * s in float (exact for half operands), adds dst in float (one rounding), rounds to T.
#ifndef CPU_MODEL_VEC_MATH_H
#define CPU_MODEL_VEC_MATH_H

#include <cmath>
#include <cstdint>
#include <string>
#include <type_traits>

#include "cpu_model/vec_arith.h"
#include "cpu_model/vec_common.h"

namespace AscendC {
namespace detail {

// Applies `fn` (float -> float) to each element in float and rounds the result once to T.
template <typename T, typename Fn>
inline void FloatUnary(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, int32_t count, Fn fn)
{
    Unary(api, dst, src, count, [fn](T a) { return static_cast<T>(fn(cpu_model::Widen(a))); });
}

}  // namespace detail

#define CPU_MODEL_FLOAT_MATH_DTYPES(api, T) \
    static_assert(cpu_model::kA2FloatOnly<T>, api ": A2 supports half and float only")

template <typename T>
inline void Exp(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Exp", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_FLOAT_MATH_DTYPES("Exp", T);
    detail::FloatUnary("Exp", dst, src, count, [](float a) { return std::exp(a); });
}

template <typename T>
inline void Ln(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Ln", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_FLOAT_MATH_DTYPES("Ln", T);
    detail::FloatUnary("Ln", dst, src, count, [](float a) { return std::log(a); });
}

template <typename T>
inline void Sqrt(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Sqrt", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_FLOAT_MATH_DTYPES("Sqrt", T);
    detail::FloatUnary("Sqrt", dst, src, count, [](float a) { return std::sqrt(a); });
}

template <typename T>
inline void Rsqrt(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Rsqrt", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_FLOAT_MATH_DTYPES("Rsqrt", T);
    detail::FloatUnary("Rsqrt", dst, src, count, [](float a) { return 1.0f / std::sqrt(a); });
}

template <typename T>
inline void Reciprocal(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Reciprocal", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_FLOAT_MATH_DTYPES("Reciprocal", T);
    detail::FloatUnary("Reciprocal", dst, src, count, [](float a) { return 1.0f / a; });
}

template <typename T>
inline void Relu(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t& count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Relu", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    static_assert(cpu_model::kOneOf<T, cpu_model::Half, int32_t, float>, "Relu: A2 supports half, int32_t and float only");
    if constexpr (std::is_integral<T>::value) {
        detail::Unary("Relu", dst, src, count, [](T a) { return a < 0 ? T{0} : a; });
    } else {
        detail::Unary("Relu", dst, src, count, [](T a) { return cpu_model::Widen(a) < 0.0f ? static_cast<T>(0.0f) : a; });
    }
}

template <typename T, bool isSetMask = true>
inline void LeakyRelu(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, const int32_t& count,
                      CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "LeakyRelu", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    CPU_MODEL_FLOAT_MATH_DTYPES("LeakyRelu", T);
    const float s = cpu_model::Widen(scalarValue);
    detail::Unary("LeakyRelu", dst, src, count, [s](T a) {
        const float x = cpu_model::Widen(a);
        return x < 0.0f ? static_cast<T>(s * x) : a;
    });
}

// dst[i] = src[i] * scalarValue + dst[i]: dst is read and written by the one instruction.
template <typename T, typename U>
inline void Axpy(const LocalTensor<T>& dst, const LocalTensor<U>& src, const U& scalarValue, const int32_t& count,
                 CPU_MODEL_SITE)
{
    static_assert(std::is_same<T, U>::value ? cpu_model::kA2FloatOnly<T>
                                            : (std::is_same<T, float>::value && std::is_same<U, cpu_model::Half>::value),
                  "Axpy: A2 supports (dst, src) = (half, half), (float, float) and (float, half) only");
    const std::string key = std::is_same<T, U>::value ? std::string(cpu_model::TypeKey<T>())
                                                      : cpu_model::CastKey<U, T>();
    cpu_model::VectorCall call(site, "Axpy", key, cpu_model::ElementBytes<T>(count));
    const uint64_t n = cpu_model::CheckedCount("Axpy", count);
    dst.CheckOperand("Axpy", n);
    src.CheckOperand("Axpy", n);
    if constexpr (std::is_same<T, U>::value) {
        cpu_model::CheckAlias("Axpy", dst, n * sizeof(T), src, n * sizeof(U));
    } else {
        // Axpy.md 约束说明: with a half source and a float destination the operands may not overlap at all.
        const uint64_t d0 = dst.UbOffset();
        const uint64_t s0 = src.UbOffset();
        cpu_model::Check(n == 0 || d0 + n * sizeof(T) <= s0 || s0 + n * sizeof(U) <= d0, "Axpy",
                         "half source and float destination overlap (UB bytes " + std::to_string(s0) + " and " +
                             std::to_string(d0) + "); Axpy.md allows no overlap for this pair");
    }
    src.PipeRead("Axpy", cpu_model::Pipe::V, 0, n * sizeof(U));
    dst.PipeRead("Axpy", cpu_model::Pipe::V, 0, n * sizeof(T));
    dst.PipeWrite("Axpy", cpu_model::Pipe::V, 0, n * sizeof(T));
    const float s = cpu_model::Widen(scalarValue);
    for (uint64_t i = 0; i < n; ++i) {
        const float x = cpu_model::Widen(cpu_model::LoadRaw<U>(src.Base(), i));
        const float y = cpu_model::Widen(cpu_model::LoadRaw<T>(dst.Base(), i));
        cpu_model::StoreRaw<T>(dst.Base(), i, static_cast<T>(x * s + y));
    }
}

#undef CPU_MODEL_FLOAT_MATH_DTYPES

}  // namespace AscendC

#endif  // CPU_MODEL_VEC_MATH_H
