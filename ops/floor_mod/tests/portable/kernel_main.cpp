/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Runs the real FloorMod kernel (op_kernel/floor_mod.cpp) on the CPU model of the Ascend C API.
// argv: dtypeCode cores threads|sequential x1Shape x2Shape x1.bin x2.bin y.bin   (shapes: comma lists, "-" = rank 0)
// The tiling comes from the same portable core the host adapter calls. Prints the tiling, the DMA calls the
// kernel issued (GM -> UB and UB -> GM, all cores): every DataCopyPad of the kernel goes through a counter here,
// and the UB the kernel's Init reserved (TPipe::InitBuffer on the model, probed on one core before the run) next
// to the plan the tiling sized the tile with.
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <utility>
#include <vector>

#include "kernel_operator.h"

static std::atomic<unsigned long long> g_dmaIn{0};
static std::atomic<unsigned long long> g_dmaOut{0};

template <typename T, typename... Rest>
static void CountedDataCopyPad(const AscendC::LocalTensor<T>& dst, const AscendC::GlobalTensor<T>& src, Rest&&... rest)
{
    ++g_dmaIn;
    AscendC::DataCopyPad(dst, src, std::forward<Rest>(rest)...);
}

template <typename T, typename... Rest>
static void CountedDataCopyPad(const AscendC::GlobalTensor<T>& dst, const AscendC::LocalTensor<T>& src, Rest&&... rest)
{
    ++g_dmaOut;
    AscendC::DataCopyPad(dst, src, std::forward<Rest>(rest)...);
}

// Test instrumentation only: the kernel's unqualified DataCopyPad calls resolve to the counters above.
#define DataCopyPad CountedDataCopyPad
#include "floor_mod.cpp"
#undef DataCopyPad
#include "floor_mod_tiling_core.h"
#include "shape_arg.h"

using namespace FloorModTiling;


static std::vector<char> ReadAll(const char* path)
{
    std::ifstream in(path, std::ios::binary);
    return std::vector<char>(std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>());
}

static uint32_t g_ubUsed = 0;

// The UB the kernel's Init reserves: Init alone on one core (it may spread a one-element input: its DMA is not
// counted with the run's).
template <typename T>
static void ProbeUb(uint8_t* x1, uint8_t* x2, uint8_t* y, const FloorModTilingData& td)
{
    cpu_model::Launch(1, cpu_model::LaunchMode::Sequential, [x1, x2, y, &td] {
        FloorModNs::FloorModKernel<T> op;
        op.Init(x1, x2, y, td);
        g_ubUsed = GetTPipePtr()->UsedUbBytes();
    });
    g_dmaIn = 0;
    g_dmaOut = 0;
}

template <uint32_t D_T, typename T>
static void Run(uint32_t cores, cpu_model::LaunchMode mode, uint8_t* x1, uint8_t* x2, uint8_t* y, uint8_t* tiling,
                const FloorModTilingData& td)
{
    ProbeUb<T>(x1, x2, y, td);
    cpu_model::Launch(cores, mode, floor_mod<D_T>, x1, x2, y, static_cast<uint8_t*>(nullptr), tiling);
}

int main(int argc, char** argv)
{
    if (argc != 9) {
        return 2;
    }
    uint32_t code = static_cast<uint32_t>(std::atoi(argv[1]));
    Platform platform{static_cast<uint32_t>(std::atoi(argv[2])), 196608};
    cpu_model::LaunchMode mode =
        std::strcmp(argv[3], "threads") == 0 ? cpu_model::LaunchMode::Threads : cpu_model::LaunchMode::Sequential;
    Shape x1Shape = ParseShape(argv[4]);
    Shape x2Shape = ParseShape(argv[5]);
    FloorModTilingData td{};
    if (x1Shape.rank > FloorModNs::MAX_DIM || x2Shape.rank > FloorModNs::MAX_DIM) {
        return 3;
    }
    Shape yShape{x1Shape.rank > x2Shape.rank ? x1Shape.rank : x2Shape.rank, {0}};
    for (uint32_t i = 0; i < yShape.rank; ++i) {
        int64_t a = i + x1Shape.rank >= yShape.rank ? x1Shape.dims[i + x1Shape.rank - yShape.rank] : 1;
        int64_t b = i + x2Shape.rank >= yShape.rank ? x2Shape.dims[i + x2Shape.rank - yShape.rank] : 1;
        yShape.dims[i] = a == 1 ? b : a;
    }
    if (ComputeTiling(x1Shape, x2Shape, yShape, static_cast<DType>(code), platform, td) != Status::OK) {
        return 4;
    }
    std::vector<char> a = ReadAll(argv[6]);
    std::vector<char> b = ReadAll(argv[7]);
    size_t yBytes = td.totalDataCount * td.dtypeBytes;
    uint8_t* x1 = static_cast<uint8_t*>(AscendC::GmAlloc(a.size()));
    uint8_t* x2 = static_cast<uint8_t*>(AscendC::GmAlloc(b.size()));
    uint8_t* y = static_cast<uint8_t*>(AscendC::GmAlloc(yBytes));
    uint8_t* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(td)));
    std::memcpy(x1, a.data(), a.size());
    std::memcpy(x2, b.data(), b.size());
    std::memcpy(tiling, &td, sizeof(td));
    uint32_t n = td.needCoreNum;
    switch (code) {
        case FLOOR_MOD_TPL_FP16: Run<FLOOR_MOD_TPL_FP16, half>(n, mode, x1, x2, y, tiling, td); break;
        case FLOOR_MOD_TPL_BF16: Run<FLOOR_MOD_TPL_BF16, bfloat16_t>(n, mode, x1, x2, y, tiling, td); break;
        case FLOOR_MOD_TPL_FP32: Run<FLOOR_MOD_TPL_FP32, float>(n, mode, x1, x2, y, tiling, td); break;
        case FLOOR_MOD_TPL_INT32: Run<FLOOR_MOD_TPL_INT32, int32_t>(n, mode, x1, x2, y, tiling, td); break;
        case FLOOR_MOD_TPL_INT64: Run<FLOOR_MOD_TPL_INT64, int64_t>(n, mode, x1, x2, y, tiling, td); break;
        default: Run<FLOOR_MOD_TPL_DOUBLE, uint64_t>(n, mode, x1, x2, y, tiling, td); break;
    }
    std::ofstream out(argv[8], std::ios::binary);
    out.write(reinterpret_cast<const char*>(y), static_cast<std::streamsize>(yBytes));
    uint64_t plan = FloorModNs::PlanUb(td, KindOf(static_cast<DType>(code)), td.usableUbSize, td.queueDepth).Total();
    std::printf("mode %u cores %u depth %u tile %u dma_in %llu dma_out %llu ub_used %u ub_plan %llu ub_budget %llu\n",
                td.broadcastMode, td.needCoreNum, td.queueDepth, td.usableUbSize, g_dmaIn.load(), g_dmaOut.load(),
                g_ubUsed, static_cast<unsigned long long>(plan),
                static_cast<unsigned long long>(KernelUbBudget(platform.ubSize)));
    AscendC::GmFree(x1);
    AscendC::GmFree(x2);
    AscendC::GmFree(y);
    AscendC::GmFree(tiling);
    return 0;
}
