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
 * \file gcd.h
 * \brief Gcd kernel class: each core walks its output range tile by tile (CopyIn -> Compute -> CopyOut). How a tile
 *        reads its inputs is the copy mode of the tiling key (gcd_tiling_key.h); up to 32 bits the arithmetic is
 *        gcd_vector.h, int64 is computed on the scalar unit (A2 has no 64-bit vector arithmetic).
 */
#ifndef OPS_MATH_GCD_KERNEL_H
#define OPS_MATH_GCD_KERNEL_H

#include "kernel_operator.h"
#include "gcd_core.h"
#include "gcd_walk.h"
#include "gcd_vector.h"
#include "gcd_tiling_data.h"
#include "gcd_tiling_key.h"

namespace GcdNs {

using namespace AscendC;

// One input: its GM tensor, queue, and how tiles read it.
template <typename T>
struct GcdInput {
    GlobalTensor<T> gm;
    TQue<QuePosition::VECIN, GcdCore::GCD_QUEUE_DEPTH> queue;
    TBuf<QuePosition::VECCALC> table; // BLOCK mode, gathered input: byte offsets of every lane in the tile's span
    TBuf<QuePosition::VECCALC> lanes; // BLOCK mode, gathered input: the gathered operands (half for 8-bit dtypes)
    const int64_t* strides = nullptr;
    int64_t innerStride = 0; // SEGMENT mode: 1 copies the row segment, 0 repeats one value
    int64_t blockSpan = 0;
    int64_t blockStep = 0;
    bool linear = true;        // BLOCK mode: read at consecutive offsets, no gather
    int64_t tablePhase = -1;   // phase of the tile the table was last built for, -1 before the first build
    T value{};                 // SEGMENT mode, stride 0: the value of the current tile
};

template <typename T, uint64_t DTYPE_CODE, uint64_t MODE>
class GcdKernel {
public:
    __aicore__ inline GcdKernel() {}

    __aicore__ inline void Init(GM_ADDR self, GM_ADDR other, GM_ADDR out, const GcdTilingData* tiling, TPipe* pipe)
    {
        tiling_ = tiling;
        range_ = GcdCore::CoreOutputRange(*tiling, static_cast<int64_t>(GetBlockIdx()));
        outGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(out));
        SetInput(self_, self, tiling->selfStrides, tiling->selfBlockSpan, tiling->selfBlockStep, tiling->selfLinear);
        SetInput(other_, other, tiling->otherStrides, tiling->otherBlockSpan, tiling->otherBlockStep,
                 tiling->otherLinear);
        const int64_t gathered = (self_.linear ? 0 : 1) + (other_.linear ? 0 : 1);
        const GcdCore::GcdUbPlan plan =
            GcdCore::PlanUb(MODE, tiling->tileNum, static_cast<int64_t>(sizeof(T)), gathered);
        pipe->InitBuffer(self_.queue, GcdCore::GCD_QUEUE_DEPTH, plan.queueBytes);
        pipe->InitBuffer(other_.queue, GcdCore::GCD_QUEUE_DEPTH, plan.queueBytes);
        pipe->InitBuffer(outQueue_, GcdCore::GCD_QUEUE_DEPTH, plan.queueBytes);
        if constexpr (VECTOR) {
            math_.InitBuffers(pipe, plan);
        }
        InitGatherBuffers(self_, pipe, plan);
        InitGatherBuffers(other_, pipe, plan);
    }

    __aicore__ inline void Process()
    {
        for (int64_t pos = range_.begin; pos < range_.end;) {
            const GcdCore::Tile tile = GcdCore::NextTile(*tiling_, MODE, pos, range_.end);
            CopyIn(tile);
            Compute(tile);
            CopyOut(tile);
            pos += tile.count;
        }
    }

private:
    static constexpr bool VECTOR = sizeof(T) != 8;
    static constexpr int64_t LANE_BYTES = sizeof(T) < 2 ? 2 : sizeof(T); // 8-bit operands are gathered as half

