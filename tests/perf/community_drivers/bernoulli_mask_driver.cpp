// Benchmark driver for the community BernoulliMask kernel of an ops-math checkout (experimental/random/bernoulli_mask),
// built from the checkout's op_kernel folder on the CPU model; nothing of theirs is copied (#included from the
// checkout). The tiling struct is filled from our reading of their host tiling (op_host/bernoulli_mask_tiling.cpp):
// tileElements = min(16384, (UB - 8 KiB) / (4 + sizeof(T) + 1) rounded down to 256), blockDim = min(cores,
// ceil(n / tile)), elementsPerCore = ceil(n / blockDim) rounded up to 256, blockDim = ceil(n / elementsPerCore);
// tiling key 2 (float). The mask is aliased with the output as in their L2 chain (maskAliasesOut = 1), so the kernel
// runs its in-place waves with SyncAll.
// argv: n cores
#include <cstdint>
#include <cstdlib>

#include "cpu_model/driver.h"
#include "bernoulli_mask.cpp"

int main(int argc, char** argv)
{
    if (argc != 3) return 2;
    const uint64_t n = std::strtoull(argv[1], nullptr, 10);
    const uint64_t cores = std::strtoull(argv[2], nullptr, 10);
    return cpu_model::Guarded([&] {
        constexpr uint64_t kUb = 196608;
        constexpr uint64_t kAlign = 256;
        const uint64_t perElement = sizeof(float) + sizeof(float) + 1;
        uint64_t tile = (kUb - 8 * 1024) / perElement / kAlign * kAlign;
        tile = tile < 16 * 1024 ? tile : 16 * 1024;
        uint64_t blockDim = (n + tile - 1) / tile;
        blockDim = blockDim < 1 ? 1 : (blockDim > cores ? cores : blockDim);
        const uint64_t perCore = ((n + blockDim - 1) / blockDim + kAlign - 1) / kAlign * kAlign;
        blockDim = (n + perCore - 1) / perCore;
        blockDim = blockDim < 1 ? 1 : blockDim;
        optiling::BernoulliMaskTilingData t{};
        t.totalElements = n;
        t.elementsPerCore = perCore;
        t.tileElements = tile;
        t.maskAliasesOut = 1;
        uint8_t* storage = cpu_model::GmAlloc(n * sizeof(float));
        for (uint64_t i = 0; i < (n + 7) / 8; ++i) storage[i] = static_cast<uint8_t>(i * 37 + 11);
        uint8_t* workspace = cpu_model::GmAlloc(32);
        uint8_t* tiling = cpu_model::driver::Io::GmCopyOf(t);
        cpu_model::LaunchOptions options;
        options.tilingKey = 2;
        options.checkRaces = false;  // counts only; races are the kernel tests' business
        cpu_model::Launch(static_cast<uint32_t>(blockDim), options, bernoulli_mask, storage, storage, workspace,
                          tiling);
        std::printf("block_dim %llu tile %llu\n", static_cast<unsigned long long>(blockDim),
                    static_cast<unsigned long long>(tile));
    });
}
