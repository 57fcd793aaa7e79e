// Benchmark driver for the community Gcd kernel of an ops-math checkout (experimental/math/gcd), built from the
// checkout's op_kernel folder on the CPU model with -DDTYPE_X1/X2/Y; nothing of theirs is copied (#included from
// the checkout). Their kernel reads its arguments and its inline tiling from get_para_base() (pointer slots 0..2,
// tiling from slot 5), so this driver lays out that parameter block. The tiling struct is filled from our reading of
// their host tiling (op_host/gcd_tiling.cpp): NumPy broadcast strides (a dim equal to the output's takes the
// contiguous stride, a dim of 1 stride 0), blockDim = ceil(output 32-bit words / 256) capped at the core count.
// argv: rank selfShape otherShape cores   (shapes as d0,d1,..., same rank; dtype from DTYPE_Y)
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "cpu_model/driver.h"
#include "gcd.cpp"

namespace {

std::vector<int64_t> Dims(const char* text)
{
    std::vector<int64_t> dims;
    for (const char* p = text; *p != '\0';) {
        char* end = nullptr;
        dims.push_back(std::strtoll(p, &end, 10));
        p = *end == ',' ? end + 1 : end;
    }
    return dims;
}

void Strides(const std::vector<int64_t>& in, const std::vector<int64_t>& out, int64_t* strides)
{
    int64_t running = 1;
    for (int64_t i = static_cast<int64_t>(in.size()) - 1; i >= 0; --i) {
        strides[i] = in[i] == out[i] ? running : 0;
        running *= in[i];
    }
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 4) return 2;
    return cpu_model::Guarded([&] {
        const std::vector<int64_t> a = Dims(argv[1]);
        const std::vector<int64_t> b = Dims(argv[2]);
        const int64_t cores = std::atoll(argv[3]);
        GcdTilingData t{};
        t.rank = static_cast<int64_t>(a.size());
        t.totalNum = 1;
        std::vector<int64_t> out(a.size());
        int64_t na = 1;
        int64_t nb = 1;
        for (size_t i = 0; i < a.size(); ++i) {
            out[i] = a[i] == 1 ? b[i] : a[i];
            t.outputDims[i] = out[i];
            t.totalNum *= out[i];
            na *= a[i];
            nb *= b[i];
        }
        Strides(a, out, t.x1Strides);
        Strides(b, out, t.x2Strides);
        const int64_t bytes = static_cast<int64_t>(sizeof(DTYPE_Y));
        const int64_t words = (t.totalNum * bytes + 3) / 4;
        int64_t blockDim = (words + 255) / 256;
        blockDim = blockDim < 1 ? 1 : (blockDim > cores ? cores : blockDim);
        uint8_t* x1 = cpu_model::GmAlloc(na * bytes);
        uint8_t* x2 = cpu_model::GmAlloc(nb * bytes);
        uint8_t* y = cpu_model::GmAlloc(t.totalNum * bytes);
        for (int64_t i = 0; i < na; ++i) reinterpret_cast<DTYPE_X1*>(x1)[i] = static_cast<DTYPE_X1>(i % 120 + 1);
        for (int64_t i = 0; i < nb; ++i) reinterpret_cast<DTYPE_X2*>(x2)[i] = static_cast<DTYPE_X2>(i % 90 + 2);
        // Parameter block: x1, x2, y, workspace, tiling pointer, then the inline tiling.
        std::vector<uint8_t> params(5 * sizeof(GM_ADDR) + sizeof(GcdTilingData));
        GM_ADDR slots[5] = {x1, x2, y, nullptr, nullptr};
        std::memcpy(params.data(), slots, sizeof(slots));
        std::memcpy(params.data() + sizeof(slots), &t, sizeof(t));
        cpu_model::LaunchOptions options;
        options.paramBase = params.data();
        options.checkRaces = false;  // counts only; races are the kernel tests' business
        cpu_model::Launch(static_cast<uint32_t>(blockDim), options, gcd, x1, x2, y, nullptr, nullptr);
        std::printf("block_dim %lld\n", static_cast<long long>(blockDim));
    });
}
