// Runs the mutation fixture kernel (mutation_kernel/op_kernel/mutation_kernel.h): `mutation_driver <mode> <cores>`.
#include <cstdlib>

#include "cpu_model/driver.h"
#include "mutation_kernel.h"

int main(int argc, char** argv)
{
    if (argc != 3) return 2;
    const int32_t mode = std::atoi(argv[1]);
    const auto cores = static_cast<uint32_t>(std::atoi(argv[2]));
    return cpu_model::Guarded([&] {
        uint8_t* x = cpu_model::GmAlloc(MutationFixture::N * sizeof(float));
        uint8_t* y = cpu_model::GmAlloc(cores * MutationFixture::N * sizeof(float));
        uint8_t* part = cpu_model::GmAlloc(MutationFixture::N * sizeof(float));
        cpu_model::LaunchOptions options;
        options.mode = cpu_model::LaunchMode::Sequential;
        cpu_model::Launch(cores, options, [&] {
            KERNEL_TASK_TYPE_DEFAULT(KERNEL_TYPE_MIX_AIV_1_0);
            MutationFixture::Run(x, y, part, mode);
        });
        std::printf("ok\n");
    });
}
