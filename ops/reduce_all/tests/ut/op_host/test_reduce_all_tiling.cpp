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
 * \file test_reduce_all_tiling.cpp
 * \brief ReduceAll host tiling UT (expected values are those of the portable core, checked by tests/portable)
 */
#include <cstring>
#include <iostream>
#include <vector>

#include "gtest/gtest.h"
#include "../../../op_kernel/reduce_all_tiling_data.h"
#include "../../../op_kernel/reduce_all_tiling_key.h"
#include "tiling_case_executor.h"
#include "tiling_context_faker.h"

using namespace std;

namespace {
constexpr uint64_t DEFAULT_CORE_NUM = 64;
constexpr uint64_t DEFAULT_UB_SIZE = 262144;

struct ReduceAllCompileInfo {};
ReduceAllCompileInfo g_compileInfo{};

gert::TilingContextPara BuildTilingContext(const gert::StorageShape& xShape, const gert::StorageShape& axesShape,
                                           std::vector<int64_t>& axes, const gert::StorageShape& yShape, bool keepDims)
{
    gert::TilingContextPara::TensorDescription x(xShape, ge::DT_BOOL, ge::FORMAT_ND);
    gert::TilingContextPara::TensorDescription axesDesc(axesShape, ge::DT_INT64, ge::FORMAT_ND, true, axes.data());
    gert::TilingContextPara::TensorDescription y(yShape, ge::DT_BOOL, ge::FORMAT_ND);
    return gert::TilingContextPara(
        "ReduceAll", {x, axesDesc}, {y},
        {gert::TilingContextPara::OpAttr("keep_dims", Ops::Math::AnyValue::CreateFrom<bool>(keepDims))}, &g_compileInfo,
        DEFAULT_CORE_NUM, DEFAULT_UB_SIZE, sizeof(ReduceAllTilingData));
}

ReduceAllTilingData GetTilingData(const TilingInfo& tilingInfo)
{
    ReduceAllTilingData tilingData{};
    EXPECT_EQ(tilingInfo.tilingDataSize, sizeof(ReduceAllTilingData));
    std::memcpy(&tilingData, tilingInfo.tilingData.get(), sizeof(ReduceAllTilingData));
    return tilingData;
}
} // namespace

class ReduceAllTilingTest : public testing::Test {
protected:
    static void SetUpTestCase() { cout << "ReduceAllTilingTest SetUp" << endl; }

    static void TearDownTestCase() { cout << "ReduceAllTilingTest TearDown" << endl; }
};

TEST_F(ReduceAllTilingTest, test_case_reduce_last_axis_batch)
{
    std::vector<int64_t> axes = {1};
    auto para = BuildTilingContext({{64, 1024}, {64, 1024}}, {{1}, {1}}, axes, {{64}, {64}}, false);
    TilingInfo tilingInfo;
    ASSERT_TRUE(ExecuteTiling(para, tilingInfo));
    EXPECT_EQ(tilingInfo.tilingKey, REDUCE_ALL_MODE_BATCH);
    EXPECT_EQ(tilingInfo.blockNum, 64);
    ReduceAllTilingData t = GetTilingData(tilingInfo);
    EXPECT_EQ(t.totalOutputElements, 64);
    EXPECT_EQ(t.reduceElements, 1024);
    EXPECT_EQ(t.coreOutputNum, 1);
    EXPECT_EQ(t.tailCoreNum, 0);
    EXPECT_EQ(t.tileSize, 42752);
    EXPECT_EQ(t.tileBatchNum, 1);
    EXPECT_EQ(t.reduceSlotBytes, 1024);
}

TEST_F(ReduceAllTilingTest, test_case_reduce_every_axis)
{
    std::vector<int64_t> axes = {0, 1, 2};
    auto para = BuildTilingContext({{8, 16, 32}, {8, 16, 32}}, {{3}, {3}}, axes, {{}, {}}, false);
    TilingInfo tilingInfo;
    ASSERT_TRUE(ExecuteTiling(para, tilingInfo));
    EXPECT_EQ(tilingInfo.tilingKey, REDUCE_ALL_MODE_BATCH);
    EXPECT_EQ(tilingInfo.blockNum, 1);
    ReduceAllTilingData t = GetTilingData(tilingInfo);
    EXPECT_EQ(t.totalOutputElements, 1);
    EXPECT_EQ(t.reduceElements, 4096);
    EXPECT_EQ(t.keptAxisNum, 0);
    EXPECT_EQ(t.reducedAxisNum, 1); // coalesced into one contiguous run
    EXPECT_EQ(t.reduceSlotBytes, 4096);
}

