/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Shape arguments of the FloorMod test drivers: "d0,d1,..." or "-" for rank 0.
#ifndef FLOOR_MOD_TESTS_SHAPE_ARG_H_
#define FLOOR_MOD_TESTS_SHAPE_ARG_H_

#include <cstdlib>
#include <cstring>

#include "floor_mod_tiling_core.h"

inline FloorModTiling::Shape ParseShape(const char* text)
{
    FloorModTiling::Shape shape{0, {0}};
    if (std::strcmp(text, "-") == 0) {
        return shape;
    }
    const char* cursor = text;
    while (*cursor != '\0') {
        char* end = nullptr;
        int64_t dim = std::strtoll(cursor, &end, 10);
        if (shape.rank < FloorModNs::MAX_DIM) { // a longer shape keeps counting, so the tiling rejects its rank
            shape.dims[shape.rank] = dim;
        }
        ++shape.rank;
        cursor = (*end == ',') ? end + 1 : end;
    }
    return shape;
}

#endif // FLOOR_MOD_TESTS_SHAPE_ARG_H_
