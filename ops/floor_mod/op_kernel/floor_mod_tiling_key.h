/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

/*!
 * \file floor_mod_tiling_key.h
 * \brief FloorMod tiling key: the dtype only, an ASCENDC_TPL_DTYPE parameter with one selection per OpDef dtype
 *        (op_host/floor_mod_def.cpp FLOOR_MOD_DTYPES; tests/portable/test_floor_mod_tiling.py holds the two and the
 *        host's dtype mapping to each other), as ops-math's templated kernels declare it. The broadcast mode and the per-tile
 *        choice of the cheap or the exact remainder travel in the tiling data and the tile, so neither adds a binary.
 */
#ifndef OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_TILING_KEY_H_
#define OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_TILING_KEY_H_

#include "ascendc/host_api/tiling/template_argument.h"

// The values are FloorModTiling::DType's (op_host/floor_mod_tiling_core.h), which the host passes as the key.
#define FLOOR_MOD_TPL_FP16 0
#define FLOOR_MOD_TPL_BF16 1
#define FLOOR_MOD_TPL_FP32 2
#define FLOOR_MOD_TPL_INT32 3
#define FLOOR_MOD_TPL_INT64 4
#define FLOOR_MOD_TPL_DOUBLE 5

ASCENDC_TPL_ARGS_DECL(FloorMod, ASCENDC_TPL_DTYPE_DECL(D_T, FLOOR_MOD_TPL_BF16, FLOOR_MOD_TPL_FP16, FLOOR_MOD_TPL_FP32,
                                                       FLOOR_MOD_TPL_INT32, FLOOR_MOD_TPL_INT64, FLOOR_MOD_TPL_DOUBLE));

ASCENDC_TPL_SEL(ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DTYPE_SEL(D_T, FLOOR_MOD_TPL_BF16)),
                ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DTYPE_SEL(D_T, FLOOR_MOD_TPL_FP16)),
                ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DTYPE_SEL(D_T, FLOOR_MOD_TPL_FP32)),
                ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DTYPE_SEL(D_T, FLOOR_MOD_TPL_INT32)),
                ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DTYPE_SEL(D_T, FLOOR_MOD_TPL_INT64)),
                ASCENDC_TPL_ARGS_SEL(ASCENDC_TPL_DTYPE_SEL(D_T, FLOOR_MOD_TPL_DOUBLE)));

#endif // OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_TILING_KEY_H_
