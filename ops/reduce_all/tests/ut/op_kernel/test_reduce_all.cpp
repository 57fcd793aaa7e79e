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
 * \file test_reduce_all.cpp
 * \brief ReduceAll kernel UT in CPU-debug mode (tikicpulib): tiling from the portable core, golden from numpy
 */
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "data_utils.h"
#include "../../../op_host/reduce_all_tiling_core.h"
#include "../../../op_kernel/reduce_all.cpp"

using namespace std;

class ReduceAllKernelTest : public testing::Test {
protected:
    static void SetUpTestCase() { cout << "ReduceAllKernelTest SetUp" << endl; }
    static void TearDownTestCase() { cout << "ReduceAllKernelTest TearDown" << endl; }
};

namespace {
constexpr int64_t CORE_NUM = 40;
constexpr int64_t UB_SIZE = 196608;

void RunCase(const vector<int64_t>& shape, const vector<int64_t>& axes, bool keepDim, const string& shapeArg,
             const string& axesArg)
{
    const string dataDir = "../../../../experimental/math/reduce_all/tests/ut/op_kernel/reduce_all_data/";
    string cmd = "cp -r " + dataDir + " ./ && cd reduce_all_data && python3 gen_data.py '" + shapeArg + "' '" +
                 axesArg + "' " + (keepDim ? "1" : "0");
    ASSERT_EQ(system(cmd.c_str()), 0);

    auto result = ReduceAllTiling::ComputeTiling(shape.data(), static_cast<int32_t>(shape.size()), axes.data(),
                                                 static_cast<int32_t>(axes.size()), CORE_NUM, UB_SIZE);
    ASSERT_EQ(result.status, ReduceAllTiling::Status::OK);
    int64_t inputNum = 1;
    for (int64_t d : shape) {
        inputNum *= d;
    }
    const int64_t outputNum = result.data.totalOutputElements;

    uint8_t* x = (uint8_t*)AscendC::GmAlloc(inputNum > 0 ? inputNum : 32);
    uint8_t* axesGm = (uint8_t*)AscendC::GmAlloc(axes.size() * sizeof(int64_t) + 32);
    uint8_t* y = (uint8_t*)AscendC::GmAlloc(outputNum > 0 ? outputNum : 32);
    // The tiling requests the split mode's partials only, at the start of the workspace (no system part).
    uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(result.userWorkspaceBytes > 0 ? result.userWorkspaceBytes : 32);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(ReduceAllTilingData));
    ReadFile("./reduce_all_data/input_x.bin", inputNum, x, inputNum);
    *reinterpret_cast<ReduceAllTilingData*>(tiling) = result.data;

    ICPU_SET_TILING_KEY(result.tilingKey);
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(reduce_all, result.blockDim, x, axesGm, y, workspace, tiling);
    WriteFile("./reduce_all_data/output_y.bin", y, outputNum);

    AscendC::GmFree((void*)x);
    AscendC::GmFree((void*)axesGm);
    AscendC::GmFree((void*)y);
    AscendC::GmFree((void*)workspace);
    AscendC::GmFree((void*)tiling);
    EXPECT_EQ(system("cd reduce_all_data && python3 compare_data.py"), 0);
}
} // namespace

TEST_F(ReduceAllKernelTest, test_case_reduce_last_axis) { RunCase({64, 1024}, {1}, false, "64,1024", "1"); }

TEST_F(ReduceAllKernelTest, test_case_non_adjacent_axes_keepdim)
{
    RunCase({6, 7, 8, 9}, {0, 2}, true, "6,7,8,9", "0,2");
}

TEST_F(ReduceAllKernelTest, test_case_reduction_larger_than_a_tile) { RunCase({2, 70000}, {1}, false, "2,70000", "1"); }
