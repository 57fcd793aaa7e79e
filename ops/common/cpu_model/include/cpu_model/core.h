// Per-core state of the CPU model: block index, the core's unified buffer, event flags, GM bounds registry.
#ifndef CPU_MODEL_CORE_H
#define CPU_MODEL_CORE_H

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "cpu_model/config.h"
#include "cpu_model/counters.h"
#include "cpu_model/timeline.h"

namespace cpu_model {

class CoreGroup;

struct CoreContext {
    int32_t blockIdx = 0;
    uint32_t launchEpoch = 0;  // 0 outside cpu_model::Launch: no cross-core race tracking
    bool checkRaces = true;
    int32_t blockNum = 1;
    uint64_t tilingKey = 0;
    int32_t kernelType = -1;  // set by KERNEL_TASK_TYPE_DEFAULT
    CoreGroup* group = nullptr;
    void* pipe = nullptr;     // the live TPipe of this core, if any
    uint8_t* paramBase = nullptr;  // what get_para_base() returns (LaunchOptions::paramBase)
    uint32_t syncAllCount = 0;
    std::vector<uint8_t> ub;
    uint32_t pendingFlags[static_cast<int>(AscendC::HardEvent::MAX)][kEventIds] = {};
    Counters counters;
    CallSite site{nullptr, 0};  // the kernel line of the API call being executed (outermost call)
    uint32_t apiDepth = 0;
    uint64_t apiSerial = 0;     // counts outermost API calls: one instruction each for the pipe-sync check

    CoreContext() : ub(kUbSize) { FillGarbage(); }

    // Freshly allocated UB holds garbage on the device; a fixed pseudo-random pattern per core makes a
    // kernel that reads unwritten UB produce wrong (and reproducible) results here too.
    void FillGarbage()
    {
        uint32_t state = 0x9E3779B9u ^ static_cast<uint32_t>(blockIdx * 7919 + 1);
        for (auto& byte : ub) {
            state ^= state << 13;
            state ^= state >> 17;
            state ^= state << 5;
            byte = static_cast<uint8_t>(state);
        }
    }
};

inline CoreContext*& CurrentCoreSlot()
{
    thread_local CoreContext* current = nullptr;
    return current;
}

inline CoreContext& CurrentCore()
{
    CoreContext*& slot = CurrentCoreSlot();
    if (slot == nullptr) {
        // Code run outside cpu_model::Launch behaves as core 0 of 1.
        thread_local CoreContext fallback;
        slot = &fallback;
    }
    return *slot;
}

inline int32_t CurrentBlockIdxForMessages() { return CurrentCore().blockIdx; }

// One API call of the kernel: remembers its call site for messages while it runs, and tells whether it is the
// kernel's own call (outermost) so that a model API implemented through another is counted once.
class ApiCall {
public:
    explicit ApiCall(CallSite site) : core_(CurrentCore()), outer_(core_.apiDepth++ == 0)
    {
        if (outer_) {
            core_.site = site;
            ++core_.apiSerial;
        }
    }
    ApiCall(const ApiCall&) = delete;
    ApiCall& operator=(const ApiCall&) = delete;
    ~ApiCall()
    {
        if (--core_.apiDepth == 0) core_.site = CallSite{nullptr, 0};
    }

