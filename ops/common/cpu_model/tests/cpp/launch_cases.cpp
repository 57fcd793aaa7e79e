// Self-test of the launcher: SyncAll is a real barrier across threads; sequential mode runs cores in phases.
#include <atomic>
#include <cstring>
#include <string>

#include "kernel_operator.h"

using namespace AscendC;

namespace {

constexpr int64_t kSlot = 16;  // int32 words per core: one 64-byte line, so scalar writes never share a line

// Every core publishes a value, waits at SyncAll, then sums what all cores published.
void BarrierKernel(GM_ADDR slots, GM_ADDR sums)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
    GlobalTensor<int32_t> published, result;
    published.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(slots), GetBlockNum() * kSlot);
    result.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(sums), GetBlockNum() * kSlot);
    for (int round = 0; round < 3; ++round) {
        published.SetValue(GetBlockIdx() * kSlot, static_cast<int32_t>(GetBlockIdx() + 1 + round));
        SyncAll();
        int32_t total = 0;
        for (int64_t i = 0; i < GetBlockNum(); ++i) total += published.GetValue(i * kSlot);
        result.SetValue(GetBlockIdx() * kSlot, result.GetValue(GetBlockIdx() * kSlot) + total);
        SyncAll();
    }
}

// Records (phase, core) in the order cores run; the ticket is host state, so cores share no GM bytes.
std::atomic<int64_t> g_ticket{0};

void OrderKernel(GM_ADDR log)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
    GlobalTensor<int32_t> entries;
    entries.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(log), 2 * GetBlockNum() * kSlot);
    for (int phase = 0; phase < 2; ++phase) {
        const int64_t ticket = g_ticket++;
        entries.SetValue(ticket * kSlot, phase);
        entries.SetValue(ticket * kSlot + 1, static_cast<int32_t>(GetBlockIdx()));
        SyncAll();
    }
}

// In-place expansion of a packed mask into floats in the same GM buffer (Bernoulli's pattern): every core
// reads its 32 mask bytes from the front of the buffer, and core 0's output overwrites all of them. Without
// the SyncAll between reading and writing, the race detector must object whatever the schedule.
constexpr uint32_t kExpandPerCore = 256;

void ExpandKernel(GM_ADDR buffer, bool staged)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
    const uint64_t total = kExpandPerCore * GetBlockNum();
    TPipe pipe;
    TBuf<TPosition::VECCALC> maskBuf, outBuf;
    pipe.InitBuffer(maskBuf, kExpandPerCore / 8);
    pipe.InitBuffer(outBuf, kExpandPerCore * sizeof(float));
    GlobalTensor<uint8_t> maskGm;
    GlobalTensor<float> outGm;
    maskGm.SetGlobalBuffer(buffer, total / 8);
    outGm.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(buffer), total);
    LocalTensor<uint8_t> mask = maskBuf.Get<uint8_t>();
    LocalTensor<float> out = outBuf.Get<float>();
    DataCopy(mask, maskGm[GetBlockIdx() * kExpandPerCore / 8], kExpandPerCore / 8);
    SetFlag<HardEvent::MTE2_S>(EVENT_ID0);
    WaitFlag<HardEvent::MTE2_S>(EVENT_ID0);
    if (staged) SyncAll();
    for (uint32_t i = 0; i < kExpandPerCore; ++i) out(i) = ((mask(i / 8) >> (i % 8)) & 1u) != 0 ? 1.0f : 0.0f;
    SetFlag<HardEvent::S_MTE3>(EVENT_ID0);
    WaitFlag<HardEvent::S_MTE3>(EVENT_ID0);
    DataCopy(outGm[GetBlockIdx() * kExpandPerCore], out, kExpandPerCore);
}

struct ProbeTiling {
    uint32_t base;
    uint32_t step;
};

