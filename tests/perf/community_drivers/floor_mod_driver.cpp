// Benchmark driver for the community FloorMod kernel of an ops-math checkout (experimental/math/floor_mod), built
// from the checkout's op_kernel folder on the CPU model. Nothing of theirs is copied: the kernel is #included from
// the checkout. The tiling struct is filled by this driver from our reading of their host tiling
// (op_host/floor_mod_tiling.cpp, FloorModCommonTiling): blockDim = ceil(n / 1024) capped at the core count,
// usableUbSize = (UB - 1024 - sizeof(tiling)) / divider rounded down to 64, per-core counts in multiples of 64 with
// the remainder spread over the first cores and the last core taking the rest.
// Their kernel has no broadcast (their aclnn runs BroadcastTo first), so both inputs are output-sized here.
// For half/float their kernel never binds MaskTensor to MaskTensorBuff (floor_mod.h Compute/ComputeFPCore), so its
// Compare writes through a default LocalTensor (UB offset 0 on the device; the model refuses it). This driver runs
// their Init and Process itself (what their floor_mod entry does) and binds MaskTensor in between; the instruction
// stream it counts is theirs unchanged.
// Their INT32 path exists only in an impl_mode build (HIGH_PERFORMANCE or HIGH_PRECISION, ops-math
// scripts/util/ascendc_impl_build.py); the benchmark builds this driver with -DHIGH_PRECISION=1 (the exact one; the
// macro touches their INT32 path only).
// argv: dtype(float16|bfloat16|float32|int32) n cores [x1.bin x2.bin]   (their kernel's four dtypes; UB dividers of
// their tiling). Without files the inputs are a fixed pattern; with them, n elements of each (pre-broadcast).
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <stdexcept>
#include <string>

#include "cpu_model/driver.h"
#define private public  // to bind their MaskTensor (see above); nothing else of the class is touched
#include "floor_mod.cpp"
#undef private

namespace {

FloorModNs::FloorModTilingData Tiling(uint64_t n, uint32_t cores, uint32_t divider)
{
    constexpr uint64_t kUb = 196608;
    constexpr uint64_t kMinPerCore = 1024;
    constexpr uint64_t kBlock = 64;
    constexpr uint64_t kReserved = 1024;
    FloorModNs::FloorModTilingData t{};
    uint64_t blockDim = (n + kMinPerCore - 1) / kMinPerCore;
    blockDim = blockDim > cores ? cores : (blockDim == 0 ? 1 : blockDim);
    t.usableUbSize = static_cast<uint32_t>((kUb - kReserved - sizeof(t)) / divider / kBlock * kBlock);
    t.needCoreNum = static_cast<uint32_t>(blockDim);
    t.totalDataCount = n;
    t.perCoreDataCount = n / blockDim / kBlock * kBlock;
    const uint64_t rest = n - t.perCoreDataCount * blockDim;
    t.tailDataCoreNum = rest / kBlock;
    t.lastCoreDataCount = t.perCoreDataCount + rest % kBlock;
    return t;
}

void ReadInto(const char* path, uint8_t* gm, uint64_t bytes)
{
    std::FILE* f = std::fopen(path, "rb");
    if (f == nullptr || std::fread(gm, 1, bytes, f) != bytes) throw std::runtime_error(std::string("cannot read ") + path);
    std::fclose(f);
}

template <int Code, typename T>
void Run(uint64_t n, uint32_t cores, uint32_t divider, const char* x1Path, const char* x2Path)
{
    const auto t = Tiling(n, cores, divider);
    uint8_t* x1 = cpu_model::GmAlloc(n * sizeof(T));
    uint8_t* x2 = cpu_model::GmAlloc(n * sizeof(T));
    uint8_t* y = cpu_model::GmAlloc(n * sizeof(T));
    uint8_t* workspace = cpu_model::GmAlloc(32);  // their kernel returns at once on a null workspace
    if (x1Path != nullptr) {
        ReadInto(x1Path, x1, n * sizeof(T));
        ReadInto(x2Path, x2, n * sizeof(T));
    } else {
        for (uint64_t i = 0; i < n; ++i) {
            reinterpret_cast<T*>(x1)[i] = static_cast<T>(static_cast<float>(i % 97) - 40.0f);
            reinterpret_cast<T*>(x2)[i] = static_cast<T>(static_cast<float>(i % 13) + 1.0f);
        }
    }
    uint8_t* tiling = cpu_model::driver::Io::GmCopyOf(t);
    cpu_model::LaunchOptions options;
    options.checkRaces = false;  // counts only; races are the kernel tests' business
    cpu_model::Launch(t.needCoreNum, options, [x1, x2, y, workspace, tiling] {
        GET_TILING_DATA_WITH_STRUCT(FloorModNs::FloorModTilingData, tilingData, tiling);
        FloorModNs::FloorMod<T> op;
        op.Init(x1, x2, y, workspace, &tilingData);
        op.MaskTensor = op.MaskTensorBuff.template Get<uint8_t>();
        op.Process();
    });
    std::printf("block_dim %u tile %u\n", t.needCoreNum, t.usableUbSize);
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 4 && argc != 6) return 2;
    const std::string dtype = argv[1];
    const uint64_t n = std::strtoull(argv[2], nullptr, 10);
    const auto cores = static_cast<uint32_t>(std::atoi(argv[3]));
    const char* x1 = argc == 6 ? argv[4] : nullptr;
    const char* x2 = argc == 6 ? argv[5] : nullptr;
    return cpu_model::Guarded([&] {
        if (dtype == "float16") {
            Run<FLOOR_MOD_TPL_FP16, half>(n, cores, 46, x1, x2);
        } else if (dtype == "bfloat16") {
            Run<FLOOR_MOD_TPL_BF16, bfloat16_t>(n, cores, 46, x1, x2);  // their SetTilingKeyParams: FP16's divider
        } else if (dtype == "int32") {
            Run<FLOOR_MOD_TPL_INT32, int32_t>(n, cores, 66, x1, x2);
        } else {
            Run<FLOOR_MOD_TPL_FP32, float>(n, cores, 50, x1, x2);
        }
    });
}