    __aicore__ inline void SetInput(GcdInput<T>& in, GM_ADDR gm, const int64_t* strides, int64_t span, int64_t step,
                                    int64_t linear)
    {
        in.gm.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(gm));
        in.strides = strides;
        in.innerStride = strides[tiling_->rank - 1];
        in.blockSpan = span;
        in.blockStep = step;
        in.linear = MODE != GCD_MODE_BLOCK || linear != 0;
    }

    __aicore__ inline void InitGatherBuffers(GcdInput<T>& in, TPipe* pipe, const GcdCore::GcdUbPlan& plan)
    {
        if (in.linear) {
            return;
        }
        pipe->InitBuffer(in.table, plan.tableBytes);
        if constexpr (VECTOR) {
            pipe->InitBuffer(in.lanes, plan.laneBytes);
        }
    }

    // ------------------------------------------------------------ copy in
    __aicore__ inline void CopyIn(const GcdCore::Tile& tile)
    {
        // The inputs' offsets of the tile's first element (BLOCK: of its first block's start).
        cursor_.Init(*tiling_, MODE == GCD_MODE_BLOCK ? tile.block * tiling_->blockSize : tile.begin);
        CopyInInput(self_, cursor_.SelfOffset(), tile);
        CopyInInput(other_, cursor_.OtherOffset(), tile);
    }

    __aicore__ inline void CopyRun(const LocalTensor<T>& local, const GlobalTensor<T>& gm, int64_t count)
    {
        const DataCopyExtParams params{1, static_cast<uint32_t>(count * static_cast<int64_t>(sizeof(T))), 0, 0, 0};
        const DataCopyPadExtParams<T> pad{false, 0, 0, 0};
        DataCopyPad(local, gm, params, pad);
    }

    __aicore__ inline void CopyInInput(GcdInput<T>& in, int64_t offset, const GcdCore::Tile& tile)
    {
        LocalTensor<T> local = in.queue.template AllocTensor<T>();
        if constexpr (MODE == GCD_MODE_LINEAR) {
            CopyRun(local, in.gm[offset], tile.count);
        } else if constexpr (MODE == GCD_MODE_BLOCK) {
            if (in.linear) {
                CopyRun(local, in.gm[offset + tile.phase], tile.count);
            } else { // one DMA of the span the tile's blocks read; Compute gathers the lanes out of it
                CopyRun(local, in.gm[offset], GcdCore::SourceSpan(in.blockSpan, in.blockStep, tile.blocks));
            }
        } else if (in.innerStride == 1) { // SEGMENT
            CopyRun(local, in.gm[offset], tile.count);
        } else { // SEGMENT, stride 0: one read per tile of at least a row segment, repeated over the lanes
            in.value = in.gm.GetValue(offset);
            if constexpr (VECTOR) {
                Repeat(local, in.value, tile.count);
            }
        }
        in.queue.EnQue(local);
    }

    // 8-bit values are duplicated as a 16-bit pair: A2 has no 8-bit Duplicate.
    __aicore__ inline void Repeat(const LocalTensor<T>& local, T value, int64_t count)
    {
        const int32_t n = static_cast<int32_t>(GcdCore::RoundUp(count, GcdCore::GCD_TILE_ALIGN));
        if constexpr (sizeof(T) == 1) {
            const uint16_t byte = static_cast<uint8_t>(value);
            LocalTensor<uint16_t> pairs = local.template ReinterpretCast<uint16_t>();
            Duplicate(pairs, static_cast<uint16_t>(byte | (byte << 8)), n / 2);
        } else {
            Duplicate(local, value, n);
        }
    }

    // ------------------------------------------------------------ compute
    __aicore__ inline void Compute(const GcdCore::Tile& tile)
    {
        LocalTensor<T> selfLocal = self_.queue.template DeQue<T>();
        LocalTensor<T> otherLocal = other_.queue.template DeQue<T>();
        LocalTensor<T> outLocal = outQueue_.template AllocTensor<T>();
        if constexpr (MODE == GCD_MODE_BLOCK) {
            PrepareTables(tile);
        }
        if constexpr (VECTOR) {
            const int32_t n = static_cast<int32_t>(GcdCore::RoundUp(tile.count, GcdCore::GCD_TILE_ALIGN));
            LocalTensor<T> x = selfLocal;
            LocalTensor<T> y = otherLocal;
            LoadMagnitude(self_, selfLocal, tile, math_.A(), x, n);
            LoadMagnitude(other_, otherLocal, tile, math_.B(), y, n);
            math_.Solve(outLocal, x, y, tile.count, LanesFromMte2());
        } else {
            Compute64(tile, selfLocal, otherLocal, outLocal);
        }
        outQueue_.EnQue(outLocal);
        self_.queue.FreeTensor(selfLocal);
        other_.queue.FreeTensor(otherLocal);
    }

    // Some operand lane of the tile was written by MTE2 straight into a queue buffer (not gathered, not duplicated,
    // not written by the scalar unit).
    __aicore__ inline bool LanesFromMte2() const
    {
        if constexpr (MODE == GCD_MODE_LINEAR) {
            return true;
        } else if constexpr (MODE == GCD_MODE_BLOCK) {
            return self_.linear || other_.linear;
        } else {
            return self_.innerStride == 1 || other_.innerStride == 1; // SEGMENT
        }
    }

    // dst = the fp32 magnitudes of one input's operands; `lanes` = its native operands (the gathered lane buffer of
    // a gathered input up to 16 / 32 bits, else the queue buffer).
    __aicore__ inline void LoadMagnitude(GcdInput<T>& in, const LocalTensor<T>& local, const GcdCore::Tile& tile,
                                         const LocalTensor<float>& dst, LocalTensor<T>& lanes, int32_t n)
    {
        if constexpr (MODE == GCD_MODE_BLOCK) {
            if (!in.linear) {
                LocalTensor<uint32_t> table = in.table.template Get<uint32_t>();
                const uint32_t count = static_cast<uint32_t>(tile.count);
                if constexpr (sizeof(T) == 1) { // widen the span to half, gather half lanes (no 8-bit Gather)
                    LocalTensor<half> staging = math_.Staging();
                    LocalTensor<half> gathered = in.lanes.template Get<half>();
                    const int64_t span = GcdCore::SourceSpan(in.blockSpan, in.blockStep, tile.blocks);
                    Cast(staging, local, RoundMode::CAST_NONE, static_cast<int32_t>(span));
                    Gather(gathered, staging, table, 0U, count);
                    math_.ToMagnitudeFromHalf(dst, gathered, n);
                    return;
                } else {
                    lanes = in.lanes.template Get<T>();
                    Gather(lanes, local, table, 0U, count);
                }
            }
        }
        math_.ToMagnitude(dst, lanes, n);
    }

    // The gather offsets of the tile's phase for every gathered input: built once for a core's first, partial
    // block and once for all later tiles (phase 0), by the scalar unit.
    __aicore__ inline void PrepareTables(const GcdCore::Tile& tile)
    {
        bool built = BuildTable(self_, tile);
        built = BuildTable(other_, tile) || built;
        if constexpr (VECTOR) {
            if (built) {
                GcdWaitFor<HardEvent::S_V>(); // the Gathers read what the scalar unit just wrote
            }
        }
    }

    __aicore__ inline bool BuildTable(GcdInput<T>& in, const GcdCore::Tile& tile)
    {
        if (in.linear || in.tablePhase == tile.phase) {
            return false;
        }
        if constexpr (VECTOR) {
            if (in.tablePhase >= 0) {
                GcdWaitFor<HardEvent::V_S>(); // the earlier tiles' Gathers must have read the old offsets
            }
        }
        // A phase-0 table serves every later tile of the core: none takes more than blocksPerTile blocks or runs past
        // the core's end.
        const int64_t entries =
            tile.phase == 0 ? GcdCore::MinOf(tiling_->blocksPerTile * tiling_->blockSize, range_.end - tile.begin) :
                              tile.count;
        LocalTensor<uint32_t> table = in.table.template Get<uint32_t>();
        GcdCore::BlockOffsetWalker walker;
        walker.Init(*tiling_, in.strides, in.blockStep, tile.phase);
        for (int64_t i = 0; i < entries; ++i) {
            table.SetValue(static_cast<uint32_t>(i), static_cast<uint32_t>(walker.Offset() * LANE_BYTES));
            walker.Advance();
        }
        in.tablePhase = tile.phase;
        return true;
    }

    // int64: torch's loop per element on the scalar unit, operands read from UB.
    __aicore__ inline void Compute64(const GcdCore::Tile& tile, const LocalTensor<T>& selfLocal,
                                     const LocalTensor<T>& otherLocal, const LocalTensor<T>& outLocal)
    {
        if (ScalarReadsMte2()) {
            GcdWaitFor<HardEvent::MTE2_S>(); // a VECIN DeQue orders MTE2 -> V only
        }
        GcdWaitFor<HardEvent::MTE3_S>(); // MTE3 may still be copying out this buffer's previous tile
        for (int64_t i = 0; i < tile.count; ++i) {
            const T x = Operand(self_, selfLocal, i);
            const T y = Operand(other_, otherLocal, i);
            outLocal.SetValue(static_cast<uint32_t>(i), GcdCore::TorchIntGcd<T>(x, y));
        }
        GcdWaitFor<HardEvent::S_MTE3>(); // a VECOUT EnQue orders V -> MTE3 only
        if (ScalarReadsMte2()) {
            // MTE2 refills these queue buffers two tiles later; a VECIN FreeTensor orders V -> MTE2 only, not the
            // scalar reads above (write-after-read, S -> MTE2).
            GcdWaitFor<HardEvent::S_MTE2>();
        }
    }

    // Compute64 reads a queue buffer MTE2 wrote: every mode but a SEGMENT of two repeated values.
    __aicore__ inline bool ScalarReadsMte2() const
    {
        if constexpr (MODE == GCD_MODE_SEGMENT) {
            return self_.innerStride == 1 || other_.innerStride == 1;
        } else {
            return true;
        }
    }

    __aicore__ inline T Operand(GcdInput<T>& in, const LocalTensor<T>& local, int64_t i)
    {
        if constexpr (MODE == GCD_MODE_BLOCK) {
            if (!in.linear) {
                const uint32_t byte = in.table.template Get<uint32_t>().GetValue(static_cast<uint32_t>(i));
                return local.GetValue(byte / static_cast<uint32_t>(LANE_BYTES));
            }
        } else if constexpr (MODE == GCD_MODE_SEGMENT) {
            if (in.innerStride == 0) {
                return in.value;
            }
        }
        return local.GetValue(static_cast<uint32_t>(i));
    }

    // ------------------------------------------------------------ copy out
    __aicore__ inline void CopyOut(const GcdCore::Tile& tile)
    {
        LocalTensor<T> outLocal = outQueue_.template DeQue<T>();
        const DataCopyExtParams params{1, static_cast<uint32_t>(tile.count * static_cast<int64_t>(sizeof(T))), 0, 0,
                                       0};
        DataCopyPad(outGm_[tile.begin], outLocal, params);
        outQueue_.FreeTensor(outLocal);
    }

    const GcdTilingData* tiling_ = nullptr;
    GcdCore::OutputRange range_{0, 0};
    GcdCore::OffsetCursor cursor_;
    GcdInput<T> self_;
    GcdInput<T> other_;
    GlobalTensor<T> outGm_;
    TQue<QuePosition::VECOUT, GcdCore::GCD_QUEUE_DEPTH> outQueue_;
    GcdVectorMath<T, DTYPE_CODE> math_;
};

} // namespace GcdNs

#endif // OPS_MATH_GCD_KERNEL_H
