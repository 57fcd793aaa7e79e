// Reductions (ReduceMin/ReduceMax and the WholeReduce repeat forms of CANN 8.5) and Gather of the CPU model.
#ifndef CPU_MODEL_VEC_REDUCE_H
#define CPU_MODEL_VEC_REDUCE_H

#include <cmath>
#include <cstdint>
#include <cstring>
#include <string>

#include "cpu_model/vec_common.h"

namespace AscendC {
namespace detail {

// Index of the extreme element; the first one wins on ties and NaN is skipped unless every value is NaN
// (the device's NaN and tie behaviour is unconfirmed).
template <typename T, bool isMax, typename Loader>
inline uint64_t ExtremeIndex(uint64_t n, Loader load)
{
    uint64_t best = 0;
    bool found = false;
    float bestValue = 0;
    for (uint64_t i = 0; i < n; ++i) {
        const float v = cpu_model::Widen(load(i));
        if (std::isnan(v)) continue;
        if (!found || (isMax ? v > bestValue : v < bestValue)) {
            best = i;
            bestValue = v;
            found = true;
        }
    }
    return best;
}

// The index is stored in the slot after the value, as the bits of an unsigned integer of the value's size.
template <typename T>
inline void StoreIndexBits(uint8_t* slot, uint64_t index)
{
    if constexpr (sizeof(T) == 2) {
        const auto bits = static_cast<uint16_t>(index);
        std::memcpy(slot, &bits, 2);
    } else {
        const auto bits = static_cast<uint32_t>(index);
        std::memcpy(slot, &bits, 4);
    }
}

template <typename T, bool isMax, typename Loader>
inline void ReduceToDst(const char* api, const LocalTensor<T>& dst, uint64_t n, bool calIndex, Loader load)
{
    cpu_model::Check(n > 0, api, "count must be positive");
    // The destination needs only 4-byte (half) or 8-byte (float) alignment.
    dst.CheckOperand(api, calIndex ? 2 : 1, 2 * sizeof(T));
    const uint64_t index = ExtremeIndex<T, isMax>(n, load);
    dst.PipeWrite(api, cpu_model::Pipe::V, 0, (calIndex ? 2 : 1) * sizeof(T));
    cpu_model::StoreRaw<T>(dst.Base(), 0, load(index));
    if (calIndex) StoreIndexBits<T>(dst.Base() + sizeof(T), index);
}

template <typename T, bool isMax>
inline void ReduceCount(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src,
                        const LocalTensor<T>& sharedTmpBuffer, int32_t count, bool calIndex)
{
    static_assert(cpu_model::kOneOf<T, half, float>, "ReduceMin/ReduceMax: A2 supports half and float only");
    const uint64_t n = cpu_model::CheckedCount(api, count);
    src.CheckOperand(api, n);
    sharedTmpBuffer.CheckOperand(api, 0);  // A2 needs the shared temporary buffer; its size rule is not modelled
    src.PipeRead(api, cpu_model::Pipe::V, 0, n * sizeof(T));
    ReduceToDst<T, isMax>(api, dst, n, calIndex, [&src](uint64_t i) { return cpu_model::LoadRaw<T>(src.Base(), i); });
}

// Level-0 form: `mask` elements from each of `repeatTime` repeats, repeats srcRepStride blocks apart.
template <typename T, bool isMax>
inline void ReduceRepeats(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src,
                          const LocalTensor<T>& sharedTmpBuffer, int32_t mask, int32_t repeatTime,
                          int32_t srcRepStride, bool calIndex)
{
    static_assert(cpu_model::kOneOf<T, half, float>, "ReduceMin/ReduceMax: A2 supports half and float only");
    const uint64_t perRepeat = cpu_model::kRepeatSize / sizeof(T);
    cpu_model::Check(mask >= 1 && static_cast<uint64_t>(mask) <= perRepeat, api,
                     "mask " + std::to_string(mask) + " outside [1, " + std::to_string(perRepeat) + "]");
    // Unlike other level-0 APIs, ReduceMin/Max accept any repeatTime up to INT32_MAX.
    cpu_model::Check(repeatTime >= 1, api, "repeatTime must be at least 1");
    const uint64_t stride = static_cast<uint64_t>(srcRepStride) * (cpu_model::kBlockSize / sizeof(T));
    src.CheckOperand(api, 0);
    src.CheckBytes(api, 0, ((repeatTime - 1) * stride + mask) * sizeof(T));
    src.PipeRead(api, cpu_model::Pipe::V, 0, ((repeatTime - 1) * stride + mask) * sizeof(T));
    sharedTmpBuffer.CheckOperand(api, 0);
    const uint64_t n = static_cast<uint64_t>(repeatTime) * mask;
    const auto m = static_cast<uint64_t>(mask);
    ReduceToDst<T, isMax>(api, dst, n, calIndex, [&](uint64_t i) {
        return cpu_model::LoadRaw<T>(src.Base(), (i / m) * stride + i % m);
    });
}

template <typename T, bool isMax>
inline void WholeReduce(const char* api, const LocalTensor<T>& dst, const LocalTensor<T>& src, int32_t mask,
                        int32_t repeatTime, int32_t dstRepStride, int32_t srcBlkStride, int32_t srcRepStride,
                        ReduceOrder order)
{
    static_assert(cpu_model::kOneOf<T, half, float>, "WholeReduceMin/WholeReduceMax: A2 supports half and float only");
    const uint64_t perRepeat = cpu_model::kRepeatSize / sizeof(T);
    const uint64_t perBlock = cpu_model::kBlockSize / sizeof(T);
    cpu_model::Check(mask >= 1 && static_cast<uint64_t>(mask) <= perRepeat, api,
                     "mask " + std::to_string(mask) + " outside [1, " + std::to_string(perRepeat) + "]");
    cpu_model::Check(repeatTime >= 0 && repeatTime <= 255, api, "repeatTime outside [0, 255]");
    src.CheckOperand(api, 0);
    dst.CheckOperand(api, 0, 2 * sizeof(T));
    // dstRepStride counts value+index pairs, single values (ONLY_VALUE) or uint32 indices (ONLY_INDEX).
    const uint64_t dstUnit = order == ReduceOrder::ORDER_ONLY_VALUE ? sizeof(T)
                             : order == ReduceOrder::ORDER_ONLY_INDEX ? 4 : 2 * sizeof(T);
    for (int32_t r = 0; r < repeatTime; ++r) {
        const uint64_t base = static_cast<uint64_t>(r) * srcRepStride * perBlock;
        auto elementAt = [&](uint64_t j) {
            return base + (j / perBlock) * srcBlkStride * perBlock + j % perBlock;
        };
        src.CheckBytes(api, elementAt(mask - 1) * sizeof(T), sizeof(T));
        src.PipeRead(api, cpu_model::Pipe::V, base * sizeof(T), (elementAt(mask - 1) - base + 1) * sizeof(T));
        auto load = [&](uint64_t j) { return cpu_model::LoadRaw<T>(src.Base(), elementAt(j)); };
        const uint64_t index = ExtremeIndex<T, isMax>(static_cast<uint64_t>(mask), load);
        const uint64_t out = static_cast<uint64_t>(r) * dstRepStride * dstUnit;
        dst.CheckBytes(api, out, order == ReduceOrder::ORDER_ONLY_VALUE ? sizeof(T) : dstUnit);
        dst.PipeWrite(api, cpu_model::Pipe::V, out, order == ReduceOrder::ORDER_ONLY_VALUE ? sizeof(T) : dstUnit);
        uint8_t* slot = dst.Base() + out;
        const T value = load(index);
        switch (order) {
            case ReduceOrder::ORDER_VALUE_INDEX:
                std::memcpy(slot, &value, sizeof(T));
                StoreIndexBits<T>(slot + sizeof(T), index);
                break;
            case ReduceOrder::ORDER_INDEX_VALUE:
                StoreIndexBits<T>(slot, index);
                std::memcpy(slot + sizeof(T), &value, sizeof(T));
                break;
            case ReduceOrder::ORDER_ONLY_VALUE:
                std::memcpy(slot, &value, sizeof(T));
                break;
            case ReduceOrder::ORDER_ONLY_INDEX: {
                const auto bits = static_cast<uint32_t>(index);
                std::memcpy(slot, &bits, 4);
                break;
            }
        }
    }
}

}  // namespace detail

template <typename T>
inline void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
                      const int32_t count, bool calIndex = 0, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "ReduceMin", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    detail::ReduceCount<T, false>("ReduceMin", dst, src, sharedTmpBuffer, count, calIndex);
}

