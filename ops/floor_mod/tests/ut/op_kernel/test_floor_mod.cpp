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
 * \file test_floor_mod.cpp
 * \brief FloorMod kernel UT in ops-math's CPU-debug style (needs CANN's tikicpulib); the same kernel also runs
 *        in op-migrate's portable tests on the CPU model without CANN.
 */
#include <cstdint>
#include <iostream>
#include <string>
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "data_utils.h"
#include "../../../op_kernel/floor_mod.cpp"
#include "../../../op_host/floor_mod_tiling_core.h"

using namespace std;

class FloorModKernelTest : public testing::Test {
protected:
    static void SetUpTestCase() { cout << "FloorModKernelTest SetUp" << endl; }
    static void TearDownTestCase() { cout << "FloorModKernelTest TearDown" << endl; }
};

TEST_F(FloorModKernelTest, test_case_broadcast_fp32)
{
    const string dir = "./floor_mod_data/";
    system(("cd " + dir + " && python3 gen_data.py '4,1,64' '1,8,64' 'float32'").c_str());
    FloorModTiling::Shape x1{3, {4, 1, 64}};
    FloorModTiling::Shape x2{3, {1, 8, 64}};
    FloorModTiling::Shape y{3, {4, 8, 64}};
    FloorModNs::FloorModTilingData td{};
    ASSERT_EQ(FloorModTiling::ComputeTiling(x1, x2, y, FloorModTiling::DType::FLOAT32, {40, 196608}, td),
              FloorModTiling::Status::OK);
    size_t x1Bytes = 4 * 64 * sizeof(float);
    size_t x2Bytes = 8 * 64 * sizeof(float);
    size_t yBytes = 4 * 8 * 64 * sizeof(float);
    uint8_t* x1Gm = (uint8_t*)AscendC::GmAlloc(x1Bytes);
    uint8_t* x2Gm = (uint8_t*)AscendC::GmAlloc(x2Bytes);
    uint8_t* yGm = (uint8_t*)AscendC::GmAlloc(yBytes);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(td));
    ReadFile(dir + "float32_input_x1.bin", x1Bytes, x1Gm, x1Bytes);
    ReadFile(dir + "float32_input_x2.bin", x2Bytes, x2Gm, x2Bytes);
    memcpy(tiling, &td, sizeof(td));
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    auto func = floor_mod<FLOOR_MOD_TPL_FP32>;
    ICPU_RUN_KF(func, td.needCoreNum, x1Gm, x2Gm, yGm, nullptr, tiling);
    WriteFile(dir + "float32_output_y.bin", yGm, yBytes);
    AscendC::GmFree(x1Gm);
    AscendC::GmFree(x2Gm);
    AscendC::GmFree(yGm);
    AscendC::GmFree(tiling);
    EXPECT_EQ(system(("cd " + dir + " && python3 compare_data.py 'float32'").c_str()), 0);
}
