// Self-test fixture kernels of the cross-pipe check: each hand-over between the scalar unit (S), the vector unit
// (V) and the two DMA directions (MTE2 GM->UB, MTE3 UB->GM) without and with its sync, for each hazard kind
// (read-after-write, write-after-read, write-after-write) in UB and in GM, and what the real queue positions order.
// `pipe_sync_cases <case>` runs one case on one core; a missing sync exits 3 with the message. A line ending in
// "// access: <case>" is the access the model must name for that case (the later of the two).
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

// S -> V through Axpy's destination, which the vector unit reads (dst = src * s + dst) before it writes it: the
// scalar writes make this a read-after-write, not only a write-after-write.
void AxpyReadsScalarWrittenDestination(bool synced)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 2 * N * sizeof(float));
    LocalTensor<float> src = buf.Get<float>();
    LocalTensor<float> dst = src[N];
    Duplicate(src, 1.0f, N);
    for (int32_t i = 0; i < N; ++i) dst.SetValue(i, static_cast<float>(i));
    if (synced) Sync<HardEvent::S_V>();
    Axpy(dst, src, 2.0f, N);  // access: axpy_dst_s_v_missing
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

// ----- write-after-read and write-after-write in UB -----------------------------------------------------------------

// S reads, V overwrites: the vector write must wait for the scalar read (S_V).
void VectorOverwritesScalarRead(bool synced)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 2.0f, N);
    Sync<HardEvent::V_S>();
    (void)t.GetValue(0);
    if (synced) Sync<HardEvent::S_V>();
    Duplicate(t, 3.0f, N);  // access: war_s_v_missing
}

// S reads, MTE2 overwrites (a DMA into a buffer the scalar unit still reads: S_MTE2).
void CopyInOverwritesScalarRead(bool synced)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, gm, N);
    Sync<HardEvent::MTE2_S>();
    (void)t.GetValue(5);
    if (synced) Sync<HardEvent::S_MTE2>();
    DataCopy(t, gm, N);  // access: war_s_mte2_missing
}

// V reads, MTE2 overwrites a TBuf (V_MTE2); a VECIN queue's FreeTensor/AllocTensor orders it (freeBufEvt).
void CopyInOverwritesVectorRead(bool queued)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in;
    TBuf<TPosition::VECCALC> buf;
    TBuf<TPosition::VECCALC> out;
    pipe.InitBuffer(in, 1, N * sizeof(float));
    pipe.InitBuffer(buf, N * sizeof(float));
    pipe.InitBuffer(out, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    if (queued) {
        for (int tile = 0; tile < 2; ++tile) {
            LocalTensor<float> x = in.AllocTensor<float>();
            DataCopy(x, gm, N);
            in.EnQue(x);
            x = in.DeQue<float>();
            Adds(out.Get<float>(), x, 1.0f, N);
            in.FreeTensor(x);
        }
    } else {
        LocalTensor<float> x = buf.Get<float>();
        DataCopy(x, gm, N);
        Sync<HardEvent::MTE2_V>();
        Adds(out.Get<float>(), x, 1.0f, N);
        DataCopy(x, gm, N);  // access: war_v_mte2_missing
    }
}

// MTE3 reads (copy-out), V overwrites a TBuf (MTE3_V); a VECOUT queue's FreeTensor/AllocTensor orders it.
void VectorOverwritesCopyOut(bool queued)
{
    TPipe pipe;
    TQue<TPosition::VECOUT, 1> out;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(out, 1, N * sizeof(float));
    pipe.InitBuffer(buf, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    if (queued) {
        for (int tile = 0; tile < 2; ++tile) {
            LocalTensor<float> y = out.AllocTensor<float>();
            Duplicate(y, 1.0f, N);
            out.EnQue(y);
            y = out.DeQue<float>();
            DataCopy(gm, y, N);
            out.FreeTensor(y);
        }
    } else {
        LocalTensor<float> y = buf.Get<float>();
        Duplicate(y, 1.0f, N);
        Sync<HardEvent::V_MTE3>();
        DataCopy(gm, y, N);
        Duplicate(y, 2.0f, N);  // access: war_mte3_v_missing
    }
}

// MTE3 reads (copy-out), S overwrites (MTE3_S).
void ScalarOverwritesCopyOut(bool synced)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    LocalTensor<float> y = buf.Get<float>();
    y.SetValue(0, 1.0f);
    Sync<HardEvent::S_MTE3>();
    DataCopy(gm, y, N);
    if (synced) Sync<HardEvent::MTE3_S>();
    y.SetValue(0, 2.0f);  // access: war_mte3_s_missing
}

