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
 * \file test_aclnn_all.cpp
 * \brief aclnnAll op_api UT: graph building on Ascend910B (launchers are stubbed by the UT framework)
 */
#include <vector>

#include "gtest/gtest.h"
#include "../../../op_api/aclnn_all.h"
#include "op_api_ut_common/op_api_ut.h"
#include "op_api_ut_common/tensor_desc.h"
#include "opdev/platform.h"

using namespace op;
using namespace std;

class l2_reduce_all_test : public testing::Test {
protected:
    static void SetUpTestCase() { op::SetPlatformSocVersion(op::SocVersion::ASCEND910B); }
};

TEST_F(l2_reduce_all_test, test_case_int8_reduce_last_axis)
{
    auto selfDesc = TensorDesc({64, 1024}, ACL_INT8, ACL_FORMAT_ND).ValueRange(-2, 2);
    auto dimDesc = IntArrayDesc(vector<int64_t>{-1});
    auto outDesc = TensorDesc({64}, ACL_BOOL, ACL_FORMAT_ND);
    auto ut = OP_API_UT(aclnnAll, INPUT(selfDesc, dimDesc, false), OUTPUT(outDesc));
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_SUCCESS);
}

TEST_F(l2_reduce_all_test, test_case_bool_empty_dim_reduces_every_axis)
{
    auto selfDesc = TensorDesc({8, 16, 32}, ACL_BOOL, ACL_FORMAT_ND);
    auto dimDesc = IntArrayDesc(vector<int64_t>{});
    auto outDesc = TensorDesc({}, ACL_BOOL, ACL_FORMAT_ND);
    auto ut = OP_API_UT(aclnnAll, INPUT(selfDesc, dimDesc, false), OUTPUT(outDesc));
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_SUCCESS);
}

TEST_F(l2_reduce_all_test, test_case_keepdim_non_adjacent_axes)
{
    auto selfDesc = TensorDesc({2, 3, 4, 5}, ACL_INT8, ACL_FORMAT_ND);
    auto dimDesc = IntArrayDesc(vector<int64_t>{0, 2});
    auto outDesc = TensorDesc({1, 3, 1, 5}, ACL_BOOL, ACL_FORMAT_ND);
    auto ut = OP_API_UT(aclnnAll, INPUT(selfDesc, dimDesc, true), OUTPUT(outDesc));
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_SUCCESS);
}

TEST_F(l2_reduce_all_test, test_case_duplicate_dims_rejected)
{
    auto selfDesc = TensorDesc({2, 3}, ACL_INT8, ACL_FORMAT_ND);
    auto dimDesc = IntArrayDesc(vector<int64_t>{1, -1});
    auto outDesc = TensorDesc({2}, ACL_BOOL, ACL_FORMAT_ND);
    auto ut = OP_API_UT(aclnnAll, INPUT(selfDesc, dimDesc, false), OUTPUT(outDesc));
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(l2_reduce_all_test, test_case_wrong_out_shape_rejected)
{
    auto selfDesc = TensorDesc({2, 3}, ACL_INT8, ACL_FORMAT_ND);
    auto dimDesc = IntArrayDesc(vector<int64_t>{0});
    auto outDesc = TensorDesc({2}, ACL_BOOL, ACL_FORMAT_ND);
    auto ut = OP_API_UT(aclnnAll, INPUT(selfDesc, dimDesc, false), OUTPUT(outDesc));
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_ERR_PARAM_INVALID);
}

TEST_F(l2_reduce_all_test, test_case_empty_reduction_is_true)
{
    auto selfDesc = TensorDesc({3, 0, 4}, ACL_INT8, ACL_FORMAT_ND);
    auto dimDesc = IntArrayDesc(vector<int64_t>{1});
    auto outDesc = TensorDesc({3, 4}, ACL_BOOL, ACL_FORMAT_ND);
    auto ut = OP_API_UT(aclnnAll, INPUT(selfDesc, dimDesc, false), OUTPUT(outDesc));
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_SUCCESS);
}

