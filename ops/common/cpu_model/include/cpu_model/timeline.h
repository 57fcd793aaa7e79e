// The predicted timeline of one core (on when CPU_MODEL_COST_TABLE names a cost table): the scalar unit issues the
// kernel's instructions in program order; V, MTE2 and MTE3 each run theirs in order, overlapping one another; a
// SetFlag fires when its pipe reaches it and a WaitFlag holds its pipe (or the scalar unit) until then; queues are
// those flags (EnQue/DeQue, FreeTensor/AllocTensor); PipeBarrier<PIPE_ALL> and SyncAll join every pipe. The costs
// come from the table (cycles per instruction kind); what the table lacks is named in the counters ("uncosted").
// Predicted, never measured: no NPU here.
#ifndef CPU_MODEL_TIMELINE_H
#define CPU_MODEL_TIMELINE_H

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <deque>
#include <set>
#include <string>
#include <type_traits>

#include "cpu_model/config.h"
#include "cpu_model/cost_table.h"
#include "cpu_model/float16.h"

namespace cpu_model {

// The dtype spelling of the cost table's rows.
template <typename T>
constexpr const char* TypeKey()
{
    if constexpr (std::is_same<T, Half>::value) return "half";
    else if constexpr (std::is_same<T, BFloat16>::value) return "bfloat16";
    else if constexpr (std::is_same<T, float>::value) return "float";
    else if constexpr (std::is_same<T, double>::value) return "double";
    else if constexpr (std::is_same<T, int8_t>::value) return "int8";
    else if constexpr (std::is_same<T, uint8_t>::value) return "uint8";
    else if constexpr (std::is_same<T, int16_t>::value) return "int16";
    else if constexpr (std::is_same<T, uint16_t>::value) return "uint16";
    else if constexpr (std::is_same<T, int32_t>::value) return "int32";
    else if constexpr (std::is_same<T, uint32_t>::value) return "uint32";
    else if constexpr (std::is_same<T, int64_t>::value) return "int64";
    else if constexpr (std::is_same<T, uint64_t>::value) return "uint64";
    else return "other";
}

template <typename Src, typename Dst>
inline std::string CastKey()
{
    return std::string(TypeKey<Src>()) + "->" + TypeKey<Dst>();
}

// Bytes of the widest element a cost key names ("float", "half->float"): a repeat covers 256 of them.
inline uint64_t WidestBytes(const std::string& dtypes)
{
    uint64_t widest = 1;
    size_t start = 0;
    while (start < dtypes.size()) {
        const size_t arrow = dtypes.find("->", start);
        const std::string name = dtypes.substr(start, arrow == std::string::npos ? std::string::npos : arrow - start);
        uint64_t bytes = 1;
        if (name == "half" || name == "bfloat16" || name == "int16" || name == "uint16") bytes = 2;
        if (name == "float" || name == "int32" || name == "uint32") bytes = 4;
        if (name == "double" || name == "int64" || name == "uint64") bytes = 8;
        widest = std::max(widest, bytes);
        if (arrow == std::string::npos) break;
        start = arrow + 2;
    }
    return widest;
}

struct Timeline {
    const CostTable* table = nullptr;
    double t = 0;                   // the scalar unit: when it issues its next instruction
    double ready[kPipes] = {};      // V, MTE2, MTE3: when each finishes what it was given (S: unused)
    double busy[kPipes] = {};       // cycles of work per pipe
    std::deque<double> flags[static_cast<int>(AscendC::HardEvent::MAX)][kEventIds];
    std::set<std::string> uncosted;  // vector "api.dtype" the table has no row for

    void Reset(const CostTable* costs)
    {
        table = costs;
        t = 0;
        for (int p = 0; p < kPipes; ++p) ready[p] = busy[p] = 0;
        for (auto& perEvent : flags) {
            for (auto& queue : perEvent) queue.clear();
        }
        uncosted.clear();
    }

    bool On() const { return table != nullptr; }

    // The scalar unit's own work (a UB or GM scalar access).
    void Scalar(const char* cost)
    {
        if (!On()) return;
        const double c = table->Cycles(cost);
        t += c;
        busy[0] += c;
    }

