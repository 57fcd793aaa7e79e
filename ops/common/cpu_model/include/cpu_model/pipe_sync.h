// Cross-pipe hazards of one core, held to the device's rules: two accesses of different pipes to the same UB or GM
// bytes, at least one a write (read-after-write, write-after-read, write-after-write), must be ordered by a
// SetFlag/WaitFlag chain, a PipeBarrier<PIPE_ALL> (SyncAll has one) or a queue hand-over whose event covers those
// two pipes (a VECIN EnQue/DeQue orders MTE2 -> V only, a VECOUT one V -> MTE3 only: asc-devkit 9.1.0
// kernel_event.h GetQueEvt, see README); two MTE2 (or two MTE3) copies whose destinations overlap need a
// PipeBarrier<PIPE_MTE2> (<PIPE_MTE3>) between them (asc-devkit docs PipeBarrier(ISASI).md, 约束说明).
//
// Each pipe keeps a vector clock: clock[p][q] = the last instruction of pipe q that pipe p is known to follow. A
// WaitFlag merges the clock the matching SetFlag captured; an instruction the scalar unit issues to another pipe
// inherits what the scalar unit has waited for (it is issued after that wait), but never the scalar unit's own
// accesses (those need S_V / S_MTE2 / S_MTE3). Every byte remembers its last write and, per pipe, the last read
// since that write; instructions of one pipe run in order (the vector pipe's own ordering is the compiler's
// PipeBarrier<PIPE_V>, 关键特性说明.md table 1), so only those accesses can conflict with a later one.
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

using PipeClock = std::array<uint64_t, kPipes>;

// The two memories whose bytes the tracker follows: this core's UB (offsets) and GM (addresses).
enum class Space : uint8_t { UB = 0, GM };

// One instruction's access: its sequence number (0 = none) and the kernel line that issued it.
struct Access {
    uint64_t seq = 0;
    const char* api = nullptr;
    CallSite site{nullptr, 0};
};

// What a run of bytes remembers: its last write and, per pipe, the last read since that write.
struct Cell {
    Pipe writer = Pipe::S;
    Access write;
    Access reads[kPipes];

    bool Empty() const
    {
        if (write.seq != 0) return false;
        for (const auto& read : reads) {
            if (read.seq != 0) return false;
        }
        return true;
    }
    bool SameAs(const Cell& other) const
    {
        if (write.seq != other.write.seq || (write.seq != 0 && writer != other.writer)) return false;
        for (int p = 0; p < kPipes; ++p) {
            if (reads[p].seq != other.reads[p].seq) return false;
        }
        return true;
    }
};

// Disjoint byte runs [begin, end) -> Cell; neighbouring runs with the same cell are merged, runs nobody touched are
// absent.
class AccessMap {
public:
    // Calls fn(begin, end, cell) on every run of [begin, end), creating empty cells for untouched bytes, then merges.
    template <typename Fn>
    void Apply(uint64_t begin, uint64_t end, Fn fn)
    {
        if (begin >= end) return;
        Split(begin);
        Split(end);
        uint64_t at = begin;
        auto it = runs_.lower_bound(begin);
        while (at < end) {
            if (it == runs_.end() || it->first > at) {
                const uint64_t gapEnd = it == runs_.end() ? end : std::min(end, it->first);
                it = runs_.emplace_hint(it, at, Run{gapEnd, Cell{}});
            }
            fn(it->first, it->second.end, it->second.cell);
            at = it->second.end;
            ++it;
        }
        MergeAround(begin, end);
    }

    // Drops every access `dead` says no later access can conflict with, and the runs left empty.
    template <typename Dead>
    void Collect(Dead dead)
    {
        for (auto it = runs_.begin(); it != runs_.end();) {
            Cell& cell = it->second.cell;
            if (cell.write.seq != 0 && dead(cell.writer, cell.write.seq, true)) cell.write = Access{};
            for (int p = 0; p < kPipes; ++p) {
                if (cell.reads[p].seq != 0 && dead(static_cast<Pipe>(p), cell.reads[p].seq, false)) {
                    cell.reads[p] = Access{};
                }
            }
            it = cell.Empty() ? runs_.erase(it) : std::next(it);
        }
        if (!runs_.empty()) MergeAround(runs_.begin()->first, std::prev(runs_.end())->second.end);
    }

    void Clear() { runs_.clear(); }
    size_t Size() const { return runs_.size(); }

private:
    struct Run {
        uint64_t end;
        Cell cell;
    };

