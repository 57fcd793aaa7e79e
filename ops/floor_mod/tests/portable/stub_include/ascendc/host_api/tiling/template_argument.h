/**
 * Copyright (c) 2026 op-migrate contributors.
 * This program is free software, you can redistribute it and/or modify it under the terms and conditions of
 * CANN Open Software License Agreement Version 2.0 (the "License").
 * Please refer to the License for details. You may not use this file except in compliance with the License.
 * THIS SOFTWARE IS PROVIDED ON AN "AS IS" BASIS, WITHOUT WARRANTIES OF ANY KIND, EITHER EXPRESS OR IMPLIED,
 * INCLUDING BUT NOT LIMITED TO NON-INFRINGEMENT, MERCHANTABILITY, OR FITNESS FOR A PARTICULAR PURPOSE.
 * See LICENSE in the root of the software repository for the full text of the License.
 */

// Test-only stand-in for CANN's template_argument.h: the ASCENDC_TPL_* declarations only matter to the CANN build
// (they generate the binary list); under the CPU model they declare nothing.
#ifndef FLOOR_MOD_TEST_TEMPLATE_ARGUMENT_H_
#define FLOOR_MOD_TEST_TEMPLATE_ARGUMENT_H_
#ifndef ASCENDC_TPL_ARGS_DECL
#define ASCENDC_TPL_ARGS_DECL(...) static_assert(true, "template arguments are a CANN build concern")
#define ASCENDC_TPL_SEL(...) static_assert(true, "template selection is a CANN build concern")
#endif
#endif // FLOOR_MOD_TEST_TEMPLATE_ARGUMENT_H_
