// Instruction counters of the CPU model, per core: DMA calls and bytes, vector instructions, syncs, scalar accesses.
// They count API calls as the kernel makes them (a nested model call is not counted twice); the launcher prints
// them as one JSON line per launch when asked (CPU_MODEL_COUNTERS=<file> or LaunchOptions::countersPath).
#ifndef CPU_MODEL_COUNTERS_H
#define CPU_MODEL_COUNTERS_H

#include <array>
#include <cstdint>
#include <map>
#include <string>

// One line per counter: its JSON key and what it counts.
#define CPU_MODEL_COUNTER_FIELDS(X)                                                                            \
    X(dma_gm_to_ub, "DataCopy/DataCopyPad GM->UB calls (one DMA instruction each, whatever blockCount)")       \
    X(dma_gm_to_ub_bytes, "bytes those calls read from GM")                                                    \
    X(dma_ub_to_gm, "DataCopy/DataCopyPad UB->GM calls")                                                       \
    X(dma_ub_to_gm_bytes, "bytes those calls wrote to GM")                                                     \
    X(dma_ub_to_ub, "DataCopy UB->UB calls")                                                                   \
    X(vector_calls, "vector API calls (Add, Cast, Compare, Select, ReduceMin, Duplicate, Gather ...), one each") \
    X(vector_repeats, "256-byte repeats those calls cover (level-0 forms: their repeatTime)")                  \
    X(vector_bytes, "bytes of the widest operand those calls cover (level-0 forms: 256 per repeat)")           \
    X(set_flags, "SetFlag calls (each pairs with one WaitFlag)")                                               \
    X(wait_flags, "WaitFlag calls")                                                                            \
    X(pipe_barriers, "PipeBarrier calls, any pipe")                                                            \
    X(enques, "TQue::EnQue calls (one SetFlag/WaitFlag pair with the DeQue on the device)")                   \
    X(deques, "TQue::DeQue calls")                                                                             \
    X(input_tiles, "EnQue calls on VECIN queues: input tiles handed from MTE2 to the vector unit")             \
    X(sync_alls, "SyncAll calls (each is a PipeBarrier<PIPE_ALL> plus the cross-core barrier)")                \
    X(scalar_gm_reads, "GlobalTensor::GetValue calls")                                                         \
    X(scalar_gm_writes, "GlobalTensor::SetValue calls")                                                        \
    X(scalar_gm_read_bytes, "bytes those GetValue calls read")                                                 \
    X(scalar_gm_write_bytes, "bytes those SetValue calls wrote")                                               \
    X(scalar_ub_reads, "LocalTensor::GetValue / operator() calls")                                             \
    X(scalar_ub_writes, "LocalTensor::SetValue / operator() calls")

namespace cpu_model {

struct Counters {
#define CPU_MODEL_COUNTER_MEMBER(name, what) uint64_t name = 0;
    CPU_MODEL_COUNTER_FIELDS(CPU_MODEL_COUNTER_MEMBER)
#undef CPU_MODEL_COUNTER_MEMBER
    // Vector calls and repeats per API and dtype ("Add.half", "Cast.half->float"): what the cost table prices.
    std::map<std::string, std::array<uint64_t, 2>> vectorByApi;

    void Add(const Counters& other)
    {
#define CPU_MODEL_COUNTER_ADD(name, what) name += other.name;
        CPU_MODEL_COUNTER_FIELDS(CPU_MODEL_COUNTER_ADD)
#undef CPU_MODEL_COUNTER_ADD
        for (const auto& entry : other.vectorByApi) {
            auto& mine = vectorByApi[entry.first];
            mine[0] += entry.second[0];
            mine[1] += entry.second[1];
        }
    }

    std::string ToJson() const
    {
        std::string out = "{";
#define CPU_MODEL_COUNTER_JSON(name, what) \
    out += std::string(out.size() > 1 ? ", " : "") + "\"" #name "\": " + std::to_string(name);
        CPU_MODEL_COUNTER_FIELDS(CPU_MODEL_COUNTER_JSON)
#undef CPU_MODEL_COUNTER_JSON
        out += ", \"vector_by_api\": {";
        bool first = true;
        for (const auto& entry : vectorByApi) {
            out += std::string(first ? "" : ", ") + "\"" + entry.first + "\": {\"calls\": " +
                   std::to_string(entry.second[0]) + ", \"repeats\": " + std::to_string(entry.second[1]) + "}";
            first = false;
        }
        return out + "}}";
    }
};

}  // namespace cpu_model

#endif  // CPU_MODEL_COUNTERS_H
