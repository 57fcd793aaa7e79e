// Helpers for test drivers of real kernels: --key value arguments, <dir>/<name>.bin inputs and outputs in GM.
#ifndef CPU_MODEL_DRIVER_H
#define CPU_MODEL_DRIVER_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernel_operator.h"

namespace cpu_model {
namespace driver {

struct GmBuffer {
    uint8_t* data = nullptr;
    size_t bytes = 0;
};

// A driver is run as `driver --dir <dir> [--cores N] [--mode threads|sequential] [--key value ...]`;
// Input("x") reads <dir>/x.bin into GM, Output("y", n) allocates GM that Save() writes to <dir>/y.bin.
class Io {
public:
    Io(int argc, char** argv)
    {
        for (int i = 1; i + 1 < argc; i += 2) {
            std::string key = argv[i];
            if (key.rfind("--", 0) != 0) throw std::runtime_error("expected --key value, got " + key);
            options_[key.substr(2)] = argv[i + 1];
        }
        if (argc % 2 == 0) throw std::runtime_error("arguments must come in --key value pairs");
    }

    std::string Get(const std::string& key, const std::string& fallback = "") const
    {
        auto it = options_.find(key);
        if (it != options_.end()) return it->second;
        if (!fallback.empty()) return fallback;
        throw std::runtime_error("missing --" + key);
    }

    int64_t GetInt(const std::string& key, int64_t fallback) const
    {
        auto it = options_.find(key);
        return it == options_.end() ? fallback : std::strtoll(it->second.c_str(), nullptr, 0);
    }

    uint32_t Cores() const { return static_cast<uint32_t>(GetInt("cores", 1)); }

    // --mode threads | sequential | sequential-reverse | sequential-shuffle (with --seed N)
    LaunchMode Mode() const { return Options().mode; }

    LaunchOptions Options() const
    {
        const std::string mode = Get("mode", "threads");
        LaunchOptions options;
        options.seed = static_cast<uint64_t>(GetInt("seed", 1));
        options.checkPipeSync = GetInt("pipe-sync", 1) != 0;
        const auto counters = options_.find("counters");  // --counters FILE|- : the launch's counters as JSON
        if (counters != options_.end()) options.countersPath = counters->second;
        if (mode == "threads") {
            options.mode = LaunchMode::Threads;
        } else if (mode == "sequential" || mode == "sequential-reverse" || mode == "sequential-shuffle") {
            options.mode = LaunchMode::Sequential;
            options.order = mode == "sequential" ? CoreOrder::Ascending
                            : mode == "sequential-reverse" ? CoreOrder::Descending : CoreOrder::Shuffled;
        } else {
            throw std::runtime_error("--mode must be threads, sequential, sequential-reverse or sequential-shuffle");
        }
        return options;
    }

    GmBuffer Input(const std::string& name) const
    {
        const std::string path = Get("dir") + "/" + name + ".bin";
        std::FILE* f = std::fopen(path.c_str(), "rb");
        if (f == nullptr) throw std::runtime_error("cannot open " + path);
        std::vector<uint8_t> data;
        uint8_t chunk[65536];
        size_t got;
        while ((got = std::fread(chunk, 1, sizeof(chunk), f)) > 0) data.insert(data.end(), chunk, chunk + got);
        std::fclose(f);
        GmBuffer buffer{GmAlloc(data.empty() ? 1 : data.size()), data.size()};
        if (!data.empty()) std::memcpy(buffer.data, data.data(), data.size());
        return buffer;
    }

    GmBuffer Output(const std::string& name, size_t bytes)
    {
        GmBuffer buffer{GmAlloc(bytes == 0 ? 1 : bytes), bytes};
        outputs_.emplace_back(name, buffer);
        return buffer;
    }

    // GM holding a copy of a host struct (tiling data), bounds-checked like any other GM buffer.
    template <typename T>
    static uint8_t* GmCopyOf(const T& value)
    {
        uint8_t* gm = GmAlloc(sizeof(T));
        std::memcpy(gm, &value, sizeof(T));
        return gm;
    }

    void Save() const
    {
        for (const auto& entry : outputs_) {
            const std::string path = Get("dir") + "/" + entry.first + ".bin";
            std::FILE* f = std::fopen(path.c_str(), "wb");
            if (f == nullptr) throw std::runtime_error("cannot write " + path);
            if (entry.second.bytes != 0 && std::fwrite(entry.second.data, 1, entry.second.bytes, f) != entry.second.bytes) {
                throw std::runtime_error("short write " + path);
            }
            std::fclose(f);
        }
    }

private:
    std::map<std::string, std::string> options_;
    std::vector<std::pair<std::string, GmBuffer>> outputs_;
};

}  // namespace driver
}  // namespace cpu_model

#endif  // CPU_MODEL_DRIVER_H
