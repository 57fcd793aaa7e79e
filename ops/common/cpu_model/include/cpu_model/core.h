// Per-core state of the CPU model: block index, the core's unified buffer, event flags, GM bounds registry.
#ifndef CPU_MODEL_CORE_H
#define CPU_MODEL_CORE_H

#include <algorithm>
#include <condition_variable>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#include "cpu_model/config.h"

namespace cpu_model {

class CoreGroup;

struct CoreContext {
    int32_t blockIdx = 0;
    int32_t blockNum = 1;
    uint64_t tilingKey = 0;
    int32_t kernelType = -1;  // set by KERNEL_TASK_TYPE_DEFAULT
    CoreGroup* group = nullptr;
    void* pipe = nullptr;     // the live TPipe of this core, if any
    uint32_t syncAllCount = 0;
    std::vector<uint8_t> ub;
    uint32_t pendingFlags[static_cast<int>(AscendC::HardEvent::MAX)][kEventIds] = {};

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
        regions_[reinterpret_cast<uintptr_t>(aligned)] = Region{bytes, raw};
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

private:
    struct Region {
        size_t bytes;
        uint8_t* raw;
    };
    mutable std::mutex mutex_;
    std::map<uintptr_t, Region> regions_;
};

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
