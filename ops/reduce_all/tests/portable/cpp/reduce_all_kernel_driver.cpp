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
 * \file reduce_all_kernel_driver.cpp
 * \brief Host test program: runs the real op_kernel/reduce_all.cpp on the CPU model of the Ascend C API,
 *        with the tiling of the portable core, and prints the output bytes.
 *
 * stdin: case count, then per case: rank dims... axisNum axes... coreNum ubSize launchMode(0 threads, 1 sequential)
 *        hexData ("-" if empty).
 * stdout: per case "ok <blockDim> <key> <hex output>" or "error <message>" (a constraint the model enforces).
 */
#include <cstdint>
#include <iostream>
#include <string>
#include <vector>

#include "kernel_operator.h"
#include "../../../op_host/reduce_all_tiling_core.h"
#ifndef DTYPE_X
#define DTYPE_X int8_t // the op build defines x's dtype per binary; the tests build one driver per dtype
#endif
#ifdef REDUCE_ALL_COUNT_CALLS
#include "reduce_all_api_counter.h"
#endif
#include "../../../op_kernel/reduce_all.cpp"

namespace {

// Bytes the kernel must overwrite; a leftover shows an output that no core wrote.
constexpr uint8_t UNWRITTEN = 0x55;

std::vector<uint8_t> ParseHex(const std::string& hex)
{
    std::vector<uint8_t> bytes;
    if (hex == "-") {
        return bytes;
    }
    for (size_t i = 0; i + 1 < hex.size(); i += 2) {
        bytes.push_back(static_cast<uint8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    }
    return bytes;
}

std::string ToHex(const uint8_t* bytes, int64_t n)
{
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (int64_t i = 0; i < n; ++i) {
        out += digits[bytes[i] >> 4];
        out += digits[bytes[i] & 15];
    }
    return out.empty() ? "-" : out;
}

void RunCase()
{
    int32_t rank = 0;
    std::cin >> rank;
    std::vector<int64_t> shape(static_cast<size_t>(rank > 0 ? rank : 1), 1);
    for (int32_t i = 0; i < rank; ++i) {
        std::cin >> shape[static_cast<size_t>(i)];
    }
    int32_t axisNum = 0;
    std::cin >> axisNum;
    std::vector<int64_t> axes(static_cast<size_t>(axisNum > 0 ? axisNum : 1), 0);
    for (int32_t i = 0; i < axisNum; ++i) {
        std::cin >> axes[static_cast<size_t>(i)];
    }
    int64_t coreNum = 0;
    int64_t ubSize = 0;
    int launchMode = 0;
    std::string hex;
    std::cin >> coreNum >> ubSize >> launchMode >> hex;
    const std::vector<uint8_t> x = ParseHex(hex);

    const auto r = ReduceAllTiling::ComputeTiling(shape.data(), rank, axes.data(), axisNum, coreNum, ubSize,
                                                  static_cast<int64_t>(sizeof(DTYPE_X)));
    if (r.status != ReduceAllTiling::Status::OK) {
        std::cout << "error tiling status " << static_cast<int>(r.status) << std::endl;
        return;
    }
    // Column mode counts S byte columns per output element.
    const int64_t outputs = r.data.totalOutputElements / ReduceAllCore::OutputUnit(r.data);
    uint8_t* xGm = cpu_model::GmAlloc(x.empty() ? 1 : x.size());
    uint8_t* axesGm = cpu_model::GmAlloc(sizeof(int64_t) * static_cast<size_t>(axisNum > 0 ? axisNum : 1));
    uint8_t* yGm = cpu_model::GmAlloc(static_cast<size_t>(outputs > 0 ? outputs : 1));
    // The model has no system workspace: the kernel gets the user workspace (split mode partials) directly.
    uint8_t* workspaceGm =
        cpu_model::GmAlloc(static_cast<size_t>(r.userWorkspaceBytes > 0 ? r.userWorkspaceBytes : 32));
    uint8_t* tilingGm = cpu_model::GmAlloc(sizeof(ReduceAllTilingData));
    std::copy(x.begin(), x.end(), xGm);
    std::fill(yGm, yGm + (outputs > 0 ? outputs : 1), UNWRITTEN);
    *reinterpret_cast<ReduceAllTilingData*>(tilingGm) = r.data;

    cpu_model::LaunchOptions options;
    options.mode = launchMode == 1 ? cpu_model::LaunchMode::Sequential : cpu_model::LaunchMode::Threads;
    options.tilingKey = r.tilingKey;
    try {
#ifdef REDUCE_ALL_COUNT_CALLS
        api_counter::Reset();
#endif
        cpu_model::Launch(static_cast<uint32_t>(r.blockDim), options, reduce_all, xGm, axesGm, yGm, workspaceGm,
                          tilingGm);
        std::cout << "ok " << r.blockDim << ' ' << r.tilingKey << ' ' << ToHex(yGm, outputs);
#ifdef REDUCE_ALL_COUNT_CALLS
        std::cout << ' ' << api_counter::Report();
#endif
        std::cout << std::endl;
    } catch (const cpu_model::ConstraintError& error) {
        std::cout << "error " << error.what() << std::endl;
    }
    cpu_model::GmFree(xGm);
    cpu_model::GmFree(axesGm);
    cpu_model::GmFree(yGm);
    cpu_model::GmFree(workspaceGm);
    cpu_model::GmFree(tilingGm);
}

} // namespace

int main()
{
    int cases = 0;
    std::cin >> cases;
    for (int i = 0; i < cases; ++i) {
        RunCase();
    }
    return 0;
}
