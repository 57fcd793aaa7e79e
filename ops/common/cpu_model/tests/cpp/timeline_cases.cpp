// Self-test fixture kernels of the predicted timeline (timeline.h): small instruction sequences whose cycles follow
// by hand from the cost table the test writes. `timeline_cases <case> --counters FILE` runs one case.
#include <functional>
#include <map>
#include <string>

#include "kernel_operator.h"

using namespace AscendC;

namespace {

constexpr int32_t REPEAT_FLOATS = 64;
constexpr int32_t N = 4 * REPEAT_FLOATS;  // four 256-byte repeats
constexpr int32_t COPY_FLOATS = 800;      // 3200 bytes

GlobalTensor<float> Gm()
{
    GlobalTensor<float> gm;
    gm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(cpu_model::GmAlloc(COPY_FLOATS * sizeof(float))), COPY_FLOATS);
    return gm;
}

template <HardEvent event>
void Sync()
{
    SetFlag<event>(EVENT_ID0);
    WaitFlag<event>(EVENT_ID0);
}

void VectorChain()
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    LocalTensor<float> t = buf.Get<float>();
    Adds(t, t, 1.0f, N);
    Adds(t, t, 1.0f, N);
}

// A copy-in and an independent vector op overlap; with the MTE2_V flag the vector op waits for the copy.
void CopyAndVector(bool flag)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> a;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(a, COPY_FLOATS * sizeof(float));
    pipe.InitBuffer(b, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    DataCopy(a.Get<float>(), gm, COPY_FLOATS);
    if (flag) {
        Sync<HardEvent::MTE2_V>();
        Adds(a.Get<float>(), a.Get<float>(), 1.0f, N);
    } else {
        Adds(b.Get<float>(), b.Get<float>(), 1.0f, N);
    }
}

// The scalar unit waits for the vector unit (V_S) before its read.
void ScalarWaitsVector()
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    LocalTensor<float> t = buf.Get<float>();
    Adds(t, t, 1.0f, N);
    Sync<HardEvent::V_S>();
    (void)t.GetValue(0);
}

// EnQue/DeQue is the MTE2_V flag of a VECIN queue.
void Queue()
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in;
    pipe.InitBuffer(in, 1, COPY_FLOATS * sizeof(float));
    GlobalTensor<float> gm = Gm();
    LocalTensor<float> x = in.AllocTensor<float>();
    DataCopy(x, gm, COPY_FLOATS);
    in.EnQue(x);
    x = in.DeQue<float>();
    Adds(x, x, 1.0f, N);
    in.FreeTensor(x);
}

// Core 1 works three times as long before SyncAll; both resume together.
void SyncAllJoins()
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    LocalTensor<float> t = buf.Get<float>();
    for (int64_t i = 0; i < (GetBlockIdx() == 0 ? 1 : 3); ++i) Adds(t, t, 1.0f, N);
    SyncAll();
    Adds(t, t, 1.0f, N);
}

// An API the table has no row for: costed by the fallback and listed.
void Uncosted()
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(int16_t));
    Duplicate(buf.Get<int16_t>(), static_cast<int16_t>(1), N);
}

}  // namespace

int main(int argc, char** argv)
{
    const std::map<std::string, std::pair<uint32_t, std::function<void()>>> cases = {
        {"vector_chain", {1, [] { VectorChain(); }}},
        {"overlap", {1, [] { CopyAndVector(false); }}},
        {"flag", {1, [] { CopyAndVector(true); }}},
        {"scalar_wait", {1, [] { ScalarWaitsVector(); }}},
        {"queue", {1, [] { Queue(); }}},
        {"sync_all", {2, [] { SyncAllJoins(); }}},
        {"uncosted", {1, [] { Uncosted(); }}},
    };
    if (argc != 4) return 2;
    return cpu_model::Guarded([&] {
        const auto& entry = cases.at(argv[1]);
        cpu_model::LaunchOptions options;
        options.mode = cpu_model::LaunchMode::Sequential;
        options.countersPath = argv[3];
        cpu_model::Launch(entry.first, options, entry.second);
    });
}
