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
 * \file reduce_all_api_counter.h
 * \brief Test-only: counts the kernel's SetFlag per HardEvent, vector calls and DataCopyPad calls on the CPU model.
 *        Included by the kernel driver (REDUCE_ALL_COUNT_CALLS) after kernel_operator.h and before the kernel, it
 *        renames those calls in the kernel's source to counting wrappers that forward to the model.
 */
#ifndef REDUCE_ALL_API_COUNTER_H
#define REDUCE_ALL_API_COUNTER_H

#include <atomic>
#include <cstdint>
#include <string>
#include <utility>

#include "kernel_operator.h"

namespace api_counter {

enum Counter : int { V_S, S_V, MTE2_S, S_MTE3, OTHER_FLAG, REDUCE_MIN, VECTOR, DMA, COUNTER_NUM };

// Cores run as threads: every counter is shared and atomic.
inline std::atomic<uint64_t>& At(Counter counter)
{
    static std::atomic<uint64_t> counts[COUNTER_NUM];
    return counts[counter];
}

inline void Reset()
{
    for (int i = 0; i < COUNTER_NUM; ++i) {
        At(static_cast<Counter>(i)) = 0;
    }
}

// "V_S=a S_V=b MTE2_S=c S_MTE3=d other_flags=e ReduceMin=f vector=g dma=h" (ReduceMin calls are also vector calls).
inline std::string Report()
{
    static const char* const names[COUNTER_NUM] = {"V_S",         "S_V",       "MTE2_S",    "S_MTE3",
                                                   "other_flags", "ReduceMin", "vector",    "dma"};
    std::string text;
    for (int i = 0; i < COUNTER_NUM; ++i) {
        text += (i ? " " : "") + std::string(names[i]) + "=" + std::to_string(At(static_cast<Counter>(i)).load());
    }
    return text;
}

template <AscendC::HardEvent event>
inline void SetFlag(int32_t eventId)
{
    using E = AscendC::HardEvent;
    const Counter counter = event == E::V_S      ? V_S
                            : event == E::S_V    ? S_V
                            : event == E::MTE2_S ? MTE2_S
                            : event == E::S_MTE3 ? S_MTE3
                                                 : OTHER_FLAG;
    ++At(counter);
    AscendC::SetFlag<event>(eventId);
}

#define REDUCE_ALL_COUNT_FORWARD(Name, counter)                  \
    template <typename... Args>                                  \
    inline void Name(Args&&... args)                             \
    {                                                            \
        ++At(counter);                                           \
        AscendC::Name(std::forward<Args>(args)...);              \
    }
#define REDUCE_ALL_COUNT_FORWARD_T(Name, counter)                \
    template <typename T, typename... Args>                      \
    inline void Name(Args&&... args)                             \
    {                                                            \
        ++At(counter);                                           \
        AscendC::Name<T>(std::forward<Args>(args)...);           \
    }

REDUCE_ALL_COUNT_FORWARD(DataCopyPad, DMA)
REDUCE_ALL_COUNT_FORWARD(Cast, VECTOR)
REDUCE_ALL_COUNT_FORWARD(Abs, VECTOR)
REDUCE_ALL_COUNT_FORWARD(Min, VECTOR)
REDUCE_ALL_COUNT_FORWARD(Mins, VECTOR)
REDUCE_ALL_COUNT_FORWARD(Duplicate, VECTOR)
REDUCE_ALL_COUNT_FORWARD_T(WholeReduceMin, VECTOR)

template <typename T, typename... Args>
inline void ReduceMin(Args&&... args)
{
    ++At(REDUCE_MIN);
    ++At(VECTOR);
    AscendC::ReduceMin<T>(std::forward<Args>(args)...);
}

#undef REDUCE_ALL_COUNT_FORWARD
#undef REDUCE_ALL_COUNT_FORWARD_T

} // namespace api_counter

#define SetFlag api_counter::SetFlag
#define DataCopyPad api_counter::DataCopyPad
#define Cast api_counter::Cast
#define Abs api_counter::Abs
#define Min api_counter::Min
#define Mins api_counter::Mins
#define Duplicate api_counter::Duplicate
#define WholeReduceMin api_counter::WholeReduceMin
#define ReduceMin api_counter::ReduceMin

#endif // REDUCE_ALL_API_COUNTER_H
