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
 * \file test_gcd_infershape.cpp
 * \brief Gcd InferShape UT: the output shape is the NumPy broadcast of x1 and x2.
 */

#include <gtest/gtest.h>
#include <iostream>
#include "infershape_context_faker.h"
#include "infershape_case_executor.h"

class GcdInfershape : public testing::Test {
protected:
    static void SetUpTestCase() { std::cout << "GcdInfershape SetUp" << std::endl; }
    static void TearDownTestCase() { std::cout << "GcdInfershape TearDown" << std::endl; }
};

TEST_F(GcdInfershape, gcd_infershape_same_shape)
{
    gert::InfershapeContextPara infershapeContextPara("Gcd",
                                                      {
                                                          {{{4, 5, 6}, {4, 5, 6}}, ge::DT_FLOAT, ge::FORMAT_ND},
                                                          {{{4, 5, 6}, {4, 5, 6}}, ge::DT_FLOAT, ge::FORMAT_ND},
                                                      },
                                                      {
                                                          {{{}, {}}, ge::DT_FLOAT, ge::FORMAT_ND},
                                                      });
    std::vector<std::vector<int64_t>> expectOutputShape = {{4, 5, 6}};
    ExecuteTestCase(infershapeContextPara, ge::GRAPH_SUCCESS, expectOutputShape);
}

TEST_F(GcdInfershape, gcd_infershape_both_side_broadcast)
{
    gert::InfershapeContextPara infershapeContextPara("Gcd",
                                                      {
                                                          {{{256, 1, 32}, {256, 1, 32}}, ge::DT_INT8, ge::FORMAT_ND},
                                                          {{{512, 32}, {512, 32}}, ge::DT_INT8, ge::FORMAT_ND},
                                                      },
                                                      {
                                                          {{{}, {}}, ge::DT_INT8, ge::FORMAT_ND},
                                                      });
    std::vector<std::vector<int64_t>> expectOutputShape = {{256, 512, 32}};
    ExecuteTestCase(infershapeContextPara, ge::GRAPH_SUCCESS, expectOutputShape);
}

TEST_F(GcdInfershape, gcd_infershape_rank8)
{
    gert::InfershapeContextPara infershapeContextPara(
        "Gcd",
        {
            {{{2, 1, 3, 2, 1, 5, 3, 7}, {2, 1, 3, 2, 1, 5, 3, 7}}, ge::DT_INT16, ge::FORMAT_ND},
            {{{1, 4, 3, 1, 2, 5, 1, 7}, {1, 4, 3, 1, 2, 5, 1, 7}}, ge::DT_INT16, ge::FORMAT_ND},
        },
        {
            {{{}, {}}, ge::DT_INT16, ge::FORMAT_ND},
        });
    std::vector<std::vector<int64_t>> expectOutputShape = {{2, 4, 3, 2, 2, 5, 3, 7}};
    ExecuteTestCase(infershapeContextPara, ge::GRAPH_SUCCESS, expectOutputShape);
}

TEST_F(GcdInfershape, gcd_infershape_not_broadcastable)
{
    gert::InfershapeContextPara infershapeContextPara("Gcd",
                                                      {
                                                          {{{3, 4}, {3, 4}}, ge::DT_FLOAT16, ge::FORMAT_ND},
                                                          {{{5}, {5}}, ge::DT_FLOAT16, ge::FORMAT_ND},
                                                      },
                                                      {
                                                          {{{}, {}}, ge::DT_FLOAT16, ge::FORMAT_ND},
                                                      });
    std::vector<std::vector<int64_t>> expectOutputShape = {{}};
    ExecuteTestCase(infershapeContextPara, ge::GRAPH_FAILED, expectOutputShape);
}
