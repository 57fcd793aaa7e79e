// Level-0 (mask + repeat) forms of the element-wise APIs: per-repeat masks and block/repeat strides.
#ifndef CPU_MODEL_VEC_REPEAT_H
#define CPU_MODEL_VEC_REPEAT_H

#include <cstdint>
#include <string>

#include "cpu_model/vec_arith.h"
#include "cpu_model/vec_cast.h"

namespace AscendC {

struct BinaryRepeatParams {
    BinaryRepeatParams() {}
    BinaryRepeatParams(const uint8_t dstBlkStrideIn, const uint8_t src0BlkStrideIn, const uint8_t src1BlkStrideIn,
                       const uint8_t dstRepStrideIn, const uint8_t src0RepStrideIn, const uint8_t src1RepStrideIn)
        : dstBlkStride(dstBlkStrideIn),
          src0BlkStride(src0BlkStrideIn),
          src1BlkStride(src1BlkStrideIn),
          dstRepStride(dstRepStrideIn),
          src0RepStride(src0RepStrideIn),
          src1RepStride(src1RepStrideIn)
    {}
    uint32_t blockNumber = 8;
    uint8_t dstBlkStride = 1;
    uint8_t src0BlkStride = 1;
    uint8_t src1BlkStride = 1;
    uint8_t dstRepStride = 8;
    uint8_t src0RepStride = 8;
    uint8_t src1RepStride = 8;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

struct UnaryRepeatParams {
    UnaryRepeatParams() {}
    UnaryRepeatParams(const uint16_t dstBlkStrideIn, const uint16_t srcBlkStrideIn, const uint8_t dstRepStrideIn,
                      const uint8_t srcRepStrideIn)
        : dstBlkStride(dstBlkStrideIn),
          srcBlkStride(srcBlkStrideIn),
          dstRepStride(dstRepStrideIn),
          srcRepStride(srcRepStrideIn)
    {}
    uint32_t blockNumber = 8;
    uint16_t dstBlkStride = 1;
    uint16_t srcBlkStride = 1;
    uint8_t dstRepStride = 8;
    uint8_t srcRepStride = 8;
    bool repeatStrideMode = false;
    bool strideSizeMode = false;
};

namespace detail {

// Which elements of a repeat take part: the first `count` (continuous mode) or the set bits of mask[0..1].
struct RepeatMask {
    uint64_t count = 0;
    uint64_t bits[2] = {0, 0};
    bool bitMode = false;