template <typename T>
inline void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
                      const int32_t count, bool calIndex = 0, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "ReduceMax", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    detail::ReduceCount<T, true>("ReduceMax", dst, src, sharedTmpBuffer, count, calIndex);
}

template <typename T>
inline void ReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
                      const int32_t mask, const int32_t repeatTime, const int32_t srcRepStride, bool calIndex = 0,
                      CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "ReduceMin", cpu_model::TypeKey<T>(),
                             static_cast<uint64_t>(repeatTime < 0 ? 0 : repeatTime), true);
    detail::ReduceRepeats<T, false>("ReduceMin", dst, src, sharedTmpBuffer, mask, repeatTime, srcRepStride, calIndex);
}

template <typename T>
inline void ReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<T>& sharedTmpBuffer,
                      const int32_t mask, const int32_t repeatTime, const int32_t srcRepStride, bool calIndex = 0,
                      CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "ReduceMax", cpu_model::TypeKey<T>(),
                             static_cast<uint64_t>(repeatTime < 0 ? 0 : repeatTime), true);
    detail::ReduceRepeats<T, true>("ReduceMax", dst, src, sharedTmpBuffer, mask, repeatTime, srcRepStride, calIndex);
}

// WholeReduceMin/Max as named up to CANN 9.0 (ReduceRepeat from 9.1).
template <typename T, bool isSetMask = true>
inline void WholeReduceMin(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask,
                           const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                           const int32_t srcRepStride, ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX,
                           CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "WholeReduceMin", cpu_model::TypeKey<T>(),
                             static_cast<uint64_t>(repeatTime < 0 ? 0 : repeatTime), true);
    detail::WholeReduce<T, false>("WholeReduceMin", dst, src, mask, repeatTime, dstRepStride, srcBlkStride,
                                  srcRepStride, order);
}

