// Self-test: one small kernel per A2 rule the CPU model enforces; each must stop with a ConstraintError.
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "kernel_operator.h"

using namespace AscendC;

namespace {

using Case = std::function<void()>;

void OneCore(std::function<void()> body) { cpu_model::Launch(1, cpu_model::LaunchMode::Sequential, body); }

void OneCoreSyncChecked(std::function<void()> body)
{
    cpu_model::LaunchOptions options;
    options.mode = cpu_model::LaunchMode::Sequential;
    options.checkPipeSync = true;
    cpu_model::Launch(1, options, body);
}

GlobalTensor<float> FloatGm(uint64_t n)
{
    GlobalTensor<float> gm;
    gm.SetGlobalBuffer(reinterpret_cast<float*>(cpu_model::GmAlloc(n * sizeof(float))), n);
    return gm;
}

const std::map<std::string, Case>& Cases()
{
    static const std::map<std::string, Case> cases = {
        {"ub_overflow", [] { OneCore([] { TPipe pipe; TBuf<> buf; pipe.InitBuffer(buf, 200000); }); }},
        {"ub_rounding_counts",  // 2 x 98300 bytes round to 2 x 98304 = 192 KiB, so one more byte does not fit
         [] {
             OneCore([] {
                 TPipe pipe;
                 TQue<TPosition::VECIN, 2> que;
                 TBuf<> buf;
                 pipe.InitBuffer(que, 2, 98300);
                 pipe.InitBuffer(buf, 1);
             });
         }},
        {"too_many_buffers",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TQue<TPosition::VECIN, 2> q[5];
                 for (auto& que : q) pipe.InitBuffer(que, 2, 1024);
             });
         }},
        {"deque_empty",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TQue<TPosition::VECIN, 1> que;
                 pipe.InitBuffer(que, 1, 1024);
                 auto t = que.DeQue<float>();
                 (void)t;
             });
         }},
        {"alloc_beyond_buffers",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TQue<TPosition::VECIN, 1> que;
                 pipe.InitBuffer(que, 1, 1024);
                 auto a = que.AllocTensor<float>();
                 auto b = que.AllocTensor<float>();
                 que.FreeTensor(a);
                 que.FreeTensor(b);
             });
         }},
        {"enque_beyond_depth",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TQue<TPosition::VECOUT, 1> que;
                 pipe.InitBuffer(que, 2, 1024);
                 auto a = que.AllocTensor<float>();
                 auto b = que.AllocTensor<float>();
                 que.EnQue(a);
                 que.EnQue(b);
             });
         }},
        {"never_freed",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TQue<TPosition::VECIN, 1> que;
                 pipe.InitBuffer(que, 1, 1024);
                 auto a = que.AllocTensor<float>();
                 (void)a;
             });
         }},
        {"double_free",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TQue<TPosition::VECIN, 1> que;
                 pipe.InitBuffer(que, 1, 1024);
                 auto a = que.AllocTensor<float>();
                 auto copy = a;
                 que.FreeTensor(a);
                 que.FreeTensor(copy);
             });
         }},
        {"free_while_queued",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TQue<TPosition::VECIN, 1> que;
                 pipe.InitBuffer(que, 1, 1024);
                 auto a = que.AllocTensor<float>();
                 que.EnQue(a);
                 que.FreeTensor(a);
             });
         }},
        {"use_after_free",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TQue<TPosition::VECIN, 1> que;
                 pipe.InitBuffer(que, 1, 1024);
                 auto a = que.AllocTensor<float>();
                 auto stale = a;
                 que.FreeTensor(a);
                 stale.SetValue(0, 1.0f);
             });
         }},
        {"use_while_enqueued",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TQue<TPosition::VECIN, 1> que;
                 pipe.InitBuffer(que, 1, 1024);
                 auto a = que.AllocTensor<float>();
                 que.EnQue(a);
                 Adds(a, a, 1.0f, 64);
             });
         }},
        {"datacopy_not_32_bytes",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TBuf<> buf;
                 pipe.InitBuffer(buf, 1024);
                 DataCopy(buf.Get<float>(), FloatGm(64), 7);
             });
         }},
        {"gm_out_of_bounds_copy",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TBuf<> buf;
                 pipe.InitBuffer(buf, 1024);
                 DataCopy(buf.Get<float>(), FloatGm(16), 32);
             });
         }},
        {"gm_out_of_bounds_scalar", [] { OneCore([] { FloatGm(16).SetValue(16, 1.0f); }); }},
        {"gm_not_from_gmalloc",
         [] {
             OneCore([] {
                 static float host[64];
                 GlobalTensor<float> gm;
                 gm.SetGlobalBuffer(host, 64);
             });
         }},
        {"ub_out_of_bounds",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TBuf<> a, b;
                 pipe.InitBuffer(a, 256);
                 pipe.InitBuffer(b, 1024);
                 Add(a.Get<float>(), b.Get<float>(), b.Get<float>(), 128);
             });
         }},
        {"ub_misaligned",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TBuf<> a;
                 pipe.InitBuffer(a, 1024);
                 auto t = a.Get<float>();
                 Adds(t[3], t[3], 1.0f, 64);
             });
         }},
        {"partial_overlap",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TBuf<> a;
                 pipe.InitBuffer(a, 1024);
                 auto t = a.Get<float>();
                 Add(t[8], t, t, 64);
             });
         }},
        {"compare_256_bytes",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TBuf<> a, m;
                 pipe.InitBuffer(a, 1024);
                 pipe.InitBuffer(m, 256);
                 CompareScalar(m.Get<uint8_t>(), a.Get<float>(), 0.0f, CMPMODE::LT, 100);
             });
         }},
        {"shift_out_of_range",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TBuf<> a;
                 pipe.InitBuffer(a, 1024);
                 auto t = a.Get<int16_t>();
                 ShiftLeft(t, t, static_cast<int16_t>(16), 64);
             });
         }},
        {"tbuf_get_too_large",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TBuf<> a;
                 pipe.InitBuffer(a, 1024);
                 auto t = a.Get<float>(257);
                 (void)t;
             });
         }},
        {"second_tpipe", [] { OneCore([] { TPipe first; TPipe second; }); }},
        {"waitflag_without_setflag", [] { OneCore([] { WaitFlag<HardEvent::MTE2_V>(EVENT_ID0); }); }},
        {"syncall_without_mix_kernel_type", [] { OneCore([] { SyncAll(); }); }},
        {"syncall_core_returns_early_threads",
         [] {
             cpu_model::Launch(4, cpu_model::LaunchMode::Threads, [] {
                 KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
                 if (GetBlockIdx() != 2) SyncAll();
             });
         }},
        {"syncall_core_returns_early_sequential",
         [] {
             cpu_model::Launch(4, cpu_model::LaunchMode::Sequential, [] {
                 KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
                 if (GetBlockIdx() != 2) SyncAll();
             });
         }},
        {"syncall_more_cores_than_device",
         [] {
             cpu_model::Launch(50, cpu_model::LaunchMode::Threads, [] {
                 KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
                 SyncAll();
             });
         }},
        {"gm_race_read_after_write",  // core 0 writes a block that core 1 reads before any SyncAll
         [] {
             uint8_t* gm = cpu_model::GmAlloc(256);
             cpu_model::Launch(2, cpu_model::LaunchMode::Sequential, [gm] {
                 TPipe pipe;
                 TBuf<> buf;
                 pipe.InitBuffer(buf, 256);
                 GlobalTensor<float> g;
                 g.SetGlobalBuffer(reinterpret_cast<float*>(gm), 64);
                 if (GetBlockIdx() == 0) DataCopy(g, buf.Get<float>(), 64);
                 else DataCopy(buf.Get<float>(), g[8], 8);
             });
         }},
        {"gm_race_write_after_read",  // reversed order: the later writer is caught too
         [] {
             uint8_t* gm = cpu_model::GmAlloc(256);
             cpu_model::LaunchOptions options;
             options.mode = cpu_model::LaunchMode::Sequential;
             options.order = cpu_model::CoreOrder::Descending;
             cpu_model::Launch(2, options, [gm] {
                 TPipe pipe;
                 TBuf<> buf;
                 pipe.InitBuffer(buf, 256);
                 GlobalTensor<float> g;
                 g.SetGlobalBuffer(reinterpret_cast<float*>(gm), 64);
                 if (GetBlockIdx() == 0) DataCopy(g, buf.Get<float>(), 64);
                 else DataCopy(buf.Get<float>(), g[8], 8);
             });
         }},
        {"scalar_writes_share_a_cache_line",
         [] {
             uint8_t* gm = cpu_model::GmAlloc(256);
             cpu_model::Launch(2, cpu_model::LaunchMode::Sequential, [gm] {
                 GlobalTensor<int32_t> g;
                 g.SetGlobalBuffer(reinterpret_cast<int32_t*>(gm), 64);
                 g.SetValue(GetBlockIdx(), 1);
             });
         }},
        {"pipe_sync_vector_reads_unsynced_copy",
         [] {
             auto gm = FloatGm(64);
             OneCoreSyncChecked([gm] {
                 TPipe pipe;
                 TBuf<> buf;
                 pipe.InitBuffer(buf, 256);
                 DataCopy(buf.Get<float>(), gm, 64);
                 Adds(buf.Get<float>(), buf.Get<float>(), 1.0f, 64);
             });
         }},
        {"pipe_sync_scalar_reads_vector_result",
         [] {
             OneCoreSyncChecked([] {
                 TPipe pipe;
                 TBuf<> buf;
                 pipe.InitBuffer(buf, 256);
                 Duplicate(buf.Get<float>(), 2.0f, 64);
                 (void)buf.Get<float>().GetValue(0);
             });
         }},
        {"pipe_sync_copy_out_unsynced",
         [] {
             auto gm = FloatGm(64);
             OneCoreSyncChecked([gm] {
                 TPipe pipe;
                 TBuf<> buf;
                 pipe.InitBuffer(buf, 256);
                 Duplicate(buf.Get<float>(), 2.0f, 64);
                 DataCopy(gm, buf.Get<float>(), 64);
             });
         }},
        {"tiling_buffer_too_small",
         [] {
             struct Tiling {
                 uint64_t a;
                 uint64_t b;
             };
             uint8_t* tiling = cpu_model::GmAlloc(8);
             OneCore([tiling] {
                 GET_TILING_DATA_WITH_STRUCT(Tiling, data, tiling);
                 (void)data;
             });
         }},
        {"select_scalar_needs_scalar_mode",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TBuf<> a, m;
                 pipe.InitBuffer(a, 1024);
                 pipe.InitBuffer(m, 256);
                 Select(a.Get<float>(), m.Get<uint8_t>(), a.Get<float>(), 1.0f, SELMODE::VSEL_TENSOR_TENSOR_MODE, 64);
             });
         }},
        {"reduce_dst_misaligned",  // the destination of ReduceMin needs 8-byte alignment for float
         [] {
             OneCore([] {
                 TPipe pipe;
                 TBuf<> src, tmp, dst;
                 pipe.InitBuffer(src, 256);
                 pipe.InitBuffer(tmp, 256);
                 pipe.InitBuffer(dst, 64);
                 auto out = dst.Get<float>();
                 ReduceMin(out[2], src.Get<float>(), tmp.Get<float>(), 64, true);  // 8-byte aligned: fine
                 ReduceMin(out[1], src.Get<float>(), tmp.Get<float>(), 64, true);  // 4 bytes: rejected
             });
         }},
        {"free_tensor_of_other_queue",
         [] {
             OneCore([] {
                 TPipe pipe;
                 TQue<TPosition::VECIN, 1> in;
                 TQue<TPosition::VECOUT, 1> out;
                 pipe.InitBuffer(in, 1, 1024);
                 pipe.InitBuffer(out, 1, 1024);
                 auto a = in.AllocTensor<float>();
                 out.FreeTensor(a);
             });
         }},
    };
    return cases;
}

}  // namespace

int main(int argc, char** argv)
{
    if (argc == 2 && std::string(argv[1]) == "--list") {
        for (const auto& entry : Cases()) std::printf("%s\n", entry.first.c_str());
        return 0;
    }
    if (argc != 2 || Cases().count(argv[1]) == 0) {
        std::fprintf(stderr, "usage: constraint_cases <case>|--list\n");
        return 2;
    }
    return cpu_model::Guarded(Cases().at(argv[1]));
}
