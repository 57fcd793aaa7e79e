/* Test fixture written for op-migrate in the idiom of an ops-cv common header (not CANN code). */
#ifndef HANDCHECK_ARCH_CHECK_H
#define HANDCHECK_ARCH_CHECK_H
#include <set>
#include "opdev/platform.h"

namespace op {
// The register-based cores of this repository: a set of arches, not the framework's predicate.
static inline bool OnRegisterCores()
{
    const static std::set<NpuArch> registerArches = {NpuArch::DAV_3510};
    auto arch = GetCurrentPlatformInfo().GetCurNpuArch();
    return registerArches.find(arch) != registerArches.end();
}
} // namespace op
#endif