template <typename T, bool isSetMask = true>
inline void WholeReduceMax(const LocalTensor<T>& dst, const LocalTensor<T>& src, const int32_t mask,
                           const int32_t repeatTime, const int32_t dstRepStride, const int32_t srcBlkStride,
                           const int32_t srcRepStride, ReduceOrder order = ReduceOrder::ORDER_VALUE_INDEX,
                           CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "WholeReduceMax", cpu_model::TypeKey<T>(),
                             static_cast<uint64_t>(repeatTime < 0 ? 0 : repeatTime), true);
    detail::WholeReduce<T, true>("WholeReduceMax", dst, src, mask, repeatTime, dstRepStride, srcBlkStride,
                                 srcRepStride, order);
}

// dst[i] = element at byte offset srcBaseAddr + srcOffset[i] from src's start.
template <typename T>
inline void Gather(const LocalTensor<T>& dst, const LocalTensor<T>& src, const LocalTensor<uint32_t>& srcOffset,
                   const uint32_t srcBaseAddr, const uint32_t count, CPU_MODEL_SITE)
{
    cpu_model::VectorCall call(site, "Gather", cpu_model::TypeKey<T>(), cpu_model::ElementBytes<T>(count));
    static_assert(sizeof(T) == 2 || sizeof(T) == 4, "Gather: A2 supports 16- and 32-bit element types only");
    const char* api = "Gather";
    dst.CheckOperand(api, count);
    srcOffset.CheckOperand(api, count);
    src.CheckOperand(api, 0);
    srcOffset.PipeRead(api, cpu_model::Pipe::V, 0, uint64_t{count} * 4);
    dst.PipeWrite(api, cpu_model::Pipe::V, 0, uint64_t{count} * sizeof(T));
    for (uint64_t i = 0; i < count; ++i) {
        const uint64_t byte = uint64_t{srcBaseAddr} + cpu_model::LoadRaw<uint32_t>(srcOffset.Base(), i);
        cpu_model::Check(byte % sizeof(T) == 0, api,
                         "offset " + std::to_string(byte) + " bytes is not a multiple of the element size");
        src.CheckBytes(api, byte, sizeof(T));
        src.PipeRead(api, cpu_model::Pipe::V, byte, sizeof(T));
        T value;
        std::memcpy(&value, src.Base() + byte, sizeof(T));
        cpu_model::StoreRaw<T>(dst.Base(), i, value);
    }
}

}  // namespace AscendC

#endif  // CPU_MODEL_VEC_REDUCE_H
