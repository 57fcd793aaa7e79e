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
 * \file test_aclnn_bernoulli.cpp
 * \brief aclnnBernoulli / aclnnInplaceBernoulli / aclnnBernoulliTensor / aclnnInplaceBernoulliTensor L2 UT:
 *        parameter checks and graph building on Ascend910B and Ascend950 (the stubs turn kernel launches into
 *        success).
 */

#include <vector>

#include "gtest/gtest.h"
#include "../../../op_api/aclnn_bernoulli.h"
#include "op_api_ut_common/op_api_ut.h"
#include "op_api_ut_common/scalar_desc.h"
#include "op_api_ut_common/tensor_desc.h"
#include "opdev/platform.h"

using namespace std;

class l2_bernoulli_test : public testing::Test {
protected:
    void SetUp() override { op::SetPlatformSocVersion(op::SocVersion::ASCEND910B); }
    static void SetUpTestCase() { cout << "l2_bernoulli_test SetUp" << endl; }
    static void TearDownTestCase() { cout << "l2_bernoulli_test TearDown" << endl; }
};

static aclnnStatus RunBernoulli(const TensorDesc& self, float p, int64_t offset, const TensorDesc& out)
{
    auto prob = ScalarDesc(p);
    int64_t seed = 2026;
    auto ut = OP_API_UT(aclnnBernoulli, INPUT(self, prob, seed, offset), OUTPUT(out));
    uint64_t workspaceSize = 0;
    return ut.TestGetWorkspaceSize(&workspaceSize);
}

static aclnnStatus RunInplaceBernoulli(const TensorDesc& selfRef, float p)
{
    auto prob = ScalarDesc(p);
    int64_t seed = 2026;
    int64_t offset = 0;
    auto ut = OP_API_UT(aclnnInplaceBernoulli, INPUT(selfRef, prob, seed, offset), OUTPUT());
    uint64_t workspaceSize = 0;
    return ut.TestGetWorkspaceSize(&workspaceSize);
}

static aclnnStatus RunBernoulliTensor(const TensorDesc& self, const TensorDesc& prob, const TensorDesc& out)
{
    int64_t seed = 2026;
    int64_t offset = 0;
    auto ut = OP_API_UT(aclnnBernoulliTensor, INPUT(self, prob, seed, offset), OUTPUT(out));
    uint64_t workspaceSize = 0;
    return ut.TestGetWorkspaceSize(&workspaceSize);
}

static aclnnStatus RunInplaceBernoulliTensor(const TensorDesc& selfRef, const TensorDesc& prob)
{
    int64_t seed = 2026;
    int64_t offset = 0;
    auto ut = OP_API_UT(aclnnInplaceBernoulliTensor, INPUT(selfRef, prob, seed, offset), OUTPUT());
    uint64_t workspaceSize = 0;
    return ut.TestGetWorkspaceSize(&workspaceSize);
}

TEST_F(l2_bernoulli_test, test_case_every_dtype_random_and_endpoints)
{
    for (auto dtype : {ACL_FLOAT16, ACL_FLOAT, ACL_BF16, ACL_DOUBLE, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32,
                       ACL_INT64, ACL_BOOL}) {
        for (float p : {0.0f, 0.3f, 1.0f}) {
            auto self = TensorDesc({64, 33}, dtype, ACL_FORMAT_ND);
            auto out = TensorDesc({64, 33}, dtype, ACL_FORMAT_ND);
            EXPECT_EQ(RunBernoulli(self, p, 0, out), ACLNN_SUCCESS);
        }
    }
}

TEST_F(l2_bernoulli_test, test_case_small_tensor_has_its_own_mask_and_empty_returns)
{
    EXPECT_EQ(RunBernoulli(TensorDesc({5}, ACL_INT8, ACL_FORMAT_ND), 0.5f, 0, TensorDesc({5}, ACL_INT8, ACL_FORMAT_ND)),
              ACLNN_SUCCESS);
    EXPECT_EQ(RunBernoulli(TensorDesc({0, 4}, ACL_FLOAT, ACL_FORMAT_ND), 0.5f, 0,
                           TensorDesc({0, 4}, ACL_FLOAT, ACL_FORMAT_ND)),
              ACLNN_SUCCESS);
}

