// Cross-pipe synchronisation in UB, held to the device's rules: a pipe that reads bytes another pipe wrote must be
// ordered after that write by a SetFlag/WaitFlag chain, a PipeBarrier<PIPE_ALL> (SyncAll has one), or a queue
// hand-over whose event covers those two pipes (a VECIN EnQue/DeQue orders MTE2 -> V only, a VECOUT one V -> MTE3
// only: asc-devkit 9.1.0 kernel_event.h GetQueEvt, see README).
//
// Each pipe keeps a vector clock: clock[p][q] = the last write of pipe q that pipe p is known to follow. A WaitFlag
// merges the clock the matching SetFlag captured; an instruction the scalar unit issues to another pipe inherits
// what the scalar unit has waited for (it is issued after that wait), but never the scalar unit's own writes (those
// need S_V / S_MTE2 / S_MTE3). Write-after-read and write-after-write hazards are not tracked.
#ifndef CPU_MODEL_PIPE_SYNC_H
#define CPU_MODEL_PIPE_SYNC_H

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstdint>
#include <deque>
#include <iterator>
#include <map>
#include <mutex>
#include <set>
#include <string>

#include "cpu_model/core.h"

namespace cpu_model {

enum class Pipe : uint8_t { S = 0, V, MTE2, MTE3, Count };
constexpr int kPipes = static_cast<int>(Pipe::Count);
using PipeClock = std::array<uint64_t, kPipes>;

inline const char* PipeName(Pipe pipe)
{
    static const char* const names[] = {"S (scalar)", "V (vector)", "MTE2 (GM->UB)", "MTE3 (UB->GM)"};
    return names[static_cast<int>(pipe)];
}

inline const char* PipeShortName(Pipe pipe)
{
    static const char* const names[] = {"S", "V", "MTE2", "MTE3"};
    return names[static_cast<int>(pipe)];
}

// One write into UB not yet known to every pipe: which pipe, when, and which kernel line made it.
struct UbWrite {
    uint32_t end;
    Pipe pipe;
    uint64_t seq;
    const char* api;
    CallSite site;
};

struct PipeSyncState {
    bool enabled = false;
    bool reportOnly = false;  // CPU_MODEL_PIPE_SYNC_REPORT=<file>: list every missing sync instead of failing
    uint64_t seq = 0;
    std::map<uint32_t, UbWrite> writes;  // disjoint [begin, end) ranges of UB, keyed by begin
    PipeClock clock[kPipes] = {};
    std::deque<PipeClock> flags[static_cast<int>(AscendC::HardEvent::MAX)][kEventIds];

