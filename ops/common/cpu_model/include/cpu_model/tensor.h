// GlobalTensor and LocalTensor of the CPU model: views that check GM and UB bounds, alignment and lifetime.
#ifndef CPU_MODEL_TENSOR_H
#define CPU_MODEL_TENSOR_H

#include <cstdint>
#include <string>
#include <type_traits>

#include "cpu_model/core.h"
#include "cpu_model/float16.h"
#include "cpu_model/pipe_sync.h"

namespace cpu_model {

enum class SlotState : uint8_t { Free = 0, Allocated, Queued };

// One UB buffer of a TQue or TBuf; a LocalTensor remembers the generation it was handed out in, so a
// tensor used after FreeTensor is caught.
struct BufferSlot {
    uint32_t offset = 0;
    uint32_t length = 0;
    SlotState state = SlotState::Free;
    uint32_t generation = 0;
    const void* owner = nullptr;
    PipeClock enQueSignal{};  // what the EnQue's SetFlag handed over, for the DeQue's WaitFlag
    PipeClock freeSignal{};   // what the FreeTensor's SetFlag handed over, for the next AllocTensor
    bool hasFreeSignal = false;
    bool hasEnQueSignal = false;  // false when the EnQue's SetFlag was skipped (mutation runs): the DeQue would hang
    double enQueTime = 0;     // predicted timeline: when the EnQue's and the FreeTensor's flags fire
    double freeTime = 0;
};

template <typename T>
constexpr bool kIsElementType = std::is_arithmetic<T>::value || std::is_same<T, Half>::value ||
                                std::is_same<T, BFloat16>::value;

}  // namespace cpu_model

namespace AscendC {

template <typename T>
using PrimT = T;

template <typename T>
class GlobalTensor {
    static_assert(cpu_model::kIsElementType<T>, "GlobalTensor<T>: T must be an element type");

public:
    using PrimType = T;

    GlobalTensor() = default;

    void SetGlobalBuffer(__gm__ T* buffer, uint64_t bufferSize = 0)
    {
        const uintptr_t end = cpu_model::GmRegistry::Instance().EndOf(buffer);
        cpu_model::Check(end != 0, "GlobalTensor::SetGlobalBuffer",
                         "the GM pointer was not allocated with cpu_model::GmAlloc / AscendC::GmAlloc, so its bounds "
                         "are unknown");
        address_ = reinterpret_cast<uint8_t*>(buffer);
        const uint64_t available = (end - reinterpret_cast<uintptr_t>(buffer)) / sizeof(T);
        if (bufferSize != 0) {
            cpu_model::Check(bufferSize <= available, "GlobalTensor::SetGlobalBuffer",
                             "bufferSize " + std::to_string(bufferSize) + " elements exceeds the GM allocation (" +
                                 std::to_string(available) + " elements)");
            size_ = bufferSize;
        } else {
            size_ = available;
        }
    }

    __gm__ T* GetPhyAddr() const { return reinterpret_cast<T*>(address_); }
    __gm__ T* GetPhyAddr(uint64_t offset) const { return reinterpret_cast<T*>(address_ + offset * sizeof(T)); }
    uint64_t GetSize() const { return size_; }

    T GetValue(uint64_t offset, CPU_MODEL_SITE) const
    {
        cpu_model::ApiCall call(site);
        ++call.Count().scalar_gm_reads;
        call.Count().scalar_gm_read_bytes += sizeof(T);
        if (call.Outer()) cpu_model::CurrentTimeline().Scalar("scalar_gm_read");
        CheckRange("GlobalTensor::GetValue", offset, 1);
        Track("GlobalTensor::GetValue", offset * sizeof(T), sizeof(T), cpu_model::GmAccess::Read);
        PipeAccess("GlobalTensor::GetValue", cpu_model::Pipe::S, false, offset * sizeof(T), sizeof(T));
        return cpu_model::LoadRaw<T>(address_, offset);
    }

    void SetValue(uint64_t offset, T value, CPU_MODEL_SITE)
    {
        cpu_model::ApiCall call(site);
        ++call.Count().scalar_gm_writes;
        call.Count().scalar_gm_write_bytes += sizeof(T);
        if (call.Outer()) cpu_model::CurrentTimeline().Scalar("scalar_gm_write");
        CheckRange("GlobalTensor::SetValue", offset, 1);
        Track("GlobalTensor::SetValue", offset * sizeof(T), sizeof(T), cpu_model::GmAccess::ScalarWrite);
        PipeAccess("GlobalTensor::SetValue", cpu_model::Pipe::S, true, offset * sizeof(T), sizeof(T));
        cpu_model::StoreRaw<T>(address_, offset, value);
    }

    // Cross-core race bookkeeping of a byte range relative to this tensor's start.
    void Track(const char* api, uint64_t firstByte, uint64_t bytes, cpu_model::GmAccess access) const
    {
        cpu_model::GmRegistry::Instance().Track(api, address_ + firstByte, bytes, access);
    }

