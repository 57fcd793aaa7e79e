// Multi-core launcher: blockDim cores as threads with a real SyncAll barrier, or one core at a time in phases.
#ifndef CPU_MODEL_LAUNCH_H
#define CPU_MODEL_LAUNCH_H

#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <exception>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "cpu_model/pipe.h"

namespace cpu_model {

enum class LaunchMode {
    Threads,     // every core is a thread; SyncAll is a real barrier, so ordering hazards can show up
    Sequential,  // deterministic: cores run one at a time, in `CoreOrder`, up to each SyncAll, then the next phase
};

// Order of the cores inside each phase of the sequential mode; reversing or shuffling it makes a hazard
// between cores (one core overwriting what another has not read yet) reproducible.
enum class CoreOrder { Ascending, Descending, Shuffled };

inline std::vector<uint32_t> PhaseOrder(uint32_t cores, CoreOrder order, uint64_t seed)
{
    std::vector<uint32_t> sequence(cores);
    for (uint32_t i = 0; i < cores; ++i) sequence[i] = order == CoreOrder::Descending ? cores - 1 - i : i;
    if (order == CoreOrder::Shuffled) {
        uint64_t state = seed * 6364136223846793005ULL + 1442695040888963407ULL;
        for (uint32_t i = cores; i > 1; --i) {
            state = state * 6364136223846793005ULL + 1442695040888963407ULL;
            std::swap(sequence[i - 1], sequence[(state >> 33) % i]);
        }
    }
    return sequence;
}

// Thrown inside the other cores once one core failed, to unwind them; never escapes Launch.
struct Aborted {};

class CoreGroup {
public:
    CoreGroup(uint32_t cores, LaunchMode mode, std::vector<uint32_t> order)
        : cores_(cores), mode_(mode), order_(std::move(order))
    {}

    void Begin(uint32_t core)
    {
        std::unique_lock<std::mutex> lock(mutex_);
        cv_.wait(lock, [&] { return aborted_ || mode_ == LaunchMode::Threads || Turn() == core; });
        if (aborted_) throw Aborted{};
    }

    // Returns the latest predicted arrival time (timeline cycles) of the cores at this barrier.
    double Arrive(uint32_t core, uint32_t syncIndex, double time)
    {
        std::unique_lock<std::mutex> lock(mutex_);
        if (aborted_) throw Aborted{};
        if (finished_ > 0) {
            AbortLocked("SyncAll #" + std::to_string(syncIndex) + " on core " + std::to_string(core) + ": " +
                        std::to_string(finished_) +
                        " core(s) already returned without reaching it; the device would hang");
            throw Aborted{};
        }
        const uint64_t generation = generation_;
        if (latest_.size() <= generation) latest_.resize(generation + 1, 0.0);
        latest_[generation] = std::max(latest_[generation], time);
        if (++arrived_ == cores_) {
            arrived_ = 0;
            ++generation_;
            token_ = 0;
        } else {
            ++token_;
        }
        cv_.notify_all();
        cv_.wait(lock, [&] {
            return aborted_ || (generation_ != generation && (mode_ == LaunchMode::Threads || Turn() == core));
        });
        if (aborted_) throw Aborted{};
        return latest_[generation];
    }

    void Finish(uint32_t core)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        ++finished_;
        if (arrived_ > 0 && !aborted_) {
            AbortLocked("core " + std::to_string(core) + " returned while " + std::to_string(arrived_) +
                        " core(s) wait in SyncAll; the device would hang");
        }
        ++token_;
        cv_.notify_all();
    }

    void Abort(const std::string& reason)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        AbortLocked(reason);
    }

    bool Failed() const { return aborted_; }
    const std::string& Reason() const { return reason_; }

private:
    // The core whose turn it is in sequential mode (token_ counts positions in the phase order).
    uint32_t Turn() const { return token_ < order_.size() ? order_[token_] : cores_; }

    void AbortLocked(const std::string& reason)
    {
        if (!aborted_) {
            aborted_ = true;
            reason_ = reason;
        }
        cv_.notify_all();
    }

    std::mutex mutex_;
    std::condition_variable cv_;
    uint32_t cores_;
    LaunchMode mode_;
    std::vector<uint32_t> order_;
    uint32_t arrived_ = 0;
    uint32_t finished_ = 0;
    uint64_t generation_ = 0;
    std::vector<double> latest_;  // per barrier generation: the latest predicted arrival
    uint32_t token_ = 0;
    bool aborted_ = false;
    std::string reason_;
};

