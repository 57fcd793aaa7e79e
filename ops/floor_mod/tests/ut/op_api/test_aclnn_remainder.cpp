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
 * \file test_aclnn_remainder.cpp
 * \brief aclnnRemainder* op_api UT (ops-math style): the five entry points build for every native dtype.
 */
#include <vector>
#include "gtest/gtest.h"
#include "../../../op_api/aclnn_remainder.h"
#include "op_api_ut_common/op_api_ut.h"
#include "op_api_ut_common/tensor_desc.h"
#include "opdev/platform.h"

using namespace std;

class l2_floor_mod_test : public testing::Test {
protected:
    static void SetUpTestCase() { op::SetPlatformSocVersion(op::SocVersion::ASCEND910B); }
};

TEST_F(l2_floor_mod_test, test_case_broadcast_all_native_dtypes)
{
    for (auto dtype : {ACL_FLOAT16, ACL_BF16, ACL_FLOAT, ACL_INT32, ACL_INT64, ACL_DOUBLE}) {
        auto self = TensorDesc({4, 1, 8}, dtype, ACL_FORMAT_ND).ValueRange(-10, 10);
        auto other = TensorDesc({1, 3, 8}, dtype, ACL_FORMAT_ND).ValueRange(1, 5);
        auto out = TensorDesc({4, 3, 8}, dtype, ACL_FORMAT_ND);
        auto ut = OP_API_UT(aclnnRemainderTensorTensor, INPUT(self, other), OUTPUT(out));
        uint64_t workspaceSize = 0;
        EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_SUCCESS);
    }
}

TEST_F(l2_floor_mod_test, test_case_inplace_must_not_extend_self)
{
    auto selfRef = TensorDesc({4, 1}, ACL_FLOAT, ACL_FORMAT_ND);
    auto other = TensorDesc({1, 3}, ACL_FLOAT, ACL_FORMAT_ND);
    auto ut = OP_API_UT(aclnnInplaceRemainderTensorTensor, INPUT(selfRef, other), OUTPUT());
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(l2_floor_mod_test, test_case_null_self)
{
    auto other = TensorDesc({2, 3}, ACL_FLOAT, ACL_FORMAT_ND);
    auto out = TensorDesc({2, 3}, ACL_FLOAT, ACL_FORMAT_ND);
    auto ut = OP_API_UT(aclnnRemainderTensorTensor, INPUT((aclTensor*)nullptr, other), OUTPUT(out));
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_ERR_PARAM_NULLPTR);
}

TEST_F(l2_floor_mod_test, test_case_tensor_scalar_all_native_dtypes)
{
    for (auto dtype : {ACL_FLOAT16, ACL_BF16, ACL_FLOAT, ACL_INT32, ACL_INT64, ACL_DOUBLE}) {
        auto self = TensorDesc({4, 3, 8}, dtype, ACL_FORMAT_ND).ValueRange(-10, 10);
        auto other = ScalarDesc(3.0);
        auto out = TensorDesc({4, 3, 8}, dtype == ACL_INT32 || dtype == ACL_INT64 ? ACL_DOUBLE : dtype, ACL_FORMAT_ND);
        auto ut = OP_API_UT(aclnnRemainderTensorScalar, INPUT(self, other), OUTPUT(out));
        uint64_t workspaceSize = 0;
        EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_SUCCESS);
    }
}

TEST_F(l2_floor_mod_test, test_case_scalar_tensor_computes_in_out_dtype)
{
    auto other = TensorDesc({2, 5}, ACL_INT32, ACL_FORMAT_ND).ValueRange(1, 9);
    auto out = TensorDesc({2, 5}, ACL_FLOAT, ACL_FORMAT_ND);
    auto ut = OP_API_UT(aclnnRemainderScalarTensor, INPUT(ScalarDesc(7.5), other), OUTPUT(out));
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_SUCCESS);
}

TEST_F(l2_floor_mod_test, test_case_inplace_tensor_scalar_and_rank0)
{
    auto selfRef = TensorDesc({}, ACL_FLOAT, ACL_FORMAT_ND).ValueRange(-10, 10);
    auto ut = OP_API_UT(aclnnInplaceRemainderTensorScalar, INPUT(selfRef, ScalarDesc(2.0f)), OUTPUT());
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_SUCCESS);
}

TEST_F(l2_floor_mod_test, test_case_tensor_scalar_out_shape_must_match)
{
    auto self = TensorDesc({4, 3}, ACL_FLOAT, ACL_FORMAT_ND);
    auto out = TensorDesc({3, 4}, ACL_FLOAT, ACL_FORMAT_ND);
    auto ut = OP_API_UT(aclnnRemainderTensorScalar, INPUT(self, ScalarDesc(2.0f)), OUTPUT(out));
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_ERR_PARAM_INVALID);
}
