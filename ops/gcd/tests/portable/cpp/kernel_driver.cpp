/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Runs the real Gcd kernel (op_kernel/gcd.cpp) on the CPU model of the Ascend C API with the tiling of
// gcd_tiling_core.h. stdin (little-endian int64 words, then raw bytes):
//   dtypeCode coreNum serial  selfRank selfShape[8] selfStrides[8] selfStorageBytes
//                             otherRank otherShape[8] otherStrides[8] otherStorageBytes
//   <self storage bytes> <other storage bytes>
// stdout: int64 status, tiling key, blockDim, output bytes; then the output bytes.
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "kernel_operator.h"
#include "../../../op_kernel/gcd.cpp"
#include "../../../op_host/gcd_tiling_core.h"

namespace {

int64_t ReadWord()
{
    int64_t v = 0;
    if (std::fread(&v, sizeof(v), 1, stdin) != 1) {
        std::fprintf(stderr, "short input\n");
        std::exit(2);
    }
    return v;
}

GcdTiling::TensorView ReadView(int64_t& storageBytes)
{
    GcdTiling::TensorView v{};
    v.rank = ReadWord();
    for (int64_t i = 0; i < GCD_MAX_DIMS; ++i) {
        v.shape[i] = ReadWord();
    }
    for (int64_t i = 0; i < GCD_MAX_DIMS; ++i) {
        v.strides[i] = ReadWord();
    }
    storageBytes = ReadWord();
    return v;
}

uint8_t* ReadStorage(int64_t bytes)
{
    auto* gm = static_cast<uint8_t*>(AscendC::GmAlloc(static_cast<size_t>(bytes > 0 ? bytes : 1)));
    if (bytes > 0 && std::fread(gm, 1, static_cast<size_t>(bytes), stdin) != static_cast<size_t>(bytes)) {
        std::fprintf(stderr, "short storage\n");
        std::exit(2);
    }
    return gm;
}

void WriteWord(int64_t v) { std::fwrite(&v, sizeof(v), 1, stdout); }

} // namespace

int main()
{
    return cpu_model::Guarded([] {
        GcdTiling::TilingInput in{};
        in.dtypeCode = static_cast<uint64_t>(ReadWord());
        in.coreNum = ReadWord();
        const bool serial = ReadWord() != 0;
        in.ubSize = 196608;
        int64_t selfBytes = 0;
        int64_t otherBytes = 0;
        in.self = ReadView(selfBytes);
        in.other = ReadView(otherBytes);
        uint8_t* self = ReadStorage(selfBytes);
        uint8_t* other = ReadStorage(otherBytes);
        const GcdTiling::TilingResult r = GcdTiling::ComputeTiling(in);
        const int64_t outBytes = r.data.totalNum * GcdTiling::DtypeSize(in.dtypeCode);
        WriteWord(static_cast<int64_t>(r.status));
        WriteWord(static_cast<int64_t>(r.tilingKey));
        WriteWord(r.blockDim);
        if (r.status != GcdTiling::Status::OK) {
            WriteWord(0);
            return;
        }
        auto* out = static_cast<uint8_t*>(AscendC::GmAlloc(static_cast<size_t>(outBytes > 0 ? outBytes : 1)));
        auto* tiling = static_cast<uint8_t*>(AscendC::GmAlloc(sizeof(GcdTilingData)));
        std::memcpy(tiling, &r.data, sizeof(GcdTilingData));
        auto* workspace = static_cast<uint8_t*>(AscendC::GmAlloc(32));
        cpu_model::LaunchOptions options;
        options.mode = serial ? cpu_model::LaunchMode::Sequential : cpu_model::LaunchMode::Threads;
        options.tilingKey = r.tilingKey;
        cpu_model::Launch(static_cast<uint32_t>(r.blockDim), options, gcd, self, other, out, workspace, tiling);
        WriteWord(outBytes);
        std::fwrite(out, 1, static_cast<size_t>(outBytes), stdout);
        AscendC::GmFree(out);
        AscendC::GmFree(tiling);
        AscendC::GmFree(workspace);
        AscendC::GmFree(self);
        AscendC::GmFree(other);
    });
}
