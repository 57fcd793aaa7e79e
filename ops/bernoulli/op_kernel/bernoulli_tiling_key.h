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
 * \file bernoulli_tiling_key.h
 * \brief Bernoulli has one tiling key for every mode and shape: the mode is tiling data and the dtype is chosen by
 *        the per-dtype binary, so 3 modes x 10 dtypes do not multiply into 30 keys.
 */
#ifndef OPS_BERNOULLI_OP_KERNEL_BERNOULLI_TILING_KEY_H_
#define OPS_BERNOULLI_OP_KERNEL_BERNOULLI_TILING_KEY_H_

#include <cstdint>

namespace BernoulliNs {

constexpr uint64_t kBernoulliTilingKey = 0;

} // namespace BernoulliNs

#endif // OPS_BERNOULLI_OP_KERNEL_BERNOULLI_TILING_KEY_H_
