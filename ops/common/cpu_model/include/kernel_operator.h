// CPU model of the Ascend C kernel_operator.h (asc-devkit 9.1.0 declarations, Atlas A2 rules), for tests with g++.
// It is a test instrument: kernels keep `#include "kernel_operator.h"` and the test include path resolves it here.
#ifndef CPU_MODEL_KERNEL_OPERATOR_H
#define CPU_MODEL_KERNEL_OPERATOR_H

#include "cpu_model/config.h"
#include "cpu_model/data_types.h"
#include "cpu_model/float16.h"
#include "cpu_model/core.h"
#include "cpu_model/tensor.h"
#include "cpu_model/pipe.h"
#include "cpu_model/data_copy.h"
#include "cpu_model/vec_arith.h"
#include "cpu_model/vec_math.h"
#include "cpu_model/vec_cast.h"
#include "cpu_model/vec_cmpsel.h"
#include "cpu_model/vec_reduce.h"
#include "cpu_model/vec_repeat.h"
#include "cpu_model/adv_math.h"
#include "cpu_model/launch.h"
#include "cpu_model/tiling.h"

#endif  // CPU_MODEL_KERNEL_OPERATOR_H
