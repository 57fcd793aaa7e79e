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
 * \file op_tiling_data.h
 * \brief Header-check shim for what ops-math's kernel build generates and force-includes (-include) in every kernel
 *        TU: <op>_tiling_data.h from tests/ut/op_kernel/scripts/gen_tiling_head_file.py, whose body comes from the
 *        toolkit's tbe/tikcpp/get_op_tiling.py (gen_dynamic_shape_v2 / get_tiling_copy_func_and_micro). In the
 *        CPU-debug branch it includes the same two headers and defines InitTilingData plus the GET_TILING_DATA
 *        family, which copy the POD tiling struct from GM byte by byte. Nothing of the Ascend C API is shimmed.
 */
#ifndef OP_MIGRATE_HEADER_CHECK_OP_TILING_DATA_H
#define OP_MIGRATE_HEADER_CHECK_OP_TILING_DATA_H

#include <cstdint>

#include "kernel_tiling/kernel_tiling.h"
#ifdef ASCENDC_CPU_DEBUG
#include "kernel_log.h"
#else
#define __aicore__ [aicore]
#endif

template <class T>
inline __aicore__ void InitTilingData(const __gm__ uint8_t* tilingArg, T* tilingData)
{
    const __gm__ uint8_t* src = tilingArg;
    uint8_t* dst = reinterpret_cast<uint8_t*>(tilingData);
    for (uint64_t i = 0; i < sizeof(T); ++i) {
        dst[i] = src[i];
    }
}

#define GET_TILING_DATA(tiling_data, tiling_arg) \
    static_assert(false, "GET_TILING_DATA needs the struct the build registers; use GET_TILING_DATA_WITH_STRUCT")
#define GET_TILING_DATA_WITH_STRUCT(tiling_struct, tiling_data, tiling_arg) \
    tiling_struct tiling_data;                                            \
    InitTilingData<tiling_struct>(tiling_arg, &tiling_data)
#define GET_TILING_DATA_MEMBER(tiling_type, member, var, tiling)                              \
    decltype(((tiling_type*)0)->member) var;                                                  \
    size_t offset##var = (size_t)(&((tiling_type*)0)->member);                                \
    InitTilingData<decltype(((tiling_type*)0)->member)>(tiling + offset##var, &var)

#endif  // OP_MIGRATE_HEADER_CHECK_OP_TILING_DATA_H
