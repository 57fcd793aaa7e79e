// Software half and bfloat16_t with exact rounding in every Ascend C round mode (NaN, inf, subnormals).
#ifndef CPU_MODEL_FLOAT16_H
#define CPU_MODEL_FLOAT16_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>

namespace cpu_model {
namespace fp {

enum class Rounding { NearestEven, Floor, Ceil, NearestAway, Trunc, Odd };

// precision counts the hidden bit; emin/emax are the normal exponent range.
struct Format {
    int precision;
    int emin;
    int emax;
};
constexpr Format kHalf{11, -14, 15};
constexpr Format kBf16{8, -126, 127};
constexpr Format kFloat{24, -126, 127};

inline bool IsOdd(long double integral) { return std::fmod(integral, 2.0L) != 0.0L; }

// Rounds a magnitude that is an exact multiple count `q` of some unit: returns the integral count.
inline long double RoundCount(long double q, bool negative, Rounding mode)
{
    long double whole = std::floor(q);
    long double frac = q - whole;
    switch (mode) {
        case Rounding::NearestEven:
            if (frac > 0.5L || (frac == 0.5L && IsOdd(whole))) whole += 1;
            break;
        case Rounding::NearestAway:
            if (frac >= 0.5L) whole += 1;
            break;
        case Rounding::Trunc:
            break;
        case Rounding::Floor:
            if (negative && frac > 0) whole += 1;
            break;
        case Rounding::Ceil:
            if (!negative && frac > 0) whole += 1;
            break;
        case Rounding::Odd:
            if (frac > 0 && !IsOdd(whole)) whole += 1;
            break;
    }
    return whole;
}

// Rounds an exact value (every source type fits long double exactly) to `format`; the result is
// exactly representable there, or +-inf on overflow as IEEE 754 prescribes for the mode.
inline long double RoundTo(long double value, Format format, Rounding mode)
{
    if (std::isnan(value) || std::isinf(value) || value == 0) return value;
    const bool negative = std::signbit(value);
    const long double magnitude = std::fabs(value);
    int exp2 = 0;
    std::frexp(magnitude, &exp2);
    int exponent = exp2 - 1;
    if (exponent < format.emin) exponent = format.emin;  // subnormal range keeps the smallest ulp
    const long double ulp = std::ldexp(1.0L, exponent - (format.precision - 1));
    long double result = RoundCount(magnitude / ulp, negative, mode) * ulp;
    const long double maxFinite =
        std::ldexp(2.0L - std::ldexp(1.0L, 1 - format.precision), format.emax);
    if (result > maxFinite) {
        bool toInfinity = mode == Rounding::NearestEven || mode == Rounding::NearestAway ||
                          (mode == Rounding::Floor && negative) || (mode == Rounding::Ceil && !negative);
        result = toInfinity ? std::numeric_limits<long double>::infinity() : maxFinite;
    }
    return negative ? -result : result;
}

// Integer conversion: rounds in `mode`, saturates, NaN becomes 0 (the device behaviour for NaN is unconfirmed).
template <typename I>
inline I RoundToInt(long double value, Rounding mode)
{
    if (std::isnan(value)) return 0;
    const long double lo = static_cast<long double>(std::numeric_limits<I>::min());
    const long double hi = static_cast<long double>(std::numeric_limits<I>::max());
    if (value <= lo) return std::numeric_limits<I>::min();
    if (value >= hi) return std::numeric_limits<I>::max();
    const bool negative = value < 0;
    long double rounded = RoundCount(std::fabs(value), negative, mode);
    rounded = negative ? -rounded : rounded;
    if (rounded <= lo) return std::numeric_limits<I>::min();
    if (rounded >= hi) return std::numeric_limits<I>::max();
    return static_cast<I>(rounded);
}

// Rounds to an integral value in `mode`, keeping NaN, infinities and the sign of zero.
inline long double RoundToIntegral(long double value, Rounding mode)
{
    if (std::isnan(value) || std::isinf(value)) return value;
    const bool negative = std::signbit(value);
    const long double rounded = RoundCount(std::fabs(value), negative, mode);
    return negative ? -rounded : rounded;
}

inline uint16_t HalfBitsFromExact(long double r)
{
    const uint16_t sign = std::signbit(r) ? 0x8000u : 0u;
    if (std::isnan(r)) return static_cast<uint16_t>(sign | 0x7E00u);
    if (std::isinf(r)) return static_cast<uint16_t>(sign | 0x7C00u);
    const long double a = std::fabs(r);
    if (a == 0) return sign;
    int exp2 = 0;
    std::frexp(a, &exp2);
    const int exponent = exp2 - 1;
    if (exponent < -14) {
        return static_cast<uint16_t>(sign | static_cast<uint16_t>(std::ldexp(a, 24)));
    }
    const auto mantissa = static_cast<uint16_t>(std::ldexp(std::ldexp(a, -exponent) - 1.0L, 10));
    return static_cast<uint16_t>(sign | ((exponent + 15) << 10) | mantissa);
}

inline float HalfBitsToFloat(uint16_t bits)
{
    const bool negative = (bits & 0x8000u) != 0;
    const int exponent = (bits >> 10) & 0x1F;
    const int mantissa = bits & 0x3FF;
    float magnitude;
    if (exponent == 0x1F) {
        magnitude = mantissa ? std::numeric_limits<float>::quiet_NaN() : std::numeric_limits<float>::infinity();
    } else if (exponent == 0) {
        magnitude = std::ldexp(static_cast<float>(mantissa), -24);
    } else {
        magnitude = std::ldexp(static_cast<float>(mantissa + 1024), exponent - 25);
    }
    return negative ? -magnitude : magnitude;
}

inline uint32_t FloatBits(float f)
{
    uint32_t bits;
    std::memcpy(&bits, &f, sizeof(bits));
    return bits;
}

inline float FloatFromBits(uint32_t bits)
{
    float f;
    std::memcpy(&f, &bits, sizeof(f));
    return f;
}

inline uint16_t Bf16BitsFromExact(long double r)
{
    if (std::isnan(r)) return static_cast<uint16_t>((std::signbit(r) ? 0x8000u : 0u) | 0x7FC0u);
    return static_cast<uint16_t>(FloatBits(static_cast<float>(r)) >> 16);
}

}  // namespace fp

// Scalar code on the device treats half like an arithmetic type: it converts implicitly to and from
// float, and every operation is done in float (exact for +-*/ of two halves) then rounded back.
struct Half {
    uint16_t bits;
    Half() = default;
    Half(float f) : bits(fp::HalfBitsFromExact(fp::RoundTo(f, fp::kHalf, fp::Rounding::NearestEven))) {}
    operator float() const { return fp::HalfBitsToFloat(bits); }
    Half& operator+=(float v) { return *this = Half(static_cast<float>(*this) + v); }
    Half& operator-=(float v) { return *this = Half(static_cast<float>(*this) - v); }
    Half& operator*=(float v) { return *this = Half(static_cast<float>(*this) * v); }
    Half& operator/=(float v) { return *this = Half(static_cast<float>(*this) / v); }
    static Half FromBits(uint16_t b)
    {
        Half h;
        h.bits = b;
        return h;
    }
};

struct BFloat16 {
    uint16_t bits;
    BFloat16() = default;
    BFloat16(float f) : bits(fp::Bf16BitsFromExact(fp::RoundTo(f, fp::kBf16, fp::Rounding::NearestEven))) {}
    operator float() const { return fp::FloatFromBits(static_cast<uint32_t>(bits) << 16); }
    BFloat16& operator+=(float v) { return *this = BFloat16(static_cast<float>(*this) + v); }
    BFloat16& operator-=(float v) { return *this = BFloat16(static_cast<float>(*this) - v); }
    BFloat16& operator*=(float v) { return *this = BFloat16(static_cast<float>(*this) * v); }
    BFloat16& operator/=(float v) { return *this = BFloat16(static_cast<float>(*this) / v); }
    static BFloat16 FromBits(uint16_t b)
    {
        BFloat16 h;
        h.bits = b;
        return h;
    }
};

static_assert(sizeof(Half) == 2 && std::is_trivially_copyable<Half>::value, "half must be a 2-byte POD");
static_assert(sizeof(BFloat16) == 2 && std::is_trivially_copyable<BFloat16>::value, "bf16 must be a 2-byte POD");

template <typename T>
struct IsFloating : std::integral_constant<bool, std::is_floating_point<T>::value || std::is_same<T, Half>::value ||
                                                     std::is_same<T, BFloat16>::value> {};

// Widens any supported element type to long double exactly.
template <typename T>
inline long double Exact(T v)
{
    if constexpr (std::is_same<T, Half>::value || std::is_same<T, BFloat16>::value) {
        return static_cast<long double>(static_cast<float>(v));
    } else {
        return static_cast<long double>(v);
    }
}

// Narrows an exact value to T in the given rounding (saturating for integers).
template <typename T>
inline T FromExact(long double v, fp::Rounding mode)
{
    if constexpr (std::is_same<T, Half>::value) {
        return Half::FromBits(fp::HalfBitsFromExact(fp::RoundTo(v, fp::kHalf, mode)));
    } else if constexpr (std::is_same<T, BFloat16>::value) {
        return BFloat16::FromBits(fp::Bf16BitsFromExact(fp::RoundTo(v, fp::kBf16, mode)));
    } else if constexpr (std::is_same<T, float>::value) {
        return static_cast<float>(fp::RoundTo(v, fp::kFloat, mode));
    } else if constexpr (std::is_same<T, double>::value) {
        return static_cast<double>(v);
    } else {
        return fp::RoundToInt<T>(v, mode);
    }
}

}  // namespace cpu_model

using half = cpu_model::Half;
using bfloat16_t = cpu_model::BFloat16;

#endif  // CPU_MODEL_FLOAT16_H