    bool Outer() const { return outer_; }
    Counters& Count() { return core_.counters; }

private:
    CoreContext& core_;
    bool outer_;
};

inline uint64_t RepeatsOf(uint64_t bytes) { return (bytes + kRepeatSize - 1) / kRepeatSize; }

// Bytes of `count` elements of T (a negative count, which the API then rejects, counts as none).
template <typename T>
inline uint64_t ElementBytes(int64_t count)
{
    return count < 0 ? 0 : static_cast<uint64_t>(count) * sizeof(T);
}

// Counts a vector instruction ("api" on dtype, over `bytes` of its widest operand or `repeats` for a level-0 form)
// when it is the kernel's own call, and runs it on the predicted timeline.
class VectorCall : public ApiCall {
public:
    VectorCall(CallSite site, const char* api, const std::string& dtype, uint64_t bytes) : ApiCall(site)
    {
        CountRepeats(api, dtype, RepeatsOf(bytes), bytes);
    }
    VectorCall(CallSite site, const char* api, const std::string& dtype, uint64_t repeats, bool /*level0*/)
        : ApiCall(site)
    {
        CountRepeats(api, dtype, repeats, repeats * kRepeatSize);
    }

private:
    void CountRepeats(const char* api, const std::string& dtype, uint64_t repeats, uint64_t bytes)
    {
        if (!Outer()) return;
        ++Count().vector_calls;
        Count().vector_repeats += repeats;
        Count().vector_bytes += bytes;
        const std::string key = std::string(api) + "." + dtype;
        auto& entry = Count().vectorByApi[key];
        ++entry[0];
        entry[1] += repeats;
        CurrentTimeline().Vector(key, repeats);
    }
};

enum class GmAccess { Read, Write, ScalarWrite };

// Per-byte stamps (SyncAll phase << 8 | core) of the last write and read, to report two cores touching the
// same bytes between two SyncAlls (their order is undefined on the device). 8 bytes of shadow per GM byte.
struct GmShadow {
    explicit GmShadow(size_t bytes) : written(bytes), read(bytes) {}
    std::mutex mutex;
    std::vector<uint32_t> written;
    std::vector<uint32_t> read;
    std::map<uint64_t, uint32_t> scalarLines;  // 64-byte line -> stamp of the last scalar write
    static constexpr uint32_t kManyReaders = 0xFF;
    static uint32_t Stamp(uint32_t phase, uint32_t core) { return (phase << 8) | (core & 0xFFu); }
    static uint32_t PhaseOf(uint32_t stamp) { return stamp >> 8; }
    static uint32_t CoreOf(uint32_t stamp) { return stamp & 0xFFu; }
};

constexpr uint32_t kCacheLine = 64;

// GM buffers handed out by GmAlloc, so a GlobalTensor knows where its allocation ends.
class GmRegistry {
public:
    static GmRegistry& Instance()
    {
        static GmRegistry registry;
        return registry;
    }

    uint8_t* Allocate(size_t bytes)
    {
        // Over-allocate by 64 bytes and align to 64, like the device's GM allocator; bytes past `bytes` are
        // not accessible through a GlobalTensor.
        auto* raw = static_cast<uint8_t*>(std::calloc(bytes + 128, 1));
        if (raw == nullptr) throw std::bad_alloc();
        auto* aligned = reinterpret_cast<uint8_t*>(AlignUp(reinterpret_cast<uintptr_t>(raw), 64));
        std::lock_guard<std::mutex> lock(mutex_);
        regions_[reinterpret_cast<uintptr_t>(aligned)] = Region{bytes, raw, nullptr};
        return aligned;
    }

    void Free(void* ptr)
    {
        std::lock_guard<std::mutex> lock(mutex_);
        auto it = regions_.find(reinterpret_cast<uintptr_t>(ptr));
        if (it == regions_.end()) {
            throw ConstraintError("cpu_model: GmFree: pointer was not returned by GmAlloc");
        }
        std::free(it->second.raw);
        regions_.erase(it);
    }

    // Returns the end address of the allocation holding `ptr`, or 0 when `ptr` is not inside one.
    uintptr_t EndOf(const void* ptr) const
    {
        const auto address = reinterpret_cast<uintptr_t>(ptr);
        std::lock_guard<std::mutex> lock(mutex_);
        auto it = regions_.upper_bound(address);
        if (it == regions_.begin()) return 0;
        --it;
        const uintptr_t end = it->first + it->second.bytes;
        return address <= end ? end : 0;
    }

    // The allocation holding `ptr`: its base address and size; false when `ptr` is not inside one.
    bool RegionOf(const void* ptr, uintptr_t& base, size_t& bytes) const
    {
        const auto address = reinterpret_cast<uintptr_t>(ptr);
        std::lock_guard<std::mutex> lock(mutex_);
        auto it = regions_.upper_bound(address);
        if (it == regions_.begin()) return false;
        --it;
        if (address > it->first + it->second.bytes) return false;
        base = it->first;
        bytes = it->second.bytes;
        return true;
    }

