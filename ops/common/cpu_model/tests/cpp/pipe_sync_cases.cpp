// Self-test fixture kernels of the cross-pipe check: each hand-over between the scalar unit (S), the vector unit
// (V) and the two DMA directions (MTE2 GM->UB, MTE3 UB->GM) without and with its sync, and what the real queue
// positions order. `pipe_sync_cases <case>` runs one case on one core; a missing sync exits 3 with the message.
// A line ending in "// access: <case>" is the access the model must name for that case.
#include <functional>
#include <map>
#include <string>

#include "kernel_operator.h"

using namespace AscendC;

namespace {

constexpr int32_t N = 64;  // floats: one 256-byte repeat

GlobalTensor<float> Gm()
{
    GlobalTensor<float> gm;
    gm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(cpu_model::GmAlloc(N * sizeof(float))), N);
    return gm;
}

template <HardEvent event>
void Sync()
{
    event_t id = static_cast<event_t>(GetTPipePtr()->FetchEventID(event));
    SetFlag<event>(id);
    WaitFlag<event>(id);
}

// MTE2 -> S: a scalar read of a tensor DataCopy filled; the VECIN DeQue orders MTE2 -> V only.
void ScalarReadsCopyIn(bool synced)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in;
    pipe.InitBuffer(in, 1, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    LocalTensor<float> x = in.AllocTensor<float>();
    DataCopy(x, gm, N);
    in.EnQue(x);
    x = in.DeQue<float>();
    if (synced) Sync<HardEvent::MTE2_S>();
    (void)x.GetValue(3);  // access: mte2_s_missing
    in.FreeTensor(x);
}

// S -> MTE3: SetValue into a VECOUT tensor, then EnQue/DeQue and copy-out; the VECOUT queue orders V -> MTE3 only.
void CopyOutAfterScalarWrites(bool synced)
{
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> out;
    pipe.InitBuffer(out, 1, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    LocalTensor<float> y = out.AllocTensor<float>();
    for (int32_t i = 0; i < N; ++i) y.SetValue(i, 1.0f);
    out.EnQue(y);
    y = out.DeQue<float>();
    if (synced) Sync<HardEvent::S_MTE3>();
    DataCopy(gm, y, N);  // access: s_mte3_missing
    out.FreeTensor(y);
}

// S -> V: a vector op over values the scalar unit wrote.
void VectorReadsScalarWrites(bool synced)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    LocalTensor<float> t = buf.Get<float>();
    for (int32_t i = 0; i < N; ++i) t.SetValue(i, static_cast<float>(i));
    if (synced) Sync<HardEvent::S_V>();
    Adds(t, t, 1.0f, N);  // access: s_v_missing
}

// V -> S: a scalar read of a vector result.
void ScalarReadsVectorResult(bool synced)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 2.0f, N);
    if (synced) Sync<HardEvent::V_S>();
    (void)t.GetValue(0);  // access: v_s_missing
}

// MTE2 -> V: a vector op on a VECIN tensor, handed over by EnQue/DeQue (queued) or not at all (a TBuf).
void VectorReadsCopyIn(bool queued)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(in, 1, N * sizeof(float));
    pipe.InitBuffer(buf, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    if (queued) {
        LocalTensor<float> x = in.AllocTensor<float>();
        DataCopy(x, gm, N);
        in.EnQue(x);
        x = in.DeQue<float>();
        Adds(x, x, 1.0f, N);
        in.FreeTensor(x);
    } else {
        LocalTensor<float> x = buf.Get<float>();
        DataCopy(x, gm, N);
        Adds(x, x, 1.0f, N);  // access: mte2_v_missing
    }
}

