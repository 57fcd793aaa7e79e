// DataCopy and DataCopyPad between GM and UB: 32-byte rules, strides, padding, and bounds on both sides.
#ifndef CPU_MODEL_DATA_COPY_H
#define CPU_MODEL_DATA_COPY_H

#include <cstdint>
#include <cstring>
#include <string>

#include "cpu_model/tensor.h"

namespace AscendC {

struct DataCopyParams {
    DataCopyParams() {}
    DataCopyParams(const uint16_t count, const uint16_t len, const uint16_t srcStrideIn, const uint16_t dstStrideIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn)
    {}
    uint16_t blockCount = 1;
    uint16_t blockLen = 0;
    uint16_t srcStride = 0;
    uint16_t dstStride = 0;
};

struct DataCopyExtParams {
    DataCopyExtParams() {}
    DataCopyExtParams(const uint16_t count, const uint32_t len, const uint32_t srcStrideIn,
                      const uint32_t dstStrideIn, const uint32_t rsvIn)
        : blockCount(count), blockLen(len), srcStride(srcStrideIn), dstStride(dstStrideIn), rsv(rsvIn)
    {}
    uint16_t blockCount = 1;
    uint32_t blockLen = 0;
    uint32_t srcStride = 0;
    uint32_t dstStride = 0;
    uint32_t rsv = 0;
};

struct DataCopyPadParams {
    DataCopyPadParams() {}
    DataCopyPadParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue,
                      const uint64_t padValue)
        : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(padValue)
    {}
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    uint64_t paddingValue = 0;
};

template <typename T>
struct DataCopyPadExtParams {
    DataCopyPadExtParams() {}
    DataCopyPadExtParams(const bool isPadValue, const uint8_t leftPadValue, const uint8_t rightPadValue, T padValue)
        : isPad(isPadValue), leftPadding(leftPadValue), rightPadding(rightPadValue), paddingValue(padValue)
    {}
    bool isPad = false;
    uint8_t leftPadding = 0;
    uint8_t rightPadding = 0;
    T paddingValue = 0;
};