struct LaunchOptions {
    LaunchMode mode = LaunchMode::Threads;
    CoreOrder order = CoreOrder::Ascending;  // sequential mode only
    uint64_t seed = 1;                       // for CoreOrder::Shuffled
    uint64_t tilingKey = 0;
    bool checkRaces = true;  // cross-core GM race detection (8 bytes of shadow per GM byte touched)
    // Cross-pipe UB synchronisation check (pipe_sync.h), on by default; the environment variable
    // CPU_MODEL_CHECK_PIPE_SYNC=0 turns it off for a whole test run, =1 forces it on.
    bool checkPipeSync = true;
    // Where to append the launch's instruction counters as one JSON line ("-" = stderr); empty = the environment
    // variable CPU_MODEL_COUNTERS, if set.
    std::string countersPath;
    // The kernel parameter block get_para_base() returns: the kernel's GM_ADDR arguments, then any inline tiling
    // (kernels that read their tiling "inline" at get_para_base() + 5 pointers, as ops-math's experimental gcd).
    uint8_t* paramBase = nullptr;
};

inline bool PipeSyncReportOnly();

inline bool PipeSyncEnabled(const LaunchOptions& options)
{
    if (PipeSyncReportOnly()) return true;
    const char* env = std::getenv("CPU_MODEL_CHECK_PIPE_SYNC");
    if (env != nullptr && std::string(env) == "0") return false;
    if (env != nullptr && std::string(env) == "1") return true;
    return options.checkPipeSync;
}

// CPU_MODEL_PIPE_SYNC_REPORT=<file>: every missing sync is appended to the file once (accessing line, earlier line,
// event) and the kernel runs on, so one run lists all of them. A survey, not a test: nothing fails.
inline bool PipeSyncReportOnly()
{
    const char* env = std::getenv("CPU_MODEL_PIPE_SYNC_REPORT");
    return env != nullptr && *env != '\0';
}

// The hazard kinds checked when CPU_MODEL_PIPE_SYNC_HAZARDS does not say: bit 0 read-after-write, bit 1
// write-after-read, bit 2 write-after-write. The four operators' tests also ask for every kind explicitly
// (ops/conftest.py, ops/common/portable_fixtures.py), so a run elsewhere cannot lower what they are held to.
constexpr uint32_t kDefaultPipeSyncHazards = 7;