    void Split(uint64_t at)
    {
        auto it = runs_.upper_bound(at);
        if (it == runs_.begin()) return;
        --it;
        if (it->first < at && it->second.end > at) {
            Run tail = it->second;
            it->second.end = at;
            runs_.emplace(at, tail);
        }
    }

    void MergeAround(uint64_t begin, uint64_t end)
    {
        auto it = runs_.lower_bound(begin);
        if (it != runs_.begin()) --it;
        while (it != runs_.end() && it->first <= end) {
            auto next = std::next(it);
            if (next == runs_.end()) break;
            if (it->second.end == next->first && it->second.cell.SameAs(next->second.cell)) {
                it->second.end = next->second.end;
                runs_.erase(next);
            } else {
                it = next;
            }
        }
    }

    std::map<uint64_t, Run> runs_;
};

struct PipeSyncState {
    bool enabled = false;
    bool reportOnly = false;  // CPU_MODEL_PIPE_SYNC_REPORT=<file>: list every missing sync instead of failing
    bool checkRaw = true;     // the hazard kinds checked (CPU_MODEL_PIPE_SYNC_HAZARDS, launch.h)
    bool checkWar = true;
    bool checkWaw = true;
    uint64_t seq = 0;
    uint64_t instrSerial = ~uint64_t{0};  // the outermost API call the current sequence number belongs to
    AccessMap maps[2];                    // Space::UB, Space::GM
    size_t collectAt = 4096;
    PipeClock clock[kPipes] = {};
    std::deque<PipeClock> flags[static_cast<int>(AscendC::HardEvent::MAX)][kEventIds];