    // Cross-pipe hazard bookkeeping (pipe_sync.h) of a byte range relative to this tensor's start.
    void PipeAccess(const char* api, cpu_model::Pipe pipe, bool write, uint64_t firstByte, uint64_t bytes) const
    {
        const auto first = reinterpret_cast<uintptr_t>(address_ + firstByte);
        cpu_model::SyncAccess(api, cpu_model::Space::GM, pipe, write, first, first + bytes);
    }

    GlobalTensor operator[](uint64_t offset) const
    {
        cpu_model::Check(offset <= size_, "GlobalTensor::operator[]",
                         "offset " + std::to_string(offset) + " is past the end of the GM buffer (" +
                             std::to_string(size_) + " elements)");
        GlobalTensor view = *this;
        view.address_ = address_ + offset * sizeof(T);
        view.size_ = size_ - offset;
        return view;
    }

    void SetL2CacheHint(CacheMode) const {}

    // Bounds of GM accesses by byte range relative to this tensor's start.
    void CheckBytes(const char* api, int64_t firstByte, uint64_t bytes) const
    {
        cpu_model::Check(address_ != nullptr, api, "GlobalTensor used before SetGlobalBuffer");
        const uint64_t limit = size_ * sizeof(T);
        cpu_model::Check(firstByte >= 0 && static_cast<uint64_t>(firstByte) + bytes <= limit, api,
                         "GM access out of bounds: bytes [" + std::to_string(firstByte) + ", " +
                             std::to_string(firstByte + static_cast<int64_t>(bytes)) + ") of a GM buffer of " +
                             std::to_string(limit) + " bytes");
    }

    uint8_t* Bytes() const { return address_; }

private:
    void CheckRange(const char* api, uint64_t offset, uint64_t count) const
    {
        CheckBytes(api, static_cast<int64_t>(offset * sizeof(T)), count * sizeof(T));
    }

    uint8_t* address_ = nullptr;
    uint64_t size_ = 0;
};

template <typename T>
class LocalTensor {
    static_assert(cpu_model::kIsElementType<T>, "LocalTensor<T>: T must be an element type");

public:
    using PrimType = T;

    LocalTensor() = default;

    // Used by TQue/TBuf: a tensor over bytes [offset, end) of the current core's UB.
    LocalTensor(const cpu_model::BufferSlot* slot, uint32_t offset, uint32_t end, TPosition position)
        : slot_(slot),
          generation_(slot->generation),
          offset_(offset),
          end_(end),
          size_((end - offset) / sizeof(T)),
          position_(position),
          core_(&cpu_model::CurrentCore())
    {}

    uint32_t GetSize() const { return size_; }
    uint32_t GetLength() const { return size_ * sizeof(T); }
    void SetSize(uint32_t size)
    {
        cpu_model::Check(offset_ + static_cast<uint64_t>(size) * sizeof(T) <= end_, "LocalTensor::SetSize",
                         "size " + std::to_string(size) + " exceeds the UB buffer");
        size_ = size;
    }
    TPosition GetPosition() const { return position_; }
    uint64_t GetPhyAddr() const { return offset_; }

    T GetValue(uint32_t index, CPU_MODEL_SITE) const
    {
        cpu_model::ApiCall call(site);
        ++call.Count().scalar_ub_reads;
        CheckElements("LocalTensor::GetValue", index, 1, false);
        if (call.Outer()) cpu_model::CurrentTimeline().Scalar("scalar_ub_read");
        PipeRead("LocalTensor::GetValue", cpu_model::Pipe::S, uint64_t{index} * sizeof(T), sizeof(T));
        return cpu_model::LoadRaw<T>(Base(), index);
    }

    template <typename U>
    void SetValue(uint32_t index, U value, CPU_MODEL_SITE) const
    {
        cpu_model::ApiCall call(site);
        ++call.Count().scalar_ub_writes;
        CheckElements("LocalTensor::SetValue", index, 1, false);
        if (call.Outer()) cpu_model::CurrentTimeline().Scalar("scalar_ub_write");
        PipeWrite("LocalTensor::SetValue", cpu_model::Pipe::S, uint64_t{index} * sizeof(T), sizeof(T));
        cpu_model::StoreRaw<T>(Base(), index, static_cast<T>(value));
    }

    // Pipe-sync bookkeeping of a byte range relative to this tensor's start.
    void PipeRead(const char* api, cpu_model::Pipe pipe, uint64_t firstByte, uint64_t bytes) const
    {
        cpu_model::SyncRead(api, pipe, static_cast<uint32_t>(offset_ + firstByte),
                            static_cast<uint32_t>(offset_ + firstByte + bytes));
    }
    void PipeWrite(const char* api, cpu_model::Pipe pipe, uint64_t firstByte, uint64_t bytes) const
    {
        cpu_model::SyncWrite(api, pipe, static_cast<uint32_t>(offset_ + firstByte),
                             static_cast<uint32_t>(offset_ + firstByte + bytes));
    }