    bool On(uint64_t j) const { return bitMode ? ((bits[j / 64] >> (j % 64)) & 1u) != 0 : j < count; }
};

inline RepeatMask CountMask(const char* api, uint64_t mask, uint64_t perRepeat)
{
    cpu_model::Check(mask >= 1 && mask <= perRepeat, api,
                     "mask " + std::to_string(mask) + " outside [1, " + std::to_string(perRepeat) + "]");
    RepeatMask m;
    m.count = mask;
    return m;
}

inline RepeatMask BitMask(const char* api, const uint64_t mask[], uint64_t perRepeat)
{
    RepeatMask m;
    m.bitMode = true;
    m.bits[0] = mask[0];
    m.bits[1] = perRepeat > 64 ? mask[1] : 0;
    cpu_model::Check(m.bits[0] != 0 || m.bits[1] != 0, api, "the mask selects no element");
    return m;
}

// Element offset of element j of repeat k for an operand of elemSize bytes with the given strides (in blocks).
inline uint64_t RepeatOffset(uint64_t k, uint64_t j, uint64_t elemSize, uint64_t blkStride, uint64_t repStride)
{
    const uint64_t perBlock = cpu_model::kBlockSize / elemSize;
    return k * repStride * perBlock + (j / perBlock) * blkStride * perBlock + j % perBlock;
}

template <typename D, typename S, typename Fn>
inline void RepeatUnary(const char* api, const LocalTensor<D>& dst, const LocalTensor<S>& src, const RepeatMask& mask,
                        uint8_t repeatTime, uint64_t dstBlk, uint64_t srcBlk, uint64_t dstRep, uint64_t srcRep, Fn fn)
{
    dst.CheckOperand(api, 0);
    src.CheckOperand(api, 0);
    const uint64_t perRepeat = cpu_model::kRepeatSize / (sizeof(D) > sizeof(S) ? sizeof(D) : sizeof(S));
    for (uint64_t k = 0; k < repeatTime; ++k) {
        for (uint64_t j = 0; j < perRepeat; ++j) {
            if (!mask.On(j)) continue;
            const uint64_t s = RepeatOffset(k, j, sizeof(S), srcBlk, srcRep);
            const uint64_t d = RepeatOffset(k, j, sizeof(D), dstBlk, dstRep);
            src.CheckBytes(api, s * sizeof(S), sizeof(S));
            dst.CheckBytes(api, d * sizeof(D), sizeof(D));
            src.PipeRead(api, cpu_model::Pipe::V, s * sizeof(S), sizeof(S));
            dst.PipeWrite(api, cpu_model::Pipe::V, d * sizeof(D), sizeof(D));
            cpu_model::StoreRaw<D>(dst.Base(), d, fn(cpu_model::LoadRaw<S>(src.Base(), s)));
        }
    }
}

template <typename T, typename Fn>
inline void RepeatBinary(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src0,
                         const LocalTensor<T>& src1, const RepeatMask& mask, uint8_t repeatTime,
                         const BinaryRepeatParams& p, Fn fn)
{
    dst.CheckOperand(api, 0);
    src0.CheckOperand(api, 0);
    src1.CheckOperand(api, 0);
    const uint64_t perRepeat = cpu_model::kRepeatSize / sizeof(T);
    for (uint64_t k = 0; k < repeatTime; ++k) {
        for (uint64_t j = 0; j < perRepeat; ++j) {
            if (!mask.On(j)) continue;
            const uint64_t a = RepeatOffset(k, j, sizeof(T), p.src0BlkStride, p.src0RepStride);
            const uint64_t b = RepeatOffset(k, j, sizeof(T), p.src1BlkStride, p.src1RepStride);
            const uint64_t d = RepeatOffset(k, j, sizeof(T), p.dstBlkStride, p.dstRepStride);
            src0.CheckBytes(api, a * sizeof(T), sizeof(T));
            src1.CheckBytes(api, b * sizeof(T), sizeof(T));
            dst.CheckBytes(api, d * sizeof(T), sizeof(T));
            src0.PipeRead(api, cpu_model::Pipe::V, a * sizeof(T), sizeof(T));
            src1.PipeRead(api, cpu_model::Pipe::V, b * sizeof(T), sizeof(T));
            dst.PipeWrite(api, cpu_model::Pipe::V, d * sizeof(T), sizeof(T));
            cpu_model::StoreRaw<T>(dst.Base(), d,
                                   fn(cpu_model::LoadRaw<T>(src0.Base(), a), cpu_model::LoadRaw<T>(src1.Base(), b)));
        }
    }
}

}  // namespace detail

#define CPU_MODEL_LEVEL0_BINARY(Name, DtypeCheck, Message, Op)                                                      \
    template <typename T, bool isSetMask = true>                                                                     \
    inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,             \
                     uint64_t mask, const uint8_t repeatTime, const BinaryRepeatParams& repeatParams,               \
                     CPU_MODEL_SITE)                                                                                 \
    {                                                                                                                \
        cpu_model::VectorCall call(site, #Name, cpu_model::TypeKey<T>(), repeatTime, true);                          \
        static_assert(DtypeCheck<T>, Message);                                                                       \
        detail::RepeatBinary(#Name, dst, src0, src1,                                                                 \
                             detail::CountMask(#Name, mask, cpu_model::kRepeatSize / sizeof(T)), repeatTime,        \
                             repeatParams, Op);                                                                      \
    }                                                                                                                \
    template <typename T, bool isSetMask = true>                                                                     \
    inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1,             \
                     uint64_t mask[], const uint8_t repeatTime, const BinaryRepeatParams& repeatParams,             \
                     CPU_MODEL_SITE)                                                                                 \
    {                                                                                                                \
        cpu_model::VectorCall call(site, #Name, cpu_model::TypeKey<T>(), repeatTime, true);                          \
        static_assert(DtypeCheck<T>, Message);                                                                       \
        detail::RepeatBinary(#Name, dst, src0, src1,                                                                 \
                             detail::BitMask(#Name, mask, cpu_model::kRepeatSize / sizeof(T)), repeatTime,          \
                             repeatParams, Op);                                                                      \
    }

#define CPU_MODEL_ARITH_MESSAGE ": A2 supports int16_t, half, int32_t and float only"
CPU_MODEL_LEVEL0_BINARY(Add, cpu_model::kA2Arith, "Add" CPU_MODEL_ARITH_MESSAGE, detail::AddOf<T>)
CPU_MODEL_LEVEL0_BINARY(Sub, cpu_model::kA2Arith, "Sub" CPU_MODEL_ARITH_MESSAGE, detail::SubOf<T>)
CPU_MODEL_LEVEL0_BINARY(Mul, cpu_model::kA2Arith, "Mul" CPU_MODEL_ARITH_MESSAGE, detail::MulOf<T>)
CPU_MODEL_LEVEL0_BINARY(Max, cpu_model::kA2Arith, "Max" CPU_MODEL_ARITH_MESSAGE, detail::MaxOf<T>)
CPU_MODEL_LEVEL0_BINARY(Min, cpu_model::kA2Arith, "Min" CPU_MODEL_ARITH_MESSAGE, detail::MinOf<T>)
CPU_MODEL_LEVEL0_BINARY(Div, cpu_model::kA2FloatOnly, "Div: A2 supports half and float only", [](T a, T b) {
    return detail::DivUlp(static_cast<T>(cpu_model::Widen(a) / cpu_model::Widen(b)));
})
#undef CPU_MODEL_ARITH_MESSAGE
#undef CPU_MODEL_LEVEL0_BINARY

#define CPU_MODEL_LEVEL0_SCALAR(Name, Op)                                                                            \
    template <typename T, bool isSetMask = true>                                                                     \
    inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, uint64_t mask,      \
                     const uint8_t repeatTime, const UnaryRepeatParams& p, CPU_MODEL_SITE)                           \
    {                                                                                                                \
        cpu_model::VectorCall call(site, #Name, cpu_model::TypeKey<T>(), repeatTime, true);                          \
        static_assert(cpu_model::kA2Arith<T>, #Name ": A2 supports int16_t, half, int32_t and float only");        \
        const T s = scalarValue;                                                                                     \
        detail::RepeatUnary(#Name, dst, src, detail::CountMask(#Name, mask, cpu_model::kRepeatSize / sizeof(T)),    \
                            repeatTime, p.dstBlkStride, p.srcBlkStride, p.dstRepStride, p.srcRepStride,             \
                            [s](T a) { return Op<T>(a, s); });                                                       \
    }                                                                                                                \
    template <typename T, bool isSetMask = true>                                                                     \
    inline void Name(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,                     \
                     uint64_t mask[], const uint8_t repeatTime, const UnaryRepeatParams& p, CPU_MODEL_SITE)          \
    {                                                                                                                \
        cpu_model::VectorCall call(site, #Name, cpu_model::TypeKey<T>(), repeatTime, true);                          \
        static_assert(cpu_model::kA2Arith<T>, #Name ": A2 supports int16_t, half, int32_t and float only");        \
        const T s = scalarValue;                                                                                     \
        detail::RepeatUnary(#Name, dst, src, detail::BitMask(#Name, mask, cpu_model::kRepeatSize / sizeof(T)),      \
                            repeatTime, p.dstBlkStride, p.srcBlkStride, p.dstRepStride, p.srcRepStride,             \
                            [s](T a) { return Op<T>(a, s); });                                                       \
    }

CPU_MODEL_LEVEL0_SCALAR(Adds, detail::AddOf)
CPU_MODEL_LEVEL0_SCALAR(Muls, detail::MulOf)
CPU_MODEL_LEVEL0_SCALAR(Maxs, detail::MaxOf)
CPU_MODEL_LEVEL0_SCALAR(Mins, detail::MinOf)
#undef CPU_MODEL_LEVEL0_SCALAR

// Level-0 shifts; roundEn (ShiftRight) rounds on the device and is not modelled: it must stay false.
#define CPU_MODEL_LEVEL0_SHIFT(Name, Expr)                                                                           \
    template <typename T, bool isSetMask = true, typename Mask>                                                      \
    inline void Name##Level0(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue,            \
                             const Mask& mask, const uint8_t repeatTime, const UnaryRepeatParams& p)                 \
    {                                                                                                                \
        static_assert(cpu_model::kA2Shift<T>, #Name ": A2 supports int16/uint16/int32/uint32 only");               \
        const auto bits = static_cast<int64_t>(scalarValue);                                                         \
        cpu_model::Check(bits >= 0 && bits < static_cast<int64_t>(sizeof(T) * 8), #Name,                            \
                         "shift " + std::to_string(bits) + " outside [0, " + std::to_string(sizeof(T) * 8) + ")"); \
        using U = std::make_unsigned_t<T>;                                                                           \
        (void)sizeof(U);                                                                                             \
        RepeatUnary(#Name, dst, src, mask, repeatTime, p.dstBlkStride, p.srcBlkStride, p.dstRepStride,      \
                            p.srcRepStride, [bits](T a) { return static_cast<T>(Expr); });                          \
    }

namespace detail {
CPU_MODEL_LEVEL0_SHIFT(ShiftLeft, static_cast<U>(a) << bits)
CPU_MODEL_LEVEL0_SHIFT(ShiftRight, a >> bits)
}  // namespace detail
#undef CPU_MODEL_LEVEL0_SHIFT

template <typename T, bool isSetMask = true>
inline void ShiftLeft(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, uint64_t mask,
                      const uint8_t repeatTime, const UnaryRepeatParams& p, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "ShiftLeft", cpu_model::TypeKey<T>(), repeatTime, true);
    detail::ShiftLeftLevel0(dst, src, scalarValue, detail::CountMask("ShiftLeft", mask, cpu_model::kRepeatSize / sizeof(T)),
                    repeatTime, p);
}

template <typename T, bool isSetMask = true>
inline void ShiftLeft(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, uint64_t mask[],
                      const uint8_t repeatTime, const UnaryRepeatParams& p, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "ShiftLeft", cpu_model::TypeKey<T>(), repeatTime, true);
    detail::ShiftLeftLevel0(dst, src, scalarValue, detail::BitMask("ShiftLeft", mask, cpu_model::kRepeatSize / sizeof(T)),
                    repeatTime, p);
}

template <typename T, bool isSetMask = true>
inline void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, uint64_t mask,
                       const uint8_t repeatTime, const UnaryRepeatParams& p, bool roundEn = false, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "ShiftRight", cpu_model::TypeKey<T>(), repeatTime, true);
    cpu_model::Check(!roundEn, "ShiftRight", "roundEn=true is not modelled");
    detail::ShiftRightLevel0(dst, src, scalarValue, detail::CountMask("ShiftRight", mask, cpu_model::kRepeatSize / sizeof(T)),
                     repeatTime, p);
}

template <typename T, bool isSetMask = true>
inline void ShiftRight(const LocalTensor<T>& dst, const LocalTensor<T>& src, const T& scalarValue, uint64_t mask[],
                       const uint8_t repeatTime, const UnaryRepeatParams& p, bool roundEn = false, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "ShiftRight", cpu_model::TypeKey<T>(), repeatTime, true);
    cpu_model::Check(!roundEn, "ShiftRight", "roundEn=true is not modelled");
    detail::ShiftRightLevel0(dst, src, scalarValue, detail::BitMask("ShiftRight", mask, cpu_model::kRepeatSize / sizeof(T)),
                     repeatTime, p);
}

template <typename T, bool isSetMask = true>
inline void Abs(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint64_t mask, const uint8_t repeatTime,
                const UnaryRepeatParams& p, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Abs", cpu_model::TypeKey<T>(), repeatTime, true);
    static_assert(cpu_model::kA2FloatOnly<T>, "Abs: A2 supports half and float only");
    detail::RepeatUnary("Abs", dst, src, detail::CountMask("Abs", mask, cpu_model::kRepeatSize / sizeof(T)),
                        repeatTime, p.dstBlkStride, p.srcBlkStride, p.dstRepStride, p.srcRepStride,
                        [](T a) { return static_cast<T>(std::fabs(cpu_model::Widen(a))); });
}

template <typename T, bool isSetMask = true>
inline void Duplicate(const LocalTensor<T>& dst, const T& scalarValue, uint64_t mask, const uint8_t repeatTime,
                      const uint16_t dstBlockStride, const uint8_t dstRepeatStride, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Duplicate", cpu_model::TypeKey<T>(), repeatTime, true);
    static_assert(cpu_model::kA2Duplicate<T>,
                  "Duplicate: A2 supports 16- and 32-bit types only (int16/uint16/half/bfloat16/int32/uint32/float)");
    const T s = scalarValue;
    detail::RepeatUnary("Duplicate", dst, dst, detail::CountMask("Duplicate", mask, cpu_model::kRepeatSize / sizeof(T)),
                        repeatTime, dstBlockStride, dstBlockStride, dstRepeatStride, dstRepeatStride,
                        [s](T) { return s; });
}

// Level-0 Cast: a repeat covers 256 bytes of the wider type; each operand strides in its own 32-byte blocks.
template <typename T, typename U, bool isSetMask = true>
inline void Cast(const LocalTensor<T>& dst, const LocalTensor<U>& src, const RoundMode& roundMode, uint64_t mask,
                 const uint8_t repeatTime, const UnaryRepeatParams& p, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Cast", cpu_model::CastKey<U, T>(), repeatTime, true);
    static_assert(!(std::is_same<U, int32_t>::value && std::is_same<T, half>::value),
                  "Cast int32_t -> half needs SetDeqScale on A2, which the CPU model does not implement");
    static_assert(cpu_model::CastModes<T, U>() != 0, "Cast: this source/destination pair does not exist on A2");
    cpu_model::Check((cpu_model::CastModes<T, U>() & cpu_model::ModeBit(roundMode)) != 0, "Cast",
                     std::string(cpu_model::RoundModeName(roundMode)) + " is not supported for this pair on A2");
    const auto rounding = cpu_model::ToRounding(roundMode);
    const uint64_t perRepeat = cpu_model::kRepeatSize / (sizeof(T) > sizeof(U) ? sizeof(T) : sizeof(U));
    detail::RepeatUnary("Cast", dst, src, detail::CountMask("Cast", mask, perRepeat), repeatTime, p.dstBlkStride,
                        p.srcBlkStride, p.dstRepStride, p.srcRepStride, [rounding](U v) {
                            const long double exact = cpu_model::Exact(v);
                            if constexpr (std::is_same<T, U>::value) {
                                return cpu_model::FromExact<T>(cpu_model::fp::RoundToIntegral(exact, rounding),
                                                               rounding);
                            } else {
                                return cpu_model::FromExact<T>(exact, rounding);
                            }
                        });
}

}  // namespace AscendC

#endif  // CPU_MODEL_VEC_REPEAT_H
