/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Runs the real Bernoulli kernel (op_kernel/bernoulli.cpp, built with -DDTYPE_Y=<type> -DDTYPE_CODE=<code>) on the
// CPU model of the Ascend C API, in one GM storage as the L2 chain lays it out: the packed mask at its start
// (kModeRandomAliased), the outputs written over it. The tiling comes from the portable core the host adapter calls.
// argv: mode coreNum launch n mask.bin storage.bin [ubSize]
//   launch: threads | sequential | sequential-reverse | sequential-shuffle; a small ubSize forces many stages.
//   mask.bin (kModeRandomAliased): the DSA bytes; the storage is max(n, 16) elements, its bytes past the mask 0xEE.
//   storage.bin receives the whole storage after the launch.
// stdout: blockDim stage tile stages ubPlanBytes ubUsedBytes
//   ubUsedBytes is what the kernel's Init reserves with TPipe::InitBuffer on the model, next to the tiling's UB model.
// The launch checks cross-core GM races and cross-pipe UB synchronisation (LaunchOptions::checkPipeSync).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <vector>

#include "bernoulli.cpp"
#include "bernoulli_tiling_core.h"

using namespace BernoulliTiling;

static uint32_t g_ubUsed = 0;

static void ProbeUb(GM_ADDR mask, GM_ADDR y, GM_ADDR tiling)
{
    BernoulliNs::BernoulliTilingData data;
    std::memcpy(&data, tiling, sizeof(data));
    AscendC::TPipe pipe;
    BernoulliNs::BernoulliKernel<DTYPE_Y> op;
    op.Init(mask, y, &data, &pipe);
    g_ubUsed = pipe.UsedUbBytes();
}

static std::vector<char> ReadAll(const char* path)
{
    std::ifstream in(path, std::ios::binary);
    return std::vector<char>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

int main(int argc, char** argv)
{
    if (argc != 7 && argc != 8) {
        return 2;
    }
    const uint32_t mode = static_cast<uint32_t>(std::atoi(argv[1]));
    const uint64_t ubSize = argc == 8 ? std::strtoull(argv[7], nullptr, 10) : 196608;
    const Platform platform{static_cast<uint32_t>(std::atoi(argv[2])), ubSize};
    const uint64_t n = std::strtoull(argv[4], nullptr, 10);
    // Sequential phases in reverse or shuffled core order make a cross-core overwrite reproducible; threads make
    // the stages really concurrent. The model's GM race detector is on in every mode.
    cpu_model::LaunchOptions launch;
    // Every UB hand-over between the scalar, vector and DMA pipes must carry its flag or queue event.
    launch.checkPipeSync = true;
    launch.mode =
        std::strcmp(argv[3], "threads") == 0 ? cpu_model::LaunchMode::Threads : cpu_model::LaunchMode::Sequential;
    if (std::strcmp(argv[3], "sequential-reverse") == 0) {
        launch.order = cpu_model::CoreOrder::Descending;
    } else if (std::strcmp(argv[3], "sequential-shuffle") == 0) {
        launch.order = cpu_model::CoreOrder::Shuffled;
        launch.seed = n + 7;
    }
    const Shape shape{1, {static_cast<int64_t>(n)}};
    TilingResult r{};
    if (ComputeTiling(shape, DTYPE_CODE, mode, platform, r) != Status::kOk) {
        return 4;
    }
    const uint64_t elements = n < kMinPaddedElements ? kMinPaddedElements : n;
    const uint64_t bytes = elements * OutputBytes(DTYPE_CODE);
    uint8_t* storage = static_cast<uint8_t*>(AscendC::GmAlloc(bytes));
    uint8_t* sentinel = static_cast<uint8_t*>(AscendC::GmAlloc(kBlockBytes));
    uint8_t* workspace = static_cast<uint8_t*>(AscendC::GmAlloc(r.workspaceBytes));
    uint8_t* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(r.data)));
    std::memset(storage, 0xEE, bytes);
    std::memset(sentinel, 0, kBlockBytes);
    const std::vector<char> mask = ReadAll(argv[5]);
    if (mode == kModeRandomAliased) {
        if (mask.size() != DsaMaskBytes(n) || mask.size() > bytes) {
            return 5;
        }
        std::memcpy(storage, mask.data(), mask.size());
    }
    std::memcpy(tiling, &r.data, sizeof(r.data));
    uint8_t* maskArg = mode == kModeRandomAliased ? storage : sentinel;
    cpu_model::Launch(1, cpu_model::LaunchOptions{}, ProbeUb, maskArg, storage, tiling);
    cpu_model::Launch(r.blockDim, launch, bernoulli_expand, storage, maskArg, storage, workspace, tiling);
    std::ofstream out(argv[6], std::ios::binary);
    out.write(reinterpret_cast<const char*>(storage), static_cast<std::streamsize>(bytes));
    const uint64_t stages = n == 0 ? 0 : StageCount(n, r.blockDim, r.data.stageElements);
    std::printf("%u %llu %llu %llu %llu %u\n", r.blockDim, static_cast<unsigned long long>(r.data.stageElements),
                static_cast<unsigned long long>(r.data.tileElements), static_cast<unsigned long long>(stages),
                static_cast<unsigned long long>(r.ubPlanBytes), g_ubUsed);
    AscendC::GmFree(storage);
    AscendC::GmFree(sentinel);
    AscendC::GmFree(workspace);
    AscendC::GmFree(tiling);
    return 0;
}