namespace detail {

// One DMA instruction of the kernel: its call site for messages, counted with its bytes (UB->UB copies run on
// the vector pipe and count apart).
class DmaCall : public cpu_model::ApiCall {
public:
    DmaCall(cpu_model::CallSite site, cpu_model::Pipe pipe, uint64_t bytes) : ApiCall(site)
    {
        if (!Outer()) return;
        auto& c = Count();
        if (pipe == cpu_model::Pipe::MTE2) {
            ++c.dma_gm_to_ub;
            c.dma_gm_to_ub_bytes += bytes;
        } else if (pipe == cpu_model::Pipe::MTE3) {
            ++c.dma_ub_to_gm;
            c.dma_ub_to_gm_bytes += bytes;
        } else {
            ++c.dma_ub_to_ub;
        }
        if (pipe == cpu_model::Pipe::V) {
            cpu_model::CurrentTimeline().Vector("DataCopy.ub_to_ub", cpu_model::RepeatsOf(bytes));
        } else {
            cpu_model::CurrentTimeline().Dma(pipe, bytes);
        }
    }
};

template <typename T>
inline void CheckWholeBlocks(const char* api, uint64_t count)
{
    const uint64_t bytes = count * sizeof(T);
    cpu_model::Check(bytes % cpu_model::kBlockSize == 0, api,
                     std::to_string(count) + " elements = " + std::to_string(bytes) +
                         " bytes is not a multiple of 32 (the device silently rounds down; use DataCopyPad)");
}

// Contiguous copy in 32-byte blocks: blockLen and strides are in blocks, as for DataCopyParams.
template <typename T>
inline void CheckBlockParams(const char* api, const DataCopyParams& p)
{
    cpu_model::Check(p.blockCount >= 1 && p.blockCount <= 4095, api,
                     "blockCount " + std::to_string(p.blockCount) + " outside [1, 4095]");
    cpu_model::Check(p.blockLen >= 1, api, "blockLen must be at least one 32-byte block");
}

template <typename T>
inline void CheckPadParams(const char* api, uint16_t blockCount, uint32_t blockLen, uint8_t left, uint8_t right)
{
    cpu_model::Check(blockCount <= 4095, api, "blockCount " + std::to_string(blockCount) + " > 4095");
    cpu_model::Check(blockLen <= 2097151, api, "blockLen " + std::to_string(blockLen) + " bytes > 2097151");
    cpu_model::Check(blockLen % sizeof(T) == 0, api,
                     "blockLen " + std::to_string(blockLen) + " bytes is not a multiple of the element size");
    cpu_model::Check(left * sizeof(T) <= 32 && right * sizeof(T) <= 32, api,
                     "left/right padding above 32 bytes (" + std::to_string(left) + "/" + std::to_string(right) +
                         " elements)");
}

// GM -> UB with padding; each block lands at a 32-byte boundary in UB.
template <typename T>
inline void PadIn(const char* api, const LocalTensor<T>& dst, const GlobalTensor<T>& src, uint16_t blockCount,
                  uint32_t blockLen, uint32_t srcGapBytes, uint32_t dstGapBlocks, bool isPad, uint8_t left,
                  uint8_t right, T padValue)
{
    CheckPadParams<T>(api, blockCount, blockLen, left, right);
    if constexpr (sizeof(T) == 8) {
        uint64_t bits;
        std::memcpy(&bits, &padValue, 8);
        cpu_model::Check(!isPad || bits == 0, api, "the padding value must be 0 for 64-bit types");
    }
    dst.CheckOperand(api, 0);
    if (blockCount == 0 || blockLen == 0) return;  // a NOP on A2
    const uint64_t ubBlock = cpu_model::AlignUp((left + right) * sizeof(T) + blockLen, cpu_model::kBlockSize);
    for (uint32_t i = 0; i < blockCount; ++i) {
        const uint64_t gmFirst = static_cast<uint64_t>(i) * (blockLen + srcGapBytes);
        const uint64_t ubFirst = static_cast<uint64_t>(i) * (ubBlock + dstGapBlocks * cpu_model::kBlockSize);
        src.CheckBytes(api, static_cast<int64_t>(gmFirst), blockLen);
        src.Track(api, gmFirst, blockLen, cpu_model::GmAccess::Read);
        src.PipeAccess(api, cpu_model::Pipe::MTE2, false, gmFirst, blockLen);
        dst.CheckBytes(api, ubFirst, ubBlock);
        dst.PipeWrite(api, cpu_model::Pipe::MTE2, ubFirst, ubBlock);
        uint8_t* out = dst.Base() + ubFirst;
        if (isPad) {
            for (uint32_t k = 0; k < left; ++k) cpu_model::StoreRaw<T>(out, k, padValue);
        }
        std::memcpy(out + left * sizeof(T), src.Bytes() + gmFirst, blockLen);
        if (isPad) {
            uint8_t* tail = out + left * sizeof(T) + blockLen;
            for (uint32_t k = 0; k < right; ++k) cpu_model::StoreRaw<T>(tail, k, padValue);
        }
    }
}

// UB -> GM: only blockLen bytes per block reach GM; UB blocks start on 32-byte boundaries.
template <typename T>
inline void PadOut(const char* api, const GlobalTensor<T>& dst, const LocalTensor<T>& src, uint16_t blockCount,
                   uint32_t blockLen, uint32_t srcGapBlocks, uint32_t dstGapBytes)
{
    CheckPadParams<T>(api, blockCount, blockLen, 0, 0);
    src.CheckOperand(api, 0);
    if (blockCount == 0 || blockLen == 0) return;
    const uint64_t ubBlock = cpu_model::AlignUp(blockLen, cpu_model::kBlockSize);
    for (uint32_t i = 0; i < blockCount; ++i) {
        const uint64_t ubFirst = static_cast<uint64_t>(i) * (ubBlock + srcGapBlocks * cpu_model::kBlockSize);
        const uint64_t gmFirst = static_cast<uint64_t>(i) * (blockLen + dstGapBytes);
        src.CheckBytes(api, ubFirst, blockLen);
        dst.CheckBytes(api, static_cast<int64_t>(gmFirst), blockLen);
        dst.Track(api, gmFirst, blockLen, cpu_model::GmAccess::Write);
        dst.PipeAccess(api, cpu_model::Pipe::MTE3, true, gmFirst, blockLen);
        src.PipeRead(api, cpu_model::Pipe::MTE3, ubFirst, blockLen);
        std::memcpy(dst.Bytes() + gmFirst, src.Base() + ubFirst, blockLen);
    }
}

}  // namespace detail

