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
 * \file reduce_all_plan_sim.cpp
 * \brief Host test program: runs the portable tiling core and walks its plan the way the kernel does
 *        (cores, tiles, row spans, 32-byte UB slots padded with 1, carried partial minimum), on byte data.
 *
 * stdin: case count, then per case: rank dims... axisNum axes... keepdim coreNum ubSize hexData ("-" if empty).
 * stdout: one line per case of "name value..." fields; a broken invariant prints "violation <what>" and exits 1.
 */
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <iostream>
#include <string>
#include <utility>
#include <vector>

#include "../../../op_host/reduce_all_tiling_core.h"

namespace {

using ReduceAllCore::RowSpan;

[[noreturn]] void Violation(const std::string& what)
{
    std::cout << "violation " << what << std::endl;
    std::exit(1);
}

std::vector<int8_t> ParseHex(const std::string& hex)
{
    std::vector<int8_t> bytes;
    if (hex == "-") {
        return bytes;
    }
    for (size_t i = 0; i + 1 < hex.size(); i += 2) {
        bytes.push_back(static_cast<int8_t>(std::stoi(hex.substr(i, 2), nullptr, 16)));
    }
    return bytes;
}

std::string ToHex(const std::vector<int8_t>& bytes)
{
    static const char digits[] = "0123456789abcdef";
    std::string out;
    for (int8_t b : bytes) {
        const auto u = static_cast<uint8_t>(b);
        out += digits[u >> 4];
        out += digits[u & 15];
    }
    return out.empty() ? "-" : out;
}

// The seed design's scalar algorithm on the raw split: base_offset + relative_offset, min of |x|.
std::vector<int8_t> DesignReference(const ReduceAllTiling::AxisSplit& s, const std::vector<int8_t>& x)
{
    std::vector<int8_t> out(static_cast<size_t>(s.totalOutputElements), 1);
    for (int64_t i = 0; i < s.totalOutputElements; ++i) {
        int64_t base = 0;
        int64_t rest = i;
        for (int32_t d = s.keptNum - 1; d >= 0; --d) {
            base += (rest % s.keptShape[d]) * s.keptStrides[d];
            rest /= s.keptShape[d];
        }
        int minVal = 1000;
        for (int64_t j = 0; j < s.reduceElements; ++j) {
            int64_t rel = 0;
            int64_t r = j;
            for (int32_t d = s.reducedNum - 1; d >= 0; --d) {
                rel += (r % s.reducedShape[d]) * s.reducedStrides[d];
                r /= s.reducedShape[d];
            }
            const int v = std::abs(static_cast<int>(x[static_cast<size_t>(base + rel)]));
            minVal = v < minVal ? v : minVal;
        }
        out[static_cast<size_t>(i)] = s.reduceElements == 0 ? 1 : (minVal != 0 ? 1 : 0);
    }
    return out;
}

// Copies rows [rowBegin, rowEnd) of the reduction at base into ub as the kernel's DataCopyPad calls would;
// returns the bytes used and counts every row fetched.
int64_t CopyInRows(const ReduceAllTilingData& t, const std::vector<int8_t>& x, int64_t base, int64_t rowBegin,
                   int64_t rowEnd, std::vector<int8_t>& ub, int64_t ubPos, std::vector<int64_t>& rowHits)
{
    RowSpan span{};
    for (int64_t row = rowBegin; row < rowEnd; row += span.count) {
        ReduceAllCore::RowSpanAt(t, row, rowEnd, span);
        if (span.count < 1 || span.len < 1 || span.slot - span.len >= REDUCE_ALL_BLOCK_BYTES) {
            Violation("bad span at row " + std::to_string(row));
        }
        if (span.srcGap < 0) {
            Violation("negative gap");
        }
        for (int64_t k = 0; k < span.count; ++k) {
            if (ubPos + span.slot > static_cast<int64_t>(ub.size())) {
                Violation("tile overflows the UB in-buffer");
            }
            if (ubPos % REDUCE_ALL_BLOCK_BYTES != 0) {
                Violation("UB row slot not 32-byte aligned");
            }
            const int64_t src = base + span.relOffset + k * (span.len + span.srcGap);
            for (int64_t e = 0; e < span.slot; ++e) {
                int8_t value = 1;
                if (e < span.len) {
                    if (src + e < 0 || src + e >= static_cast<int64_t>(x.size())) {
                        Violation("GM read out of bounds");
                    }
                    value = x[static_cast<size_t>(src + e)];
                }
                ub[static_cast<size_t>(ubPos + e)] = value;
            }
            ++rowHits[static_cast<size_t>(row + k)];
            ubPos += span.slot;
        }
    }
    return ubPos;
}

// Batch mode with one row per reduction: the kernel fetches outputs [first, first + n) by ReductionRunAt runs.
// Each run must hold exactly the reductions a per-output copy would fetch: output o + k at base(o) + k * stride.
void CheckReductionRuns(const ReduceAllTilingData& t, int64_t first, int64_t n)
{
    RowSpan span{};
    for (int64_t b = 0; b < n; b += span.count) {
        ReduceAllCore::ReductionRunAt(t, first + b, n - b, span);
        if (span.count < 1 || b + span.count > n || span.slot != t.reduceSlotBytes || span.srcGap < 0) {
            Violation("bad reduction run at output " + std::to_string(first + b));
        }
        const int64_t base = ReduceAllCore::BaseOffset(t, first + b);
        for (int64_t k = 0; k < span.count; ++k) {
            if (ReduceAllCore::BaseOffset(t, first + b + k) != base + k * (span.len + span.srcGap)) {
                Violation("reduction run misses output " + std::to_string(first + b + k));
            }
        }
    }
}

// Column mode: rows [rowBegin, rowEnd) of the block of width outputs at base, as the kernel's DataCopyPad calls.
int64_t CopyInColumns(const ReduceAllTilingData& t, const std::vector<int8_t>& x, int64_t base, int64_t width,
                      int64_t rowBegin, int64_t rowEnd, std::vector<int8_t>& ub, std::vector<int64_t>& rowHits)
{
    RowSpan span{};
    int64_t ubPos = 0;
    for (int64_t row = rowBegin; row < rowEnd; row += span.count) {
        ReduceAllCore::ColumnSpanAt(t, row, rowEnd, width, span);
        if (span.count < 1 || span.len != width || span.srcGap < 0) {
            Violation("bad column span at row " + std::to_string(row));
        }
        for (int64_t k = 0; k < span.count; ++k) {
            if (ubPos + span.slot > static_cast<int64_t>(ub.size())) {
                Violation("column tile overflows the UB in-buffer");
            }
            const int64_t src = base + span.relOffset + k * (span.len + span.srcGap);
            for (int64_t e = 0; e < span.slot; ++e) {
                int8_t value = 1;
                if (e < span.len) {
                    if (src + e < 0 || src + e >= static_cast<int64_t>(x.size())) {
                        Violation("GM read out of bounds (column)");
                    }
                    value = x[static_cast<size_t>(src + e)];
                }
                ub[static_cast<size_t>(ubPos + e)] = value;
            }
            ++rowHits[static_cast<size_t>(row + k)];
            ubPos += span.slot;
        }
    }
    return ubPos;
}

// Column mode walk: blocks of neighbouring outputs, element-wise minimum over the rows of every tile.
void WalkColumns(const ReduceAllTilingData& t, const std::vector<int8_t>& x, std::vector<int8_t>& out,
                 std::vector<int>& writes, std::vector<int8_t>& ub, int64_t& maxUb)
{
    for (int64_t core = 0; core < t.usedCoreNum; ++core) {
        int64_t start = 0;
        int64_t count = 0;
        ReduceAllCore::CoreOutputRange(t, core, start, count);
        for (int64_t done = 0; done < count;) {
            const int64_t o = start + done;
            const int64_t width = ReduceAllCore::ColumnWidth(t, o, count - done);
            if (width < 1 || width > REDUCE_ALL_OUT_CAP) {
                Violation("bad column width");
            }
            const int64_t base = ReduceAllCore::BaseOffset(t, o);
            for (int64_t k = 1; k < width; ++k) {
                if (ReduceAllCore::BaseOffset(t, o + k) != base + k) {
                    Violation("column block outputs are not neighbours in the input");
                }
            }
            std::vector<int> acc(static_cast<size_t>(width), 1000);
            std::vector<int64_t> rowHits(static_cast<size_t>(t.rowsPerReduce), 0);
            for (int64_t tile = 0; tile < t.tileNum; ++tile) {
                int64_t rowBegin = 0;
                int64_t rowEnd = 0;
                ReduceAllCore::TileRows(t, tile, rowBegin, rowEnd);
                const int64_t used = CopyInColumns(t, x, base, width, rowBegin, rowEnd, ub, rowHits);
                maxUb = used > maxUb ? used : maxUb;
                const int64_t slot = ReduceAllCore::RoundUp(width, REDUCE_ALL_BLOCK_BYTES);
                for (int64_t r = 0; r < rowEnd - rowBegin; ++r) {
                    for (int64_t k = 0; k < width; ++k) {
                        const int v = std::abs(static_cast<int>(ub[static_cast<size_t>(r * slot + k)]));
                        acc[static_cast<size_t>(k)] = v < acc[static_cast<size_t>(k)] ? v : acc[static_cast<size_t>(k)];
                    }
                }
            }
            for (int64_t hits : rowHits) {
                if (hits != 1) {
                    Violation("a column row is fetched " + std::to_string(hits) + " times");
                }
            }
            for (int64_t k = 0; k < width; ++k) {
                out[static_cast<size_t>(o + k)] = static_cast<int8_t>(acc[static_cast<size_t>(k)] != 0 ? 1 : 0);
                ++writes[static_cast<size_t>(o + k)];
            }
            done += width;
        }
    }
}

int MinAbs(const std::vector<int8_t>& ub, int64_t from, int64_t to);

// Split mode walk: every core reduces its row slice of every reduction into partials; core 0 folds them.
void WalkSplit(const ReduceAllTilingData& t, const std::vector<int8_t>& x, std::vector<int8_t>& out,
               std::vector<int>& writes, std::vector<int8_t>& ub, int64_t& maxUb)
{
    const int64_t outputs = t.totalOutputElements;
    std::vector<int8_t> partials(static_cast<size_t>(t.usedCoreNum * t.workspaceStride), 0x55);
    std::vector<std::vector<int64_t>> rowHits(static_cast<size_t>(outputs),
                                              std::vector<int64_t>(static_cast<size_t>(t.rowsPerReduce), 0));
    int64_t lastEnd = 0;
    for (int64_t core = 0; core < t.usedCoreNum; ++core) {
        int64_t rowBegin = 0;
        int64_t rowEnd = 0;
        ReduceAllCore::SplitRowRange(t, core, rowBegin, rowEnd);
        if (rowBegin != lastEnd) {
            Violation("split row slices do not tile the reduction");
        }
        lastEnd = rowEnd;
        for (int64_t o = 0; o < outputs; ++o) {
            const int64_t base = ReduceAllCore::BaseOffset(t, o);
            int partial = 1000;
            for (int64_t row = rowBegin; row < rowEnd; row += t.rowsPerTile) {
                const int64_t tileEnd = ReduceAllCore::MinOf(row + t.rowsPerTile, rowEnd);
                const int64_t end = CopyInRows(t, x, base, row, tileEnd, ub, 0, rowHits[static_cast<size_t>(o)]);
                maxUb = end > maxUb ? end : maxUb;
                const int m = MinAbs(ub, 0, end);
                partial = m < partial ? m : partial;
            }
            partials[static_cast<size_t>(core * t.workspaceStride + o)] = static_cast<int8_t>(partial != 0 ? 1 : 0);
        }
    }
    if (lastEnd != t.rowsPerReduce) {
        Violation("split row slices do not cover the reduction");
    }
    if (t.usedCoreNum * t.workspaceStride > t.tileSize) {
        Violation("the fold of the partials does not fit a tile");
    }
    for (int64_t o = 0; o < outputs; ++o) {
        for (int64_t hits : rowHits[static_cast<size_t>(o)]) {
            if (hits != 1) {
                Violation("a split row is fetched " + std::to_string(hits) + " times");
            }
        }
        int8_t result = 1;
        for (int64_t core = 0; core < t.usedCoreNum; ++core) {
            result = partials[static_cast<size_t>(core * t.workspaceStride + o)] == 0 ? 0 : result;
        }
        out[static_cast<size_t>(o)] = result;
        ++writes[static_cast<size_t>(o)];
    }
}

int MinAbs(const std::vector<int8_t>& ub, int64_t from, int64_t to)
{
    int m = 1000;
    for (int64_t i = from; i < to; ++i) {
        const int v = std::abs(static_cast<int>(ub[static_cast<size_t>(i)]));
        m = v < m ? v : m;
    }
    return m;
}

std::vector<int8_t> WalkPlan(const ReduceAllTilingData& t, const std::vector<int8_t>& x, int64_t& maxUb)
{
    std::vector<int8_t> out(static_cast<size_t>(t.totalOutputElements), -1);
    std::vector<int> writes(out.size(), 0);
    std::vector<int8_t> ub(static_cast<size_t>(t.tileSize), 0);
    maxUb = 0;
    const bool rowModes =
        t.mode != static_cast<int64_t>(REDUCE_ALL_MODE_COLUMN) && t.mode != static_cast<int64_t>(REDUCE_ALL_MODE_SPLIT);
    const int64_t coreLoops = rowModes ? t.usedCoreNum : 0;
    if (t.mode == static_cast<int64_t>(REDUCE_ALL_MODE_COLUMN)) {
        WalkColumns(t, x, out, writes, ub, maxUb);
    } else if (t.mode == static_cast<int64_t>(REDUCE_ALL_MODE_SPLIT)) {
        WalkSplit(t, x, out, writes, ub, maxUb);
    }
    for (int64_t core = 0; core < coreLoops; ++core) {
        int64_t start = 0;
        int64_t count = 0;
        ReduceAllCore::CoreOutputRange(t, core, start, count);
        for (int64_t done = 0; done < count;) {
            const int64_t n = ReduceAllCore::MinOf(t.tileBatchNum, count - done);
            if (t.mode == static_cast<int64_t>(REDUCE_ALL_MODE_BATCH) && t.rowsPerReduce == 1) {
                CheckReductionRuns(t, start + done, n);
            }
            for (int64_t b = 0; b < n; ++b) {
                const int64_t o = start + done + b;
                int result = 1;
                if (t.mode != static_cast<int64_t>(REDUCE_ALL_MODE_FILL_TRUE)) {
                    std::vector<int64_t> rowHits(static_cast<size_t>(t.rowsPerReduce), 0);
                    int partial = 1000;
                    const int64_t base = ReduceAllCore::BaseOffset(t, o);
                    if (t.mode == static_cast<int64_t>(REDUCE_ALL_MODE_BATCH)) {
                        // Batch: reduction b sits at b * reduceSlotBytes of the tile.
                        const int64_t from = b * t.reduceSlotBytes;
                        const int64_t end = CopyInRows(t, x, base, 0, t.rowsPerReduce, ub, from, rowHits);
                        if (end - from != t.reduceSlotBytes) {
                            Violation("reduction slot size differs from reduceSlotBytes");
                        }
                        maxUb = end > maxUb ? end : maxUb;
                        partial = MinAbs(ub, from, end);
                    } else {
                        for (int64_t tile = 0; tile < t.tileNum; ++tile) {
                            int64_t rowBegin = 0;
                            int64_t rowEnd = 0;
                            ReduceAllCore::TileRows(t, tile, rowBegin, rowEnd);
                            if (tile == t.tileNum - 1 && rowEnd - rowBegin != t.tailTileRows) {
                                Violation("tail tile rows differ from tailTileRows");
                            }
                            const int64_t end = CopyInRows(t, x, base, rowBegin, rowEnd, ub, 0, rowHits);
                            maxUb = end > maxUb ? end : maxUb;
                            const int m = MinAbs(ub, 0, end);
                            partial = m < partial ? m : partial;
                        }
                    }
                    for (int64_t hits : rowHits) {
                        if (hits != 1) {
                            Violation("a row is fetched " + std::to_string(hits) + " times");
                        }
                    }
                    result = partial != 0 ? 1 : 0;
                }
                if (o < 0 || o >= t.totalOutputElements) {
                    Violation("output index out of range");
                }
                out[static_cast<size_t>(o)] = static_cast<int8_t>(result);
                ++writes[static_cast<size_t>(o)];
            }
            done += n;
        }
    }
    for (int w : writes) {
        if (w != 1) {
            Violation("an output is written " + std::to_string(w) + " times");
        }
    }
    return out;
}

template <typename T>
void PrintArray(const char* name, const T* values, int32_t n)
{
    std::cout << ' ' << name << ' ' << n;
    for (int32_t i = 0; i < n; ++i) {
        std::cout << ' ' << values[i];
    }
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
    int keepdim = 0;
    int64_t coreNum = 0;
    int64_t ubSize = 0;
    std::string hex;
    std::cin >> keepdim >> coreNum >> ubSize >> hex;
    const std::vector<int8_t> x = ParseHex(hex);

    ReduceAllTiling::AxisSplit split;
    const auto splitStatus = ReduceAllTiling::SplitAxes(shape.data(), rank, axes.data(), axisNum, split);
    const auto r = ReduceAllTiling::ComputeTiling(shape.data(), rank, axes.data(), axisNum, coreNum, ubSize);
    std::cout << "status " << static_cast<int>(r.status);
    if (splitStatus != r.status && splitStatus != ReduceAllTiling::Status::OK) {
        Violation("split and tiling disagree on the status");
    }
    if (r.status != ReduceAllTiling::Status::OK) {
        std::cout << std::endl;
        return;
    }
    int64_t outShape[REDUCE_ALL_MAX_DIM_NUM] = {};
    const int32_t outRank = ReduceAllTiling::OutputShape(shape.data(), split, keepdim != 0, outShape);
    const ReduceAllTilingData& t = r.data;
    PrintArray("out_shape", outShape, outRank);
    PrintArray("kept_shape", split.keptShape, split.keptNum);
    PrintArray("kept_strides", split.keptStrides, split.keptNum);
    PrintArray("reduced_shape", split.reducedShape, split.reducedNum);
    PrintArray("reduced_strides", split.reducedStrides, split.reducedNum);
    std::cout << " mode " << t.mode << " key " << r.tilingKey << " block_dim " << r.blockDim << " used_cores "
              << t.usedCoreNum << " core_output_num " << t.coreOutputNum << " tail_core_num " << t.tailCoreNum
              << " total_outputs " << t.totalOutputElements << " reduce_elements " << t.reduceElements << " tile_size "
              << t.tileSize << " tile_batch " << t.tileBatchNum << " tile_num " << t.tileNum << " tail_tile_rows "
              << t.tailTileRows << " rows_per_tile " << t.rowsPerTile << " rows_per_reduce " << t.rowsPerReduce
              << " reduce_slot_bytes " << t.reduceSlotBytes << " col_width " << t.colWidth << " ub_total "
              << r.ub.Total() << " workspace " << r.userWorkspaceBytes;
    // Every tiling field under its C++ name, for the op_host UT currency test.
    const std::pair<const char*, int64_t> fields[] = {
        {"totalOutputElements", t.totalOutputElements},
        {"reduceElements", t.reduceElements},
        {"usedCoreNum", t.usedCoreNum},
        {"coreOutputNum", t.coreOutputNum},
        {"tailCoreNum", t.tailCoreNum},
        {"mode", t.mode},
        {"tileSize", t.tileSize},
        {"tileNum", t.tileNum},
        {"tailTileRows", t.tailTileRows},
        {"tileBatchNum", t.tileBatchNum},
        {"rowsPerTile", t.rowsPerTile},
        {"rowsPerReduce", t.rowsPerReduce},
        {"rowLen", t.rowLen},
        {"rowSegNum", t.rowSegNum},
        {"reduceSlotBytes", t.reduceSlotBytes},
        {"colWidth", t.colWidth},
        {"splitRowsPerCore", t.splitRowsPerCore},
        {"splitTailCoreNum", t.splitTailCoreNum},
        {"workspaceStride", t.workspaceStride},
        {"keptAxisNum", t.keptAxisNum},
        {"reducedAxisNum", t.reducedAxisNum},
    };
    for (const auto& field : fields) {
        std::cout << " t." << field.first << ' ' << field.second;
    }
    if (static_cast<int64_t>(x.size()) != split.totalOutputElements * split.reduceElements) {
        Violation("data size does not match the shape");
    }
    int64_t maxUb = 0;
    std::cout << " design " << ToHex(DesignReference(split, x));
    std::cout << " tiled " << ToHex(WalkPlan(t, x, maxUb)) << " max_ub_used " << maxUb << std::endl;
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