    // Records an access of the current core and fails on a cross-core conflict inside one SyncAll phase.
    void Track(const char* api, const uint8_t* address, size_t bytes, GmAccess access);

private:
    struct Region {
        size_t bytes;
        uint8_t* raw;
        std::shared_ptr<GmShadow> shadow;
    };
    mutable std::mutex mutex_;
    std::map<uintptr_t, Region> regions_;
};

inline void GmRegistry::Track(const char* api, const uint8_t* address, size_t bytes, GmAccess access)
{
    CoreContext& core = CurrentCore();
    if (core.launchEpoch == 0 || !core.checkRaces || core.blockNum <= 1 || bytes == 0) return;
    std::shared_ptr<GmShadow> shadow;
    uintptr_t base = 0;
    {
        std::lock_guard<std::mutex> lock(mutex_);
        auto it = regions_.upper_bound(reinterpret_cast<uintptr_t>(address));
        if (it == regions_.begin()) return;
        --it;
        if (reinterpret_cast<uintptr_t>(address) + bytes > it->first + it->second.bytes) return;
        if (!it->second.shadow) it->second.shadow = std::make_shared<GmShadow>(it->second.bytes);
        shadow = it->second.shadow;
        base = it->first;
    }
    // Phases are numbered across launches (24 bits), so stamps of an earlier launch never match.
    const uint32_t phase = (core.launchEpoch * 4096u + core.syncAllCount + 1u) & 0xFFFFFFu;
    const auto me = static_cast<uint32_t>(core.blockIdx);
    const size_t first = reinterpret_cast<uintptr_t>(address) - base;
    std::lock_guard<std::mutex> lock(shadow->mutex);
    for (size_t i = first; i < first + bytes; ++i) {
        const uint32_t w = shadow->written[i];
        const uint32_t r = shadow->read[i];
        const bool writtenByOther = w != 0 && GmShadow::PhaseOf(w) == phase && GmShadow::CoreOf(w) != me;
        const bool readByOther = r != 0 && GmShadow::PhaseOf(r) == phase && GmShadow::CoreOf(r) != me;
        if (access == GmAccess::Read ? writtenByOther : (writtenByOther || readByOther)) {
            const uint32_t other = GmShadow::CoreOf(writtenByOther ? w : r);
            Fail(api, std::string("GM race: core ") + std::to_string(me) +
                          (access == GmAccess::Read ? " reads" : " writes") + " byte " + std::to_string(i) +
                          " of a GM buffer that " +
                          (other == GmShadow::kManyReaders ? std::string("other cores")
                                                           : "core " + std::to_string(other)) +
                          (writtenByOther ? " wrote" : " read") + " since the last SyncAll; their order is undefined");
        }
        if (access == GmAccess::Read) {
            const bool fresh = r == 0 || GmShadow::PhaseOf(r) != phase;
            shadow->read[i] = GmShadow::Stamp(phase, fresh || GmShadow::CoreOf(r) == me ? me : GmShadow::kManyReaders);
        } else {
            shadow->written[i] = GmShadow::Stamp(phase, me);
        }
    }
    if (access == GmAccess::ScalarWrite) {
        // Scalar writes go through the core's data cache; two cores dirtying one 64-byte line in a phase can
        // undo each other's bytes on write-back (the reason OM gcd aligns per-core ranges to 16 words).
        for (uint64_t line = first / kCacheLine; line <= (first + bytes - 1) / kCacheLine; ++line) {
            uint32_t& owner = shadow->scalarLines[line];
            if (owner != 0 && GmShadow::PhaseOf(owner) == phase && GmShadow::CoreOf(owner) != me) {
                Fail(api, "scalar GM writes of cores " + std::to_string(GmShadow::CoreOf(owner)) + " and " +
                              std::to_string(me) + " share the 64-byte line at byte " +
                              std::to_string(line * kCacheLine) +
                              " between two SyncAlls; align per-core ranges to 64 bytes");
            }
            owner = GmShadow::Stamp(phase, me);
        }
    }
}

inline uint8_t* GmAlloc(size_t bytes) { return GmRegistry::Instance().Allocate(bytes); }
inline void GmFree(void* ptr) { GmRegistry::Instance().Free(ptr); }

template <typename T>
inline T LoadRaw(const uint8_t* base, uint64_t index)
{
    T value;
    std::memcpy(&value, base + index * sizeof(T), sizeof(T));
    return value;
}

template <typename T>
inline void StoreRaw(uint8_t* base, uint64_t index, const T& value)
{
    std::memcpy(base + index * sizeof(T), &value, sizeof(T));
}

}  // namespace cpu_model

#endif  // CPU_MODEL_CORE_H