    void Reset(bool enable, bool report = false, uint32_t kinds = 7)
    {
        enabled = enable;
        reportOnly = report;
        checkRaw = (kinds & 1u) != 0;
        checkWar = (kinds & 2u) != 0;
        checkWaw = (kinds & 4u) != 0;
        seq = 0;
        instrSerial = ~uint64_t{0};
        for (auto& map : maps) map.Clear();
        collectAt = 4096;
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

// Missing syncs seen in report mode, once per (accessing line, earlier line, event), across cores and launches.
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

// Two copies of one DMA pipe to overlapping destinations are not ordered by the hardware (PipeBarrier(ISASI).md).
constexpr bool OrdersItsOwnWrites(Pipe pipe) { return pipe == Pipe::S || pipe == Pipe::V; }

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

// The sequence number of the instruction being executed: one per outermost API call (all its byte ranges share it).
inline uint64_t InstructionSeq(PipeSyncState& state)
{
    const CoreContext& core = CurrentCore();
    if (core.apiDepth == 0 || state.instrSerial != core.apiSerial) {
        state.instrSerial = core.apiDepth == 0 ? ~uint64_t{0} : core.apiSerial;
        return ++state.seq;
    }
    return state.seq;
}

namespace detail_sync {

inline std::string RangeText(Space space, uint64_t begin, uint64_t end)
{
    if (space == Space::UB) return "UB bytes [" + std::to_string(begin) + ", " + std::to_string(end) + ")";
    uintptr_t base = 0;
    size_t size = 0;
    if (GmRegistry::Instance().RegionOf(reinterpret_cast<const void*>(begin), base, size)) {
        return "GM bytes [" + std::to_string(begin - base) + ", " + std::to_string(end - base) + ") of a " +
               std::to_string(size) + "-byte GM allocation";
    }
    return "GM bytes at " + std::to_string(begin);
}

// One unordered pair: `now` (pipe `pipe`, reading or writing) after `before` (pipe `other`, reading or writing).
inline void Hazard(PipeSyncState& state, const char* api, Space space, Pipe pipe, bool nowWrites, uint64_t begin,
                   uint64_t end, Pipe other, const Access& before, bool beforeWrote)
{
    const char* kind = !nowWrites ? "read-after-write" : (beforeWrote ? "write-after-write" : "write-after-read");
    const bool samePipe = other == pipe;
    const std::string sync = samePipe ? std::string("PipeBarrier<PIPE_") + PipeShortName(pipe) + ">"
                                      : std::string("SetFlag/WaitFlag<HardEvent::") + PipeShortName(other) + "_" +
                                            PipeShortName(pipe) + ">";
    const std::string event = samePipe ? std::string("PipeBarrier<PIPE_") + PipeShortName(pipe) + ">"
                                       : std::string(PipeShortName(other)) + "_" + PipeShortName(pipe);
    if (state.reportOnly) {
        SyncReport::Instance().Add(std::string(api) + " at " + SiteText(CurrentCore().site) +
                                   (nowWrites ? " writes what " : " reads what ") + before.api + " at " +
                                   SiteText(before.site) + (beforeWrote ? " wrote" : " read") + ": missing " + event);
        return;
    }
    std::string message = SiteText(CurrentCore().site) + ": pipe " + PipeName(pipe) +
                          (nowWrites ? " writes " : " reads ") + RangeText(space, begin, end) + " that " +
                          before.api + " at " + SiteText(before.site) + (beforeWrote ? " wrote" : " read") +
                          " on pipe " + PipeName(other) + (samePipe ? " too" : "") + ", with no " + sync;
    if (samePipe) {
        message += " between them (" + std::string(kind) + ": the device does not order two " +
                   PipeShortName(pipe) + " copies to overlapping destinations)";
    } else {
        message += " (or a chain of them), PipeBarrier<PIPE_ALL> or queue hand-over between them (" +
                   std::string(kind) + "); a TQue EnQue/DeQue orders only VECIN MTE2_V and VECOUT V_MTE3";
    }
    Fail(api, message);
}

// Drops the accesses every pipe already follows, when the maps have grown (many scalar accesses).
inline void MaybeCollect(PipeSyncState& state, AccessMap& map)
{
    if (map.Size() < state.collectAt) return;
    map.Collect([&state](Pipe pipe, uint64_t seq, bool isWrite) {
        for (int p = 0; p < kPipes; ++p) {
            const bool mustFollow = p != static_cast<int>(pipe) || (isWrite && !OrdersItsOwnWrites(pipe));
            if (mustFollow && state.clock[p][static_cast<int>(pipe)] < seq) return false;
        }
        return true;
    });
    state.collectAt = std::max<size_t>(4096, 2 * map.Size());
}

}  // namespace detail_sync

// `pipe` reads or writes bytes [begin, end) of UB (offsets) or GM (addresses): every earlier conflicting access of
// another pipe must be ordered before it, and the bytes now remember this access.
inline void SyncAccess(const char* api, Space space, Pipe pipe, bool write, uint64_t begin, uint64_t end)
{
    PipeSyncState& state = SyncState();
    if (!state.enabled || begin >= end) return;
    Issue(state, pipe);
    const Access now{InstructionSeq(state), api, CurrentCore().site};
    const auto& mine = state.clock[static_cast<int>(pipe)];
    AccessMap& map = state.maps[static_cast<int>(space)];
    map.Apply(begin, end, [&](uint64_t from, uint64_t to, Cell& cell) {
        if (write && state.checkWar) {
            for (int q = 0; q < kPipes; ++q) {
                const Access& read = cell.reads[q];
                if (q == static_cast<int>(pipe) || read.seq == 0 || read.seq == now.seq || read.seq <= mine[q]) {
                    continue;
                }
                detail_sync::Hazard(state, api, space, pipe, true, from, to, static_cast<Pipe>(q), read, false);
            }
        }
        if (cell.write.seq != 0 && cell.write.seq != now.seq && (write ? state.checkWaw : state.checkRaw)) {
            const bool ordered = cell.writer == pipe ? (!write || OrdersItsOwnWrites(pipe) ||
                                                        cell.write.seq <= mine[static_cast<int>(pipe)])
                                                     : cell.write.seq <= mine[static_cast<int>(cell.writer)];
            if (!ordered) {
                detail_sync::Hazard(state, api, space, pipe, write, from, to, cell.writer, cell.write, true);
            }
        }
        if (!write) {
            cell.reads[static_cast<int>(pipe)] = now;
            return;
        }
        cell = Cell{};
        cell.writer = pipe;
        cell.write = now;
    });
    detail_sync::MaybeCollect(state, map);
}

inline void SyncRead(const char* api, Pipe pipe, uint32_t begin, uint32_t end)
{
    SyncAccess(api, Space::UB, pipe, false, begin, end);
}

inline void SyncWrite(const char* api, Pipe pipe, uint32_t begin, uint32_t end)
{
    SyncAccess(api, Space::UB, pipe, true, begin, end);
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
    for (auto& map : state.maps) map.Clear();
}

// PipeBarrier<PIPE_X> of one pipe: X's later instructions wait for its earlier ones (ordering two DMA copies to
// overlapping destinations); it orders nothing with another pipe.
inline void SyncBarrierOne(Pipe pipe)
{
    PipeSyncState& state = SyncState();
    if (!state.enabled) return;
    Issue(state, pipe);
    auto& mine = state.clock[static_cast<int>(pipe)];
    mine[static_cast<int>(pipe)] = std::max(mine[static_cast<int>(pipe)], state.seq);
}

}  // namespace cpu_model

#endif  // CPU_MODEL_PIPE_SYNC_H
