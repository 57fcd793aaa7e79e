// Test driver of the sample kernel: reads x.bin and y.bin, tiles on the host, launches, writes z.bin.
#include "cpu_model/driver.h"
#include "sample_tiling.h"

extern "C" void sample_scaled_add(GM_ADDR x, GM_ADDR y, GM_ADDR z, GM_ADDR workspace, GM_ADDR tiling);

int main(int argc, char** argv)
{
    return cpu_model::Guarded([&] {
        cpu_model::driver::Io io(argc, argv);
        const auto x = io.Input("x");
        const auto y = io.Input("y");
        const float scale = static_cast<float>(std::strtod(io.Get("scale", "1").c_str(), nullptr));
        SampleTilingData tiling{};
        const uint32_t blockDim = SampleTiling(x.bytes / sizeof(half), io.Cores(), cpu_model::kUbSize, scale, tiling);
        const auto z = io.Output("z", x.bytes);
        uint8_t* workspace = cpu_model::GmAlloc(32);
        const cpu_model::LaunchOptions options = io.Options();
        cpu_model::Launch(blockDim, options, sample_scaled_add, x.data, y.data, z.data, workspace,
                          cpu_model::driver::Io::GmCopyOf(tiling));
        std::printf("blockDim %u tile %u\n", blockDim, tiling.tileLength);
        io.Save();
    });
}
