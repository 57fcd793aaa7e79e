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
 * \file reduce_all.h
 * \brief ReduceAll kernel: gather each reduction's rows by base + relative offset, Cast int8->half, Abs,
 *        row minima on the vector unit (WholeReduceMin + Min), min != 0 -> 1 else 0, Cast back to int8.
 *        x is read as bytes: a FLOAT16 / BFLOAT16 / FLOAT element's bytes are first made all 1 (x != 0, NaN
 *        included) or all 0 (+-0) in UB, with integer vector ops on its bits (exact, no float compare), so a float
 *        x needs no Cast to BOOL before the kernel. In column mode each output element is S byte columns; the
 *        result of its first column is gathered once per block.
 *
 * Pipe synchronisation (dav-2201): a VECIN EnQue/DeQue orders only MTE2 -> V and a VECOUT one only V -> MTE3, so
 * every other hand-over is an explicit flag. No scalar access touches a queue tensor. The scalar unit reads a
 * vector result only in TileMin (V_S, once per tile of big-reduce / split mode) and writes the per-output minima
 * only in those two modes (S_V once before each CopyOut, SyncScalarWrites). The batch, column and fill-true modes
 * stay on the vector unit from Cast to CopyOut and need no flag at all.
 */
#ifndef REDUCE_ALL_H
#define REDUCE_ALL_H

#include "kernel_operator.h"
#include "reduce_all_core.h"
#include "reduce_all_tiling_data.h"
#include "reduce_all_tiling_key.h"

namespace NsReduceAll {
using namespace AscendC;

constexpr int32_t BUFFER_NUM = 2;
// One vector repeat holds 128 halves: a row this short is reduced by one WholeReduceMin repeat.
constexpr int64_t WHOLE_REDUCE_MAX_COUNT = 128;
// Repeats per WholeReduceMin call: at most 255, and a multiple of 16 so the next call's minima start on a 32-byte
// boundary of the destination.
constexpr int64_t WHOLE_REDUCE_REPEATS = 240;
constexpr int64_t HALF_PER_BLOCK = 16;

// T: x's dtype (the op build's DTYPE_X); only its size and whether it is a float matter.
template <typename T>
class ReduceAllKernel {
    static constexpr int64_t S = static_cast<int64_t>(sizeof(T));

public:
    __aicore__ inline ReduceAllKernel() {}

    __aicore__ inline void Init(GM_ADDR x, GM_ADDR y, GM_ADDR userWorkspace, const ReduceAllTilingData* tilingData,
                                TPipe* pipe)
    {
        t_ = *tilingData;
        pipe_ = pipe;
        ReduceAllCore::CoreOutputRange(t_, static_cast<int64_t>(GetBlockIdx()), outStart_, outCount_);
        xGm_.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t*>(x));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t*>(y));
        if (t_.mode == static_cast<int64_t>(REDUCE_ALL_MODE_SPLIT)) {
            workspaceGm_.SetGlobalBuffer(reinterpret_cast<__gm__ int8_t*>(userWorkspace));
            outStart_ = 0;
            outCount_ = t_.totalOutputElements;
        }
        pipe_->InitBuffer(outQue_, BUFFER_NUM, static_cast<uint32_t>(REDUCE_ALL_OUT_CAP));
        pipe_->InitBuffer(minBuf_, static_cast<uint32_t>(REDUCE_ALL_OUT_CAP * sizeof(half)));
        if (t_.mode != static_cast<int64_t>(REDUCE_ALL_MODE_FILL_TRUE)) {
            pipe_->InitBuffer(inQue_, BUFFER_NUM, static_cast<uint32_t>(t_.tileSize));
            pipe_->InitBuffer(workBuf_, static_cast<uint32_t>(t_.tileSize * sizeof(half)));
            pipe_->InitBuffer(partBuf_, static_cast<uint32_t>(t_.tileSize * sizeof(half)));
            pipe_->InitBuffer(reduceDstBuf_, static_cast<uint32_t>(REDUCE_ALL_REDUCE_DST_BYTES));
        }
        if constexpr (S > 1) {
            pipe_->InitBuffer(gatherTableBuf_, static_cast<uint32_t>(REDUCE_ALL_OUT_CAP / S * sizeof(uint32_t)));
            if (t_.mode == static_cast<int64_t>(REDUCE_ALL_MODE_COLUMN)) {
                // Output j of a column block is the minimum of byte column j * S: its half's byte offset.
                LocalTensor<uint32_t> table = gatherTableBuf_.Get<uint32_t>();
                for (int64_t j = 0; j < REDUCE_ALL_OUT_CAP / S; ++j) {
                    table.SetValue(static_cast<uint32_t>(j), static_cast<uint32_t>(j * S * sizeof(half)));
                }
                event_t eventSToV = static_cast<event_t>(pipe_->FetchEventID(HardEvent::S_V));
                SetFlag<HardEvent::S_V>(eventSToV);
                WaitFlag<HardEvent::S_V>(eventSToV);
            }
        }
    }

    __aicore__ inline void Process()
    {
        if (outCount_ <= 0) {
            return;
        }
        // Lanes past the outputs of a flush are read by Mins and Cast: start them at True, they stay finite.
        Duplicate(minBuf_.Get<half>(), static_cast<half>(1.0f), static_cast<int32_t>(REDUCE_ALL_OUT_CAP));
        if (t_.mode == static_cast<int64_t>(REDUCE_ALL_MODE_FILL_TRUE)) {
            ProcessFillTrue();
        } else if (t_.mode == static_cast<int64_t>(REDUCE_ALL_MODE_BATCH)) {
            ProcessBatch();
        } else if (t_.mode == static_cast<int64_t>(REDUCE_ALL_MODE_COLUMN)) {
            ProcessColumn();
        } else if (t_.mode == static_cast<int64_t>(REDUCE_ALL_MODE_SPLIT)) {
            ProcessSplit();
        } else {
            ProcessBigReduce();
        }
    }

