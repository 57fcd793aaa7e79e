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
 * \file test_gcd.cpp
 * \brief Gcd kernel UT in CPU-debug mode (tikicpulib): gen_data.py writes inputs and golden, the tiling comes from
 *        the portable core op_host/gcd_tiling_core.h, compare_data.py checks the output bit for bit.
 */

#include <cstring>
#include <iostream>
#include <string>

#include "gtest/gtest.h"
#include "tikicpulib.h"
#include "data_utils.h"
#include "../../../op_kernel/gcd.cpp"
#include "../../../op_host/gcd_tiling_core.h"

using namespace std;

namespace {
// gen_data.py and compare_data.py sit next to this file, whatever directory the UT binary runs in.
const string DATA_DIR = string(__FILE__).substr(0, string(__FILE__).rfind('/')) + "/gcd_data";

GcdTiling::TensorView View(std::initializer_list<int64_t> dims)
{
    GcdTiling::TensorView view{};
    view.rank = static_cast<int64_t>(dims.size());
    int64_t i = 0;
    for (int64_t d : dims) {
        view.shape[i++] = d;
    }
    int64_t stride = 1;
    for (int64_t d = view.rank - 1; d >= 0; --d) {
        view.strides[d] = stride;
        stride *= view.shape[d];
    }
    return view;
}

int64_t Numel(const GcdTiling::TensorView& v)
{
    int64_t n = 1;
    for (int64_t i = 0; i < v.rank; ++i) {
        n *= v.shape[i];
    }
    return n;
}

string ShapeText(std::initializer_list<int64_t> dims)
{
    string text;
    for (int64_t d : dims) {
        text += (text.empty() ? "" : ",") + to_string(d);
    }
    return "[" + text + "]";
}

void RunCase(std::initializer_list<int64_t> selfDims, std::initializer_list<int64_t> otherDims, uint64_t dtypeCode,
             const string& dtype)
{
    const string cmd = "cd " + DATA_DIR + " && python3 gen_data.py '" + ShapeText(selfDims) + "' '" +
                       ShapeText(otherDims) + "' " + dtype;
    ASSERT_EQ(system(cmd.c_str()), 0);

    GcdTiling::TilingInput input{};
    input.dtypeCode = dtypeCode;
    input.self = View(selfDims);
    input.other = View(otherDims);
    input.coreNum = 40;
    input.ubSize = 196608;
    const GcdTiling::TilingResult result = GcdTiling::ComputeTiling(input);
    ASSERT_EQ(result.status, GcdTiling::Status::OK);

    const int64_t size = GcdTiling::DtypeSize(dtypeCode);
    const size_t selfBytes = Numel(input.self) * size;
    const size_t otherBytes = Numel(input.other) * size;
    const size_t outBytes = result.data.totalNum * size;
    uint8_t* self = (uint8_t*)AscendC::GmAlloc(selfBytes);
    uint8_t* other = (uint8_t*)AscendC::GmAlloc(otherBytes);
    uint8_t* out = (uint8_t*)AscendC::GmAlloc(outBytes);
    uint8_t* workspace = (uint8_t*)AscendC::GmAlloc(16 * 1024 * 1024);
    uint8_t* tiling = (uint8_t*)AscendC::GmAlloc(sizeof(GcdTilingData));
    ReadFile(DATA_DIR + "/" + dtype + "_input_self.bin", selfBytes, self, selfBytes);
    ReadFile(DATA_DIR + "/" + dtype + "_input_other.bin", otherBytes, other, otherBytes);
    std::memcpy(tiling, &result.data, sizeof(GcdTilingData));

    ICPU_SET_TILING_KEY(result.tilingKey);
    AscendC::SetKernelMode(KernelMode::AIV_MODE);
    ICPU_RUN_KF(gcd, result.blockDim, self, other, out, workspace, tiling);

    WriteFile(DATA_DIR + "/" + dtype + "_output.bin", out, outBytes);
    AscendC::GmFree(self);
    AscendC::GmFree(other);
    AscendC::GmFree(out);
    AscendC::GmFree(workspace);
    AscendC::GmFree(tiling);
    const string compare = "cd " + DATA_DIR + " && python3 compare_data.py " + dtype;
    EXPECT_EQ(system(compare.c_str()), 0);
}
} // namespace

class GcdKernelTest : public testing::Test {
protected:
    static void SetUpTestCase() { cout << "GcdKernelTest SetUp" << endl; }
    static void TearDownTestCase() { cout << "GcdKernelTest TearDown" << endl; }
};

TEST_F(GcdKernelTest, test_case_float_same_shape) { RunCase({3, 1237}, {3, 1237}, GCD_DTYPE_FLOAT, "float32"); }

TEST_F(GcdKernelTest, test_case_float16_one_side) { RunCase({7, 33, 65}, {65}, GCD_DTYPE_FLOAT16, "float16"); }

TEST_F(GcdKernelTest, test_case_bf16_both_sides) { RunCase({40, 1, 97}, {1, 55, 97}, GCD_DTYPE_BF16, "bfloat16"); }

TEST_F(GcdKernelTest, test_case_int8_rank8)
{
    RunCase({2, 1, 3, 2, 1, 5, 3, 7}, {1, 4, 3, 1, 2, 5, 1, 7}, GCD_DTYPE_INT8, "int8");
}

TEST_F(GcdKernelTest, test_case_uint8_scalar_other) { RunCase({4099}, {1}, GCD_DTYPE_UINT8, "uint8"); }

TEST_F(GcdKernelTest, test_case_int16_tail) { RunCase({5, 1031}, {5, 1}, GCD_DTYPE_INT16, "int16"); }

TEST_F(GcdKernelTest, test_case_int32_short_rows) { RunCase({2000, 3}, {3}, GCD_DTYPE_INT32, "int32"); }

TEST_F(GcdKernelTest, test_case_int64_column) { RunCase({1500, 7}, {1500, 1}, GCD_DTYPE_INT64, "int64"); }