// V writes, MTE2 overwrites the same bytes (V_MTE2).
void CopyInOverwritesVectorWrite(bool synced)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 1.0f, N);
    if (synced) Sync<HardEvent::V_MTE2>();
    DataCopy(t, gm, N);  // access: waw_v_mte2_missing
}

// S writes, V overwrites (S_V).
void VectorOverwritesScalarWrite(bool synced)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    LocalTensor<float> t = buf.Get<float>();
    t.SetValue(7, 1.0f);
    if (synced) Sync<HardEvent::S_V>();
    Duplicate(t, 3.0f, N);  // access: waw_s_v_missing
}

// Two GM -> UB copies into overlapping UB: one pipe, yet unordered without PipeBarrier<PIPE_MTE2>.
void TwoCopiesIntoOverlappingUb(bool barrier)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 2 * N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    LocalTensor<float> t = buf.Get<float>();
    DataCopy(t, gm, N);
    if (barrier) PipeBarrier<PIPE_MTE2>();
    DataCopy(t[N / 2], gm, N);  // access: waw_mte2_mte2_missing
}

// ----- GM ----------------------------------------------------------------------------------------------------------

// MTE3 writes GM, MTE2 reads it back (MTE3_MTE2).
void CopyInReadsCopyOut(bool synced)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, 2 * N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 1.0f, N);
    Sync<HardEvent::V_MTE3>();
    DataCopy(gm, t, N);
    if (synced) Sync<HardEvent::MTE3_MTE2>();
    DataCopy(t[N], gm, N);  // access: gm_raw_mte3_mte2_missing
}

// S writes GM (GlobalTensor::SetValue), MTE2 reads it (S_MTE2).
void CopyInReadsScalarGmWrite(bool synced)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    gm.SetValue(3, 1.0f);
    if (synced) Sync<HardEvent::S_MTE2>();
    DataCopy(buf.Get<float>(), gm, N);  // access: gm_raw_s_mte2_missing
}

// MTE3 writes GM, S reads it (MTE3_S).
void ScalarReadsCopyOutInGm(bool synced)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 1.0f, N);
    Sync<HardEvent::V_MTE3>();
    DataCopy(gm, t, N);
    if (synced) Sync<HardEvent::MTE3_S>();
    (void)gm.GetValue(9);  // access: gm_raw_mte3_s_missing
}

// MTE2 reads GM, MTE3 overwrites it (in-place kernels: MTE2_MTE3); VECIN -> V -> VECOUT queues order it.
void CopyOutOverwritesCopyIn(bool queued)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in;
    TQue<TPosition::VECOUT, 1> out;
    TBuf<TPosition::VECCALC> a;
    TBuf<TPosition::VECCALC> b;
    pipe.InitBuffer(in, 1, N * sizeof(float));
    pipe.InitBuffer(out, 1, N * sizeof(float));
    pipe.InitBuffer(a, N * sizeof(float));
    pipe.InitBuffer(b, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    if (queued) {
        LocalTensor<float> x = in.AllocTensor<float>();
        DataCopy(x, gm, N);
        in.EnQue(x);
        x = in.DeQue<float>();
        LocalTensor<float> y = out.AllocTensor<float>();
        Adds(y, x, 1.0f, N);
        in.FreeTensor(x);
        out.EnQue(y);
        y = out.DeQue<float>();
        DataCopy(gm, y, N);
        out.FreeTensor(y);
    } else {
        Duplicate(b.Get<float>(), 1.0f, N);
        Sync<HardEvent::V_MTE3>();
        DataCopy(a.Get<float>(), gm, N);
        DataCopy(gm, b.Get<float>(), N);  // access: gm_war_mte2_mte3_missing
    }
}

// S reads GM, MTE3 overwrites it (S_MTE3).
void CopyOutOverwritesScalarGmRead(bool synced)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 1.0f, N);
    Sync<HardEvent::V_MTE3>();
    (void)gm.GetValue(2);
    if (synced) Sync<HardEvent::S_MTE3>();
    DataCopy(gm, t, N);  // access: gm_war_s_mte3_missing
}

