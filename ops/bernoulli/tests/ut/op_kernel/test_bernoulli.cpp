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
 * \file test_bernoulli.cpp
 * \brief Bernoulli op_kernel UT (CPU-debug, tikicpulib): kModeRandomAliased on FLOAT with the mask written by
 *        bernoulli_data/gen_data.py into the start of the output storage, 48 cores, compared by compare_data.py.
 */
#include <array>
#include <cstdint>
#include <cstdlib>
#include <iostream>
#include <string>
#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "../../../op_kernel/bernoulli_tiling_data.h"
#include "../../../op_host/bernoulli_tiling_core.h"
#include "data_utils.h"

using namespace std;

extern "C" __global__ __aicore__ void bernoulli_expand(GM_ADDR x, GM_ADDR mask, GM_ADDR y, GM_ADDR workspace,
                                                        GM_ADDR tiling);

class BernoulliKernelTest : public testing::Test {
protected:
    static void SetUpTestCase() { cout << "BernoulliKernelTest SetUp" << endl; }
    static void TearDownTestCase() { cout << "BernoulliKernelTest TearDown" << endl; }
};

TEST_F(BernoulliKernelTest, test_case_random_aliased_float)
{
    const int64_t n = 300001;
    system("cd ./bernoulli_data/ && python3 gen_data.py 300001 float32");
    BernoulliTiling::Shape shape{1, {n}};
    BernoulliTiling::TilingResult result{};
    ASSERT_EQ(BernoulliTiling::ComputeTiling(shape, BernoulliNs::kDtypeFloat, BernoulliNs::kModeRandomAliased,
                                             BernoulliTiling::Platform{48, 196608}, result),
              BernoulliTiling::Status::kOk);

    const size_t bytes = n * sizeof(float);
    uint8_t* storage = (uint8_t*)AscendC::GmAlloc(bytes);
    uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(result.workspaceBytes);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(BernoulliNs::BernoulliTilingData));
    size_t maskBytes = BernoulliNs::DsaMaskBytes(n);
    ReadFile("./bernoulli_data/mask.bin", maskBytes, storage, maskBytes);
    *reinterpret_cast<BernoulliNs::BernoulliTilingData*>(tiling) = result.data;

    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(bernoulli_expand, result.blockDim, storage, storage, storage, workspace, tiling);

    WriteFile("./bernoulli_data/output.bin", storage, bytes);
    AscendC::GmFree(storage);
    AscendC::GmFree(workspace);
    AscendC::GmFree(tiling);
    EXPECT_EQ(system("cd ./bernoulli_data/ && python3 compare_data.py float32"), 0);
}
