// TPipe, TQue and TBuf of the CPU model: UB budget, buffers per position, and the queue state machine.
#ifndef CPU_MODEL_PIPE_H
#define CPU_MODEL_PIPE_H

#include <cstdint>
#include <deque>
#include <exception>
#include <string>
#include <vector>

#include "cpu_model/sync_sites.h"
#include "cpu_model/tensor.h"

namespace AscendC {

class TPipe;

namespace detail {
inline const char* PositionName(TPosition pos)
{
    switch (pos) {
        case TPosition::GM: return "GM";
        case TPosition::VECIN: return "VECIN";
        case TPosition::VECOUT: return "VECOUT";
        case TPosition::VECCALC: return "VECCALC";
        default: return "other";
    }
}

constexpr bool IsVectorPosition(TPosition pos)
{
    return pos == TPosition::VECIN || pos == TPosition::VECOUT || pos == TPosition::VECCALC;
}

// TQue<pos> is TQueBind<src, dst> with these ends (real kernel_event.h GetBufferLogicPos; it asserts that pos is
// not VECCALC, so a TQue<VECCALC> does not compile in the CPU-debug build).
constexpr TPosition QueLogicPos(TPosition pos, bool isSrc)
{
    return pos == TPosition::VECIN ? (isSrc ? TPosition::GM : TPosition::VECIN)
                                   : (isSrc ? TPosition::VECOUT : TPosition::GM);
}

// The one event a queue's EnQue/DeQue (forward) or FreeTensor/AllocTensor (backward) sets and waits: GM -> UB
// is MTE2_V / V_MTE2, UB -> GM is V_MTE3 / MTE3_V, UB -> UB is MTE2_MTE3 / MTE3_MTE2 (kernel_event.h GetQueEvt,
// vector positions are UB in GetPhyType).
constexpr HardEvent QueEvent(TPosition src, TPosition dst, bool forward)
{
    if (src == TPosition::GM) return forward ? HardEvent::MTE2_V : HardEvent::V_MTE2;
    if (dst == TPosition::GM) return forward ? HardEvent::V_MTE3 : HardEvent::MTE3_V;
    return forward ? HardEvent::MTE2_MTE3 : HardEvent::MTE3_MTE2;
}

// The position a queue's buffers count against and its tensors carry (kernel_event.h GetPosition).
constexpr TPosition QuePosition(TPosition src, TPosition dst) { return dst == TPosition::GM ? src : dst; }

inline cpu_model::Pipe EventFrom(HardEvent event)
{
    cpu_model::Pipe from = cpu_model::Pipe::S, to = cpu_model::Pipe::S;
    cpu_model::EventPipes(event, from, to);
    return from;
}

inline cpu_model::Pipe EventTo(HardEvent event)
{
    cpu_model::Pipe from = cpu_model::Pipe::S, to = cpu_model::Pipe::S;
    cpu_model::EventPipes(event, from, to);
    return to;
}
}  // namespace detail

template <TPosition src, TPosition dst, int32_t depth, auto mask = 0>
class TQueBind {
    static_assert(depth >= 1, "TQue depth must be at least 1 (depth 0 is the TBuf form)");
    static_assert((src == TPosition::GM || detail::IsVectorPosition(src)) &&
                      (dst == TPosition::GM || detail::IsVectorPosition(dst)) &&
                      !(src == TPosition::GM && dst == TPosition::GM),
                  "cpu_model: only queues between GM and the vector positions VECIN/VECOUT/VECCALC are modelled");

public:
    TQueBind() = default;
    TQueBind(const TQueBind&) = delete;
    TQueBind& operator=(const TQueBind&) = delete;