TEST_F(ReduceAllTilingTest, test_case_innermost_axis_kept_column)
{
    std::vector<int64_t> axes = {0};
    auto para = BuildTilingContext({{70000, 2}, {70000, 2}}, {{1}, {1}}, axes, {{2}, {2}}, false);
    TilingInfo tilingInfo;
    ASSERT_TRUE(ExecuteTiling(para, tilingInfo));
    EXPECT_EQ(tilingInfo.tilingKey, REDUCE_ALL_MODE_COLUMN);
    EXPECT_EQ(tilingInfo.blockNum, 2);
    ReduceAllTilingData t = GetTilingData(tilingInfo);
    EXPECT_EQ(t.colWidth, 2);
    EXPECT_EQ(t.rowsPerReduce, 70000);
    EXPECT_EQ(t.rowsPerTile, 1336);
    EXPECT_EQ(t.tileNum, 53);
    EXPECT_EQ(t.tailTileRows, 528);
}

TEST_F(ReduceAllTilingTest, test_case_few_outputs_split_over_cores)
{
    std::vector<int64_t> axes = {-1};
    auto para = BuildTilingContext({{2, 70000}, {2, 70000}}, {{1}, {1}}, axes, {{2}, {2}}, false);
    TilingInfo tilingInfo;
    ASSERT_TRUE(ExecuteTiling(para, tilingInfo));
    EXPECT_EQ(tilingInfo.tilingKey, REDUCE_ALL_MODE_SPLIT);
    EXPECT_EQ(tilingInfo.blockNum, 2);
    ReduceAllTilingData t = GetTilingData(tilingInfo);
    EXPECT_EQ(t.rowLen, 42752);
    EXPECT_EQ(t.rowSegNum, 2);
    EXPECT_EQ(t.splitRowsPerCore, 1);
    EXPECT_EQ(t.splitTailCoreNum, 0);
    EXPECT_EQ(t.workspaceStride, 32);
}

TEST_F(ReduceAllTilingTest, test_case_long_run_big_reduce_on_few_cores)
{
    std::vector<int64_t> axes = {-1};
    auto para = gert::TilingContextPara(
        "ReduceAll",
        {gert::TilingContextPara::TensorDescription({{64, 70000}, {64, 70000}}, ge::DT_BOOL, ge::FORMAT_ND),
         gert::TilingContextPara::TensorDescription({{1}, {1}}, ge::DT_INT64, ge::FORMAT_ND, true, axes.data())},
        {gert::TilingContextPara::TensorDescription({{64}, {64}}, ge::DT_BOOL, ge::FORMAT_ND)},
        {gert::TilingContextPara::OpAttr("keep_dims", Ops::Math::AnyValue::CreateFrom<bool>(false))}, &g_compileInfo,
        DEFAULT_CORE_NUM, DEFAULT_UB_SIZE, sizeof(ReduceAllTilingData));
    TilingInfo tilingInfo;
    ASSERT_TRUE(ExecuteTiling(para, tilingInfo));
    EXPECT_EQ(tilingInfo.tilingKey, REDUCE_ALL_MODE_BIG_REDUCE);
    EXPECT_EQ(tilingInfo.blockNum, 64);
    ReduceAllTilingData t = GetTilingData(tilingInfo);
    EXPECT_EQ(t.rowSegNum, 2);
    EXPECT_EQ(t.tileNum, 2);
    EXPECT_EQ(t.tailTileRows, 1);
}

TEST_F(ReduceAllTilingTest, test_case_empty_reduction_fills_true)
{
    std::vector<int64_t> axes = {1};
    auto para = BuildTilingContext({{3, 0, 4}, {3, 0, 4}}, {{1}, {1}}, axes, {{3, 1, 4}, {3, 1, 4}}, true);
    TilingInfo tilingInfo;
    ASSERT_TRUE(ExecuteTiling(para, tilingInfo));
    EXPECT_EQ(tilingInfo.tilingKey, REDUCE_ALL_MODE_FILL_TRUE);
    EXPECT_EQ(tilingInfo.blockNum, 12);
}

TEST_F(ReduceAllTilingTest, test_case_duplicate_axes_failed)
{
    std::vector<int64_t> axes = {1, -1};
    auto para = BuildTilingContext({{2, 3}, {2, 3}}, {{2}, {2}}, axes, {{2}, {2}}, false);
    TilingInfo tilingInfo;
    EXPECT_FALSE(ExecuteTiling(para, tilingInfo));
}

TEST_F(ReduceAllTilingTest, test_case_axis_out_of_range_failed)
{
    std::vector<int64_t> axes = {2};
    auto para = BuildTilingContext({{2, 3}, {2, 3}}, {{1}, {1}}, axes, {{2}, {2}}, false);
    TilingInfo tilingInfo;
    EXPECT_FALSE(ExecuteTiling(para, tilingInfo));
}