// Reads its tiling the two ways kernels do, and reports which tiling key it was launched with.
void TilingKernel(GM_ADDR tiling, GM_ADDR out)
{
    REGISTER_TILING_DEFAULT(ProbeTiling);
    GET_TILING_DATA(viaDefault, tiling);
    GET_TILING_DATA_WITH_STRUCT(ProbeTiling, viaStruct, tiling);
    GlobalTensor<int32_t> result;
    result.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(out), 16 * GetBlockNum());
    const int32_t key = TILING_KEY_IS(7) ? 7 : (TILING_KEY_IS(9) ? 9 : -1);
    result.SetValue(16 * GetBlockIdx(),
                    static_cast<int32_t>(viaDefault.base + viaStruct.step * GetBlockIdx()) * 100 + key);
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc != 4) {
        std::fprintf(stderr, "usage: launch_cases barrier|order threads|sequential <cores>\n");
        return 2;
    }
    return cpu_model::Guarded([&] {
        const std::string test = argv[1];
        const std::string modeName = argv[2];
        cpu_model::LaunchOptions mode;
        mode.mode = modeName == "threads" ? cpu_model::LaunchMode::Threads : cpu_model::LaunchMode::Sequential;
        mode.order = modeName == "reverse" ? cpu_model::CoreOrder::Descending
                     : modeName == "shuffle" ? cpu_model::CoreOrder::Shuffled : cpu_model::CoreOrder::Ascending;
        mode.seed = 7;
        const auto cores = static_cast<uint32_t>(std::stoul(argv[3]));
        if (test == "tiling") {
            const ProbeTiling tiling{5, 3};
            uint8_t* tilingGm = cpu_model::GmAlloc(sizeof(tiling));
            std::memcpy(tilingGm, &tiling, sizeof(tiling));
            uint8_t* out = cpu_model::GmAlloc(16 * 4 * cores);
            for (uint64_t key : {7u, 9u, 1u}) {
                cpu_model::LaunchOptions options = mode;
                options.tilingKey = key;
                cpu_model::Launch(cores, options, TilingKernel, tilingGm, out);
                for (uint32_t i = 0; i < cores; ++i) std::printf("%d ", reinterpret_cast<int32_t*>(out)[16 * i]);
            }
        } else if (test == "pipe-sync-ok") {
            // The three idioms that make a write visible to another pipe, with the check switched on.
            uint8_t* gm = cpu_model::GmAlloc(256);
            cpu_model::LaunchOptions options = mode;
            options.checkPipeSync = true;
            cpu_model::Launch(cores, options, [gm] {
                TPipe pipe;
                TBuf<> buf;
                TQue<TPosition::VECIN, 1> que;
                pipe.InitBuffer(buf, 256);
                pipe.InitBuffer(que, 1, 256);
                GlobalTensor<float> g;
                g.SetGlobalBuffer(reinterpret_cast<__gm__ float*>(gm), 64);
                LocalTensor<float> t = buf.Get<float>();
                DataCopy(t, g, 64);
                event_t mte2ToV = static_cast<event_t>(GetTPipePtr()->FetchEventID(HardEvent::MTE2_V));
                SetFlag<HardEvent::MTE2_V>(mte2ToV);
                WaitFlag<HardEvent::MTE2_V>(mte2ToV);
                Adds(t, t, 1.0f, 64);
                PipeBarrier<PIPE_ALL>();
                (void)t.GetValue(0);
                LocalTensor<float> q = que.AllocTensor<float>();
                DataCopy(q, g, 64);
                que.EnQue(q);
                LocalTensor<float> in = que.DeQue<float>();
                Muls(in, in, 2.0f, 64);
                que.FreeTensor(in);
            });
            std::printf("ok");
        } else if (test == "expand" || test == "expand-unstaged") {
            const uint64_t total = kExpandPerCore * cores;
            uint8_t* buffer = cpu_model::GmAlloc(total * sizeof(float));
            for (uint64_t i = 0; i < total / 8; ++i) buffer[i] = static_cast<uint8_t>(i * 37 + 11);
            cpu_model::Launch(cores, mode, ExpandKernel, buffer, test == "expand");
            for (uint64_t i = 0; i < total; ++i) std::printf("%d", reinterpret_cast<float*>(buffer)[i] == 1.0f ? 1 : 0);
        } else if (test == "workspace") {
            uint8_t* ws = cpu_model::GmAlloc(64);
            std::printf("%s", AscendC::GetUserWorkspace(ws) == ws ? "same" : "moved");
        } else if (test == "barrier") {
            uint8_t* slots = cpu_model::GmAlloc(cores * kSlot * 4);
            uint8_t* sums = cpu_model::GmAlloc(cores * kSlot * 4);
            cpu_model::Launch(cores, mode, BarrierKernel, slots, sums);
            for (uint32_t i = 0; i < cores; ++i) std::printf("%d ", reinterpret_cast<int32_t*>(sums)[i * kSlot]);
        } else {
            uint8_t* log = cpu_model::GmAlloc(2 * cores * kSlot * 4);
            cpu_model::Launch(cores, mode, OrderKernel, log);
            const auto* entries = reinterpret_cast<int32_t*>(log);
            for (int64_t t = 0; t < g_ticket; ++t) std::printf("%d:%d ", entries[t * kSlot], entries[t * kSlot + 1]);
        }
        std::printf("\n");
    });
}