template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const uint32_t count, CPU_MODEL_SITE)
{
    const char* api = "DataCopy(GM->UB)";
    const detail::DmaCall call(site, cpu_model::Pipe::MTE2, uint64_t{count} * sizeof(T));
    detail::CheckWholeBlocks<T>(api, count);
    dst.CheckOperand(api, count);
    src.CheckBytes(api, 0, static_cast<uint64_t>(count) * sizeof(T));
    src.Track(api, 0, static_cast<uint64_t>(count) * sizeof(T), cpu_model::GmAccess::Read);
    src.PipeAccess(api, cpu_model::Pipe::MTE2, false, 0, static_cast<uint64_t>(count) * sizeof(T));
    dst.PipeWrite(api, cpu_model::Pipe::MTE2, 0, static_cast<uint64_t>(count) * sizeof(T));
    std::memcpy(dst.Base(), src.Bytes(), static_cast<size_t>(count) * sizeof(T));
}

template <typename T>
inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count, CPU_MODEL_SITE)
{
    const char* api = "DataCopy(UB->GM)";
    const detail::DmaCall call(site, cpu_model::Pipe::MTE3, uint64_t{count} * sizeof(T));
    detail::CheckWholeBlocks<T>(api, count);
    src.CheckOperand(api, count);
    dst.CheckBytes(api, 0, static_cast<uint64_t>(count) * sizeof(T));
    dst.Track(api, 0, static_cast<uint64_t>(count) * sizeof(T), cpu_model::GmAccess::Write);
    dst.PipeAccess(api, cpu_model::Pipe::MTE3, true, 0, static_cast<uint64_t>(count) * sizeof(T));
    src.PipeRead(api, cpu_model::Pipe::MTE3, 0, static_cast<uint64_t>(count) * sizeof(T));
    std::memcpy(dst.Bytes(), src.Base(), static_cast<size_t>(count) * sizeof(T));
}

template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const LocalTensor<T>& src, const uint32_t count, CPU_MODEL_SITE)
{
    const char* api = "DataCopy(UB->UB)";
    const detail::DmaCall call(site, cpu_model::Pipe::V, uint64_t{count} * sizeof(T));
    detail::CheckWholeBlocks<T>(api, count);
    dst.CheckOperand(api, count);
    src.CheckOperand(api, count);
    src.PipeRead(api, cpu_model::Pipe::V, 0, static_cast<uint64_t>(count) * sizeof(T));
    dst.PipeWrite(api, cpu_model::Pipe::V, 0, static_cast<uint64_t>(count) * sizeof(T));
    std::memmove(dst.Base(), src.Base(), static_cast<size_t>(count) * sizeof(T));
}