    // A buffer still allocated or queued when the kernel's queue goes away is a leak on the device.
    ~TQueBind() noexcept(false)
    {
        if (std::uncaught_exceptions() > 0) return;
        for (const auto& slot : slots_) {
            cpu_model::Check(slot.state == cpu_model::SlotState::Free, "TQue (kernel end)",
                             std::string("a ") + detail::PositionName(kPosition) + " buffer was never freed (" +
                                 (slot.state == cpu_model::SlotState::Queued ? "still enqueued" : "allocated") +
                                 "): every AllocTensor needs a FreeTensor");
        }
    }

    template <typename T>
    LocalTensor<T> AllocTensor()
    {
        cpu_model::Check(!slots_.empty(), "TQue::AllocTensor", "queue used before TPipe::InitBuffer");
        for (size_t tried = 0; tried < slots_.size(); ++tried) {
            auto& slot = slots_[next_];
            next_ = (next_ + 1) % slots_.size();
            if (slot.state == cpu_model::SlotState::Free) {
                slot.state = cpu_model::SlotState::Allocated;
                // The reusing pipe waits for the FreeTensor of the last user (freeBufEvt).
                if (slot.hasFreeSignal) {
                    cpu_model::SyncAwait(detail::EventTo(kFreeEvent), slot.freeSignal);
                    cpu_model::CurrentTimeline().Await(detail::EventTo(kFreeEvent), slot.freeTime);
                }
                slot.hasFreeSignal = false;
                return LocalTensor<T>(&slot, slot.offset, slot.offset + slot.length, kPosition);
            }
        }
        cpu_model::Fail("TQue::AllocTensor",
                        "all " + std::to_string(slots_.size()) +
                            " buffers of the queue are in use; on the device AllocTensor would wait forever");
    }

    template <typename T>
    bool EnQue(const LocalTensor<T>& tensor)
    {
        auto& slot = OwnSlot("TQue::EnQue", tensor);
        cpu_model::Check(slot.state == cpu_model::SlotState::Allocated, "TQue::EnQue",
                         "the tensor is already enqueued");
        cpu_model::Check(queued_.size() < static_cast<size_t>(depth), "TQue::EnQue",
                         "queue depth " + std::to_string(depth) + " exceeded (DeQue before enqueuing again)");
        slot.state = cpu_model::SlotState::Queued;
        queued_.push_back(&slot);
        // A deleted EnQue (mutation run) keeps the queue's bookkeeping but raises no event: the DeQue would hang.
        slot.hasEnQueSignal = !cpu_model::SyncSkipped(cpu_model::SyncKind::EnQue);
        if (!slot.hasEnQueSignal) return true;
        ++cpu_model::CurrentCore().counters.enques;
        if (src == TPosition::GM) ++cpu_model::CurrentCore().counters.input_tiles;
        // SetFlag<enQueEvt> on the producing pipe only: VECIN MTE2_V, VECOUT V_MTE3.
        slot.enQueSignal = cpu_model::SyncSignal(detail::EventFrom(kEnQueEvent));
        slot.enQueTime = cpu_model::CurrentTimeline().Signal(detail::EventFrom(kEnQueEvent));
        return true;
    }

    template <typename T>
    LocalTensor<T> DeQue()
    {
        cpu_model::Check(!queued_.empty(), "TQue::DeQue",
                         "DeQue on an empty queue; on the device it would wait forever");
        auto* slot = queued_.front();
        queued_.pop_front();
        slot->state = cpu_model::SlotState::Allocated;
        // A deleted DeQue (mutation run) still hands the tensor over, without waiting for the EnQue's event.
        if (cpu_model::SyncSkipped(cpu_model::SyncKind::DeQue)) {
            return LocalTensor<T>(slot, slot->offset, slot->offset + slot->length, kPosition);
        }
        cpu_model::Check(slot->hasEnQueSignal, "TQue::DeQue",
                         "the EnQue of this tensor raised no event (a deleted EnQue); on the device DeQue would wait "
                         "forever");
        ++cpu_model::CurrentCore().counters.deques;
        // WaitFlag<enQueEvt> on the consuming pipe only; the scalar unit does not wait.
        cpu_model::SyncAwait(detail::EventTo(kEnQueEvent), slot->enQueSignal);
        cpu_model::CurrentTimeline().Await(detail::EventTo(kEnQueEvent), slot->enQueTime);
        return LocalTensor<T>(slot, slot->offset, slot->offset + slot->length, kPosition);
    }