// Two UB -> GM copies to overlapping GM: unordered without PipeBarrier<PIPE_MTE3>.
void TwoCopiesToOverlappingGm(bool barrier)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 1.0f, N);
    Sync<HardEvent::V_MTE3>();
    DataCopy(gm, t, N / 2);
    if (barrier) PipeBarrier<PIPE_MTE3>();
    DataCopy(gm[N / 4], t, N / 2);  // access: gm_waw_mte3_mte3_missing
}

// MTE3 writes GM, S overwrites it (MTE3_S).
void ScalarOverwritesCopyOutInGm(bool synced)
{
    TPipe pipe;
    TBuf<TPosition::VECCALC> buf;
    pipe.InitBuffer(buf, N * sizeof(float));
    GlobalTensor<float> gm = Gm();
    LocalTensor<float> t = buf.Get<float>();
    Duplicate(t, 1.0f, N);
    Sync<HardEvent::V_MTE3>();
    DataCopy(gm, t, N);
    if (synced) Sync<HardEvent::MTE3_S>();
    gm.SetValue(1, 5.0f);  // access: gm_waw_mte3_s_missing
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
        {"axpy_dst_s_v_missing", [] { AxpyReadsScalarWrittenDestination(false); }},
        {"axpy_dst_s_v_synced", [] { AxpyReadsScalarWrittenDestination(true); }},
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
        {"war_s_v_missing", [] { VectorOverwritesScalarRead(false); }},
        {"war_s_v_synced", [] { VectorOverwritesScalarRead(true); }},
        {"war_s_mte2_missing", [] { CopyInOverwritesScalarRead(false); }},
        {"war_s_mte2_synced", [] { CopyInOverwritesScalarRead(true); }},
        {"war_v_mte2_missing", [] { CopyInOverwritesVectorRead(false); }},
        {"vecin_free_orders_v_mte2", [] { CopyInOverwritesVectorRead(true); }},
        {"war_mte3_v_missing", [] { VectorOverwritesCopyOut(false); }},
        {"vecout_free_orders_mte3_v", [] { VectorOverwritesCopyOut(true); }},
        {"war_mte3_s_missing", [] { ScalarOverwritesCopyOut(false); }},
        {"war_mte3_s_synced", [] { ScalarOverwritesCopyOut(true); }},
        {"waw_v_mte2_missing", [] { CopyInOverwritesVectorWrite(false); }},
        {"waw_v_mte2_synced", [] { CopyInOverwritesVectorWrite(true); }},
        {"waw_s_v_missing", [] { VectorOverwritesScalarWrite(false); }},
        {"waw_s_v_synced", [] { VectorOverwritesScalarWrite(true); }},
        {"waw_mte2_mte2_missing", [] { TwoCopiesIntoOverlappingUb(false); }},
        {"waw_mte2_mte2_barrier", [] { TwoCopiesIntoOverlappingUb(true); }},
        {"gm_raw_mte3_mte2_missing", [] { CopyInReadsCopyOut(false); }},
        {"gm_raw_mte3_mte2_synced", [] { CopyInReadsCopyOut(true); }},
        {"gm_raw_s_mte2_missing", [] { CopyInReadsScalarGmWrite(false); }},
        {"gm_raw_s_mte2_synced", [] { CopyInReadsScalarGmWrite(true); }},
        {"gm_raw_mte3_s_missing", [] { ScalarReadsCopyOutInGm(false); }},
        {"gm_raw_mte3_s_synced", [] { ScalarReadsCopyOutInGm(true); }},
        {"gm_war_mte2_mte3_missing", [] { CopyOutOverwritesCopyIn(false); }},
        {"queues_order_mte2_mte3_in_gm", [] { CopyOutOverwritesCopyIn(true); }},
        {"gm_war_s_mte3_missing", [] { CopyOutOverwritesScalarGmRead(false); }},
        {"gm_war_s_mte3_synced", [] { CopyOutOverwritesScalarGmRead(true); }},
        {"gm_waw_mte3_mte3_missing", [] { TwoCopiesToOverlappingGm(false); }},
        {"gm_waw_mte3_mte3_barrier", [] { TwoCopiesToOverlappingGm(true); }},
        {"gm_waw_mte3_s_missing", [] { ScalarOverwritesCopyOutInGm(false); }},
        {"gm_waw_mte3_s_synced", [] { ScalarOverwritesCopyOutInGm(true); }},
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