    void Reset(bool enable, bool report = false)
    {
        enabled = enable;
        reportOnly = report;
        seq = 0;
        writes.clear();
        for (auto& row : clock) row.fill(0);
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

// Missing syncs seen in report mode, once per (reading line, writing line, event), across cores and launches.
class SyncReport {
public:
    static SyncReport& Instance()
    {
        static SyncReport report;
        return report;
    }
    void Add(const std::string& line)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!seen_.insert(line).second) return;
        const char* path = std::getenv("CPU_MODEL_PIPE_SYNC_REPORT");
        std::FILE* out = path == nullptr ? stderr : std::fopen(path, "a");
        if (out == nullptr) out = stderr;
        std::fprintf(out, "%s\n", line.c_str());
        if (out != stderr) std::fclose(out);
    }

private:
    std::mutex mutex_;
    std::set<std::string> seen_;
};

// The modelled pipes a HardEvent orders; false for events of the cube pipes (M, MTE1, FIX), which no vector
// kernel here uses.
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

inline std::string SiteText(const CallSite& site)
{
    if (site.file == nullptr) return "(no kernel line)";
    return std::string(site.file) + ":" + std::to_string(site.line);
}

// An instruction issued to `pipe` by the scalar unit starts after everything the scalar unit has waited for.
inline void Issue(PipeSyncState& state, Pipe pipe)
{
    if (pipe == Pipe::S) return;
    auto& mine = state.clock[static_cast<int>(pipe)];
    const auto& scalar = state.clock[static_cast<int>(Pipe::S)];
    for (int q = 0; q < kPipes; ++q) {
        if (q != static_cast<int>(Pipe::S)) mine[q] = std::max(mine[q], scalar[q]);
    }
}

// `pipe` reads UB bytes [begin, end): every overlapping write of another pipe must be ordered before it.
inline void SyncRead(const char* api, Pipe pipe, uint32_t begin, uint32_t end)
{
    PipeSyncState& state = SyncState();
    if (!state.enabled || begin >= end) return;
    Issue(state, pipe);
    auto it = state.writes.upper_bound(begin);
    if (it != state.writes.begin()) --it;
    for (; it != state.writes.end() && it->first < end; ++it) {
        const UbWrite& write = it->second;
        if (write.end <= begin || write.pipe == pipe) continue;
        if (write.seq <= state.clock[static_cast<int>(pipe)][static_cast<int>(write.pipe)]) continue;
        const std::string event = std::string(PipeShortName(write.pipe)) + "_" + PipeShortName(pipe);
        if (state.reportOnly) {
            SyncReport::Instance().Add(std::string(api) + " at " + SiteText(CurrentCore().site) + " reads what " +
                                       write.api + " at " + SiteText(write.site) + " wrote: missing " + event);
            continue;
        }
        Fail(api, SiteText(CurrentCore().site) + ": pipe " + PipeName(pipe) + " reads UB bytes [" +
                      std::to_string(std::max(begin, it->first)) + ", " + std::to_string(std::min(end, write.end)) +
                      ") that " + write.api + " at " + SiteText(write.site) + " wrote on pipe " +
                      PipeName(write.pipe) + ", with no SetFlag/WaitFlag<HardEvent::" + event +
                      "> (or a chain of them), PipeBarrier<PIPE_ALL> or queue hand-over between them; a TQue "
                      "EnQue/DeQue orders only VECIN MTE2_V and VECOUT V_MTE3");
    }
}

// `pipe` writes UB bytes [begin, end); the range now holds this write only.
inline void SyncWrite(const char* api, Pipe pipe, uint32_t begin, uint32_t end)
{
    PipeSyncState& state = SyncState();
    if (!state.enabled || begin >= end) return;
    Issue(state, pipe);
    auto& writes = state.writes;
    // Split the ranges that straddle begin or end, then replace everything inside.
    auto it = writes.upper_bound(begin);
    if (it != writes.begin()) {
        auto before = std::prev(it);
        if (before->second.end > begin) {
            UbWrite tail = before->second;
            before->second.end = begin;
            if (tail.end > end) {
                writes.emplace(end, tail);
            }
            if (before->first == begin) writes.erase(before);
        }
    }
    it = writes.lower_bound(begin);
    while (it != writes.end() && it->first < end) {
        if (it->second.end > end) {
            UbWrite tail = it->second;
            writes.erase(it);
            writes.emplace(end, tail);
            break;
        }
        it = writes.erase(it);
    }
    writes[begin] = UbWrite{end, pipe, ++state.seq, api, CurrentCore().site};
}

// What pipe `from` has done so far and knows of the others: the clock a SetFlag on `from` hands over.
inline PipeClock SyncSignal(Pipe from)
{
    PipeSyncState& state = SyncState();
    if (!state.enabled) return PipeClock{};
    Issue(state, from);
    PipeClock snapshot = state.clock[static_cast<int>(from)];
    snapshot[static_cast<int>(from)] = state.seq;
    return snapshot;
}

// Pipe `to` waits for a signal: it now follows everything the signal carries.
inline void SyncAwait(Pipe to, const PipeClock& snapshot)
{
    PipeSyncState& state = SyncState();
    if (!state.enabled) return;
    Issue(state, to);
    auto& mine = state.clock[static_cast<int>(to)];
    for (int q = 0; q < kPipes; ++q) mine[q] = std::max(mine[q], snapshot[q]);
}

inline void SyncSetFlag(AscendC::HardEvent event, int32_t id)
{
    PipeSyncState& state = SyncState();
    Pipe from, to;
    if (state.enabled && EventPipes(event, from, to)) {
        state.flags[static_cast<int>(event)][id].push_back(SyncSignal(from));
    }
}

inline void SyncWaitFlag(AscendC::HardEvent event, int32_t id)
{
    PipeSyncState& state = SyncState();
    auto& queue = state.flags[static_cast<int>(event)][id];
    Pipe from, to;
    if (!state.enabled || queue.empty() || !EventPipes(event, from, to)) return;
    SyncAwait(to, queue.front());
    queue.pop_front();
}

// PipeBarrier<PIPE_ALL>: every pipe waits for every earlier instruction of every pipe.
inline void SyncBarrierAll()
{
    PipeSyncState& state = SyncState();
    if (!state.enabled) return;
    for (auto& row : state.clock) row.fill(state.seq);
    state.writes.clear();
}

}  // namespace cpu_model

#endif  // CPU_MODEL_PIPE_SYNC_H
