// Helpers of the self-test probes: binary files to and from GM buffers, type names, argument parsing.
#ifndef CPU_MODEL_TESTS_PROBE_IO_H
#define CPU_MODEL_TESTS_PROBE_IO_H

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <stdexcept>
#include <string>
#include <vector>

#include "kernel_operator.h"

namespace probe {

// The probes compare API numerics with numpy; they move data through TBufs without the syncs a kernel needs, so
// the cross-pipe check (tested in test_pipe_sync.py) is off for them.
inline cpu_model::LaunchOptions NumericsLaunch()
{
    cpu_model::LaunchOptions options;
    options.mode = cpu_model::LaunchMode::Sequential;
    options.checkPipeSync = false;
    return options;
}

struct GmFile {
    uint8_t* data = nullptr;
    size_t bytes = 0;
};

inline GmFile ReadGm(const std::string& path)
{
    std::FILE* f = std::fopen(path.c_str(), "rb");
    if (f == nullptr) throw std::runtime_error("cannot open " + path);
    std::vector<uint8_t> buffer;
    uint8_t chunk[65536];
    size_t got;
    while ((got = std::fread(chunk, 1, sizeof(chunk), f)) > 0) buffer.insert(buffer.end(), chunk, chunk + got);
    std::fclose(f);
    GmFile file;
    file.bytes = buffer.size();
    file.data = cpu_model::GmAlloc(buffer.size() == 0 ? 1 : buffer.size());
    if (!buffer.empty()) std::memcpy(file.data, buffer.data(), buffer.size());
    return file;
}

inline void WriteBytes(const std::string& path, const uint8_t* data, size_t bytes)
{
    std::FILE* f = std::fopen(path.c_str(), "wb");
    if (f == nullptr) throw std::runtime_error("cannot write " + path);
    if (bytes != 0 && std::fwrite(data, 1, bytes, f) != bytes) throw std::runtime_error("short write " + path);
    std::fclose(f);
}

template <typename T>
struct Tag {
    using type = T;
};

// Calls fn(Tag<T>{}) for the element type named `name` (numpy spellings, bf16 for bfloat16_t).
template <typename Fn>
inline void WithType(const std::string& name, Fn fn)
{
    if (name == "float16") fn(Tag<half>{});
    else if (name == "bfloat16") fn(Tag<bfloat16_t>{});
    else if (name == "float32") fn(Tag<float>{});
    else if (name == "int8") fn(Tag<int8_t>{});
    else if (name == "uint8") fn(Tag<uint8_t>{});
    else if (name == "int16") fn(Tag<int16_t>{});
    else if (name == "uint16") fn(Tag<uint16_t>{});
    else if (name == "int32") fn(Tag<int32_t>{});
    else if (name == "uint32") fn(Tag<uint32_t>{});
    else if (name == "int64") fn(Tag<int64_t>{});
    else if (name == "uint64") fn(Tag<uint64_t>{});
    else throw std::runtime_error("unknown type " + name);
}

template <typename T>
inline T ParseScalar(const std::string& text)
{
    if constexpr (cpu_model::IsFloating<T>::value) return static_cast<T>(static_cast<float>(std::strtod(text.c_str(), nullptr)));
    else return static_cast<T>(std::strtoll(text.c_str(), nullptr, 0));
}

inline AscendC::RoundMode ParseRoundMode(const std::string& name)
{
    static const char* const names[] = {"CAST_NONE", "CAST_RINT",  "CAST_FLOOR", "CAST_CEIL",
                                        "CAST_ROUND", "CAST_TRUNC", "CAST_ODD"};
    for (int i = 0; i < 7; ++i) {
        if (name == names[i]) return static_cast<AscendC::RoundMode>(i);
    }
    throw std::runtime_error("unknown round mode " + name);
}

inline AscendC::CMPMODE ParseCmpMode(const std::string& name)
{
    static const char* const names[] = {"LT", "GT", "EQ", "LE", "GE", "NE"};
    for (int i = 0; i < 6; ++i) {
        if (name == names[i]) return static_cast<AscendC::CMPMODE>(i);
    }
    throw std::runtime_error("unknown CMPMODE " + name);
}

[[noreturn]] inline void Unsupported(const std::string& what) { throw std::runtime_error("unsupported: " + what); }

}  // namespace probe

#endif  // CPU_MODEL_TESTS_PROBE_IO_H