    template <typename T>
    void FreeTensor(LocalTensor<T>& tensor)
    {
        auto& slot = OwnSlot("TQue::FreeTensor", tensor);
        cpu_model::Check(slot.state != cpu_model::SlotState::Queued, "TQue::FreeTensor",
                         "the tensor is still enqueued (DeQue it first)");
        cpu_model::Check(slot.state == cpu_model::SlotState::Allocated, "TQue::FreeTensor", "double FreeTensor");
        slot.state = cpu_model::SlotState::Free;
        ++slot.generation;
        slot.freeSignal = cpu_model::SyncSignal(detail::EventFrom(kFreeEvent));
        slot.freeTime = cpu_model::CurrentTimeline().Signal(detail::EventFrom(kFreeEvent));
        slot.hasFreeSignal = true;
    }

    bool VacantInQue() const { return queued_.size() < static_cast<size_t>(depth); }
    bool HasTensorInQue() const { return !queued_.empty(); }
    int32_t GetTensorCountInQue() const { return static_cast<int32_t>(queued_.size()); }

    // Called by TPipe::InitBuffer.
    void Init(uint32_t first, uint8_t num, uint32_t len)
    {
        cpu_model::Check(slots_.empty(), "TPipe::InitBuffer", "the queue was already initialised");
        slots_.resize(num);
        for (uint8_t i = 0; i < num; ++i) {
            slots_[i].offset = first + i * len;
            slots_[i].length = len;
            slots_[i].owner = this;
        }
    }

    static constexpr TPosition kPosition = detail::QuePosition(src, dst);
    static constexpr HardEvent kEnQueEvent = detail::QueEvent(src, dst, true);
    static constexpr HardEvent kFreeEvent = detail::QueEvent(src, dst, false);

private:
    template <typename T>
    cpu_model::BufferSlot& OwnSlot(const char* api, const LocalTensor<T>& tensor)
    {
        const auto* slot = tensor.Slot();
        cpu_model::Check(slot != nullptr && slot->owner == this, api, "the tensor does not belong to this queue");
        cpu_model::Check(tensor.UbOffset() == slot->offset, api, "pass the tensor itself, not a sub-tensor view");
        cpu_model::Check(slot->state != cpu_model::SlotState::Free, api, "the tensor was already freed");
        return *const_cast<cpu_model::BufferSlot*>(slot);
    }

    std::vector<cpu_model::BufferSlot> slots_;
    std::deque<cpu_model::BufferSlot*> queued_;
    size_t next_ = 0;
};

template <TPosition pos, int32_t depth, auto mask = 0>
class TQue : public TQueBind<detail::QueLogicPos(pos, true), detail::QueLogicPos(pos, false), depth, mask> {
    static_assert(pos == TPosition::VECIN || pos == TPosition::VECOUT,
                  "cpu_model: TQue<VECCALC> does not compile against the real headers (GetBufferLogicPos asserts "
                  "pos != VECCALC); use TBuf<VECCALC>. Only VECIN and VECOUT queues are modelled");

public:
    TQue() = default;
};

template <TPosition pos = TPosition::VECCALC>
class TBuf {
public:
    TBuf() = default;
    TBuf(const TBuf&) = delete;
    TBuf& operator=(const TBuf&) = delete;

    template <typename T>
    LocalTensor<T> Get() const
    {
        cpu_model::Check(slot_.length != 0, "TBuf::Get", "TBuf used before TPipe::InitBuffer");
        return LocalTensor<T>(&slot_, slot_.offset, slot_.offset + slot_.length, pos);
    }