// Every dtype of the replaced aclnnAll keeps working on 910B: the byte dtypes go to the kernel, the rest are cast to
// BOOL first, and a UINT8 out is cast from the kernel's BOOL.
TEST_F(l2_reduce_all_test, test_case_every_self_dtype_and_uint8_out_on_910b)
{
    const vector<aclDataType> selfDtypes = {ACL_BOOL,  ACL_INT8,    ACL_UINT8, ACL_INT16, ACL_INT32,
                                            ACL_INT64, ACL_FLOAT16, ACL_FLOAT, ACL_BF16,  ACL_DOUBLE};
    for (aclDataType selfDtype : selfDtypes) {
        for (aclDataType outDtype : {ACL_BOOL, ACL_UINT8}) {
            auto selfDesc = TensorDesc({16, 300}, selfDtype, ACL_FORMAT_ND).ValueRange(-2, 2);
            auto dimDesc = IntArrayDesc(vector<int64_t>{1});
            auto outDesc = TensorDesc({16}, outDtype, ACL_FORMAT_ND);
            auto ut = OP_API_UT(aclnnAll, INPUT(selfDesc, dimDesc, false), OUTPUT(outDesc));
            uint64_t workspaceSize = 0;
            EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_SUCCESS);
        }
    }
}

TEST_F(l2_reduce_all_test, test_case_unsupported_dtypes_rejected)
{
    auto selfDesc = TensorDesc({2, 3}, ACL_COMPLEX64, ACL_FORMAT_ND);
    auto dimDesc = IntArrayDesc(vector<int64_t>{1});
    auto outDesc = TensorDesc({2}, ACL_BOOL, ACL_FORMAT_ND);
    auto ut = OP_API_UT(aclnnAll, INPUT(selfDesc, dimDesc, false), OUTPUT(outDesc));
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_ERR_PARAM_INVALID);

    auto selfInt8 = TensorDesc({2, 3}, ACL_INT8, ACL_FORMAT_ND);
    auto outFloat = TensorDesc({2}, ACL_FLOAT, ACL_FORMAT_ND);
    auto utOut = OP_API_UT(aclnnAll, INPUT(selfInt8, dimDesc, false), OUTPUT(outFloat));
    EXPECT_EQ(utOut.TestGetWorkspaceSize(&workspaceSize), ACLNN_ERR_PARAM_INVALID);
}

// Other SoCs keep the replaced chain (built-in ReduceAll): no error, whatever the dtype of its list.
TEST_F(l2_reduce_all_test, test_case_ascend910_keeps_the_replaced_chain)
{
    op::SetPlatformSocVersion(op::SocVersion::ASCEND910);
    for (aclDataType selfDtype : {ACL_INT8, ACL_FLOAT, ACL_DOUBLE}) {
        auto selfDesc = TensorDesc({16, 300}, selfDtype, ACL_FORMAT_ND).ValueRange(-2, 2);
        auto dimDesc = IntArrayDesc(vector<int64_t>{1});
        auto outDesc = TensorDesc({16}, ACL_BOOL, ACL_FORMAT_ND);
        auto ut = OP_API_UT(aclnnAll, INPUT(selfDesc, dimDesc, false), OUTPUT(outDesc));
        uint64_t workspaceSize = 0;
        EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_SUCCESS);
    }
    // BF16 is not in the Ascend910 list of the replaced API.
    auto selfBf16 = TensorDesc({16, 300}, ACL_BF16, ACL_FORMAT_ND);
    auto dimDesc = IntArrayDesc(vector<int64_t>{1});
    auto outDesc = TensorDesc({16}, ACL_BOOL, ACL_FORMAT_ND);
    auto ut = OP_API_UT(aclnnAll, INPUT(selfBf16, dimDesc, false), OUTPUT(outDesc));
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_ERR_PARAM_INVALID);
    op::SetPlatformSocVersion(op::SocVersion::ASCEND910B);
}
