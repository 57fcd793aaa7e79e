// Compare, CompareScalar (Compares from CANN 9.0) and Select: bit masks least significant bit first.
#ifndef CPU_MODEL_VEC_CMPSEL_H
#define CPU_MODEL_VEC_CMPSEL_H

#include <cmath>
#include <cstdint>
#include <string>

#include "cpu_model/vec_common.h"

namespace AscendC {
namespace detail {

// IEEE comparisons in float: every mode is false on NaN except NE (device NaN behaviour is unconfirmed).
template <typename T>
inline bool CompareOne(T a, T b, CMPMODE mode)
{
    if constexpr (std::is_integral<T>::value) {
        switch (mode) {
            case CMPMODE::LT: return a < b;
            case CMPMODE::GT: return a > b;
            case CMPMODE::EQ: return a == b;
            case CMPMODE::LE: return a <= b;
            case CMPMODE::GE: return a >= b;
            default: return a != b;
        }
    } else {
        const float x = cpu_model::Widen(a);
        const float y = cpu_model::Widen(b);
        switch (mode) {
            case CMPMODE::LT: return x < y;
            case CMPMODE::GT: return x > y;
            case CMPMODE::EQ: return x == y;
            case CMPMODE::LE: return x <= y;
            case CMPMODE::GE: return x >= y;
            default: return x != y;
        }
    }
}

template <typename T, typename U>
inline void CheckCompare(const char* api, const LocalTensor<U>& dst, const LocalTensor<T>& src0, CMPMODE mode,
                         uint32_t count)
{
    static_assert(cpu_model::kOneOf<T, half, float, int32_t>, "Compare: A2 supports half, float and int32_t (EQ only)");
    static_assert(cpu_model::kMaskType<U>, "Compare: the destination is a bit mask (uint8_t tensor)");
    cpu_model::Check(!std::is_same<T, int32_t>::value || mode == CMPMODE::EQ, api,
                     "int32_t supports CMPMODE::EQ only on A2");
    cpu_model::Check(static_cast<uint64_t>(count) * sizeof(T) % cpu_model::kRepeatSize == 0, api,
                     "count " + std::to_string(count) + " x " + std::to_string(sizeof(T)) +
                         " bytes is not a multiple of 256 bytes; the device skips the partial repeat");
    src0.CheckOperand(api, count);
    dst.CheckOperand(api, 0);
    dst.CheckBytes(api, 0, count / 8);
    src0.PipeRead(api, cpu_model::Pipe::V, 0, uint64_t{count} * sizeof(T));
    dst.PipeWrite(api, cpu_model::Pipe::V, 0, count / 8);
}

template <typename U>
inline void WriteBit(const LocalTensor<U>& dst, uint64_t index, bool bit)
{
    uint8_t* byte = dst.Base() + index / 8;
    const auto mask = static_cast<uint8_t>(1u << (index % 8));
    *byte = static_cast<uint8_t>(bit ? (*byte | mask) : (*byte & ~mask));
}

template <typename U>
inline bool ReadBit(const LocalTensor<U>& mask, uint64_t index)
{
    return ((mask.Base()[index / 8] >> (index % 8)) & 1u) != 0;
}

}  // namespace detail

template <typename T, typename U>
inline void Compare(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const LocalTensor<T>& src1, CMPMODE cmpMode,
                    uint32_t count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Compare", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    detail::CheckCompare("Compare", dst, src0, cmpMode, count);
    src1.CheckOperand("Compare", count);
    src1.PipeRead("Compare", cpu_model::Pipe::V, 0, uint64_t{count} * sizeof(T));
    for (uint64_t i = 0; i < count; ++i) {
        const T a = cpu_model::LoadRaw<T>(src0.Base(), i);
        const T b = cpu_model::LoadRaw<T>(src1.Base(), i);
        detail::WriteBit(dst, i, detail::CompareOne(a, b, cmpMode));
    }
}

template <typename T, typename U>
inline void CompareScalar(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,
                          uint32_t count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "CompareScalar", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    detail::CheckCompare("CompareScalar", dst, src0, cmpMode, count);
    for (uint64_t i = 0; i < count; ++i) {
        detail::WriteBit(dst, i, detail::CompareOne(cpu_model::LoadRaw<T>(src0.Base(), i), src1Scalar, cmpMode));
    }
}

// CANN 9.0 renamed CompareScalar to Compares; both spellings are accepted.
template <typename T, typename U>
inline void Compares(const LocalTensor<U>& dst, const LocalTensor<T>& src0, const T src1Scalar, CMPMODE cmpMode,
                     uint32_t count, CPU_MODEL_SITE)
{
    CompareScalar(dst, src0, src1Scalar, cmpMode, count, site);
}

// A 1 bit selects src0. Two tensors take VSEL_CMPMASK_SPR (the first 256 bytes' worth of mask bits, i.e. 128 for
// half and 64 for float, reused by every repeat) or VSEL_TENSOR_TENSOR_MODE (one bit per element).
template <typename T, typename U>
inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0,
                   const LocalTensor<T>& src1, SELMODE selMode, uint32_t count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Select", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    static_assert(cpu_model::kOneOf<T, half, float>, "Select: A2 supports half and float only");
    static_assert(cpu_model::kMaskType<U>, "Select: the mask is a uint8/16/32/64 tensor");
    const char* api = "Select";
    cpu_model::Check(selMode != SELMODE::VSEL_TENSOR_SCALAR_MODE, api,
                     "VSEL_TENSOR_SCALAR_MODE takes a scalar src1 (use the Select overload with T src1)");
    dst.CheckOperand(api, count);
    src0.CheckOperand(api, count);
    src1.CheckOperand(api, count);
    selMask.CheckOperand(api, 0);
    const uint64_t perRepeat = cpu_model::kRepeatSize / sizeof(T);
    const uint64_t bits = selMode == SELMODE::VSEL_CMPMASK_SPR ? std::min<uint64_t>(count, perRepeat) : count;
    selMask.CheckBytes(api, 0, (bits + 7) / 8);
    cpu_model::CheckAlias(api, dst, uint64_t{count} * sizeof(T), src0, uint64_t{count} * sizeof(T));
    cpu_model::CheckAlias(api, dst, uint64_t{count} * sizeof(T), src1, uint64_t{count} * sizeof(T));
    src0.PipeRead(api, cpu_model::Pipe::V, 0, uint64_t{count} * sizeof(T));
    src1.PipeRead(api, cpu_model::Pipe::V, 0, uint64_t{count} * sizeof(T));
    selMask.PipeRead(api, cpu_model::Pipe::V, 0, (bits + 7) / 8);
    dst.PipeWrite(api, cpu_model::Pipe::V, 0, uint64_t{count} * sizeof(T));
    for (uint64_t i = 0; i < count; ++i) {
        const uint64_t bit = selMode == SELMODE::VSEL_CMPMASK_SPR ? i % perRepeat : i;
        const T chosen = detail::ReadBit(selMask, bit) ? cpu_model::LoadRaw<T>(src0.Base(), i)
                                                       : cpu_model::LoadRaw<T>(src1.Base(), i);
        cpu_model::StoreRaw<T>(dst.Base(), i, chosen);
    }
}