    template <typename T>
    LocalTensor<T> Get(uint32_t len) const
    {
        cpu_model::Check(static_cast<uint64_t>(len) * sizeof(T) <= slot_.length, "TBuf::Get",
                         std::to_string(len) + " elements exceed the buffer of " + std::to_string(slot_.length) +
                             " bytes");
        auto tensor = Get<T>();
        tensor.SetSize(len);
        return tensor;
    }

    template <typename T>
    LocalTensor<T> GetWithOffset(uint32_t size, uint32_t bufOffset) const
    {
        cpu_model::Check(bufOffset % cpu_model::kBlockSize == 0, "TBuf::GetWithOffset",
                         "offset " + std::to_string(bufOffset) + " bytes is not 32-byte aligned");
        cpu_model::Check(bufOffset + static_cast<uint64_t>(size) * sizeof(T) <= slot_.length, "TBuf::GetWithOffset",
                         "range exceeds the buffer of " + std::to_string(slot_.length) + " bytes");
        auto tensor = Get<uint8_t>()[bufOffset].template ReinterpretCast<T>();
        tensor.SetSize(size);
        return tensor;
    }

    void Init(uint32_t first, uint32_t len)
    {
        cpu_model::Check(slot_.length == 0, "TPipe::InitBuffer", "the TBuf was already initialised");
        slot_.offset = first;
        slot_.length = len;
        slot_.state = cpu_model::SlotState::Allocated;
        slot_.owner = this;
    }

private:
    cpu_model::BufferSlot slot_;
};

class TPipe {
public:
    TPipe()
    {
        auto& core = cpu_model::CurrentCore();
        cpu_model::Check(core.pipe == nullptr, "TPipe", "a second TPipe while another is alive on this core");
        core.pipe = this;
    }
    TPipe(const TPipe&) = delete;
    TPipe& operator=(const TPipe&) = delete;
    ~TPipe()
    {
        auto& core = cpu_model::CurrentCore();
        if (core.pipe == this) core.pipe = nullptr;
    }

    // Any queue type, as the real TPipe takes it; the position is the queue's own.
    template <class T>
    bool InitBuffer(T& que, uint8_t num, uint32_t len)
    {
        constexpr TPosition pos = T::kPosition;
        cpu_model::Check(num >= 1, "TPipe::InitBuffer", "num must be at least 1");
        const auto position = static_cast<size_t>(pos);
        queBuffers_[position] += num;
        cpu_model::Check(queBuffers_[position] <= cpu_model::kMaxQueBuffersPerPosition, "TPipe::InitBuffer",
                         std::string("more than 8 queue buffers in position ") + detail::PositionName(pos) + " (" +
                             std::to_string(queBuffers_[position]) + "); A2 allows at most 8 per TPosition");
        const auto aligned = static_cast<uint32_t>(cpu_model::AlignUp(len, cpu_model::kBlockSize));
        que.Init(Reserve(static_cast<uint64_t>(aligned) * num), num, aligned);
        return true;
    }

    template <TPosition pos>
    bool InitBuffer(TBuf<pos>& buf, uint32_t len)
    {
        const auto aligned = static_cast<uint32_t>(cpu_model::AlignUp(len, cpu_model::kBlockSize));
        buf.Init(Reserve(aligned), aligned);
        return true;
    }

    void Reset() { used_ = 0; }
    void Destroy() { used_ = 0; }

    template <HardEvent evt>
    int32_t FetchEventID()
    {
        return 0;
    }
    int32_t FetchEventID(HardEvent) { return 0; }
    template <HardEvent evt>
    int32_t AllocEventID()
    {
        return 0;
    }
    template <HardEvent evt>
    void ReleaseEventID(int32_t)
    {}

    uint32_t UsedUbBytes() const { return used_; }

private:
    uint32_t Reserve(uint64_t bytes)
    {
        cpu_model::Check(used_ + bytes <= cpu_model::kUbSize, "TPipe::InitBuffer",
                         "UB overflow: " + std::to_string(used_) + " bytes already reserved + " +
                             std::to_string(bytes) + " requested > 196608 (192 KiB on A2)");
        const uint32_t first = used_;
        used_ += static_cast<uint32_t>(bytes);
        return first;
    }