TEST_F(l2_bernoulli_test, test_case_non_contiguous_out_and_inplace)
{
    auto self = TensorDesc({8, 16}, ACL_FLOAT, ACL_FORMAT_ND);
    auto out = TensorDesc({8, 16}, ACL_FLOAT, ACL_FORMAT_ND, {1, 8}, 0, {16, 8});
    EXPECT_EQ(RunBernoulli(self, 0.5f, 4, out), ACLNN_SUCCESS);
    EXPECT_EQ(RunInplaceBernoulli(TensorDesc({8, 16}, ACL_DOUBLE, ACL_FORMAT_ND), 1.0f), ACLNN_SUCCESS);
}

TEST_F(l2_bernoulli_test, test_case_invalid_parameters)
{
    auto self = TensorDesc({8, 16}, ACL_FLOAT, ACL_FORMAT_ND);
    auto out = TensorDesc({8, 16}, ACL_FLOAT, ACL_FORMAT_ND);
    EXPECT_EQ(RunBernoulli(self, 1.5f, 0, out), ACLNN_ERR_PARAM_INVALID);      // prob > 1
    EXPECT_EQ(RunBernoulli(self, -0.1f, 0, out), ACLNN_ERR_PARAM_INVALID);     // prob < 0
    EXPECT_EQ(RunBernoulli(self, 0.5f, 3, out), ACLNN_ERR_PARAM_INVALID);      // offset % 4 != 0
    EXPECT_EQ(RunBernoulli(self, 0.5f, 0, TensorDesc({8, 16}, ACL_FLOAT16, ACL_FORMAT_ND)),
              ACLNN_ERR_PARAM_INVALID);                                        // dtype mismatch
    EXPECT_EQ(RunBernoulli(self, 0.5f, 0, TensorDesc({16, 8}, ACL_FLOAT, ACL_FORMAT_ND)),
              ACLNN_ERR_PARAM_INVALID);                                        // shape mismatch
    EXPECT_EQ(RunBernoulli(TensorDesc({8, 16}, ACL_COMPLEX64, ACL_FORMAT_ND), 0.5f, 0,
                           TensorDesc({8, 16}, ACL_COMPLEX64, ACL_FORMAT_ND)),
              ACLNN_ERR_PARAM_INVALID);                                        // unsupported dtype
    EXPECT_EQ(RunBernoulli(TensorDesc({2, 2, 2, 2, 2, 2, 2, 2, 2}, ACL_FLOAT, ACL_FORMAT_ND), 0.5f, 0,
                           TensorDesc({2, 2, 2, 2, 2, 2, 2, 2, 2}, ACL_FLOAT, ACL_FORMAT_ND)),
              ACLNN_ERR_PARAM_INVALID);                                        // rank 9
}

TEST_F(l2_bernoulli_test, test_case_null_pointers)
{
    auto out = TensorDesc({8, 16}, ACL_FLOAT, ACL_FORMAT_ND);
    auto prob = ScalarDesc(0.5f);
    int64_t seed = 0;
    int64_t offset = 0;
    auto ut = OP_API_UT(aclnnBernoulli, INPUT((aclTensor*)nullptr, prob, seed, offset), OUTPUT(out));
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_ERR_PARAM_NULLPTR);
}

TEST_F(l2_bernoulli_test, test_case_tensor_prob_every_dtype)
{
    for (auto dtype : {ACL_FLOAT16, ACL_FLOAT, ACL_BF16, ACL_DOUBLE, ACL_INT8, ACL_UINT8, ACL_INT16, ACL_INT32,
                       ACL_INT64, ACL_BOOL}) {
        for (auto probDtype : {ACL_FLOAT, ACL_FLOAT16, ACL_DOUBLE, ACL_BF16}) {
            auto self = TensorDesc({16, 33}, dtype, ACL_FORMAT_ND);
            auto prob = TensorDesc({16, 33}, probDtype, ACL_FORMAT_ND).ValueRange(0, 1);
            auto out = TensorDesc({16, 33}, dtype, ACL_FORMAT_ND);
            EXPECT_EQ(RunBernoulliTensor(self, prob, out), ACLNN_SUCCESS);
        }
        auto selfRef = TensorDesc({16, 33}, dtype, ACL_FORMAT_ND);
        auto prob = TensorDesc({16, 33}, ACL_FLOAT, ACL_FORMAT_ND).ValueRange(0, 1);
        EXPECT_EQ(RunInplaceBernoulliTensor(selfRef, prob), ACLNN_SUCCESS);
    }
}

