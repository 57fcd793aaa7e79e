// Opt-in check of cross-pipe synchronisation in UB: a pipe that reads bytes another pipe wrote must have waited
// for it (WaitFlag on the matching HardEvent, PipeBarrier<PIPE_ALL>, or the buffer's EnQue/DeQue).
#ifndef CPU_MODEL_PIPE_SYNC_H
#define CPU_MODEL_PIPE_SYNC_H

#include <algorithm>
#include <cstdint>
#include <deque>
#include <string>
#include <vector>

#include "cpu_model/core.h"

namespace cpu_model {

enum class Pipe : uint8_t { S = 0, V, MTE2, MTE3, Count };

inline const char* PipeName(Pipe pipe)
{
    static const char* const names[] = {"S (scalar)", "V (vector)", "MTE2 (GM->UB)", "MTE3 (UB->GM)"};
    return names[static_cast<int>(pipe)];
}

struct PendingWrite {
    uint32_t begin;
    uint32_t end;
    Pipe pipe;
    uint64_t seq;
};

// Per-core bookkeeping: writes not yet known to be visible to the other pipes, and how far each pipe has
// waited for each other pipe.
struct PipeSyncState {
    bool enabled = false;
    uint64_t seq = 0;
    std::vector<PendingWrite> pending;
    uint64_t seen[static_cast<int>(Pipe::Count)][static_cast<int>(Pipe::Count)] = {};
    std::deque<uint64_t> flags[static_cast<int>(AscendC::HardEvent::MAX)][kEventIds];

    void Reset(bool enable)
    {
        enabled = enable;
        seq = 0;
        pending.clear();
        for (auto& row : seen) {
            for (auto& value : row) value = 0;
        }
        for (auto& perEvent : flags) {
            for (auto& queue : perEvent) queue.clear();
        }
    }
};

inline PipeSyncState& SyncState()
{
    thread_local PipeSyncState state;
    return state;
}

// Maps the HardEvents that cross the modelled pipes; others return false.
inline bool EventPipes(AscendC::HardEvent event, Pipe& from, Pipe& to)
{
    using E = AscendC::HardEvent;
    switch (event) {
        case E::MTE2_V: from = Pipe::MTE2; to = Pipe::V; return true;
        case E::V_MTE3: from = Pipe::V; to = Pipe::MTE3; return true;
        case E::MTE3_V: from = Pipe::MTE3; to = Pipe::V; return true;
        case E::V_MTE2: from = Pipe::V; to = Pipe::MTE2; return true;
        case E::MTE2_MTE3: from = Pipe::MTE2; to = Pipe::MTE3; return true;
        case E::MTE3_MTE2: from = Pipe::MTE3; to = Pipe::MTE2; return true;
        case E::S_V: from = Pipe::S; to = Pipe::V; return true;
        case E::V_S: from = Pipe::V; to = Pipe::S; return true;
        case E::MTE2_S: from = Pipe::MTE2; to = Pipe::S; return true;
        case E::S_MTE2: from = Pipe::S; to = Pipe::MTE2; return true;
        case E::MTE3_S: from = Pipe::MTE3; to = Pipe::S; return true;
        case E::S_MTE3: from = Pipe::S; to = Pipe::MTE3; return true;
        default: return false;
    }
}

// `pipe` reads UB bytes [begin, end): every overlapping write of another pipe must have been waited for.
inline void SyncRead(const char* api, Pipe pipe, uint32_t begin, uint32_t end)
{
    PipeSyncState& state = SyncState();
    if (!state.enabled || begin >= end) return;
    for (const auto& write : state.pending) {
        if (write.pipe == pipe || write.end <= begin || end <= write.begin) continue;
        if (write.seq <= state.seen[static_cast<int>(write.pipe)][static_cast<int>(pipe)]) continue;
        Fail(api, std::string("pipe ") + PipeName(pipe) + " reads UB bytes [" + std::to_string(begin) + ", " +
                      std::to_string(end) + ") that pipe " + PipeName(write.pipe) +
                      " wrote without a SetFlag/WaitFlag, PipeBarrier<PIPE_ALL> or EnQue/DeQue in between");
    }
}

inline void SyncWrite(Pipe pipe, uint32_t begin, uint32_t end)
{
    PipeSyncState& state = SyncState();
    if (!state.enabled || begin >= end) return;
    auto& pending = state.pending;
    pending.erase(std::remove_if(pending.begin(), pending.end(),
                                 [&](const PendingWrite& w) { return w.begin >= begin && w.end <= end; }),
                  pending.end());
    pending.push_back(PendingWrite{begin, end, pipe, ++state.seq});
}

// The queue hands the buffer over with its own synchronisation.
inline void SyncHandOver(uint32_t begin, uint32_t end)
{
    PipeSyncState& state = SyncState();
    if (!state.enabled) return;
    auto& pending = state.pending;
    pending.erase(std::remove_if(pending.begin(), pending.end(),
                                 [&](const PendingWrite& w) { return w.begin >= begin && w.end <= end; }),
                  pending.end());
}

inline void SyncSetFlag(AscendC::HardEvent event, int32_t id)
{
    PipeSyncState& state = SyncState();
    if (state.enabled) state.flags[static_cast<int>(event)][id].push_back(state.seq);
}

inline void SyncWaitFlag(AscendC::HardEvent event, int32_t id)
{
    PipeSyncState& state = SyncState();
    auto& queue = state.flags[static_cast<int>(event)][id];
    if (!state.enabled || queue.empty()) return;
    const uint64_t upTo = queue.front();
    queue.pop_front();
    Pipe from, to;
    if (EventPipes(event, from, to)) {
        uint64_t& seen = state.seen[static_cast<int>(from)][static_cast<int>(to)];
        seen = std::max(seen, upTo);
    }
}

inline void SyncBarrierAll()
{
    PipeSyncState& state = SyncState();
    if (!state.enabled) return;
    state.pending.clear();
}

}  // namespace cpu_model

#endif  // CPU_MODEL_PIPE_SYNC_H
