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
 * \file test_aclnn_gcd.cpp
 * \brief aclnnGcd L2 UT: parameter checks and graph building (the stubs turn kernel launches into success).
 */

#include <vector>

#include "gtest/gtest.h"
#include "../../../op_api/aclnn_gcd.h"
#include "op_api_ut_common/op_api_ut.h"
#include "op_api_ut_common/tensor_desc.h"
#include "opdev/platform.h"

using namespace std;

class l2_gcd_test : public testing::Test {
protected:
    void SetUp() override { op::SetPlatformSocVersion(op::SocVersion::ASCEND910B); }
    static void SetUpTestCase() { cout << "l2_gcd_test SetUp" << endl; }
    static void TearDownTestCase() { cout << "l2_gcd_test TearDown" << endl; }
};

static aclnnStatus RunGetWorkspace(const TensorDesc& self, const TensorDesc& other, const TensorDesc& out)
{
    auto ut = OP_API_UT(aclnnGcd, INPUT(self, other), OUTPUT(out));
    uint64_t workspaceSize = 0;
    return ut.TestGetWorkspaceSize(&workspaceSize);
}

TEST_F(l2_gcd_test, test_case_float_both_side_broadcast)
{
    auto self = TensorDesc({256, 1, 32}, ACL_FLOAT, ACL_FORMAT_ND).ValueRange(-1000, 1000);
    auto other = TensorDesc({1, 512, 32}, ACL_FLOAT, ACL_FORMAT_ND).ValueRange(-1000, 1000);
    auto out = TensorDesc({256, 512, 32}, ACL_FLOAT, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_SUCCESS);
}

TEST_F(l2_gcd_test, test_case_every_dtype_same_shape)
{
    for (auto dtype : {ACL_FLOAT, ACL_FLOAT16, ACL_BF16, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32, ACL_INT64}) {
        auto self = TensorDesc({1000}, dtype, ACL_FORMAT_ND).ValueRange(-100, 100);
        auto other = TensorDesc({1000}, dtype, ACL_FORMAT_ND).ValueRange(-100, 100);
        auto out = TensorDesc({1000}, dtype, ACL_FORMAT_ND);
        EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_SUCCESS);
    }
}

TEST_F(l2_gcd_test, test_case_rank8_on_ascend910_93)
{
    op::SetPlatformSocVersion(op::SocVersion::ASCEND910_93);
    auto self = TensorDesc({2, 1, 3, 2, 1, 5, 3, 7}, ACL_INT16, ACL_FORMAT_ND).ValueRange(-100, 100);
    auto other = TensorDesc({1, 4, 3, 1, 2, 5, 1, 7}, ACL_INT16, ACL_FORMAT_ND).ValueRange(-100, 100);
    auto out = TensorDesc({2, 4, 3, 2, 2, 5, 3, 7}, ACL_INT16, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_SUCCESS);
}

TEST_F(l2_gcd_test, test_case_non_contiguous_self)
{
    auto self = TensorDesc({5, 4}, ACL_FLOAT16, ACL_FORMAT_ND, {1, 5}, 0, {4, 5}).ValueRange(-100, 100);
    auto other = TensorDesc({5, 4}, ACL_FLOAT16, ACL_FORMAT_ND).ValueRange(-100, 100);
    auto out = TensorDesc({5, 4}, ACL_FLOAT16, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_SUCCESS);
}

TEST_F(l2_gcd_test, test_case_mixed_int8_uint8_promotes_to_int16)
{
    auto self = TensorDesc({8, 16}, ACL_INT8, ACL_FORMAT_ND).ValueRange(-100, 100);
    auto other = TensorDesc({16}, ACL_UINT8, ACL_FORMAT_ND).ValueRange(0, 200);
    auto out = TensorDesc({8, 16}, ACL_INT16, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_SUCCESS);
}

TEST_F(l2_gcd_test, test_case_empty_tensor)
{
    auto self = TensorDesc({0, 4}, ACL_FLOAT, ACL_FORMAT_ND);
    auto other = TensorDesc({1, 4}, ACL_FLOAT, ACL_FORMAT_ND);
    auto out = TensorDesc({0, 4}, ACL_FLOAT, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_SUCCESS);
}

TEST_F(l2_gcd_test, test_case_nullptr)
{
    auto other = TensorDesc({4}, ACL_FLOAT, ACL_FORMAT_ND);
    auto out = TensorDesc({4}, ACL_FLOAT, ACL_FORMAT_ND);
    auto ut = OP_API_UT(aclnnGcd, INPUT((aclTensor*)nullptr, other), OUTPUT(out));
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_ERR_PARAM_NULLPTR);
}

