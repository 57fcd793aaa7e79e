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
 * \file floor_mod_broadcast.h
 * \brief Output-linear-index cursor over the compressed broadcast metadata: input offsets for x1 and x2 with
 *        stride 0 on broadcast dims, odometer advance, and the length of the current contiguous row segment.
 *        Plain C++17 (no CANN include), shared by the kernel and the portable tests.
 */
#ifndef OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_BROADCAST_H_
#define OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_BROADCAST_H_

#include <cstdint>

#include "floor_mod_tiling_data.h"

#ifndef __aicore__
#define __aicore__
#endif

namespace FloorModNs {

class OffsetCursor {
public:
    __aicore__ inline void Init(const FloorModTilingData& td, uint64_t linear)
    {
        rank_ = td.rank;
        offset1_ = 0;
        offset2_ = 0;
        for (uint32_t k = rank_; k-- > 0;) {
            shape_[k] = td.outShape[k];
            stride1_[k] = td.x1Stride[k];
            stride2_[k] = td.x2Stride[k];
            coord_[k] = static_cast<int64_t>(linear % static_cast<uint64_t>(shape_[k]));
            linear /= static_cast<uint64_t>(shape_[k]);
            offset1_ += coord_[k] * stride1_[k];
            offset2_ += coord_[k] * stride2_[k];
        }
    }

    // Moves `count` elements forward (count may cross several rows).
    __aicore__ inline void Advance(uint64_t count)
    {
        for (uint32_t k = rank_; k-- > 0 && count != 0;) {
            uint64_t extent = static_cast<uint64_t>(shape_[k]);
            uint64_t moved = static_cast<uint64_t>(coord_[k]) + count;
            int64_t next = static_cast<int64_t>(moved % extent);
            offset1_ += (next - coord_[k]) * stride1_[k];
            offset2_ += (next - coord_[k]) * stride2_[k];
            coord_[k] = next;
            count = moved / extent;
        }
    }

    // Elements left in the current last-dim row: inside it both inputs move by their last stride only.
    __aicore__ inline uint64_t RowRemaining() const
    {
        return static_cast<uint64_t>(shape_[rank_ - 1] - coord_[rank_ - 1]);
    }

    __aicore__ inline int64_t Offset1() const { return offset1_; }
    __aicore__ inline int64_t Offset2() const { return offset2_; }
    __aicore__ inline int64_t TailStride1() const { return stride1_[rank_ - 1]; }
    __aicore__ inline int64_t TailStride2() const { return stride2_[rank_ - 1]; }

private:
    uint32_t rank_ = 1;
    int64_t shape_[MAX_DIM] = {1};
    int64_t stride1_[MAX_DIM] = {0};
    int64_t stride2_[MAX_DIM] = {0};
    int64_t coord_[MAX_DIM] = {0};
    int64_t offset1_ = 0;
    int64_t offset2_ = 0;
};

} // namespace FloorModNs

#endif // OPS_FLOOR_MOD_OP_KERNEL_FLOOR_MOD_BROADCAST_H_
