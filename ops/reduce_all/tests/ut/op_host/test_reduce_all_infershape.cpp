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
 * \file test_reduce_all_infershape.cpp
 * \brief ReduceAll infershape UT: keep_dims on and off, negative and non-adjacent axes
 */
#include <vector>

#include "gtest/gtest.h"
#include "infershape_case_executor.h"
#include "infershape_context_faker.h"

class ReduceAllInfershapeTest : public testing::Test {};

TEST_F(ReduceAllInfershapeTest, test_case_non_adjacent_axes)
{
    std::vector<int64_t> axesValue = {0, -1};
    gert::InfershapeContextPara para(
        "ReduceAll",
        {
            {{{2, 3, 4, 5}, {2, 3, 4, 5}}, ge::DT_BOOL, ge::FORMAT_ND},
            {{{2}, {2}}, ge::DT_INT64, ge::FORMAT_ND, true, axesValue.data()},
        },
        {
            {{{}, {}}, ge::DT_BOOL, ge::FORMAT_ND},
        },
        {gert::InfershapeContextPara::OpAttr("keep_dims", Ops::Math::AnyValue::CreateFrom<bool>(false))});
    std::vector<std::vector<int64_t>> expectOutputShape = {{3, 4}};
    ExecuteTestCase(para, ge::GRAPH_SUCCESS, expectOutputShape);
}

TEST_F(ReduceAllInfershapeTest, test_case_keep_dims_int32_axes)
{
    std::vector<int32_t> axesValue = {1, 3};
    gert::InfershapeContextPara para(
        "ReduceAll",
        {
            {{{2, 3, 4, 5}, {2, 3, 4, 5}}, ge::DT_INT8, ge::FORMAT_ND},
            {{{2}, {2}}, ge::DT_INT32, ge::FORMAT_ND, true, axesValue.data()},
        },
        {
            {{{}, {}}, ge::DT_BOOL, ge::FORMAT_ND},
        },
        {gert::InfershapeContextPara::OpAttr("keep_dims", Ops::Math::AnyValue::CreateFrom<bool>(true))});
    std::vector<std::vector<int64_t>> expectOutputShape = {{2, 1, 4, 1}};
    ExecuteTestCase(para, ge::GRAPH_SUCCESS, expectOutputShape);
}

TEST_F(ReduceAllInfershapeTest, test_case_duplicate_axes_failed)
{
    std::vector<int64_t> axesValue = {1, -3};
    gert::InfershapeContextPara para(
        "ReduceAll",
        {
            {{{2, 3, 4}, {2, 3, 4}}, ge::DT_BOOL, ge::FORMAT_ND},
            {{{2}, {2}}, ge::DT_INT64, ge::FORMAT_ND, true, axesValue.data()},
        },
        {
            {{{}, {}}, ge::DT_BOOL, ge::FORMAT_ND},
        },
        {gert::InfershapeContextPara::OpAttr("keep_dims", Ops::Math::AnyValue::CreateFrom<bool>(false))});
    ExecuteTestCase(para, ge::GRAPH_FAILED, {});
}
