/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Runs the real BernoulliExpand kernel (op_kernel/bernoulli.cpp, built with -DDTYPE_Y=<type> -DDTYPE_CODE=<code>) on
// the CPU model of the Ascend C API, in the GM layout of the L2 chain on a contiguous out: ViewCopy re-points the
// private output at out's storage, so the kernel writes into exactly N*S bytes (a guard of kGuardBytes follows them).
// The DSA mask is where l0op::BernoulliRandom puts it (BernoulliNs::MaskInOutput): a UINT8 view of the first
// DsaMaskBytes(N) bytes of that storage, or its own allocation when those bytes do not fit in N*S. A model of
// DSAGenBitMask writes the given mask bytes there, as the DSA does, before the kernel runs.
// argv: mode coreNum launch n mask.bin storage.bin [ubSize]
//   launch: threads | sequential | sequential-reverse | sequential-shuffle; a small ubSize forces many stages.
//   mask.bin (kModeRandomAliased): the DSA bytes. The N*S output bytes start as 0xEE, the guard as 0xA5.
//   storage.bin receives the N*S output bytes and the guard after the launch.
// stdout: blockDim stage tile stages ubPlanBytes ubUsedBytes maskInOutput
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

constexpr uint64_t kGuardBytes = 64;
constexpr uint8_t kGuardByte = 0xA5;

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
    const uint64_t bytes = n * OutputBytes(DTYPE_CODE);
    const bool maskInOutput = mode == kModeRandomAliased && MaskInOutput(n, DTYPE_CODE);
    uint8_t* storage = static_cast<uint8_t*>(AscendC::GmAlloc(bytes + kGuardBytes));
    uint8_t* ownMask = static_cast<uint8_t*>(AscendC::GmAlloc(RoundUp(DsaMaskBytes(n), kBlockBytes) + kBlockBytes));
    uint8_t* workspace = static_cast<uint8_t*>(AscendC::GmAlloc(r.workspaceBytes));
    uint8_t* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(r.data)));
    std::memset(storage, 0xEE, bytes);
    std::memset(storage + bytes, kGuardByte, kGuardBytes);
    std::memset(ownMask, 0, RoundUp(DsaMaskBytes(n), kBlockBytes) + kBlockBytes);
    const std::vector<char> mask = ReadAll(argv[5]);
    uint8_t* maskArg = maskInOutput ? storage : ownMask;
    if (mode == kModeRandomAliased) {
        if (mask.size() != DsaMaskBytes(n)) {
            return 5;
        }
        // DSAGenBitMask writes whole 16-byte blocks at the mask's address.
        std::memcpy(maskArg, mask.data(), mask.size());
    }
    std::memcpy(tiling, &r.data, sizeof(r.data));
    cpu_model::Launch(1, cpu_model::LaunchOptions{}, ProbeUb, maskArg, storage, tiling);
    cpu_model::Launch(r.blockDim, launch, bernoulli_expand, storage, maskArg, storage, workspace, tiling);
    std::ofstream out(argv[6], std::ios::binary);
    out.write(reinterpret_cast<const char*>(storage), static_cast<std::streamsize>(bytes + kGuardBytes));
    const uint64_t stages = n == 0 ? 0 : StageCount(n, r.blockDim, r.data.stageElements);
    std::printf("%u %llu %llu %llu %llu %u %d\n", r.blockDim, static_cast<unsigned long long>(r.data.stageElements),
                static_cast<unsigned long long>(r.data.tileElements), static_cast<unsigned long long>(stages),
                static_cast<unsigned long long>(r.ubPlanBytes), g_ubUsed, maskInOutput ? 1 : 0);
    AscendC::GmFree(storage);
    AscendC::GmFree(ownMask);
    AscendC::GmFree(workspace);
    AscendC::GmFree(tiling);
    return 0;
}
