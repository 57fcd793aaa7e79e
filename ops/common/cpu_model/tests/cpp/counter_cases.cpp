// Self-test of the instruction counters: a toy kernel with a known number of DMA calls, vector instructions, syncs
// and scalar accesses per core. `counter_cases <cores> [--counters FILE]` runs it on that many cores.
#include <cstdlib>
#include <string>

#include "cpu_model/driver.h"

using namespace AscendC;

namespace {

constexpr int32_t N = 64;  // floats: one 256-byte repeat

// Per core: 3 DataCopy (2 in, 1 out), 2 Adds, 1 Compares (implemented through CompareScalar: still 1 call),
// 1 level-0 Add of 3 repeats, 1 Adds over 100 floats (2 repeats); 2 EnQue/DeQue; 1 SetFlag/WaitFlag pair;
// 1 PipeBarrier; 2 GlobalTensor::GetValue.
void ToyKernel(GM_ADDR x, GM_ADDR y)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in;
    TQue<TPosition::VECOUT, 1> out;
    TBuf<TPosition::VECCALC> work;
    TBuf<TPosition::VECCALC> mask;
    pipe.InitBuffer(in, 1, 2 * N * sizeof(float));
    pipe.InitBuffer(out, 1, N * sizeof(float));
    pipe.InitBuffer(work, 4 * N * sizeof(float));
    pipe.InitBuffer(mask, N / 8);
    GlobalTensor<float> xGm;
    GlobalTensor<float> yGm;
    const auto core = static_cast<uint64_t>(GetBlockIdx());
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x) + core * 2 * N, 2 * N);
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + core * N, N);
    LocalTensor<float> a = in.AllocTensor<float>();
    DataCopy(a, xGm, N);
    DataCopy(a[N], xGm[N], N);
    in.EnQue(a);
    a = in.DeQue<float>();
    LocalTensor<float> b = out.AllocTensor<float>();
    Add(b, a, a[N], N);
    Add(b, b, a, N);
    Compares(mask.Get<uint8_t>(), b, 0.0f, CMPMODE::GT, N);
    LocalTensor<float> w = work.Get<float>();
    Add(w, a, a, static_cast<uint64_t>(N), 3, BinaryRepeatParams{1, 1, 1, 0, 0, 0});
    Adds(w, w, 1.0f, 100);
    out.EnQue(b);
    b = out.DeQue<float>();
    DataCopy(yGm, b, N);
    out.FreeTensor(b);
    in.FreeTensor(a);
    event_t id = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE3_S));
    SetFlag<HardEvent::MTE3_S>(id);
    WaitFlag<HardEvent::MTE3_S>(id);
    PipeBarrier<PIPE_ALL>();
    (void)xGm.GetValue(0);
    (void)xGm.GetValue(1);
}

}  // namespace

int main(int argc, char** argv)
{
    return cpu_model::Guarded([&] {
        const auto cores = static_cast<uint32_t>(std::atoi(argv[1]));
        uint8_t* x = cpu_model::GmAlloc(cores * 2 * N * sizeof(float));
        uint8_t* y = cpu_model::GmAlloc(cores * N * sizeof(float));
        cpu_model::LaunchOptions options;
        if (argc == 4 && std::string(argv[2]) == "--counters") options.countersPath = argv[3];
        cpu_model::Launch(cores, options, ToyKernel, x, y);
    });
}
