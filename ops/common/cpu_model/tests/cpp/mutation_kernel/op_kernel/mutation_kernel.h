// Self-test fixture of the mutation suite: a kernel whose sync lines have known verdicts when deleted one at a time.
// (The verdict of each line is in tests/test_mutation.py; the line numbers are found by the text after "site:".)
#ifndef CPU_MODEL_TESTS_MUTATION_KERNEL_H
#define CPU_MODEL_TESTS_MUTATION_KERNEL_H

#include "kernel_operator.h"

namespace MutationFixture {
using namespace AscendC;

constexpr int32_t N = 64;  // one 256-byte repeat of floats

template <HardEvent EVENT>
__aicore__ inline void WaitFor()
{
    event_t id = static_cast<event_t>(GetTPipePtr()->FetchEventID(EVENT));
    SetFlag<EVENT>(id);   // site: helper-set
    WaitFlag<EVENT>(id);  // site: helper-wait
}

// mode 0: one core, copy in, add, copy out. mode 1: two cores, core 0 hands a partial to core 1 through GM.
__aicore__ inline void Run(GM_ADDR x, GM_ADDR y, GM_ADDR part, int32_t mode)
{
    TPipe pipe;
    TQue<TPosition::VECIN, 1> in;
    TQue<TPosition::VECOUT, 1> out;
    pipe.InitBuffer(in, 1, N * sizeof(float));
    pipe.InitBuffer(out, 1, N * sizeof(float));
    GlobalTensor<float> xGm;
    GlobalTensor<float> yGm;
    GlobalTensor<float> partGm;
    xGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(x), N);
    yGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(y) + GetBlockIdx() * N, N);
    partGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(part), N);
    WaitFor<HardEvent::V_S>();  // site: redundant-wait
    LocalTensor<float> a = in.AllocTensor<float>();
    DataCopy(a, xGm, N);
    in.EnQue(a);            // site: in-enque
    a = in.DeQue<float>();  // site: in-deque
    LocalTensor<float> b = out.AllocTensor<float>();
    Adds(b, a, 1.0f, N - 8);  // lanes N - 8 .. N - 1 are the scalar unit's
    WaitFor<HardEvent::MTE2_S>();  // site: mte2-s
    b.SetValue(N - 1, a.GetValue(1) * 2.0f);
    WaitFor<HardEvent::S_MTE3>();  // site: s-mte3
    in.FreeTensor(a);
    out.EnQue(b);            // site: out-enque
    b = out.DeQue<float>();  // site: out-deque
    if (mode == 1 && GetBlockIdx() == 0) {
        DataCopy(partGm, b, N);
    }
    if (mode == 1) {
        SyncAll();  // site: sync-all
    }
    if (mode == 1 && GetBlockIdx() == 1) {
        LocalTensor<float> c = in.AllocTensor<float>();
        DataCopy(c, partGm, N);
        in.FreeTensor(c);
    }
    DataCopy(yGm, b, N);
    out.FreeTensor(b);
    if (mode == 7) {
        WaitFor<HardEvent::MTE3_S>();  // site: never-run
    }
    PipeBarrier<PIPE_ALL>();  // site: end-barrier
}

}  // namespace MutationFixture

#endif  // CPU_MODEL_TESTS_MUTATION_KERNEL_H
