// Portable host tiling of the sample kernel: split N halves over cores in 32-byte blocks, size the UB tiles.
#ifndef CPU_MODEL_SAMPLE_TILING_H
#define CPU_MODEL_SAMPLE_TILING_H

#include <cstdint>

struct SampleTilingData {
    uint64_t totalLength;   // elements in x, y and z
    uint32_t formerNum;     // the first formerNum cores take formerLength elements, the others tailLength
    uint32_t formerLength;
    uint32_t tailLength;
    uint32_t tileLength;    // elements per UB tile, a multiple of 16 halves (32 bytes)
    float scale;
    uint32_t reserved;
};
static_assert(sizeof(SampleTilingData) == 32, "tiling layout shared by host and kernel");

constexpr uint32_t kSampleBlockElems = 16;      // 32 bytes of half
constexpr uint32_t kSampleBytesPerElem = 20;    // 3 double-buffered half queues (12 B) + 2 float buffers (8 B)
constexpr uint32_t kSampleMaxTile = 2048;

// Returns blockDim; every core gets whole 32-byte blocks except the last one, which ends at totalLength.
inline uint32_t SampleTiling(uint64_t total, uint32_t coreNum, uint32_t ubBytes, float scale, SampleTilingData& t)
{
    const uint64_t blocks = (total + kSampleBlockElems - 1) / kSampleBlockElems;
    const uint32_t blockDim = static_cast<uint32_t>(blocks < coreNum ? blocks : coreNum);
    const uint64_t base = blocks / blockDim;
    t.totalLength = total;
    t.formerNum = static_cast<uint32_t>(blocks % blockDim);
    t.formerLength = static_cast<uint32_t>((base + 1) * kSampleBlockElems);
    t.tailLength = static_cast<uint32_t>(base * kSampleBlockElems);
    uint32_t tile = ubBytes / kSampleBytesPerElem / kSampleBlockElems * kSampleBlockElems;
    t.tileLength = tile < kSampleMaxTile ? tile : kSampleMaxTile;
    t.scale = scale;
    t.reserved = 0;
    return blockDim;
}

#endif  // CPU_MODEL_SAMPLE_TILING_H
