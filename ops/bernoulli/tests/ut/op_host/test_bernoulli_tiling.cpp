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
 * \file test_bernoulli_tiling.cpp
 * \brief Bernoulli tiling UT (ops-math op_host style): blockDim, the 40-byte tiling blob as int64 words
 *        (totalElements blockElements stageElements tileElements mode), tilingKey 0 and the 512-byte workspace.
 *        The expected numbers are checked against the portable core by tests/portable/test_bernoulli_ut_files.py.
 */
#include <gtest/gtest.h>
#include <string>
#include <vector>
#include "../../../op_host/bernoulli_tiling.cpp"
#include "tiling_context_faker.h"
#include "tiling_case_executor.h"

using namespace std;
using namespace ge;

class BernoulliTilingTest : public testing::Test {
protected:
    static void SetUpTestCase() { cout << "BernoulliTilingTest SetUp" << endl; }
    static void TearDownTestCase() { cout << "BernoulliTilingTest TearDown" << endl; }
};

static optiling::BernoulliCompileInfo g_compileInfo = {48, 196608};

struct BernoulliTilingCase {
    const char* name;
    gert::StorageShape shape;
    ge::DataType dtype;
    int64_t mode;
    uint32_t blockDim;
    const char* tilingData;
};

// name, shape, dtype, mode (0 kModeRandomAliased, 1 kModeZero, 2 kModeOne), blockDim, tiling words
static const std::vector<BernoulliTilingCase> CASES = {
    {"random_fp16_4096x1024", {{4096, 1024}, {4096, 1024}}, ge::DT_FLOAT16, 0, 48, "4194304 87552 87552 32768 0 "},
    {"random_fp32_37_one_core", {{37}, {37}}, ge::DT_FLOAT, 0, 1, "37 256 256 256 0 "},
    {"random_fp32_131073_spreads", {{131073}, {131073}}, ge::DT_FLOAT, 0, 47, "131073 2816 2816 2816 0 "},
    {"one_double_1024x1024", {{1024, 1024}, {1024, 1024}}, ge::DT_DOUBLE, 2, 48, "1048576 22016 22016 9216 2 "},
    {"zero_int16_100000", {{100000}, {100000}}, ge::DT_INT16, 1, 44, "100000 2304 2304 2304 1 "},
};

static gert::TilingContextPara MakePara(const BernoulliTilingCase& c)
{
    return gert::TilingContextPara(
        "BernoulliExpand", {{c.shape, c.dtype, ge::FORMAT_ND}, {{{16}, {16}}, ge::DT_UINT8, ge::FORMAT_ND}},
        {{c.shape, c.dtype, ge::FORMAT_ND}},
        {gert::TilingContextPara::OpAttr("mode", Ops::Math::AnyValue::CreateFrom<int64_t>(c.mode))}, &g_compileInfo,
        48, 196608);
}

TEST_F(BernoulliTilingTest, test_case_table)
{
    for (const BernoulliTilingCase& c : CASES) {
        SCOPED_TRACE(c.name);
        ExecuteTestCase(MakePara(c), ge::GRAPH_SUCCESS, 0, c.tilingData, {512});
        TilingInfo info;
        ASSERT_TRUE(ExecuteTiling(MakePara(c), info));
        EXPECT_EQ(info.blockNum, c.blockDim);
    }
}

TEST_F(BernoulliTilingTest, test_case_bad_mode_fails)
{
    BernoulliTilingCase bad = {"bad_mode", {{8}, {8}}, ge::DT_FLOAT, 3, 0, ""};
    ExecuteTestCase(MakePara(bad), ge::GRAPH_FAILED);
}

TEST_F(BernoulliTilingTest, test_case_negative_dim_fails)
{
    BernoulliTilingCase bad = {"negative_dim", {{4, -1}, {4, -1}}, ge::DT_FLOAT, 0, 0, ""};
    ExecuteTestCase(MakePara(bad), ge::GRAPH_FAILED);
}
