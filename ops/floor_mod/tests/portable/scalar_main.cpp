/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Test driver for floor_mod_scalar.h: reads (x, y) pairs from stdin, writes remainders to stdout.
// argv[1] selects the type: f64 (bit patterns), i64, i32, i16.
#include <cstdio>
#include <cstring>
#include <vector>

#include "floor_mod_scalar.h"

template <typename T, typename F>
static int Run(F compute)
{
    std::vector<T> pair(2);
    while (std::fread(pair.data(), sizeof(T), 2, stdin) == 2) {
        T result = compute(pair[0], pair[1]);
        std::fwrite(&result, sizeof(T), 1, stdout);
    }
    return 0;
}

int main(int argc, char** argv)
{
    if (argc != 2) {
        return 2;
    }
    if (std::strcmp(argv[1], "f64") == 0) {
        return Run<uint64_t>(FloorModScalar::RemainderBits);
    }
    if (std::strcmp(argv[1], "i64") == 0) {
        return Run<int64_t>(FloorModScalar::RemainderInt<int64_t>);
    }
    if (std::strcmp(argv[1], "i32") == 0) {
        return Run<int32_t>(FloorModScalar::RemainderInt<int32_t>);
    }
    if (std::strcmp(argv[1], "i16") == 0) {
        return Run<int16_t>(FloorModScalar::RemainderInt<int16_t>);
    }
    return 2;
}