template <typename T, typename U>
inline void Select(const LocalTensor<T>& dst, const LocalTensor<U>& selMask, const LocalTensor<T>& src0, T src1,
                   SELMODE selMode, uint32_t count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Select", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    static_assert(cpu_model::kOneOf<T, half, float>, "Select: A2 supports half and float only");
    static_assert(cpu_model::kMaskType<U>, "Select: the mask is a uint8/16/32/64 tensor");
    const char* api = "Select(scalar)";
    cpu_model::Check(selMode == SELMODE::VSEL_TENSOR_SCALAR_MODE, api,
                     "a scalar src1 needs SELMODE::VSEL_TENSOR_SCALAR_MODE");
    dst.CheckOperand(api, count);
    src0.CheckOperand(api, count);
    selMask.CheckOperand(api, 0);
    selMask.CheckBytes(api, 0, (uint64_t{count} + 7) / 8);
    cpu_model::CheckAlias(api, dst, uint64_t{count} * sizeof(T), src0, uint64_t{count} * sizeof(T));
    src0.PipeRead(api, cpu_model::Pipe::V, 0, uint64_t{count} * sizeof(T));
    selMask.PipeRead(api, cpu_model::Pipe::V, 0, (uint64_t{count} + 7) / 8);
    dst.PipeWrite(api, cpu_model::Pipe::V, 0, uint64_t{count} * sizeof(T));
    for (uint64_t i = 0; i < count; ++i) {
        cpu_model::StoreRaw<T>(dst.Base(), i, detail::ReadBit(selMask, i) ? cpu_model::LoadRaw<T>(src0.Base(), i) : src1);
    }
}

}  // namespace AscendC

#endif  // CPU_MODEL_VEC_CMPSEL_H
