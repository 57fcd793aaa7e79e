// CPU model stand-in for kernel_tiling/kernel_tiling.h: the generated tiling structs do not exist here, kernels
// use their own POD tiling headers, so nothing needs declaring.
#ifndef CPU_MODEL_KERNEL_TILING_H
#define CPU_MODEL_KERNEL_TILING_H

#include "kernel_operator.h"

#endif  // CPU_MODEL_KERNEL_TILING_H
