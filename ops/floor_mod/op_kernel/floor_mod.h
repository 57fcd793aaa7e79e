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
 * \file floor_mod.h
 * \brief FloorMod AI Core kernel with stride-aware broadcast. Each core walks its output range in tiles of whole
 *        rows (TileWalker: as many rows of the last compressed dim as fit, within one block of the next-to-last
 *        dim), so that each input is at most one DMA per tile: the rows themselves, one row replicated in UB (x1's
 *        row of 64 lanes is read in place by the float paths instead: Dividend), one value per row spread by Gather,
 *        or one value spread; a one-element input is spread once at Init. BLOCK_RESIDENT (FLOAT, x1 [I, 1, K] against
 *        x2 [1, J, K]): a tile is a chunk of x2's rows against one x1 row; the chunk stays in its queue buffer from
 *        its first tile on a core to its last (FETCH_CHUNK), and a chunk fit for the cheap path lets each tile take
 *        it on its row's bound alone (NewChunk, RemainderMath::FastOnChunk). Every
 *        buffer comes from the UB plan the host sized the tile with (PlanUb): a queue holds what one DMA brings
 *        (a replicated or spread input only its row or values; the tile-sized copy is one wide buffer). Tiles are
 *        prefetched one ahead at queue depth 2. Compute is exact for every dtype (floor_mod_compute.h);
 *        DOUBLE runs IEEE-754 bit patterns on the scalar unit (and INT64 outside the INT32 range), with the
 *        pipe syncs each scalar access needs. No GM workspace.
 */
#ifndef OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_H_
#define OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_H_

#include <type_traits>

#include "kernel_operator.h"
#include "floor_mod_tiling_data.h"
#include "floor_mod_broadcast.h"
#include "floor_mod_compute.h"
#include "floor_mod_scalar.h"

namespace FloorModNs {
using namespace AscendC;

constexpr float INT32_SAFE_MAGNITUDE = 2147483520.0f; // the largest FP32 below 2^31 - 64: |x| < it fits INT32
constexpr uint32_t MAX_REPEATS = 255;

template <typename T>
struct KernelTraits {
    static constexpr bool IS_HALF_LIKE = std::is_same<T, half>::value || std::is_same<T, bfloat16_t>::value;
    static constexpr bool IS_FP32 = std::is_same<T, float>::value;
    static constexpr bool IS_INT32 = std::is_same<T, int32_t>::value;
    static constexpr bool IS_INT64 = std::is_same<T, int64_t>::value;
    static constexpr bool IS_DOUBLE_BITS = std::is_same<T, uint64_t>::value; // DOUBLE travels as its bit pattern
    static constexpr uint32_t KIND =
        IS_HALF_LIKE ? KIND_HALF :
                       (IS_FP32 ? KIND_FP32 : (IS_INT32 ? KIND_INT32 : (IS_INT64 ? KIND_INT64 : KIND_DOUBLE_BITS)));
    // Significant bits of a divisor converted to FP32 (floor_mod_compute.h splits it into that many 8-bit parts).
    static constexpr uint32_t DIVISOR_BITS = std::is_same<T, half>::value ? 11U : (IS_HALF_LIKE ? 8U : 24U);
    using Lane = typename std::conditional<sizeof(T) == 2, int16_t, int32_t>::type;         // bit copies (Adds 0)
    using GatherLane = typename std::conditional<sizeof(T) == 2, uint16_t, uint32_t>::type;
};

// One pipe waits for everything another pipe issued so far.
template <HardEvent EVENT>
__aicore__ inline void WaitPipe()
{
    event_t id = static_cast<event_t>(GetTPipePtr()->FetchEventID(EVENT));
    SetFlag<EVENT>(id);
    WaitFlag<EVENT>(id);
}

template <typename T>
class FloorModKernel {
    using Traits = KernelTraits<T>;
    using Lane = typename Traits::Lane;
    using GatherLane = typename Traits::GatherLane;

public:
    __aicore__ inline void Init(GM_ADDR x1, GM_ADDR x2, GM_ADDR y, const FloorModTilingData& tiling)
    {
        td_ = tiling;
        uint32_t core = static_cast<uint32_t>(GetBlockIdx());
        uint64_t extra = td_.tailDataCoreNum;
        start_ = core * td_.perCoreDataCount + (core < extra ? core : extra) * td_.blockAlignElements;
        count_ = core + 1 == td_.needCoreNum ? td_.lastCoreDataCount :
                                               td_.perCoreDataCount + (core < extra ? td_.blockAlignElements : 0);
        if (core >= td_.needCoreNum) {
            count_ = 0;
        }
        x1Gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x1));
        x2Gm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(x2));
        yGm_.SetGlobalBuffer(reinterpret_cast<__gm__ T*>(y));
        tile_ = td_.usableUbSize;
        InitBuffers();
        if (count_ != 0) {
            BuildGatherTables();
            SpreadConstantInputs();
        }
    }

    __aicore__ inline void Process()
    {
        if (count_ == 0) {
            return;
        }
        TileWalker walker;
        walker.Init(td_, start_, count_, tile_);
        TilePlan plans[2];
        uint32_t current = 0;
        if (!walker.Next(plans[0])) {
            return;
        }
        CopyIn(plans[0]);
        bool prefetch = td_.queueDepth > 1;
        while (true) {
            bool more = prefetch && walker.Next(plans[current ^ 1U]);
            if (more) {
                CopyIn(plans[current ^ 1U]); // the next tile's DMA overlaps this tile's compute
            }
            Compute(plans[current]);
            CopyOut(plans[current]);
            if (!prefetch) {
                more = walker.Next(plans[current ^ 1U]);
                if (more) {
                    CopyIn(plans[current ^ 1U]);
                }
            }
            if (!more) {
                break;
            }
            current ^= 1U;
        }
    }

