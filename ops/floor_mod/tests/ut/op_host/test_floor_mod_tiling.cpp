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
 * \file test_floor_mod_tiling.cpp
 * \brief FloorMod tiling UT (ops-math op_host style): modes, core split and zero workspace.
 */
#include <gtest/gtest.h>
#include "../../../op_host/floor_mod_tiling.cpp"
#include "tiling_context_faker.h"
#include "tiling_case_executor.h"

using namespace std;
using namespace ge;

class FloorModTilingTest : public testing::Test {
protected:
    static void SetUpTestCase() { cout << "FloorModTilingTest SetUp" << endl; }
    static void TearDownTestCase() { cout << "FloorModTilingTest TearDown" << endl; }
};

static optiling::FloorModCompileInfo g_compileInfo = {40, 196608};

TEST_F(FloorModTilingTest, test_case_contiguous_fp16)
{
    gert::TilingContextPara para("FloorMod",
                                 {{{{4, 1024}, {4, 1024}}, ge::DT_FLOAT16, ge::FORMAT_ND},
                                  {{{4, 1024}, {4, 1024}}, ge::DT_FLOAT16, ge::FORMAT_ND}},
                                 {{{{4, 1024}, {4, 1024}}, ge::DT_FLOAT16, ge::FORMAT_ND}}, &g_compileInfo, 40, 196608);
    TilingInfo info;
    ASSERT_TRUE(ExecuteTiling(para, info));
    EXPECT_EQ(info.blockNum, 4U);
    EXPECT_EQ(info.workspaceSizes[0], 0U);
}

TEST_F(FloorModTilingTest, test_case_broadcast_block_resident_fp32)
{
    gert::TilingContextPara para("FloorMod",
                                 {{{{1024, 1, 64}, {1024, 1, 64}}, ge::DT_FLOAT, ge::FORMAT_ND},
                                  {{{1, 4096, 64}, {1, 4096, 64}}, ge::DT_FLOAT, ge::FORMAT_ND}},
                                 {{{{1024, 4096, 64}, {1024, 4096, 64}}, ge::DT_FLOAT, ge::FORMAT_ND}}, &g_compileInfo, 40,
                                 196608);
    TilingInfo info;
    ASSERT_TRUE(ExecuteTiling(para, info));
    EXPECT_EQ(info.blockNum, 40U);
    EXPECT_EQ(info.workspaceSizes[0], 0U);
}

TEST_F(FloorModTilingTest, test_case_not_broadcastable_fails)
{
    gert::TilingContextPara para("FloorMod",
                                 {{{{3, 4}, {3, 4}}, ge::DT_INT32, ge::FORMAT_ND},
                                  {{{5, 4}, {5, 4}}, ge::DT_INT32, ge::FORMAT_ND}},
                                 {{{{3, 4}, {3, 4}}, ge::DT_INT32, ge::FORMAT_ND}}, &g_compileInfo, 40, 196608);
    ExecuteTestCase(para, ge::GRAPH_FAILED);
}
