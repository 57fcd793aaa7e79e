/* Test fixture written for op-migrate in the idiom of an ops-cv common header (not CANN code). */
#ifndef HANDCHECK_ARCH_CHECK_H
#define HANDCHECK_ARCH_CHECK_H
#include "opdev/platform.h"

namespace op {
// The register-based cores of this repository (the real header keeps them in a std::set; see aclnnGridSampler2D).
static inline bool OnRegisterCores()
{
    auto arch = GetCurrentPlatformInfo().GetCurNpuArch();
    return arch == NpuArch::DAV_3510;
}
} // namespace op
#endif
