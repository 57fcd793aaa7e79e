// Self-test of the scalar half and bfloat16_t types: conversions from float (argv[1]) and of every bit pattern.
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "kernel_operator.h"

namespace {

std::vector<float> ReadFloats(const std::string& path)
{
    std::vector<float> values;
    std::FILE* f = std::fopen(path.c_str(), "rb");
    float v;
    while (f != nullptr && std::fread(&v, sizeof(v), 1, f) == 1) values.push_back(v);
    if (f != nullptr) std::fclose(f);
    return values;
}

template <typename T>
void Write(const std::string& path, const std::vector<T>& values)
{
    std::FILE* f = std::fopen(path.c_str(), "wb");
    std::fwrite(values.data(), sizeof(T), values.size(), f);
    std::fclose(f);
}

}  // namespace

// scalar_types in.f32 half.out bf16.out widened_half.out widened_bf16.out arith.out
int main(int argc, char** argv)
{
    if (argc != 7) return 2;
    const auto input = ReadFloats(argv[1]);
    std::vector<uint16_t> halves, bf16s;
    for (float f : input) {
        const half h = f;
        const bfloat16_t b = f;
        halves.push_back(h.bits);
        bf16s.push_back(b.bits);
    }
    std::vector<float> widenedHalf, widenedBf16;
    for (uint32_t bits = 0; bits < 0x10000; ++bits) {
        widenedHalf.push_back(static_cast<float>(half::FromBits(static_cast<uint16_t>(bits))));
        widenedBf16.push_back(static_cast<float>(bfloat16_t::FromBits(static_cast<uint16_t>(bits))));
    }
    // Scalar arithmetic as kernels write it: float in between, one rounding back to half.
    half acc = 0.0f;
    for (int i = 0; i < 1000; ++i) acc += half(0.1f);
    half scaled = acc;
    scaled *= 3.0f;
    scaled -= half(1.5f);
    const half quotient = half(1.0f) / half(3.0f);
    const std::vector<float> arith = {static_cast<float>(acc), static_cast<float>(scaled), static_cast<float>(quotient),
                                      static_cast<float>(-acc), acc < scaled ? 1.0f : 0.0f};
    Write(argv[2], halves);
    Write(argv[3], bf16s);
    Write(argv[4], widenedHalf);
    Write(argv[5], widenedBf16);
    Write(argv[6], arith);
    return 0;
}