    // An instruction of `pipe` taking `cycles`, issued by the scalar unit now.
    void Run(Pipe pipe, double cycles)
    {
        if (!On()) return;
        IssueCost();
        const int p = static_cast<int>(pipe);
        const double start = std::max(t, ready[p]);
        ready[p] = start + cycles;
        busy[p] += cycles;
    }

    void Dma(Pipe pipe, uint64_t bytes)
    {
        if (!On()) return;
        const char* name = pipe == Pipe::MTE2 ? "MTE2" : "MTE3";
        Run(pipe, table->Cycles(pipe == Pipe::MTE2 ? "mte2_instruction" : "mte3_instruction") +
                      static_cast<double>(bytes) / table->Bandwidth(name));
    }

    // A vector API ("api.dtype") over `repeats` 256-byte repeats of its widest operand.
    void Vector(const std::string& key, uint64_t repeats)
    {
        if (!On()) return;
        const double fixed = table->Cycles("vector_instruction");
        auto it = table->vector.find(key);
        if (it == table->vector.end()) {
            uncosted.insert(key);
            Run(Pipe::V, fixed + static_cast<double>(repeats) * table->fallbackCyclesPerRepeat);
            return;
        }
        const VectorCost& cost = it->second;
        const uint64_t elementBytes =
            cost.elementBytes != 0 ? cost.elementBytes : WidestBytes(key.substr(key.find('.') + 1));
        const double perRepeat = (256.0 / static_cast<double>(elementBytes)) * cost.cycles / cost.elements;
        Run(Pipe::V, cost.instructions * fixed + static_cast<double>(repeats) * perRepeat);
        if (cost.scalarRoundTrip) Await(Pipe::S, Signal(Pipe::V));
    }

    // SetFlag (or EnQue / FreeTensor) on `from`: the time `from` reaches it.
    double Signal(Pipe from)
    {
        if (!On()) return 0;
        IssueCost();
        return from == Pipe::S ? t : std::max(t, ready[static_cast<int>(from)]);
    }

    // WaitFlag (or DeQue / AllocTensor) on `to` for a signal fired at `when`.
    void Await(Pipe to, double when)
    {
        if (!On()) return;
        IssueCost();
        if (to == Pipe::S) {
            t = std::max(t, when);
        } else {
            double& r = ready[static_cast<int>(to)];
            r = std::max(r, std::max(t, when));
        }
    }

    void SetFlag(AscendC::HardEvent event, int32_t id, Pipe from)
    {
        if (On()) flags[static_cast<int>(event)][id].push_back(Signal(from));
    }

    void WaitFlag(AscendC::HardEvent event, int32_t id, Pipe to)
    {
        auto& queue = flags[static_cast<int>(event)][id];
        if (!On() || queue.empty()) return;
        Await(to, queue.front());
        queue.pop_front();
    }

    // Every pipe and the scalar unit wait for everything issued so far.
    double JoinAll()
    {
        if (!On()) return 0;
        double end = t;
        for (int p = 1; p < kPipes; ++p) end = std::max(end, ready[p]);
        t = end;
        for (int p = 1; p < kPipes; ++p) ready[p] = end;
        return end;
    }

    // SyncAll: after the join, every core resumes at the latest core's arrival plus the barrier's cost.
    void ResumeAt(double when)
    {
        if (!On()) return;
        t = when + table->Cycles("sync_all");
        for (int p = 1; p < kPipes; ++p) ready[p] = t;
    }

    void BarrierOne(Pipe pipe)
    {
        if (!On()) return;
        IssueCost();
        double& r = ready[static_cast<int>(pipe)];
        r = std::max(r, t);
    }

    double End() const
    {
        double end = t;
        for (int p = 1; p < kPipes; ++p) end = std::max(end, ready[p]);
        return end;
    }

private:
    void IssueCost()
    {
        const double c = table->Cycles("issue");
        t += c;
        busy[0] += c;
    }
};

inline Timeline& CurrentTimeline()
{
    thread_local Timeline timeline;
    return timeline;
}

}  // namespace cpu_model

#endif  // CPU_MODEL_TIMELINE_H
