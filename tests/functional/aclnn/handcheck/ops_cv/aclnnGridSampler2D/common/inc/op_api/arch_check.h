/* Test fixture written for op-migrate in the idiom of an ops-cv common header (not CANN code). */
#ifndef HANDCHECK_ARCH_CHECK_H
#define HANDCHECK_ARCH_CHECK_H
#include <set>
#include "opdev/platform.h"

namespace op {
// The register-based cores of this repository, asked with or without the arch at hand.
static inline bool OnRegisterCores()
{
    const static std::set<NpuArch> registerArches = {NpuArch::DAV_3510};
    auto arch = GetCurrentPlatformInfo().GetCurNpuArch();
    return registerArches.find(arch) != registerArches.end();
}

static inline bool OnRegisterCores(NpuArch arch)
{
    const static std::set<NpuArch> registerArches = {NpuArch::DAV_3510};
    return registerArches.find(arch) != registerArches.end();
}
} // namespace op
#endif