    uint32_t used_ = 0;
    uint32_t queBuffers_[static_cast<size_t>(TPosition::MAX) + 1] = {};
};

}  // namespace AscendC

// At global scope, as in the real kernel_common.h.
inline AscendC::TPipe* GetTPipePtr()
{
    auto* pipe = static_cast<AscendC::TPipe*>(cpu_model::CurrentCore().pipe);
    cpu_model::Check(pipe != nullptr, "GetTPipePtr", "no TPipe is alive on this core");
    return pipe;
}

namespace AscendC {

// Event flags: a WaitFlag without a matching SetFlag would hang the device, so it is an error here.
template <HardEvent event>
inline void SetFlag(int32_t eventID)
{
    if (cpu_model::SyncSkipped(cpu_model::SyncKind::SetFlag)) return;
    cpu_model::Check(eventID >= 0 && eventID < static_cast<int32_t>(cpu_model::kEventIds), "SetFlag",
                     "event id " + std::to_string(eventID) + " outside [0, 8)");
    ++cpu_model::CurrentCore().pendingFlags[static_cast<int>(event)][eventID];
    ++cpu_model::CurrentCore().counters.set_flags;
    cpu_model::SyncSetFlag(event, eventID);
    cpu_model::CurrentTimeline().SetFlag(event, eventID, detail::EventFrom(event));
}

template <HardEvent event>
inline void WaitFlag(int32_t eventID)
{
    cpu_model::Check(eventID >= 0 && eventID < static_cast<int32_t>(cpu_model::kEventIds), "WaitFlag",
                     "event id " + std::to_string(eventID) + " outside [0, 8)");
    auto& pending = cpu_model::CurrentCore().pendingFlags[static_cast<int>(event)][eventID];
    if (cpu_model::SyncSkipped(cpu_model::SyncKind::WaitFlag)) return;
    cpu_model::Check(pending > 0, "WaitFlag",
                     "WaitFlag without a preceding SetFlag on the same event and id; the device would hang");
    --pending;
    ++cpu_model::CurrentCore().counters.wait_flags;
    cpu_model::SyncWaitFlag(event, eventID);
    cpu_model::CurrentTimeline().WaitFlag(event, eventID, detail::EventTo(event));
}

// PIPE_ALL orders every pipe after every earlier instruction; a single-pipe barrier orders that pipe with itself
// only (MTE2/MTE3 copies to overlapping destinations, PipeBarrier(ISASI).md); PIPE_S is not supported there.
template <pipe_t pipe>
inline void PipeBarrier()
{
    if (cpu_model::SyncSkipped(cpu_model::SyncKind::PipeBarrier)) return;
    ++cpu_model::CurrentCore().counters.pipe_barriers;
    auto& timeline = cpu_model::CurrentTimeline();
    if (pipe == PIPE_ALL) {
        cpu_model::SyncBarrierAll();
        timeline.JoinAll();
    } else if (pipe == PIPE_V || pipe == PIPE_MTE2 || pipe == PIPE_MTE3) {
        const cpu_model::Pipe one = pipe == PIPE_V ? cpu_model::Pipe::V
                                    : pipe == PIPE_MTE2 ? cpu_model::Pipe::MTE2 : cpu_model::Pipe::MTE3;
        cpu_model::SyncBarrierOne(one);
        timeline.BarrierOne(one);
    }
}

template <typename T, CacheLine entireType, DcciDst dcciDst>
inline void DataCacheCleanAndInvalid(const GlobalTensor<T>&)
{}

template <typename T, CacheLine entireType>
inline void DataCacheCleanAndInvalid(const GlobalTensor<T>&)
{}

}  // namespace AscendC

#endif  // CPU_MODEL_PIPE_H