TEST_F(l2_bernoulli_test, test_case_tensor_prob_empty_and_non_contiguous)
{
    auto prob = TensorDesc({8, 16}, ACL_FLOAT, ACL_FORMAT_ND, {1, 8}, 0, {16, 8}).ValueRange(0, 1);
    auto out = TensorDesc({8, 16}, ACL_FLOAT, ACL_FORMAT_ND, {1, 8}, 0, {16, 8});
    EXPECT_EQ(RunBernoulliTensor(TensorDesc({8, 16}, ACL_FLOAT, ACL_FORMAT_ND), prob, out), ACLNN_SUCCESS);
    auto empty = TensorDesc({0, 4}, ACL_FLOAT, ACL_FORMAT_ND);
    EXPECT_EQ(RunBernoulliTensor(empty, empty, empty), ACLNN_SUCCESS);
}

TEST_F(l2_bernoulli_test, test_case_tensor_prob_invalid_parameters)
{
    auto self = TensorDesc({8, 16}, ACL_FLOAT, ACL_FORMAT_ND);
    auto out = TensorDesc({8, 16}, ACL_FLOAT, ACL_FORMAT_ND);
    auto prob = TensorDesc({8, 16}, ACL_FLOAT, ACL_FORMAT_ND).ValueRange(0, 1);
    EXPECT_EQ(RunBernoulliTensor(self, TensorDesc({8, 16}, ACL_INT32, ACL_FORMAT_ND), out),
              ACLNN_ERR_PARAM_INVALID);                                        // integer prob
    EXPECT_EQ(RunBernoulliTensor(self, prob, TensorDesc({8, 16}, ACL_FLOAT16, ACL_FORMAT_ND)),
              ACLNN_ERR_PARAM_INVALID);                                        // dtype mismatch
    EXPECT_EQ(RunBernoulliTensor(self, prob, TensorDesc({16, 8}, ACL_FLOAT, ACL_FORMAT_ND)),
              ACLNN_ERR_PARAM_INVALID);                                        // shape mismatch
    EXPECT_EQ(RunBernoulliTensor(self, TensorDesc({2, 2, 2, 2, 2, 2, 2, 2, 2}, ACL_FLOAT, ACL_FORMAT_ND), out),
              ACLNN_ERR_PARAM_INVALID);                                        // prob rank 9
    int64_t seed = 0;
    int64_t offset = 0;
    auto ut = OP_API_UT(aclnnBernoulliTensor, INPUT(self, (aclTensor*)nullptr, seed, offset), OUTPUT(out));
    uint64_t workspaceSize = 0;
    EXPECT_EQ(ut.TestGetWorkspaceSize(&workspaceSize), ACLNN_ERR_PARAM_NULLPTR);
}

TEST_F(l2_bernoulli_test, test_case_ascend950_keeps_its_dtypes_and_chain)
{
    op::SetPlatformSocVersion(op::SocVersion::ASCEND950);
    for (auto dtype : {ACL_UINT16, ACL_UINT32, ACL_UINT64, ACL_BF16, ACL_FLOAT}) {
        auto self = TensorDesc({8, 16}, dtype, ACL_FORMAT_ND);
        auto out = TensorDesc({8, 16}, dtype, ACL_FORMAT_ND);
        EXPECT_EQ(RunBernoulli(self, 0.5f, 0, out), ACLNN_SUCCESS);
        auto prob = TensorDesc({8, 16}, ACL_FLOAT, ACL_FORMAT_ND).ValueRange(0, 1);
        EXPECT_EQ(RunBernoulliTensor(self, prob, out), ACLNN_SUCCESS);
    }
}

TEST_F(l2_bernoulli_test, test_case_ascend910_refuses_bf16_as_ops_math)
{
    op::SetPlatformSocVersion(op::SocVersion::ASCEND910);
    auto self = TensorDesc({8, 16}, ACL_BF16, ACL_FORMAT_ND);
    auto out = TensorDesc({8, 16}, ACL_BF16, ACL_FORMAT_ND);
    EXPECT_EQ(RunBernoulli(self, 0.5f, 0, out), ACLNN_ERR_PARAM_INVALID);
}