// CPU_MODEL_PIPE_SYNC_HAZARDS=raw,war,waw (any subset, or "all"): the hazard kinds the cross-pipe check reports.
inline uint32_t PipeSyncHazards()
{
    const char* env = std::getenv("CPU_MODEL_PIPE_SYNC_HAZARDS");
    if (env == nullptr || *env == '\0') return kDefaultPipeSyncHazards;
    const std::string text = env;
    if (text == "all") return 7;
    uint32_t kinds = 0;
    size_t start = 0;
    while (start <= text.size()) {
        const size_t comma = text.find(',', start);
        const std::string kind = text.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (kind == "raw") {
            kinds |= 1u;
        } else if (kind == "war") {
            kinds |= 2u;
        } else if (kind == "waw") {
            kinds |= 4u;
        } else {
            Fail("Launch", "CPU_MODEL_PIPE_SYNC_HAZARDS: unknown hazard kind '" + kind + "' (raw, war, waw or all)");
        }
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return kinds;
}

// What the predicted timeline says of one core (timeline.h): its end and the work of each pipe, in cycles.
struct CorePrediction {
    double cycles = 0;
    double busy[kPipes] = {};
    std::set<std::string> uncosted;
};

inline std::string PredictionJson(const std::vector<CorePrediction>& cores)
{
    char number[64];
    auto fmt = [&number](double value) {
        std::snprintf(number, sizeof(number), "%.1f", value);
        return std::string(number);
    };
    double longest = 0;
    double total[kPipes] = {};
    std::set<std::string> uncosted;
    std::string perCore;
    for (const auto& core : cores) {
        longest = std::max(longest, core.cycles);
        std::string busy;
        for (int p = 0; p < kPipes; ++p) {
            total[p] += core.busy[p];
            busy += std::string(p == 0 ? "" : ", ") + "\"" + PipeShortName(static_cast<Pipe>(p)) + "\": " +
                    fmt(core.busy[p]);
        }
        perCore += std::string(perCore.empty() ? "" : ", ") + "{\"cycles\": " + fmt(core.cycles) +
                   ", \"busy\": {" + busy + "}}";
        uncosted.insert(core.uncosted.begin(), core.uncosted.end());
    }
    std::string busy;
    for (int p = 0; p < kPipes; ++p) {
        busy += std::string(p == 0 ? "" : ", ") + "\"" + PipeShortName(static_cast<Pipe>(p)) + "\": " + fmt(total[p]);
    }
    std::string missing;
    for (const auto& key : uncosted) missing += std::string(missing.empty() ? "" : ", ") + "\"" + key + "\"";
    return "{\"cycles\": " + fmt(longest) + ", \"busy\": {" + busy + "}, \"uncosted\": [" + missing +
           "], \"per_core\": [" + perCore + "]}";
}

// {"launch": n, "block_dim": N, "total": {...}, "per_core": [{...}, ...], "predicted": {...}}: the counters of one
// launch, and the predicted timeline when a cost table is set (CPU_MODEL_COST_TABLE).
inline void ReportCounters(const LaunchOptions& options, uint32_t epoch, const std::vector<Counters>& perCore,
                           const std::vector<CorePrediction>& predicted)
{
    std::string path = options.countersPath;
    if (path.empty()) {
        const char* env = std::getenv("CPU_MODEL_COUNTERS");
        if (env == nullptr || *env == '\0') return;
        path = env;
    }
    Counters total;
    std::string cores;
    for (const auto& c : perCore) {
        total.Add(c);
        cores += (cores.empty() ? "" : ", ") + c.ToJson();
    }
    const std::string prediction =
        CostTable::Current() == nullptr ? "" : ", \"predicted\": " + PredictionJson(predicted);
    const std::string line = "{\"launch\": " + std::to_string(epoch) + ", \"block_dim\": " +
                             std::to_string(perCore.size()) + ", \"total\": " + total.ToJson() +
                             ", \"per_core\": [" + cores + "]" + prediction + "}\n";
    std::FILE* out = path == "-" ? stderr : std::fopen(path.c_str(), "a");
    Check(out != nullptr, "Launch", "cannot append the counters to " + path);
    std::fputs(line.c_str(), out);
    if (out != stderr) std::fclose(out);
}

// Runs kernel(args...) on blockDim cores. The first ConstraintError of any core is rethrown here.
template <typename Kernel, typename... Args>
inline void Launch(uint32_t blockDim, LaunchOptions options, Kernel kernel, Args... args)
{
    Check(blockDim >= 1, "Launch", "blockDim must be at least 1");
    CoreGroup group(blockDim, options.mode, PhaseOrder(blockDim, options.order, options.seed));
    static std::atomic<uint32_t> epochs{0};
    const uint32_t epoch = ++epochs;
    std::vector<std::thread> threads;
    std::vector<Counters> counters(blockDim);
    std::vector<CorePrediction> predicted(blockDim);
    const CostTable* costs = CostTable::Current();
    const bool pipeSync = PipeSyncEnabled(options);
    const uint32_t hazards = PipeSyncHazards();
    // CPU_MODEL_CHECK_RACES=0 drops the race shadow (8 bytes per GM byte) for runs that only count, e.g. benchmarks.
    const char* racesEnv = std::getenv("CPU_MODEL_CHECK_RACES");
    const bool checkRaces = options.checkRaces && !(racesEnv != nullptr && std::string(racesEnv) == "0");
    threads.reserve(blockDim);
    for (uint32_t core = 0; core < blockDim; ++core) {
        threads.emplace_back([&, core] {
            auto context = std::make_unique<CoreContext>();
            context->blockIdx = static_cast<int32_t>(core);
            context->blockNum = static_cast<int32_t>(blockDim);
            context->tilingKey = options.tilingKey;
            context->group = &group;
            context->launchEpoch = epoch;
            context->checkRaces = checkRaces;
            context->paramBase = options.paramBase;
            SyncState().Reset(pipeSync, PipeSyncReportOnly(), hazards);
            CurrentTimeline().Reset(costs);
            context->FillGarbage();
            CurrentCoreSlot() = context.get();
            try {
                group.Begin(core);
                kernel(args...);
                group.Finish(core);
            } catch (const Aborted&) {
                group.Finish(core);
            } catch (const std::exception& error) {
                group.Abort(error.what());
                group.Finish(core);
            }
            counters[core] = context->counters;
            Timeline& timeline = CurrentTimeline();
            predicted[core].cycles = timeline.End();
            for (int p = 0; p < kPipes; ++p) predicted[core].busy[p] = timeline.busy[p];
            predicted[core].uncosted = timeline.uncosted;
            timeline.Reset(nullptr);
            SyncState().Reset(false);
            CurrentCoreSlot() = nullptr;
        });
    }
    for (auto& thread : threads) thread.join();
    if (group.Failed()) throw ConstraintError(group.Reason());
    ReportCounters(options, epoch, counters, predicted);
}

template <typename Kernel, typename... Args>
inline void Launch(uint32_t blockDim, LaunchMode mode, Kernel kernel, Args... args)
{
    LaunchOptions options;
    options.mode = mode;
    Launch(blockDim, options, kernel, args...);
}

// main() wrapper for drivers: a constraint violation becomes exit code 3 with the message on stderr.
template <typename Body>
inline int Guarded(Body body)
{
    try {
        body();
        return 0;
    } catch (const ConstraintError& error) {
        std::fprintf(stderr, "ConstraintError: %s\n", error.what());
        return 3;
    } catch (const std::exception& error) {
        std::fprintf(stderr, "error: %s\n", error.what());
        return 4;
    }
}

}  // namespace cpu_model