    // Scalar reference into UB, as the device's operator() (checked when taken, not on every use: it counts as
    // one scalar read and one scalar write).
    T& operator()(uint32_t index, CPU_MODEL_SITE) const
    {
        cpu_model::ApiCall call(site);
        ++call.Count().scalar_ub_reads;
        ++call.Count().scalar_ub_writes;
        CheckElements("LocalTensor::operator()", index, 1, false);
        if (call.Outer()) {
            cpu_model::CurrentTimeline().Scalar("scalar_ub_read");
            cpu_model::CurrentTimeline().Scalar("scalar_ub_write");
        }
        PipeRead("LocalTensor::operator()", cpu_model::Pipe::S, uint64_t{index} * sizeof(T), sizeof(T));
        PipeWrite("LocalTensor::operator()", cpu_model::Pipe::S, uint64_t{index} * sizeof(T), sizeof(T));
        return *reinterpret_cast<T*>(Base() + static_cast<uint64_t>(index) * sizeof(T));
    }

    LocalTensor operator[](uint32_t offset) const
    {
        CheckLive("LocalTensor::operator[]");
        cpu_model::Check(offset_ + static_cast<uint64_t>(offset) * sizeof(T) <= end_, "LocalTensor::operator[]",
                         "offset " + std::to_string(offset) + " is past the end of the UB buffer");
        LocalTensor view = *this;
        view.offset_ = offset_ + offset * static_cast<uint32_t>(sizeof(T));
        view.size_ = (end_ - view.offset_) / sizeof(T);
        return view;
    }

    template <typename U>
    LocalTensor<U> ReinterpretCast() const
    {
        CheckLive("LocalTensor::ReinterpretCast");
        LocalTensor<U> view;
        view.slot_ = slot_;
        view.generation_ = generation_;
        view.offset_ = offset_;
        view.end_ = end_;
        view.size_ = static_cast<uint32_t>(static_cast<uint64_t>(size_) * sizeof(T) / sizeof(U));
        view.position_ = position_;
        view.core_ = core_;
        return view;
    }

    // Checks an operand of a vector or copy instruction: live, aligned (32 bytes unless the API says
    // otherwise), `count` elements in bounds.
    void CheckOperand(const char* api, uint64_t count, uint32_t alignment = cpu_model::kBlockSize) const
    {
        CheckLive(api);
        cpu_model::Check(offset_ % alignment == 0, api,
                         "UB address " + std::to_string(offset_) + " is not " + std::to_string(alignment) +
                             "-byte aligned");
        CheckElements(api, 0, count, true);
    }

    void CheckBytes(const char* api, uint64_t firstByte, uint64_t bytes) const
    {
        CheckLive(api);
        cpu_model::Check(offset_ + firstByte + bytes <= end_, api,
                         "UB access out of bounds: bytes [" + std::to_string(firstByte) + ", " +
                             std::to_string(firstByte + bytes) + ") of a tensor with " +
                             std::to_string(end_ - offset_) + " bytes left in its buffer");
    }

    uint8_t* Base() const { return core_->ub.data() + offset_; }
    uint32_t UbOffset() const { return offset_; }
    const cpu_model::BufferSlot* Slot() const { return slot_; }

private:
    template <typename U>
    friend class LocalTensor;

    void CheckLive(const char* api) const
    {
        cpu_model::Check(slot_ != nullptr, api, "LocalTensor has no buffer (not from AllocTensor/DeQue/TBuf::Get)");
        cpu_model::Check(core_ == &cpu_model::CurrentCore(), api, "LocalTensor of another core used");
        cpu_model::Check(slot_->generation == generation_ && slot_->state != cpu_model::SlotState::Free, api,
                         "LocalTensor used after FreeTensor released its buffer");
        // Between EnQue and DeQue the tensor belongs to the other pipe; touching it is a missing sync.
        cpu_model::Check(slot_->state != cpu_model::SlotState::Queued, api,
                         "LocalTensor used while enqueued (after EnQue, before DeQue)");
    }

    void CheckElements(const char* api, uint64_t first, uint64_t count, bool live) const
    {
        if (!live) CheckLive(api);
        CheckBytes(api, first * sizeof(T), count * sizeof(T));
    }

    const cpu_model::BufferSlot* slot_ = nullptr;
    uint32_t generation_ = 0;
    uint32_t offset_ = 0;
    uint32_t end_ = 0;
    uint32_t size_ = 0;
    TPosition position_ = TPosition::VECCALC;
    cpu_model::CoreContext* core_ = nullptr;
};

}  // namespace AscendC

#endif  // CPU_MODEL_TENSOR_H
