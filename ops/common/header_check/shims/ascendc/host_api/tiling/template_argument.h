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
 * \file template_argument.h
 * \brief Header-check shim for an include PATH the build system creates, not for an API: the Ascend C build copies
 *        the SDK's tiling/template_argument.h to <build>/include/ascendc/host_api/tiling/ (asc-devkit
 *        impl/basic_api/CMakeLists.txt, impl/utils/CMakeLists.txt), where ops-math's *_tiling_key.h include it. The
 *        SDK's own header is on the include path (include/utils in 9.x, highlevel_api in 8.x) and is used unchanged.
 */
#include "tiling/template_argument.h"