namespace AscendC {

inline int64_t GetBlockIdx() { return cpu_model::CurrentCore().blockIdx; }
inline int64_t GetBlockNum() { return cpu_model::CurrentCore().blockNum; }

namespace detail {
inline void SyncAllBarrier(const char* api)
{
    auto& core = cpu_model::CurrentCore();
    cpu_model::Check(static_cast<uint32_t>(core.blockNum) <= cpu_model::kMaxAivCores, api,
                     "blockDim " + std::to_string(core.blockNum) +
                         " exceeds the physical vector cores; cores of a later wave would never arrive");
    ++core.syncAllCount;
    ++core.counters.sync_alls;
    cpu_model::SyncBarrierAll();  // the real SyncAll starts with PipeBarrier<PIPE_ALL> (kernel_operator_sync_impl.h)
    auto& timeline = cpu_model::CurrentTimeline();
    const double arrival = timeline.JoinAll();
    if (core.group != nullptr) {
        timeline.ResumeAt(core.group->Arrive(static_cast<uint32_t>(core.blockIdx), core.syncAllCount, arrival));
    }
}
}  // namespace detail

// Hardware SyncAll: on a pure-vector op it needs KERNEL_TYPE_MIX_AIV_1_0 and isAIVOnly=true (else it hangs).
template <bool isAIVOnly = true>
inline void SyncAll()
{
    static_assert(isAIVOnly, "SyncAll<false> waits for cube cores that a vector-only kernel never starts");
    if (cpu_model::SyncSkipped(cpu_model::SyncKind::SyncAll)) return;
    cpu_model::Check(cpu_model::CurrentCore().kernelType == KERNEL_TYPE_MIX_AIV_1_0, "SyncAll",
                     "the hardware SyncAll needs KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0) in the kernel "
                     "before it");
    detail::SyncAllBarrier("SyncAll");
}

// Software SyncAll over a zeroed GM workspace of >= blockNum*32 bytes and a UB workspace of the same size.
template <bool isAIVOnly = true>
inline void SyncAll(const GlobalTensor<int32_t>& gmWorkspace, const LocalTensor<int32_t>& ubWorkspace,
                    const int32_t usedCores = 0)
{
    if (cpu_model::SyncSkipped(cpu_model::SyncKind::SyncAll)) return;
    const auto cores = static_cast<uint64_t>(usedCores > 0 ? usedCores : GetBlockNum());
    gmWorkspace.CheckBytes("SyncAll(gm, ub)", 0, cores * cpu_model::kBlockSize);
    ubWorkspace.CheckOperand("SyncAll(gm, ub)", 0);
    ubWorkspace.CheckBytes("SyncAll(gm, ub)", 0, cores * cpu_model::kBlockSize);
    detail::SyncAllBarrier("SyncAll(gm, ub)");
}

// On the device the system workspace precedes the user part; drivers here pass the user workspace directly.
inline GM_ADDR GetUserWorkspace(GM_ADDR workspace) { return workspace; }
inline void SetSysWorkspace(GM_ADDR) {}

// CPU-debug spellings of the CANN op_kernel UTs, so those tests can be ported with few edits.
inline void* GmAlloc(size_t size) { return cpu_model::GmAlloc(size); }
inline void GmFree(void* ptr) { cpu_model::GmFree(ptr); }
inline void SetKernelMode(KernelMode) {}

}  // namespace AscendC

// The CPU-debug stub's builtin (stub_fun.h: int64_t get_para_base();): the address of the kernel's parameter block.
inline int64_t get_para_base()
{
    uint8_t* base = cpu_model::CurrentCore().paramBase;
    cpu_model::Check(base != nullptr, "get_para_base",
                     "the launch has no parameter block; set LaunchOptions::paramBase to the kernel's GM_ADDR "
                     "arguments followed by its inline tiling");
    return static_cast<int64_t>(reinterpret_cast<uintptr_t>(base));
}

#define ICPU_RUN_KF(func, blockDim, ...) ::cpu_model::Launch((blockDim), ::cpu_model::LaunchMode::Threads, func, __VA_ARGS__)

#endif  // CPU_MODEL_LAUNCH_H