private:
    // An empty reduction is True: no input is read.
    __aicore__ inline void ProcessFillTrue()
    {
        for (int64_t done = 0; done < outCount_; done += REDUCE_ALL_OUT_CAP) {
            const int64_t n = ReduceAllCore::MinOf(REDUCE_ALL_OUT_CAP, outCount_ - done);
            CopyOutResults(outStart_ + done, n);
        }
    }

    // Several whole reductions per tile; reduction b starts at b * reduceSlotBytes of the tile.
    __aicore__ inline void ProcessBatch()
    {
        for (int64_t done = 0; done < outCount_; done += t_.tileBatchNum) {
            const int64_t n = ReduceAllCore::MinOf(t_.tileBatchNum, outCount_ - done);
            LocalTensor<int8_t> inLocal = inQue_.AllocTensor<int8_t>();
            if (t_.rowsPerReduce == 1) {
                CopyInReductionRuns(inLocal, outStart_ + done, n);
            } else {
                for (int64_t b = 0; b < n; ++b) {
                    const int64_t base = ReduceAllCore::BaseOffset(t_, outStart_ + done + b);
                    CopyInRows(inLocal, b * t_.reduceSlotBytes, base, 0, t_.rowsPerReduce);
                }
            }
            inQue_.EnQue(inLocal);
            CastAbs(n * t_.reduceSlotBytes);
            // Every minimum of the tile lands in minBuf on the vector unit: no scalar round trip per output.
            RowMin(minBuf_.Get<half>(), workBuf_.Get<half>(), n, t_.reduceSlotBytes, t_.reduceSlotBytes);
            CopyOutResults(outStart_ + done, n);
        }
    }

    // One reduction over tileNum tiles; the partial minimum is carried from tile to tile.
    __aicore__ inline void ProcessBigReduce()
    {
        LocalTensor<half> minLocal = minBuf_.Get<half>();
        int64_t gathered = 0;
        for (int64_t i = 0; i < outCount_; ++i) {
            const int64_t base = ReduceAllCore::BaseOffset(t_, outStart_ + i);
            float partialMin = 1.0f;
            for (int64_t tile = 0; tile < t_.tileNum && partialMin != 0.0f; ++tile) {
                int64_t rowBegin = 0;
                int64_t rowEnd = 0;
                ReduceAllCore::TileRows(t_, tile, rowBegin, rowEnd);
                LocalTensor<int8_t> inLocal = inQue_.AllocTensor<int8_t>();
                const int64_t count = CopyInRows(inLocal, 0, base, rowBegin, rowEnd);
                inQue_.EnQue(inLocal);
                CastAbs(count);
                const float tileMin = TileMin(count);
                partialMin = tileMin < partialMin ? tileMin : partialMin;
            }
            // The V_S wait in TileMin also covers the vector unit's last read of minBuf (the previous CopyOut), so
            // this scalar write cannot overtake it.
            minLocal.SetValue(static_cast<uint32_t>(gathered++), static_cast<half>(partialMin));
            if (gathered == REDUCE_ALL_OUT_CAP || i == outCount_ - 1) {
                SyncScalarWrites();
                CopyOutResults(outStart_ + i + 1 - gathered, gathered);
                gathered = 0;
            }
        }
    }

    // Every core reduces rows [rowBegin, rowEnd) of every reduction into its partials (0/1) in the workspace;
    // after SyncAll core 0 folds the usedCoreNum partials of each output with Min and writes y.
    __aicore__ inline void ProcessSplit()
    {
        const int64_t core = static_cast<int64_t>(GetBlockIdx());
        int64_t rowBegin = 0;
        int64_t rowEnd = 0;
        ReduceAllCore::SplitRowRange(t_, core, rowBegin, rowEnd);
        LocalTensor<half> minLocal = minBuf_.Get<half>();
        for (int64_t i = 0; i < outCount_; ++i) {
            const int64_t base = ReduceAllCore::BaseOffset(t_, i);
            float partialMin = 1.0f;
            for (int64_t row = rowBegin; row < rowEnd && partialMin != 0.0f; row += t_.rowsPerTile) {
                const int64_t tileEnd = ReduceAllCore::MinOf(row + t_.rowsPerTile, rowEnd);
                LocalTensor<int8_t> inLocal = inQue_.AllocTensor<int8_t>();
                const int64_t count = CopyInRows(inLocal, 0, base, row, tileEnd);
                inQue_.EnQue(inLocal);
                CastAbs(count);
                const float tileMin = TileMin(count);
                partialMin = tileMin < partialMin ? tileMin : partialMin;
            }
            minLocal.SetValue(static_cast<uint32_t>(i), static_cast<half>(partialMin));
        }
        SyncScalarWrites();
        CopyOutResults(workspaceGm_, core * t_.workspaceStride, outCount_);
        // Every core's partials must be in GM before core 0 reads them. No PipeBarrier<PIPE_ALL> of our own: the
        // hardware SyncAll of dav-2201 starts with PipeBarrier<PIPE_ALL> and raises the cross-core flag from the MTE3
        // pipe (asc-devkit impl/basic_api/dav_c220/kernel_operator_sync_impl.h, SyncAllImpl), so the DataCopyPad
        // above has completed when any core passes it; core 0's MTE2 reads below are issued after its wait.
        SyncAll();
        if (core != 0) {
            return;
        }
        // Rows of the fold: one per core, outCount_ partials each.
        Duplicate(minLocal, static_cast<half>(1.0f), static_cast<int32_t>(REDUCE_ALL_OUT_CAP));
        LocalTensor<int8_t> inLocal = inQue_.AllocTensor<int8_t>();
        const int64_t slot = t_.workspaceStride;
        DataCopyExtParams copyParams{static_cast<uint16_t>(t_.usedCoreNum), static_cast<uint32_t>(outCount_),
                                     static_cast<uint32_t>(slot - outCount_), 0, 0};
        DataCopyPadExtParams<int8_t> padParams{true, 0, static_cast<uint8_t>(slot - outCount_), 1};
        DataCopyPad(inLocal, workspaceGm_, copyParams, padParams);
        inQue_.EnQue(inLocal);
        CastAbs(t_.usedCoreNum * slot, false); // partials are 0/1 bytes, not x's elements
        FoldRows(t_.usedCoreNum, slot);
        CopyOutResults(yGm_, 0, outCount_);
    }

    // minBuf[0, slot) = min(minBuf, min over rows of work[r * slot, (r + 1) * slot)), by a halving Min tree.
    __aicore__ inline void FoldRows(int64_t rows, int64_t slot)
    {
        LocalTensor<half> workLocal = workBuf_.Get<half>();
        while (rows > 1) {
            const int64_t halfRows = rows / 2;
            Min(workLocal, workLocal, workLocal[static_cast<uint32_t>((rows - halfRows) * slot)],
                static_cast<int32_t>(halfRows * slot));
            rows -= halfRows;
        }
        LocalTensor<half> accLocal = minBuf_.Get<half>();
        Min(accLocal, accLocal, workLocal, static_cast<int32_t>(slot));
    }

    // The innermost axis is kept: a block of up to colWidth neighbouring outputs; each reduced index is one row of
    // the block. Per tile the rows are folded with Min in a halving tree, then into the running minimum minBuf.
    __aicore__ inline void ProcessColumn()
    {
        LocalTensor<half> accLocal = minBuf_.Get<half>();
        for (int64_t done = 0; done < outCount_;) {
            const int64_t outIndex = outStart_ + done;
            const int64_t width = ReduceAllCore::ColumnWidth(t_, outIndex, outCount_ - done);
            const int64_t slot = ReduceAllCore::RoundUp(width, REDUCE_ALL_BLOCK_BYTES);
            const int64_t base = ReduceAllCore::BaseOffset(t_, outIndex);
            for (int64_t tile = 0; tile < t_.tileNum; ++tile) {
                int64_t rowBegin = 0;
                int64_t rowEnd = 0;
                ReduceAllCore::TileRows(t_, tile, rowBegin, rowEnd);
                LocalTensor<int8_t> inLocal = inQue_.AllocTensor<int8_t>();
                CopyInColumns(inLocal, base, width, rowBegin, rowEnd);
                inQue_.EnQue(inLocal);
                CastAbs((rowEnd - rowBegin) * slot);
                FoldRows(rowEnd - rowBegin, slot);
            }
            CopyOutResults(outIndex, width);
            Duplicate(accLocal, static_cast<half>(1.0f), static_cast<int32_t>(REDUCE_ALL_OUT_CAP));
            done += width;
        }
    }

    // Column mode CopyIn: rows [rowBegin, rowEnd) of the block at base, width bytes each, in 32-byte slots.
    __aicore__ inline void CopyInColumns(LocalTensor<int8_t>& inLocal, int64_t base, int64_t width, int64_t rowBegin,
                                         int64_t rowEnd)
    {
        int64_t ubPos = 0;
        ReduceAllCore::RowSpan span{};
        for (int64_t row = rowBegin; row < rowEnd; row += span.count) {
            ReduceAllCore::ColumnSpanAt(t_, row, rowEnd, width, span);
            DataCopyExtParams copyParams{static_cast<uint16_t>(span.count), static_cast<uint32_t>(span.len),
                                         static_cast<uint32_t>(span.srcGap), 0, 0};
            DataCopyPadExtParams<int8_t> padParams{true, 0, static_cast<uint8_t>(span.slot - span.len), 1};
            DataCopyPad(inLocal[static_cast<uint32_t>(ubPos)], xGm_[base + span.relOffset], copyParams, padParams);
            ubPos += span.count * span.slot;
        }
    }

    // Batch mode, one row per reduction: the n reductions from outIndex in one DataCopyPad per run of the innermost
    // kept axis (not one per output), reduction b at b * reduceSlotBytes, tails padded with 1.
    __aicore__ inline void CopyInReductionRuns(LocalTensor<int8_t>& inLocal, int64_t outIndex, int64_t n)
    {
        ReduceAllCore::RowSpan span{};
        for (int64_t b = 0; b < n; b += span.count) {
            ReduceAllCore::ReductionRunAt(t_, outIndex + b, n - b, span);
            DataCopyExtParams copyParams{static_cast<uint16_t>(span.count), static_cast<uint32_t>(span.len),
                                         static_cast<uint32_t>(span.srcGap), 0, 0};
            DataCopyPadExtParams<int8_t> padParams{true, 0, static_cast<uint8_t>(span.slot - span.len), 1};
            DataCopyPad(inLocal[static_cast<uint32_t>(b * t_.reduceSlotBytes)],
                        xGm_[ReduceAllCore::BaseOffset(t_, outIndex + b)], copyParams, padParams);
        }
    }

    // DataCopyPad each row span of rows [rowBegin, rowEnd) into 32-byte slots from ubPos, tails padded with 1;
    // returns the UB bytes the rows take.
    __aicore__ inline int64_t CopyInRows(LocalTensor<int8_t>& inLocal, int64_t ubPos, int64_t base, int64_t rowBegin,
                                         int64_t rowEnd)
    {
        const int64_t start = ubPos;
        ReduceAllCore::RowSpan span{};
        for (int64_t row = rowBegin; row < rowEnd; row += span.count) {
            ReduceAllCore::RowSpanAt(t_, row, rowEnd, span);
            DataCopyExtParams copyParams{static_cast<uint16_t>(span.count), static_cast<uint32_t>(span.len),
                                         static_cast<uint32_t>(span.srcGap), 0, 0};
            DataCopyPadExtParams<int8_t> padParams{true, 0, static_cast<uint8_t>(span.slot - span.len), 1};
            DataCopyPad(inLocal[static_cast<uint32_t>(ubPos)], xGm_[base + span.relOffset], copyParams, padParams);
            ubPos += span.count * span.slot;
        }
        return ubPos - start;
    }

    // A float element's S bytes all 1 when x != 0 (NaN and subnormals included), all 0 for +-0: the bits without
    // the sign bit (shifted out and back), clamped to 1 and multiplied by 0x0101 / 0x01010101. count: whole slots,
    // so whole elements (pad bytes of 1 give a non-zero element, neutral for AND).
    __aicore__ inline void ElementTruth(const LocalTensor<int8_t>& inLocal, int64_t count)
    {
        if constexpr (S == 2) {
            const int32_t n = static_cast<int32_t>(count / 2);
            LocalTensor<uint16_t> bits = inLocal.template ReinterpretCast<uint16_t>();
            ShiftLeft(bits, bits, static_cast<uint16_t>(1), n);
            ShiftRight(bits, bits, static_cast<uint16_t>(1), n);
            LocalTensor<int16_t> word = inLocal.template ReinterpretCast<int16_t>();
            Mins(word, word, static_cast<int16_t>(1), n);
            Muls(word, word, static_cast<int16_t>(0x0101), n);
        } else if constexpr (S == 4) {
            const int32_t n = static_cast<int32_t>(count / 4);
            LocalTensor<uint32_t> bits = inLocal.template ReinterpretCast<uint32_t>();
            ShiftLeft(bits, bits, static_cast<uint32_t>(1), n);
            ShiftRight(bits, bits, static_cast<uint32_t>(1), n);
            LocalTensor<int32_t> word = inLocal.template ReinterpretCast<int32_t>();
            Mins(word, word, static_cast<int32_t>(1), n);
            Muls(word, word, static_cast<int32_t>(0x01010101), n);
        }
    }

    // work[0, count) = |half(in)|, in holding x's elements (made bytes of their truth first) or 0/1 partials; frees
    // the input tile.
    __aicore__ inline void CastAbs(int64_t count, bool elements = true)
    {
        LocalTensor<int8_t> inLocal = inQue_.DeQue<int8_t>();
        if (elements) {
            ElementTruth(inLocal, count);
        }
        LocalTensor<half> workLocal = workBuf_.Get<half>();
        Cast(workLocal, inLocal, RoundMode::CAST_NONE, static_cast<uint32_t>(count));
        inQue_.FreeTensor(inLocal);
        Abs(workLocal, workLocal, static_cast<int32_t>(count));
    }

    // The minimum of work[0, count) as a scalar (big-reduce / split mode: it decides the early stop). One V_S per
    // tile; ReduceMin is not used because on dav-2201 it reads its own partial result on the scalar unit (V_S, S_V
    // and S_MTE3 inside every call, kernel_operator_vec_reduce_impl.h ReduceImplThirdStepNoIndex).
    __aicore__ inline float TileMin(int64_t count)
    {
        LocalTensor<half> dstLocal = reduceDstBuf_.Get<half>();
        RowMin(dstLocal, workBuf_.Get<half>(), 1, count, count);
        event_t eventVToS = static_cast<event_t>(pipe_->FetchEventID(HardEvent::V_S));
        SetFlag<HardEvent::V_S>(eventVToS);
        WaitFlag<HardEvent::V_S>(eventVToS);
        const float value = static_cast<float>(dstLocal.GetValue(0));
        // The next tile's RowMin rewrites dstLocal: it must not overtake this read (write-after-read, S -> V).
        event_t eventSToV = static_cast<event_t>(pipe_->FetchEventID(HardEvent::S_V));
        SetFlag<HardEvent::S_V>(eventSToV);
        WaitFlag<HardEvent::S_V>(eventSToV);
        return value;
    }

    // dst[0, n) = the minimum of each of n rows of len halves, rows stride halves apart in src (len and stride
    // multiples of 16, len * n within a tile), on the vector unit only. Rows of at most 128 halves take one
    // WholeReduceMin repeat each. Longer rows are cut into 128-half chunks, whichever way takes fewer calls: one
    // WholeReduceMin per chunk index reduces that chunk of every row (rows of partials, then a halving Min over
    // them), or one WholeReduceMin per row reduces all its chunks and the rows of partials are reduced again.
    // Partials go to partBuf.
    __aicore__ inline void RowMin(const LocalTensor<half>& dst, const LocalTensor<half>& src, int64_t n, int64_t len,
                                  int64_t stride)
    {
        LocalTensor<half> partLocal = partBuf_.Get<half>();
        LocalTensor<half> cur = src;
        int64_t partUsed = 0;
        while (len > WHOLE_REDUCE_MAX_COUNT) {
            const int64_t chunks = (len + WHOLE_REDUCE_MAX_COUNT - 1) / WHOLE_REDUCE_MAX_COUNT;
            const bool hasTail = chunks * WHOLE_REDUCE_MAX_COUNT != len;
            // Calls per way: chunks WholeReduceMin + the Min tree, or per row one WholeReduceMin (and one Min for a
            // short last chunk) + at least one call for the next level.
            const int64_t perChunkCalls = chunks + CeilLog2(chunks);
            const int64_t perRowCalls = n * (hasTail ? 2 : 1) + 1;
            if (perChunkCalls <= perRowCalls) {
                const int64_t rowStride = ReduceAllCore::RoundUp(n, HALF_PER_BLOCK);
                LocalTensor<half> rows = partLocal[static_cast<uint32_t>(partUsed)];
                for (int64_t k = 0; k < chunks; ++k) {
                    const int64_t mask = ReduceAllCore::MinOf(WHOLE_REDUCE_MAX_COUNT, len - k * WHOLE_REDUCE_MAX_COUNT);
                    WholeReduceRows(rows[static_cast<uint32_t>(k * rowStride)],
                                    cur[static_cast<uint32_t>(k * WHOLE_REDUCE_MAX_COUNT)], mask, n, stride);
                }
                MinOfRows(dst, rows, chunks, rowStride, n);
                return;
            }
            const int64_t full = len / WHOLE_REDUCE_MAX_COUNT;
            const int64_t tail = len - full * WHOLE_REDUCE_MAX_COUNT; // > 0 exactly when hasTail
            const int64_t nextStride = ReduceAllCore::RoundUp(full, HALF_PER_BLOCK);
            LocalTensor<half> next = partLocal[static_cast<uint32_t>(partUsed)];
            for (int64_t b = 0; b < n; ++b) {
                LocalTensor<half> row = cur[static_cast<uint32_t>(b * stride)];
                if (tail > 0) {
                    // Fold the short last chunk into the first so every repeat below is a whole 128 halves.
                    Min(row, row, row[static_cast<uint32_t>(full * WHOLE_REDUCE_MAX_COUNT)],
                        static_cast<int32_t>(tail));
                }
                WholeReduceRows(next[static_cast<uint32_t>(b * nextStride)], row, WHOLE_REDUCE_MAX_COUNT, full,
                                WHOLE_REDUCE_MAX_COUNT);
            }
            partUsed += n * nextStride;
            cur = next;
            len = full;
            stride = nextStride;
        }
        WholeReduceRows(dst, cur, len, n, stride);
    }

    __aicore__ inline int64_t CeilLog2(int64_t value)
    {
        int64_t bits = 0;
        while ((int64_t{1} << bits) < value) {
            ++bits;
        }
        return bits;
    }

    // dst[r] = minimum of the first mask halves of src[r * stride, ...) for r in [0, rows): one repeat per row.
    __aicore__ inline void WholeReduceRows(const LocalTensor<half>& dst, const LocalTensor<half>& src, int64_t mask,
                                           int64_t rows, int64_t stride)
    {
        for (int64_t r = 0; r < rows; r += WHOLE_REDUCE_REPEATS) {
            const int64_t repeats = ReduceAllCore::MinOf(WHOLE_REDUCE_REPEATS, rows - r);
            WholeReduceMin<half>(dst[static_cast<uint32_t>(r)], src[static_cast<uint32_t>(r * stride)],
                                 static_cast<int32_t>(mask), static_cast<int32_t>(repeats), 1, 1,
                                 static_cast<int32_t>(stride / HALF_PER_BLOCK), ReduceOrder::ORDER_ONLY_VALUE);
        }
    }

    // dst[0, n) = element-wise minimum of rows (>= 2) rows of rowStride halves: a halving Min tree in place, the last
    // step written to dst.
    __aicore__ inline void MinOfRows(const LocalTensor<half>& dst, const LocalTensor<half>& rowsLocal, int64_t rows,
                                     int64_t rowStride, int64_t n)
    {
        while (rows > 2) {
            const int64_t halfRows = rows / 2;
            Min(rowsLocal, rowsLocal, rowsLocal[static_cast<uint32_t>((rows - halfRows) * rowStride)],
                static_cast<int32_t>(halfRows * rowStride));
            rows -= halfRows;
        }
        Min(dst, rowsLocal, rowsLocal[static_cast<uint32_t>(rowStride)], static_cast<int32_t>(n));
    }

    // The vector unit reads minBuf after the scalar unit wrote it (big-reduce and split modes only).
    __aicore__ inline void SyncScalarWrites()
    {
        event_t eventSToV = static_cast<event_t>(pipe_->FetchEventID(HardEvent::S_V));
        SetFlag<HardEvent::S_V>(eventSToV);
        WaitFlag<HardEvent::S_V>(eventSToV);
    }

    __aicore__ inline void CopyOutResults(int64_t outIndex, int64_t n)
    {
        if constexpr (S > 1) {
            if (t_.mode == static_cast<int64_t>(REDUCE_ALL_MODE_COLUMN)) {
                // n byte columns, S per output element: the minimum of each element's first column, compacted.
                LocalTensor<half> compact = partBuf_.Get<half>();
                // Whole 32-lane blocks: the lanes past n / S read columns of minBuf that hold 1, never copied out.
                const int64_t lanes = ReduceAllCore::RoundUp(n / S, REDUCE_ALL_BLOCK_BYTES);
                Gather(compact, minBuf_.Get<half>(), gatherTableBuf_.Get<uint32_t>(), 0U, static_cast<uint32_t>(lanes));
                CopyOutResults(yGm_, outIndex / S, n / S, compact);
                return;
            }
        }
        CopyOutResults(yGm_, outIndex, n, minBuf_.Get<half>());
    }

    __aicore__ inline void CopyOutResults(const GlobalTensor<int8_t>& dstGm, int64_t outIndex, int64_t n)
    {
        CopyOutResults(dstGm, outIndex, n, minBuf_.Get<half>());
    }

    // dst[outIndex, outIndex + n) = (min != 0) as int8: Mins(min, 1) then Cast half -> int8.
    __aicore__ inline void CopyOutResults(const GlobalTensor<int8_t>& dstGm, int64_t outIndex, int64_t n,
                                          const LocalTensor<half>& minLocal)
    {
        const int32_t alignedN = static_cast<int32_t>(ReduceAllCore::RoundUp(n, REDUCE_ALL_BLOCK_BYTES));
        LocalTensor<int8_t> outLocal = outQue_.AllocTensor<int8_t>();
        Mins(minLocal, minLocal, static_cast<half>(1.0f), alignedN);
        Cast(outLocal, minLocal, RoundMode::CAST_NONE, static_cast<uint32_t>(alignedN));
        outQue_.EnQue(outLocal);
        outLocal = outQue_.DeQue<int8_t>();
        DataCopyExtParams copyParams{1, static_cast<uint32_t>(n), 0, 0, 0};
        DataCopyPad(dstGm[outIndex], outLocal, copyParams);
        outQue_.FreeTensor(outLocal);
    }

    TPipe* pipe_ = nullptr;
    TQue<QuePosition::VECIN, BUFFER_NUM> inQue_;
    TQue<QuePosition::VECOUT, BUFFER_NUM> outQue_;
    TBuf<QuePosition::VECCALC> workBuf_;
    TBuf<QuePosition::VECCALC> partBuf_;
    TBuf<QuePosition::VECCALC> minBuf_;
    TBuf<QuePosition::VECCALC> reduceDstBuf_;
    TBuf<QuePosition::VECCALC> gatherTableBuf_;
    GlobalTensor<int8_t> xGm_;
    GlobalTensor<int8_t> yGm_;
    GlobalTensor<int8_t> workspaceGm_;
    ReduceAllTilingData t_{};
    int64_t outStart_ = 0;
    int64_t outCount_ = 0;
};

} // namespace NsReduceAll

#endif // REDUCE_ALL_H
