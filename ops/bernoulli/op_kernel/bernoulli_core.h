/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

/*!
 * \file bernoulli_core.h
 * \brief Portable Bernoulli rules shared by the host tiling, the kernel and the tests: modes, dtype codes, the
 *        per-dtype UB layout, the global stage schedule of the in-place mask expansion and the mask bit order.
 *        Plain C++17 with no CANN include; functions carry BERNOULLI_CORE_FN so the kernel can call them.
 */
#ifndef OPS_BERNOULLI_OP_KERNEL_BERNOULLI_CORE_H_
#define OPS_BERNOULLI_OP_KERNEL_BERNOULLI_CORE_H_

#include <cstdint>

#if defined(__aicore__)
#define BERNOULLI_CORE_FN __aicore__ inline
#else
#define BERNOULLI_CORE_FN inline
#endif

namespace BernoulliNs {

enum BernoulliMode : uint32_t {
    kModeRandomAliased = 0, // expand the DSA packed mask that sits in the same storage as the output
    kModeZero = 1,          // write 0 (whitelisted p == 0 endpoints)
    kModeOne = 2,           // write 1 (whitelisted p == 1 endpoints)
};
constexpr uint32_t kModeCount = 3;

// Codes of the ten output dtypes; BOOL is stored as one uint8 byte per element.
enum BernoulliDType : uint32_t {
    kDtypeFloat16 = 0,
    kDtypeFloat = 1,
    kDtypeBf16 = 2,
    kDtypeDouble = 3,
    kDtypeInt8 = 4,
    kDtypeUint8 = 5,
    kDtypeInt16 = 6,
    kDtypeInt32 = 7,
    kDtypeInt64 = 8,
    kDtypeBool = 9,
};
constexpr uint32_t kDtypeCount = 10;

constexpr uint64_t kAlignElements = 256; // every core start, stage start and tile is a multiple of this
constexpr uint64_t kBlockBytes = 32;
constexpr uint64_t kDsaBlockBits = 128; // DSAGenBitMask writes whole 128-bit blocks
constexpr uint64_t kTileCap = 32768;
// RANDOM runs on one core up to kSingleCoreElements outputs and kSingleCoreBytes bytes of them; beyond, on as many
// cores as it has 256-element units, with one SyncAll per stage. Under the cost model (ops/common/cpu_model
// cost_a2.toml: SyncAll 1000 cycles, MTE3 64 B/cycle) one SyncAll and the launch cost about 0.62 us while one core
// expands an INT8 output at about 0.025 us/KiB (vector-bound) and wider ones at about 0.014 us/KiB (MTE3-bound):
// one core is the faster up to about 24 KiB of INT8 and 40 KiB of other outputs. (A 16 KiB mask, 131072 outputs,
// on one core: 2.4 us INT8 to 9.9 us DOUBLE, against 0.7-1.0 us on 40.)
constexpr uint64_t kSingleCoreElements = 16384;
constexpr uint64_t kSingleCoreBytes = 40960;

BERNOULLI_CORE_FN uint32_t OutputBytes(uint32_t dtype)
{
    switch (dtype) {
        case kDtypeDouble:
        case kDtypeInt64:
            return 8;
        case kDtypeFloat:
        case kDtypeInt32:
            return 4;
        case kDtypeFloat16:
        case kDtypeBf16:
        case kDtypeInt16:
            return 2;
        default:
            return 1;
    }
}

// UB bytes per tile element besides the double-buffered output tile. RANDOM: the 0/1 select result in half
// (byte and int16 outputs) or float (int32, int64, and DOUBLE's int64 bit pattern of 1.0) before the Cast;
// FLOAT16 / FLOAT / BF16 select in place in the output tile. Constants: only DOUBLE / INT64 kModeOne keep a float
// tile of the one value (filled once) that every tile is cast from.
BERNOULLI_CORE_FN uint32_t ScratchBytesPerElement(uint32_t dtype, uint32_t mode)
{
    const bool wide = dtype == kDtypeDouble || dtype == kDtypeInt64;
    if (mode != kModeRandomAliased) {
        return (mode == kModeOne && wide) ? 4 : 0;
    }
    switch (dtype) {
        case kDtypeInt8:
        case kDtypeUint8:
        case kDtypeBool:
        case kDtypeInt16:
            return 2;
        case kDtypeInt32:
        case kDtypeInt64:
        case kDtypeDouble:
            return 4;
        default:
            return 0;
    }
}

// The UB model: [one whole stage of packed mask (RANDOM)] + 2 output tiles + scratch tile.
BERNOULLI_CORE_FN uint64_t UbPlanBytes(uint32_t dtype, uint32_t mode, uint64_t stageElements, uint64_t tileElements)
{
    const uint64_t maskBytes = mode == kModeRandomAliased ? stageElements / 8 : 0;
    return maskBytes + tileElements * (2ULL * OutputBytes(dtype) + ScratchBytesPerElement(dtype, mode));
}

BERNOULLI_CORE_FN uint64_t CeilDiv(uint64_t a, uint64_t b) { return b == 0 ? 0 : (a + b - 1) / b; }

BERNOULLI_CORE_FN uint64_t RoundUp(uint64_t a, uint64_t b) { return CeilDiv(a, b) * b; }

// Bytes DSAGenBitMask writes for n outputs: whole 128-bit blocks.
BERNOULLI_CORE_FN uint64_t DsaMaskBytes(uint64_t n) { return CeilDiv(n, kDsaBlockBits) * (kDsaBlockBits / 8); }

// Whether l0op::BernoulliRandom makes the DSA mask a UINT8 view of the output's own storage: its whole blocks must
// fit in the N*S bytes of out, which ViewCopy makes the private output's storage. Below 16 bytes the mask is a
// separate 16-byte tensor.
BERNOULLI_CORE_FN bool RandomOnOneCore(uint64_t n, uint32_t dtype)
{
    return n <= kSingleCoreElements && n * OutputBytes(dtype) <= kSingleCoreBytes;
}

BERNOULLI_CORE_FN bool MaskInOutput(uint64_t n, uint32_t dtype) { return DsaMaskBytes(n) <= n * OutputBytes(dtype); }

// Output i is bit (i % 8) of mask byte i / 8, least significant bit first.
BERNOULLI_CORE_FN uint32_t MaskBit(const uint8_t* mask, uint64_t i) { return (mask[i / 8] >> (i % 8)) & 1U; }

// One core's share of one RANDOM stage: output elements [start, start + count); its mask bytes start at start / 8.
struct StageSegment {
    uint64_t start;
    uint64_t count;
};

BERNOULLI_CORE_FN uint64_t StageCount(uint64_t total, uint64_t blockDim, uint64_t stageElements)
{
    return CeilDiv(total, blockDim * stageElements);
}

// Stage `order` 0 is executed first and is the highest-address stage; the last one starts at element 0.
BERNOULLI_CORE_FN StageSegment SegmentOf(uint64_t total, uint64_t blockDim, uint64_t stageElements, uint64_t order,
                                         uint64_t blockIdx)
{
    const uint64_t stages = StageCount(total, blockDim, stageElements);
    const uint64_t stageStart = (stages - 1 - order) * blockDim * stageElements;
    const uint64_t start = stageStart + blockIdx * stageElements;
    StageSegment segment{start, 0};
    if (start < total) {
        segment.count = total - start < stageElements ? total - start : stageElements;
    }
    return segment;
}

} // namespace BernoulliNs

#endif // OPS_BERNOULLI_OP_KERNEL_BERNOULLI_CORE_H_