TEST_F(l2_gcd_test, test_case_double_rejected)
{
    auto self = TensorDesc({4}, ACL_DOUBLE, ACL_FORMAT_ND);
    auto other = TensorDesc({4}, ACL_DOUBLE, ACL_FORMAT_ND);
    auto out = TensorDesc({4}, ACL_DOUBLE, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(l2_gcd_test, test_case_two_bool_inputs_rejected)
{
    auto self = TensorDesc({4}, ACL_BOOL, ACL_FORMAT_ND);
    auto other = TensorDesc({4}, ACL_BOOL, ACL_FORMAT_ND);
    auto out = TensorDesc({4}, ACL_INT32, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(l2_gcd_test, test_case_bool_and_int32_promote_to_int32)
{
    auto self = TensorDesc({4}, ACL_BOOL, ACL_FORMAT_ND);
    auto other = TensorDesc({4}, ACL_INT32, ACL_FORMAT_ND).ValueRange(-100, 100);
    auto out = TensorDesc({4}, ACL_INT32, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_SUCCESS);
}

TEST_F(l2_gcd_test, test_case_castable_out_gets_a_cast)
{
    auto self = TensorDesc({8, 4}, ACL_INT16, ACL_FORMAT_ND).ValueRange(-100, 100);
    auto other = TensorDesc({4}, ACL_INT16, ACL_FORMAT_ND).ValueRange(-100, 100);
    for (auto dtype : {ACL_INT32, ACL_INT64, ACL_FLOAT}) {
        auto out = TensorDesc({8, 4}, dtype, ACL_FORMAT_ND);
        EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_SUCCESS);
    }
}

TEST_F(l2_gcd_test, test_case_out_not_castable_rejected)
{
    auto self = TensorDesc({4}, ACL_FLOAT, ACL_FORMAT_ND);
    auto other = TensorDesc({4}, ACL_FLOAT, ACL_FORMAT_ND);
    auto out = TensorDesc({4}, ACL_INT32, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(l2_gcd_test, test_case_non_contiguous_out)
{
    auto self = TensorDesc({5, 4}, ACL_INT32, ACL_FORMAT_ND).ValueRange(-100, 100);
    auto other = TensorDesc({4}, ACL_INT32, ACL_FORMAT_ND).ValueRange(-100, 100);
    auto out = TensorDesc({5, 4}, ACL_INT32, ACL_FORMAT_ND, {1, 5}, 0, {4, 5});
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_SUCCESS);
}

TEST_F(l2_gcd_test, test_case_rank9_rejected)
{
    auto self = TensorDesc({1, 1, 1, 1, 1, 1, 1, 1, 2}, ACL_FLOAT, ACL_FORMAT_ND);
    auto other = TensorDesc({2}, ACL_FLOAT, ACL_FORMAT_ND);
    auto out = TensorDesc({1, 1, 1, 1, 1, 1, 1, 1, 2}, ACL_FLOAT, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(l2_gcd_test, test_case_rank0_accepted_like_the_built_in)
{
    auto self = TensorDesc({}, ACL_INT32, ACL_FORMAT_ND).ValueRange(-100, 100);
    auto other = TensorDesc({2}, ACL_INT32, ACL_FORMAT_ND).ValueRange(-100, 100);
    auto out = TensorDesc({2}, ACL_INT32, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_SUCCESS);
}

TEST_F(l2_gcd_test, test_case_not_broadcastable)
{
    auto self = TensorDesc({3, 4}, ACL_FLOAT, ACL_FORMAT_ND);
    auto other = TensorDesc({5}, ACL_FLOAT, ACL_FORMAT_ND);
    auto out = TensorDesc({3, 4}, ACL_FLOAT, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(l2_gcd_test, test_case_out_shape_mismatch)
{
    auto self = TensorDesc({3, 1}, ACL_FLOAT, ACL_FORMAT_ND);
    auto other = TensorDesc({1, 4}, ACL_FLOAT, ACL_FORMAT_ND);
    auto out = TensorDesc({3, 1}, ACL_FLOAT, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(l2_gcd_test, test_case_ascend910_keeps_the_built_in_int32)
{
    op::SetPlatformSocVersion(op::SocVersion::ASCEND910);
    auto self = TensorDesc({4, 1}, ACL_INT32, ACL_FORMAT_ND).ValueRange(-100, 100);
    auto other = TensorDesc({1, 4}, ACL_INT32, ACL_FORMAT_ND).ValueRange(-100, 100);
    auto out = TensorDesc({4, 4}, ACL_INT32, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_SUCCESS);
}

TEST_F(l2_gcd_test, test_case_ascend910_rejects_what_the_built_in_rejects)
{
    op::SetPlatformSocVersion(op::SocVersion::ASCEND910);
    for (auto dtype : {ACL_FLOAT, ACL_INT16, ACL_INT8}) {
        auto self = TensorDesc({4}, dtype, ACL_FORMAT_ND);
        auto other = TensorDesc({4}, dtype, ACL_FORMAT_ND);
        auto out = TensorDesc({4}, dtype, ACL_FORMAT_ND);
        EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_ERR_PARAM_INVALID);
    }
}

TEST_F(l2_gcd_test, test_case_ascend950_keeps_the_built_in_integers)
{
    op::SetPlatformSocVersion(op::SocVersion::ASCEND950);
    for (auto dtype : {ACL_UINT8, ACL_INT8, ACL_INT16, ACL_INT32, ACL_INT64}) {
        auto self = TensorDesc({4}, dtype, ACL_FORMAT_ND).ValueRange(0, 100);
        auto other = TensorDesc({4}, dtype, ACL_FORMAT_ND).ValueRange(0, 100);
        auto out = TensorDesc({4}, dtype, ACL_FORMAT_ND);
        EXPECT_EQ(RunGetWorkspace(self, other, out), ACLNN_SUCCESS);
    }
    auto self = TensorDesc({4}, ACL_FLOAT, ACL_FORMAT_ND);
    auto out = TensorDesc({4}, ACL_FLOAT, ACL_FORMAT_ND);
    EXPECT_EQ(RunGetWorkspace(self, self, out), ACLNN_ERR_PARAM_INVALID);
}
