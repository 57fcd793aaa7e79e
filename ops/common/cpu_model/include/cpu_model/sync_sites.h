// Sync call sites for the mutation suite (ops/common/cpu_model/mutation.py): every SetFlag, WaitFlag, PipeBarrier,
// EnQue, DeQue and SyncAll call is identified by its call chain (the return addresses of the frames inside the
// executable, as offsets from its start, hashed). CPU_MODEL_SYNC_TRACE=<file> appends each chain seen once, with
// its kind and count, at exit; CPU_MODEL_SKIP_SYNC=<hash,...> makes the calls with those chains do nothing, as if
// that source line were deleted (one build serves every mutation). The chains are mapped to kernel lines by
// addr2line on a build with -g (mutation.py); nothing here knows about source lines.
#ifndef CPU_MODEL_SYNC_SITES_H
#define CPU_MODEL_SYNC_SITES_H

#include <execinfo.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <mutex>
#include <set>
#include <string>
#include <vector>

extern "C" char __executable_start;  // GNU ld: the executable's first byte and the end of its code
extern "C" char etext;

namespace cpu_model {

enum class SyncKind { SetFlag = 0, WaitFlag, PipeBarrier, EnQue, DeQue, SyncAll };

inline const char* SyncKindName(SyncKind kind)
{
    static const char* const names[] = {"SetFlag", "WaitFlag", "PipeBarrier", "EnQue", "DeQue", "SyncAll"};
    return names[static_cast<int>(kind)];
}

class SyncSites {
public:
    static SyncSites& Instance()
    {
        static SyncSites sites;
        return sites;
    }

    bool Active() const { return active_; }

    // True when the call with this chain must do nothing (CPU_MODEL_SKIP_SYNC); records it (CPU_MODEL_SYNC_TRACE).
    bool Skip(SyncKind kind, const std::vector<uintptr_t>& chain)
    {
        uint64_t hash = 1469598103934665603ULL ^ static_cast<uint64_t>(kind);
        for (uintptr_t offset : chain) {
            hash = (hash ^ offset) * 1099511628211ULL;
        }
        const bool skip = skip_.count(hash) != 0;
        if (!tracePath_.empty()) {
            std::lock_guard<std::mutex> lock(mutex_);
            auto& entry = seen_[hash];
            if (entry.count++ == 0) {
                entry.kind = kind;
                entry.chain = chain;
            }
            entry.skipped = entry.skipped || skip;
        }
        return skip;
    }

    ~SyncSites()
    {
        if (tracePath_.empty() || seen_.empty()) return;
        std::FILE* out = std::fopen(tracePath_.c_str(), "a");
        if (out == nullptr) return;
        for (const auto& entry : seen_) {
            std::fprintf(out, "%s %016llx %llu %d", SyncKindName(entry.second.kind),
                         static_cast<unsigned long long>(entry.first),
                         static_cast<unsigned long long>(entry.second.count), entry.second.skipped ? 1 : 0);
            for (size_t i = 0; i < entry.second.chain.size(); ++i) {
                std::fprintf(out, "%s%llx", i == 0 ? " " : ",", static_cast<unsigned long long>(entry.second.chain[i]));
            }
            std::fprintf(out, "\n");
        }
        std::fclose(out);
    }

private:
    SyncSites()
    {
        const char* trace = std::getenv("CPU_MODEL_SYNC_TRACE");
        if (trace != nullptr) tracePath_ = trace;
        const char* skip = std::getenv("CPU_MODEL_SKIP_SYNC");
        if (skip != nullptr) {
            const std::string text = skip;
            size_t start = 0;
            while (start < text.size()) {
                const size_t comma = text.find(',', start);
                const size_t length = comma == std::string::npos ? std::string::npos : comma - start;
                const std::string item = text.substr(start, length);
                if (!item.empty()) skip_.insert(std::strtoull(item.c_str(), nullptr, 16));
                if (comma == std::string::npos) break;
                start = comma + 1;
            }
        }
        active_ = !tracePath_.empty() || !skip_.empty();
    }

    struct Seen {
        SyncKind kind = SyncKind::SetFlag;
        uint64_t count = 0;
        bool skipped = false;
        std::vector<uintptr_t> chain;
    };

    bool active_ = false;
    std::string tracePath_;
    std::set<uint64_t> skip_;
    std::mutex mutex_;
    std::map<uint64_t, Seen> seen_;
};

// The return addresses of the calling frames that lie in the executable's code, as offsets from its start.
__attribute__((noinline)) inline std::vector<uintptr_t> SyncCallChain()
{
    void* frames[64];
    const int depth = backtrace(frames, 64);
    const auto begin = reinterpret_cast<uintptr_t>(&__executable_start);
    const auto end = reinterpret_cast<uintptr_t>(&etext);
    std::vector<uintptr_t> chain;
    for (int i = 1; i < depth; ++i) {
        const auto address = reinterpret_cast<uintptr_t>(frames[i]);
        if (address >= begin && address < end) chain.push_back(address - begin);
    }
    return chain;
}

// Called first by every sync API: true when this call is a deleted line of a mutation run.
__attribute__((noinline)) inline bool SyncSkipped(SyncKind kind)
{
    SyncSites& sites = SyncSites::Instance();
    if (!sites.Active()) return false;
    return sites.Skip(kind, SyncCallChain());
}

}  // namespace cpu_model

#endif  // CPU_MODEL_SYNC_SITES_H
