// Self-test of the launcher: SyncAll is a real barrier across threads; sequential mode runs cores in phases.
#include <string>

#include "kernel_operator.h"

using namespace AscendC;

namespace {

// Every core publishes its index, waits at SyncAll, then sums what all cores published.
void BarrierKernel(GM_ADDR slots, GM_ADDR sums)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
    GlobalTensor<int32_t> published, result;
    published.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(slots), GetBlockNum());
    result.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(sums), GetBlockNum());
    for (int round = 0; round < 3; ++round) {
        published.SetValue(GetBlockIdx(), static_cast<int32_t>(GetBlockIdx() + 1 + round));
        SyncAll();
        int32_t total = 0;
        for (int64_t i = 0; i < GetBlockNum(); ++i) total += published.GetValue(i);
        result.SetValue(GetBlockIdx(), result.GetValue(GetBlockIdx()) + total);
        SyncAll();
    }
}

// Appends (phase, core) to a GM log; only safe because sequential mode runs one core at a time.
void OrderKernel(GM_ADDR log)
{
    KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
    GlobalTensor<int32_t> entries;
    entries.SetGlobalBuffer(reinterpret_cast<__gm__ int32_t*>(log), 1 + 2 * 2 * GetBlockNum());
    for (int phase = 0; phase < 2; ++phase) {
        const int32_t used = entries.GetValue(0);
        entries.SetValue(1 + used, phase);
        entries.SetValue(2 + used, static_cast<int32_t>(GetBlockIdx()));
        entries.SetValue(0, used + 2);
        SyncAll();
    }
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
        if (test == "workspace") {
            uint8_t* ws = cpu_model::GmAlloc(64);
            std::printf("%s", AscendC::GetUserWorkspace(ws) == ws ? "same" : "moved");
        } else if (test == "barrier") {
            uint8_t* slots = cpu_model::GmAlloc(cores * 4);
            uint8_t* sums = cpu_model::GmAlloc(cores * 4);
            cpu_model::Launch(cores, mode, BarrierKernel, slots, sums);
            for (uint32_t i = 0; i < cores; ++i) std::printf("%d ", reinterpret_cast<int32_t*>(sums)[i]);
        } else {
            uint8_t* log = cpu_model::GmAlloc((1 + 4 * cores) * 4);
            cpu_model::Launch(cores, mode, OrderKernel, log);
            const auto* entries = reinterpret_cast<int32_t*>(log);
            for (int32_t i = 0; i < entries[0]; i += 2) std::printf("%d:%d ", entries[1 + i], entries[2 + i]);
        }
        std::printf("\n");
    });
}