// Strided forms: blockLen, srcStride and dstStride count 32-byte blocks.
template <typename T>
inline void DataCopy(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p, CPU_MODEL_SITE)
{
    const char* api = "DataCopy(GM->UB, DataCopyParams)";
    const detail::DmaCall call(site, cpu_model::Pipe::MTE2,
                               uint64_t{p.blockCount} * p.blockLen * cpu_model::kBlockSize);
    detail::CheckBlockParams<T>(api, p);
    dst.CheckOperand(api, 0);
    const uint64_t len = p.blockLen * cpu_model::kBlockSize;
    for (uint32_t i = 0; i < p.blockCount; ++i) {
        const uint64_t gmFirst = i * (len + p.srcStride * cpu_model::kBlockSize);
        const uint64_t ubFirst = i * (len + p.dstStride * cpu_model::kBlockSize);
        src.CheckBytes(api, static_cast<int64_t>(gmFirst), len);
        src.Track(api, gmFirst, len, cpu_model::GmAccess::Read);
        src.PipeAccess(api, cpu_model::Pipe::MTE2, false, gmFirst, len);
        dst.CheckBytes(api, ubFirst, len);
        dst.PipeWrite(api, cpu_model::Pipe::MTE2, ubFirst, len);
        std::memcpy(dst.Base() + ubFirst, src.Bytes() + gmFirst, len);
    }
}

template <typename T>
inline void DataCopy(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p, CPU_MODEL_SITE)
{
    const char* api = "DataCopy(UB->GM, DataCopyParams)";
    const detail::DmaCall call(site, cpu_model::Pipe::MTE3,
                               uint64_t{p.blockCount} * p.blockLen * cpu_model::kBlockSize);
    detail::CheckBlockParams<T>(api, p);
    src.CheckOperand(api, 0);
    const uint64_t len = p.blockLen * cpu_model::kBlockSize;
    for (uint32_t i = 0; i < p.blockCount; ++i) {
        const uint64_t ubFirst = i * (len + p.srcStride * cpu_model::kBlockSize);
        const uint64_t gmFirst = i * (len + p.dstStride * cpu_model::kBlockSize);
        src.CheckBytes(api, ubFirst, len);
        dst.CheckBytes(api, static_cast<int64_t>(gmFirst), len);
        dst.Track(api, gmFirst, len, cpu_model::GmAccess::Write);
        dst.PipeAccess(api, cpu_model::Pipe::MTE3, true, gmFirst, len);
        src.PipeRead(api, cpu_model::Pipe::MTE3, ubFirst, len);
        std::memcpy(dst.Bytes() + gmFirst, src.Base() + ubFirst, len);
    }
}

template <typename T>
inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyExtParams& p,
                        const DataCopyPadExtParams<T>& pad, CPU_MODEL_SITE)
{
    const detail::DmaCall call(site, cpu_model::Pipe::MTE2, uint64_t{p.blockCount} * p.blockLen);
    detail::PadIn("DataCopyPad(GM->UB)", dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, pad.isPad,
                  pad.leftPadding, pad.rightPadding, pad.paddingValue);
}

template <typename T>
inline void DataCopyPad(const LocalTensor<T>& dst, const GlobalTensor<T>& src, const DataCopyParams& p,
                        const DataCopyPadParams& pad, CPU_MODEL_SITE)
{
    const detail::DmaCall call(site, cpu_model::Pipe::MTE2, uint64_t{p.blockCount} * p.blockLen);
    T value;
    uint64_t raw = pad.paddingValue;
    std::memcpy(&value, &raw, sizeof(T));
    detail::PadIn("DataCopyPad(GM->UB)", dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride, pad.isPad,
                  pad.leftPadding, pad.rightPadding, value);
}

template <typename T>
inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyExtParams& p,
                        CPU_MODEL_SITE)
{
    const detail::DmaCall call(site, cpu_model::Pipe::MTE3, uint64_t{p.blockCount} * p.blockLen);
    detail::PadOut("DataCopyPad(UB->GM)", dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride);
}

template <typename T>
inline void DataCopyPad(const GlobalTensor<T>& dst, const LocalTensor<T>& src, const DataCopyParams& p, CPU_MODEL_SITE)
{
    const detail::DmaCall call(site, cpu_model::Pipe::MTE3, uint64_t{p.blockCount} * p.blockLen);
    detail::PadOut("DataCopyPad(UB->GM)", dst, src, p.blockCount, p.blockLen, p.srcStride, p.dstStride);
}

}  // namespace AscendC

#endif  // CPU_MODEL_DATA_COPY_H