private:
    // Exactly the buffers of the plan the host sized the tile with (the tests compare the pipe's total with it).
    __aicore__ inline void InitBuffers()
    {
        UbPlan plan = PlanUb(td_, Traits::KIND, tile_, td_.queueDepth);
        pipe_.InitBuffer(in1Que_, plan.inQueueDepth[0], plan.inQueueBytes[0]);
        pipe_.InitBuffer(in2Que_, plan.inQueueDepth[1], plan.inQueueBytes[1]);
        pipe_.InitBuffer(outQue_, plan.outQueueDepth, plan.outQueueBytes);
        for (uint32_t input = 0; input < 2; ++input) {
            wide_[input] = plan.wideBytes[input] != 0;
        }
        if (wide_[0]) {
            pipe_.InitBuffer(wide1Buf_, plan.wideBytes[0]);
        }
        if (wide_[1]) {
            pipe_.InitBuffer(wide2Buf_, plan.wideBytes[1]);
        }
        rowTable_ = plan.rowTableBytes != 0;
        if (rowTable_) {
            pipe_.InitBuffer(rowTableBuf_, plan.rowTableBytes);
        }
        zeroTable_ = plan.zeroTableBytes != 0;
        if (zeroTable_) {
            pipe_.InitBuffer(zeroTableBuf_, plan.zeroTableBytes);
        }
        // Vector writes into input buffers the scalar unit may have read (for the scalar paths' S -> V order).
        vectorWritesInputs_ = wide_[0] || wide_[1];
        if (plan.workBytes != 0) {
            pipe_.InitBuffer(workBuf_, plan.workBytes);
        }
        if (plan.maskBytes != 0) {
            pipe_.InitBuffer(maskBuf_, plan.maskBytes);
        }
        if (plan.slotBytes != 0) {
            pipe_.InitBuffer(slotBuf_, plan.slotBytes);
        }
        if (plan.boundBytes != 0) {
            pipe_.InitBuffer(boundBuf_, plan.boundBytes);
        }
        if constexpr (!Traits::IS_DOUBLE_BITS) {
            LocalTensor<uint8_t> mask;
            if (plan.maskBytes != 0) {
                mask = maskBuf_.template Get<uint8_t>();
            }
            LocalTensor<float> slot;
            if (plan.slotBytes != 0) {
                slot = slotBuf_.template Get<float>();
            }
            math_.Init(workBuf_.template Get<float>(), mask, slot, tile_);
        }
    }

    __aicore__ inline TQue<TPosition::VECIN, 2>& InQue(uint32_t input) { return input == 0 ? in1Que_ : in2Que_; }
    __aicore__ inline GlobalTensor<T>& Gm(uint32_t input) { return input == 0 ? x1Gm_ : x2Gm_; }
    __aicore__ inline LocalTensor<T> Wide(uint32_t input)
    {
        return input == 0 ? wide1Buf_.template Get<T>() : wide2Buf_.template Get<T>();
    }

    // Gather offsets (bytes): the zero block makes a 256-byte run of one element; the row table gives lane j of
    // row r the offset of value r. Both are written once per core.
    __aicore__ inline void BuildGatherTables()
    {
        uint32_t lanesPerElement = GatherLanesPerElement(sizeof(T));
        if (zeroTable_) {
            LocalTensor<uint32_t> zero = zeroTableBuf_.template Get<uint32_t>();
            for (uint32_t j = 0; j < ZERO_TABLE_LANES; ++j) {
                zero.SetValue(j, (j % lanesPerElement) * static_cast<uint32_t>(sizeof(uint32_t)));
            }
            WaitPipe<HardEvent::S_V>(); // the Gathers and the row table below read it
        }
        if (!rowTable_) {
            return; // no input takes one value per row, or rows too long for two per tile
        }
        uint32_t rowStride = RowStrideOf(td_);
        uint32_t lanesPerRow = rowStride * lanesPerElement;
        uint32_t rows = tile_ / rowStride;
        LocalTensor<int32_t> table = rowTableBuf_.template Get<int32_t>();
        RepeatBlock(table, zeroTableBuf_.template Get<int32_t>(), 0, lanesPerRow * sizeof(int32_t));
        for (uint32_t done = 1; done < rows;) {
            uint32_t copy = done < rows - done ? done : rows - done;
            Adds(table[done * lanesPerRow], table, static_cast<int32_t>(done * sizeof(T)), copy * lanesPerRow);
            done += copy;
        }
    }

    // Inputs of one element: spread over a whole tile once; every tile reads them from there.
    __aicore__ inline void SpreadConstantInputs()
    {
        bool spread = false;
        for (uint32_t input = 0; input < 2; ++input) {
            if (!IsConstantInput(td_, input)) {
                continue;
            }
            LocalTensor<T> one = InQue(input).template AllocTensor<T>();
            DataCopyPad(one, Gm(input)[0], DataCopyExtParams{1, static_cast<uint32_t>(sizeof(T)), 0, 0, 0},
                        DataCopyPadExtParams<T>{false, 0, 0, T()});
            InQue(input).EnQue(one);
            one = InQue(input).template DeQue<T>();
            SpreadValue(Wide(input), one, tile_);
            InQue(input).FreeTensor(one);
            spread = true;
        }
        if (Traits::IS_DOUBLE_BITS && spread) {
            WaitPipe<HardEvent::V_S>(); // the scalar DOUBLE path reads the spread values
        }
    }

    // dst bytes [firstByte, firstByte + bytes) = repeats of the first 256 bytes of `block` (bit copies by Adds 0);
    // `bytes` is a multiple of 32, the last repeat a partial one.
    template <typename L>
    __aicore__ inline void RepeatBlock(const LocalTensor<L>& dst, const LocalTensor<L>& block, uint32_t firstByte,
                                       uint32_t bytes)
    {
        uint32_t whole = bytes / REPEAT_BYTES;
        for (uint32_t done = 0; done < whole; done += MAX_REPEATS) {
            uint32_t now = whole - done < MAX_REPEATS ? whole - done : MAX_REPEATS;
            Adds(dst[(firstByte + done * REPEAT_BYTES) / sizeof(L)], block, static_cast<L>(0),
                 static_cast<uint64_t>(REPEAT_BYTES / sizeof(L)), static_cast<uint8_t>(now),
                 UnaryRepeatParams(1, 1, REPEAT_BYTES / BLOCK_BYTES, 0));
        }
        uint32_t rest = bytes - whole * REPEAT_BYTES;
        if (rest != 0) {
            Adds(dst[(firstByte + whole * REPEAT_BYTES) / sizeof(L)], block, static_cast<L>(0),
                 static_cast<uint64_t>(rest / sizeof(L)), 1, UnaryRepeatParams(1, 1, REPEAT_BYTES / BLOCK_BYTES, 0));
        }
    }

    // dst[0, n) = src[0]: one Gather of up to 256 bytes, then that block repeated.
    __aicore__ inline void SpreadValue(const LocalTensor<T>& dst, const LocalTensor<T>& src, uint32_t n)
    {
        uint32_t bytes = static_cast<uint32_t>(AlignUpTo(n * sizeof(T), BLOCK_BYTES));
        uint32_t head = bytes < REPEAT_BYTES ? bytes : REPEAT_BYTES;
        Gather(dst.template ReinterpretCast<GatherLane>(), src.template ReinterpretCast<GatherLane>(),
               zeroTableBuf_.template Get<uint32_t>(), 0, head / sizeof(GatherLane));
        if (bytes > REPEAT_BYTES) {
            LocalTensor<Lane> lanes = dst.template ReinterpretCast<Lane>();
            RepeatBlock(lanes, lanes, REPEAT_BYTES, bytes - REPEAT_BYTES);
        }
    }

    // dst rows 0..R-1 = the one row in `row` (an input constant across rows), by bit copies with a source repeat
    // stride of 0.
    __aicore__ inline void ReplicateRow(const LocalTensor<T>& dst, const LocalTensor<T>& row, const TilePlan& plan)
    {
        LocalTensor<Lane> to = dst.template ReinterpretCast<Lane>();
        LocalTensor<Lane> from = row.template ReinterpretCast<Lane>();
        uint32_t rowBytes = plan.rowStride * sizeof(T);
        uint32_t lanesPerRow = rowBytes / sizeof(Lane);
        if (rowBytes / BLOCK_BYTES > MAX_REPEATS) { // a row longer than one repeat stride can say
            for (uint32_t r = 0; r < plan.rows; ++r) {
                Adds(to[r * lanesPerRow], from, static_cast<Lane>(0), lanesPerRow);
            }
            return;
        }
        for (uint32_t chunk = 0; chunk * REPEAT_BYTES < rowBytes; ++chunk) {
            uint32_t chunkBytes = rowBytes - chunk * REPEAT_BYTES;
            chunkBytes = chunkBytes < REPEAT_BYTES ? chunkBytes : REPEAT_BYTES;
            uint32_t first = chunk * REPEAT_BYTES / sizeof(Lane);
            for (uint32_t r = 0; r < plan.rows; r += MAX_REPEATS) {
                uint32_t now = plan.rows - r < MAX_REPEATS ? plan.rows - r : MAX_REPEATS;
                Adds(to[r * lanesPerRow + first], from[first], static_cast<Lane>(0),
                     static_cast<uint64_t>(chunkBytes / sizeof(Lane)), static_cast<uint8_t>(now),
                     UnaryRepeatParams(1, 1, static_cast<uint8_t>(rowBytes / BLOCK_BYTES), 0));
            }
        }
    }

    __aicore__ inline uint32_t Lanes(const TilePlan& plan) const
    {
        return plan.rows > 1 ? plan.rows * plan.rowStride : plan.cols;
    }

    // One DMA per input: whole rows (padded to the row stride with zeros), one row, R values or one value.
    __aicore__ inline void CopyIn(const TilePlan& plan)
    {
        for (uint32_t input = 0; input < 2; ++input) {
            uint32_t fetch = plan.fetch[input];
            if (fetch == FETCH_NONE || (fetch == FETCH_CHUNK && (plan.chunk & CHUNK_LOAD) == 0U)) {
                continue; // spread at Init, or the chunk an earlier tile brought
            }
            LocalTensor<T> local = InQue(input).template AllocTensor<T>();
            GlobalTensor<T> from = Gm(input)[plan.offset[input]];
            uint8_t pad = static_cast<uint8_t>(plan.rowStride - plan.cols);
            if (fetch == FETCH_ROWS || fetch == FETCH_CHUNK) {
                DataCopyPad(local, from,
                            DataCopyExtParams{static_cast<uint16_t>(plan.rows),
                                              static_cast<uint32_t>(plan.cols * sizeof(T)), 0, 0, 0},
                            DataCopyPadExtParams<T>{plan.rows > 1, 0, plan.rows > 1 ? pad : uint8_t(0), T()});
            } else if (fetch == FETCH_ONE_ROW) {
                DataCopyPad(local, from, DataCopyExtParams{1, static_cast<uint32_t>(plan.cols * sizeof(T)), 0, 0, 0},
                            DataCopyPadExtParams<T>{true, 0, pad, T()});
            } else {
                uint32_t values = fetch == FETCH_ROW_VALUES ? plan.rows : 1U;
                DataCopyPad(local, from, DataCopyExtParams{1, static_cast<uint32_t>(values * sizeof(T)), 0, 0, 0},
                            DataCopyPadExtParams<T>{false, 0, 0, T()});
            }
            InQue(input).EnQue(local);
        }
    }

    __aicore__ inline void Compute(const TilePlan& plan)
    {
        LocalTensor<T> x[2];
        LocalTensor<T> queued[2];
        uint32_t n = Lanes(plan);
        bool dividendRow = false;
        for (uint32_t input = 0; input < 2; ++input) {
            uint32_t fetch = plan.fetch[input];
            if (fetch == FETCH_NONE) {
                x[input] = Wide(input);
                continue;
            }
            if (fetch == FETCH_CHUNK) {
                if ((plan.chunk & CHUNK_LOAD) != 0U) {
                    chunk_ = InQue(input).template DeQue<T>();
                    NewChunk(plan);
                }
                x[input] = chunk_;
                continue;
            }
            queued[input] = InQue(input).template DeQue<T>();
            x[input] = queued[input];
            if (fetch == FETCH_ONE_ROW && input == 0 && DividendRowFits(plan, n)) {
                dividendRow = true; // the float paths read the row in place (Dividend); the exact one replicates it
            } else if (fetch == FETCH_ONE_ROW) {
                x[input] = Wide(input);
                ReplicateRow(x[input], queued[input], plan);
            } else if (fetch == FETCH_ROW_VALUES) {
                x[input] = Wide(input);
                Gather(x[input].template ReinterpretCast<GatherLane>(),
                       queued[input].template ReinterpretCast<GatherLane>(), rowTableBuf_.template Get<uint32_t>(), 0,
                       n * GatherLanesPerElement(sizeof(T)));
            } else if (fetch == FETCH_ONE_VALUE) {
                x[input] = Wide(input);
                SpreadValue(x[input], queued[input], n);
            }
        }
        LocalTensor<T> y = outQue_.template AllocTensor<T>();
        ComputeTile(x[0], x[1], y, plan, n, dividendRow);
        outQue_.EnQue(y);
        for (uint32_t input = 0; input < 2; ++input) {
            uint32_t fetch = plan.fetch[input];
            if (fetch == FETCH_CHUNK && (plan.chunk & CHUNK_FREE) != 0U) {
                InQue(input).FreeTensor(chunk_); // the chunk's last tile on this core
            } else if (fetch != FETCH_NONE && fetch != FETCH_CHUNK) {
                InQue(input).FreeTensor(queued[input]);
            }
        }
    }

    // BLOCK_RESIDENT FLOAT: what the chunk just taken allows its tiles (RemainderMath::ChunkVerdict), when its rows are
    // COMPUTE_ALIGN lanes without padding and x1 comes as one row: the cheap path on a row's bound (FastOnChunk) alone.
    __aicore__ inline void NewChunk(const TilePlan& plan)
    {
        chunkSigns_ = FloorModFast::VERDICT_EXACT;
        if constexpr (Traits::IS_FP32) {
            uint32_t n = Lanes(plan);
            if (plan.fetch[0] == FETCH_ONE_ROW && plan.cols == COMPUTE_ALIGN && DividendRowFits(plan, n)) {
                chunkSigns_ = math_.ChunkVerdict(chunk_, boundBuf_.template Get<float>(), n);
            }
        }
    }

    // A dividend replicated from one row of COMPUTE_ALIGN lanes (one 64-lane repeat of the FP32 compute) is read in
    // place with a source repeat stride of 0 by the float paths, within one call's 255 repeats.
    __aicore__ inline bool DividendRowFits(const TilePlan& plan, uint32_t n) const
    {
        return (Traits::IS_FP32 || Traits::IS_HALF_LIKE) && plan.rowStride == COMPUTE_ALIGN &&
               AlignCompute(n) / COMPUTE_ALIGN <= ROW_REPEATS_MAX;
    }

    // x1 is the dividend's row when dividendRow (DividendRowFits), else its lanes.
    __aicore__ inline void ComputeTile(const LocalTensor<T>& x1, const LocalTensor<T>& x2, const LocalTensor<T>& y,
                                       const TilePlan& plan, uint32_t n, bool dividendRow)
    {
        if constexpr (Traits::IS_FP32) {
            Dividend a{x1, dividendRow};
            if (plan.fetch[1] == FETCH_CHUNK && chunkSigns_ != FloorModFast::VERDICT_EXACT && dividendRow &&
                math_.FastOnChunk(a, x2, boundBuf_.template Get<float>(), chunkSigns_, y, n)) {
                return; // else the verdict below and its path redo y
            }
            uint32_t verdict = Verdict(a, x2, n);
            if (verdict != FloorModFast::VERDICT_EXACT) {
                math_.Fast<Traits::DIVISOR_BITS>(a, x2, verdict, y, n);
            } else if (dividendRow) {
                ReplicateRow(Wide(0), x1, plan);
                math_.Fp32<Traits::DIVISOR_BITS>(Wide(0), x2, y, n);
            } else {
                math_.Fp32<Traits::DIVISOR_BITS>(x1, x2, y, n); // the remainder is computed in y
            }
        } else if constexpr (Traits::IS_HALF_LIKE) {
            uint32_t m = AlignCompute(n);
            LocalTensor<float> a = math_.Word(RemainderMath::W_HALF_A);
            LocalTensor<float> b = math_.Word(RemainderMath::W_HALF_B);
            LocalTensor<float> r = math_.Word(RemainderMath::W_HALF_R);
            if (dividendRow) {
                Cast(a, x1, RoundMode::CAST_NONE, COMPUTE_ALIGN, static_cast<uint8_t>(m / COMPUTE_ALIGN),
                     UnaryRepeatParams(1, 1, REPEAT_BLOCKS, 0));
            } else {
                Cast(a, x1, RoundMode::CAST_NONE, m);
            }
            Cast(b, x2, RoundMode::CAST_NONE, m);
            uint32_t verdict = Verdict(Dividend{a, false}, b, n);
            if (verdict == FloorModFast::VERDICT_EXACT) {
                math_.Fp32<Traits::DIVISOR_BITS>(a, b, r, n);
            } else {
                math_.Fast<Traits::DIVISOR_BITS>(Dividend{a, false}, b, verdict, r, n);
            }
            Cast(y, r, RoundMode::CAST_RINT, m);
        } else if constexpr (Traits::IS_INT32) {
            math_.Int32(x1, x2, y, n);
        } else if constexpr (Traits::IS_INT64) {
            if (math_.Int64Magnitude(x1, x2, n) < INT32_SAFE_MAGNITUDE) {
                math_.Int64(x1, x2, y, n);
            } else {
                ScalarTile(x1, x2, y, plan, false); // the V -> S order of the magnitude covers the vector writes
            }
        } else {
            ScalarTile(x1, x2, y, plan, true);
        }
    }

    // The cheap path's verdict on a tile (FP32 copies a, b). It costs about a tenth of the exact path: after a tile
    // that went exact, the core skips it on its next FAST_RETRY - 1 tiles (data that disqualifies one tile mostly
    // disqualifies the next; both paths give the same result). After a two-pass tile the next FAST_RETRY - 1 ask only
    // whether the two-pass path holds (one verdict instead of two; the two-pass path is exact on every lane the
    // cheap one is).
    __aicore__ inline uint32_t Verdict(const Dividend& a, const LocalTensor<float>& b, uint32_t n)
    {
        if (verdictSkips_ != 0) {
            --verdictSkips_;
            return FloorModFast::VERDICT_EXACT;
        }
        bool twoPass = twoPassTiles_ != 0;
        twoPassTiles_ = twoPass ? twoPassTiles_ - 1U : 0U;
        uint32_t verdict = math_.FastVerdict<Traits::DIVISOR_BITS>(a, b, n, twoPass);
        if (verdict == FloorModFast::VERDICT_EXACT) {
            verdictSkips_ = FloorModFast::FAST_RETRY - 1U;
            twoPassTiles_ = 0;
        } else if (!twoPass && (verdict & FloorModFast::VERDICT_TWO_PASS) != 0U) {
            twoPassTiles_ = FloorModFast::FAST_RETRY - 1U;
        }
        return verdict;
    }

    // DOUBLE (and INT64 beyond INT32) on the scalar unit. A VECIN queue orders MTE2 -> V and a VECOUT one
    // V -> MTE3 only, so every scalar access waits for, or is waited for by, the pipe on the other side.
    __aicore__ inline void ScalarTile(const LocalTensor<T>& x1, const LocalTensor<T>& x2, const LocalTensor<T>& y,
                                      const TilePlan& plan, bool afterVector)
    {
        bool readsDma = false;
        bool readsVector = false;
        for (uint32_t input = 0; input < 2; ++input) {
            uint32_t fetch = plan.fetch[input];
            readsDma = readsDma || fetch == FETCH_ROWS || fetch == FETCH_CHUNK; // others: from the wide buffer
            readsVector =
                readsVector || fetch == FETCH_ONE_ROW || fetch == FETCH_ROW_VALUES || fetch == FETCH_ONE_VALUE;
        }
        if (readsDma) {
            WaitPipe<HardEvent::MTE2_S>(); // inputs the DMA wrote
        }
        if (readsVector && afterVector) {
            WaitPipe<HardEvent::V_S>(); // inputs replicated or spread into the wide buffers this tile
        }
        WaitPipe<HardEvent::MTE3_S>(); // y's buffer: an earlier tile's copy-out reads it
        for (uint32_t row = 0; row < plan.rows; ++row) {
            uint32_t base = row * plan.rowStride;
            for (uint32_t col = 0; col < plan.cols; ++col) {
                uint32_t i = base + col;
                if constexpr (Traits::IS_DOUBLE_BITS) {
                    y.SetValue(i, FloorModScalar::RemainderBits(x1.GetValue(i), x2.GetValue(i)));
                } else if constexpr (Traits::IS_INT64) {
                    y.SetValue(i, FloorModScalar::RemainderInt<int64_t>(x1.GetValue(i), x2.GetValue(i)));
                }
            }
        }
        WaitPipe<HardEvent::S_MTE3>(); // the copy-out reads y
        if (readsDma) {
            WaitPipe<HardEvent::S_MTE2>(); // later DMAs overwrite the input buffers read here
        }
        if (vectorWritesInputs_ || Traits::IS_INT64) {
            WaitPipe<HardEvent::S_V>(); // later vector writes: the wide buffers, INT64 results in y
        }
    }

    __aicore__ inline void CopyOut(const TilePlan& plan)
    {
        LocalTensor<T> y = outQue_.template DeQue<T>();
        DataCopyPad(yGm_[plan.outOffset], y,
                    DataCopyExtParams{static_cast<uint16_t>(plan.rows), static_cast<uint32_t>(plan.cols * sizeof(T)),
                                      0, 0, 0});
        outQue_.FreeTensor(y);
    }

    TPipe pipe_;
    TQue<TPosition::VECIN, 2> in1Que_;
    TQue<TPosition::VECIN, 2> in2Que_;
    TQue<TPosition::VECOUT, 2> outQue_;
    TBuf<TPosition::VECCALC> wide1Buf_;
    TBuf<TPosition::VECCALC> wide2Buf_;
    TBuf<TPosition::VECCALC> rowTableBuf_;
    TBuf<TPosition::VECCALC> zeroTableBuf_;
    TBuf<TPosition::VECCALC> workBuf_;
    TBuf<TPosition::VECCALC> maskBuf_;
    TBuf<TPosition::VECCALC> slotBuf_;
    TBuf<TPosition::VECCALC> boundBuf_; // BLOCK_RESIDENT FLOAT: the chunk's 1 / |b| bound per column (ChunkVerdict)
    GlobalTensor<T> x1Gm_;
    GlobalTensor<T> x2Gm_;
    GlobalTensor<T> yGm_;
    LocalTensor<T> chunk_; // BLOCK_RESIDENT: x2's rows of the current chunk, held from its first tile to its last
    RemainderMath math_;
    FloorModTilingData td_;
    uint64_t start_ = 0;
    uint64_t count_ = 0;
    uint32_t tile_ = 0;
    bool wide_[2] = {false, false};
    bool rowTable_ = false;
    bool zeroTable_ = false;
    bool vectorWritesInputs_ = false;
    uint32_t verdictSkips_ = 0; // tiles left before the next cheap-path verdict (Verdict)
    uint32_t twoPassTiles_ = 0; // tiles left that ask the two-pass verdict only (Verdict)
    uint32_t chunkSigns_ = 0;   // BLOCK_RESIDENT FLOAT: the chunk's divisor signs, or VERDICT_EXACT (NewChunk)
};

} // namespace FloorModNs

#endif // OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_H_