// V -> MTE3: copy-out of a vector result, handed over by a VECOUT EnQue/DeQue (queued) or not at all.
void CopyOutAfterVector(bool queued)
{
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> out;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(out, 1, N * sizeof(float));
    pipe.InitBuffer(buf, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    if (queued) {
        LocalTensor<float> y = out.AllocTensor<float>();
        Duplicate(y, 1.0f, N);
        out.EnQue(y);
        y = out.DeQue<float>();
        DataCopy(gm, y, N);
        out.FreeTensor(y);
    } else {
        LocalTensor<float> y = buf.Get<float>();
        Duplicate(y, 1.0f, N);
        DataCopy(gm, y, N);  // access: v_mte3_missing
    }
}

// A VECOUT queue does not order MTE2 -> V: a vector op on a VECOUT tensor that DataCopy filled.
void VecoutDoesNotOrderCopyIn()
{
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> out;
    pipe.InitBuffer(out, 1, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    LocalTensor<float> y = out.AllocTensor<float>();
    DataCopy(y, gm, N);
    out.EnQue(y);
    y = out.DeQue<float>();
    Adds(y, y, 1.0f, N);  // access: vecout_mte2_v
    out.FreeTensor(y);
}

// MTE2 -> V (VECIN DeQue) then V -> S: the scalar unit follows MTE2 through the vector pipe's wait.
void ChainThroughVector()
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(in, 1, N * sizeof(float));
    pipe.InitBuffer(buf, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    LocalTensor<float> x = in.AllocTensor<float>();
    DataCopy(x, gm, N);
    in.EnQue(x);
    x = in.DeQue<float>();
    Adds(buf.Get<float>(), x, 1.0f, N);
    Sync<HardEvent::V_S>();
    (void)x.GetValue(0);
    in.FreeTensor(x);
}

// PipeBarrier<PIPE_ALL> orders every pipe; PipeBarrier<PIPE_V> orders the vector pipe with itself only.
void Barrier(bool all)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 2.0f, N);
    if (all) {
        PipeBarrier<PIPE_ALL>();
    } else {
        PipeBarrier<PIPE_V>();
    }
    (void)t.GetValue(0);  // access: pipe_v_barrier
}

// The hardware SyncAll starts with PipeBarrier<PIPE_ALL>.
void SyncAllOrders()
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    DataCopy(buf.Get<float>(), gm, N);
    SyncAll();
    (void)buf.Get<float>().GetValue(0);
}

}  // namespace

int main(int argc, char** argv)
{
    const std::map<std::string, std::function<void()>> cases = {
        {"mte2_s_missing", [] { ScalarReadsCopyIn(false); }},
        {"mte2_s_synced", [] { ScalarReadsCopyIn(true); }},
        {"s_mte3_missing", [] { CopyOutAfterScalarWrites(false); }},
        {"s_mte3_synced", [] { CopyOutAfterScalarWrites(true); }},
        {"s_v_missing", [] { VectorReadsScalarWrites(false); }},
        {"s_v_synced", [] { VectorReadsScalarWrites(true); }},
        {"v_s_missing", [] { ScalarReadsVectorResult(false); }},
        {"v_s_synced", [] { ScalarReadsVectorResult(true); }},
        {"mte2_v_missing", [] { VectorReadsCopyIn(false); }},
        {"vecin_orders_mte2_v", [] { VectorReadsCopyIn(true); }},
        {"v_mte3_missing", [] { CopyOutAfterVector(false); }},
        {"vecout_orders_v_mte3", [] { CopyOutAfterVector(true); }},
        {"vecout_mte2_v", [] { VecoutDoesNotOrderCopyIn(); }},
        {"chain_through_vector", [] { ChainThroughVector(); }},
        {"pipe_all_barrier", [] { Barrier(true); }},
        {"pipe_v_barrier", [] { Barrier(false); }},
        {"sync_all_orders", [] { SyncAllOrders(); }},
    };
    if (argc != 2) return 2;
    if (std::string(argv[1]) == "--list") {
        for (const auto& entry : cases) std::printf("%s\n", entry.first.c_str());
        return 0;
    }
    return cpu_model::Guarded([&] {
        cpu_model::LaunchOptions options;
        options.mode = cpu_model::LaunchMode::Sequential;
        cpu_model::Launch(1, options, cases.at(argv[1]));
        std::printf("ok\n");
    });
}
