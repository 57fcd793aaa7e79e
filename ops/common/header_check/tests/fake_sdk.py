"""Fake Ascend C header trees and operator folders, written for the header-check tests in the idioms of the real ones."""

from __future__ import annotations

import textwrap
from pathlib import Path


DEF_TEMPLATE = """
#include "register/op_def_registry.h"
namespace ops {
static const std::vector<ge::DataType> DTYPES = {ge::DT_FLOAT16, ge::DT_FLOAT};
class Fake : public OpDef {
public:
    explicit Fake(const char* name) : OpDef(name)
    {
        this->Input("x").ParamType(REQUIRED).DataType(DTYPES).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->Output("y").ParamType(REQUIRED).DataType(DTYPES).Format({ge::FORMAT_ND, ge::FORMAT_ND});
        this->AICore().AddConfig("%(soc)s", aicoreConfig);
    }
};
}
"""

# The fake SDK's kernel_operator.h: the macros a kernel entry needs, and a templated API that static_asserts its
# dtype the way the real impl headers do per arch.
KERNEL_OPERATOR = """
#pragma once
#include "stub_def.h"
%(extra)s
#include "kernel_log.h"
#define __global__
#define GM_ADDR uint8_t*
#define REGISTER_TILING_DEFAULT(s)
#include <cstdint>
using half = int16_t;
namespace AscendC {
template <typename T> void Abs(T* dst, const T* src, int32_t n)
{
    static_assert(sizeof(T) != 1, "Abs: no 8-bit types on this arch");
    for (int32_t i = 0; i < n; ++i) dst[i] = src[i] < 0 ? -src[i] : src[i];
}
}
"""

# A fake template_argument.h with the ASCENDC_TPL_PRE spelling of the real one (@@NAME@@ = {values}).
TEMPLATE_ARGUMENT = """
#pragma once
#define ASCENDC_TPL_UI_LIST 1
#define ASCENDC_TPL_UI_RANGE 0
#if defined(ASCENDC_TPL_PRE)
#define ASCENDC_TPL_UINT_DECL(x, ...) @@ASCENDC_TPL_UINT_DECL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_BOOL_DECL(x, ...) @@ASCENDC_TPL_BOOL_DECL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_UINT_SEL(x, ...) @@ASCENDC_TPL_UINT_SEL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_BOOL_SEL(x, ...) @@ASCENDC_TPL_BOOL_SEL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_ARGS_DECL(x, ...) @@ASCENDC_TPL_ARGS_DECL_##x@@ = {__VA_ARGS__}
#define ASCENDC_TPL_ARGS_SEL(...) @@{__VA_ARGS__}
#define ASCENDC_TPL_SEL(...) @@ASCENDC_TPL_LISTS@@ = {__VA_ARGS__}
#else
#define ASCENDC_TPL_UINT_DECL(x, ...)
#define ASCENDC_TPL_BOOL_DECL(x, ...)
#define ASCENDC_TPL_UINT_SEL(x, ...)
#define ASCENDC_TPL_BOOL_SEL(x, ...)
#define ASCENDC_TPL_ARGS_DECL(x, ...)
#define ASCENDC_TPL_ARGS_SEL(...)
#define ASCENDC_TPL_SEL(...)
#endif
"""


def write(path: Path, text: str) -> Path:
    """Each file ends with its own path, as g++ takes same-content headers for one file under #pragma once."""
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(textwrap.dedent(text).lstrip() + f"// {path}\n", encoding="utf-8")
    return path


class FakeTree:
    """An asc-devkit-shaped checkout, a stub folder and an ops/ folder, all under one tmp_path."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.sdk = root / "asc-devkit"
        self.stubs = root / "stubs"
        self.ops = root / "ops"
        write(self.sdk / "version.cmake", 'set_cann_package(asc-devkit VERSION "9.9.0")\n')
        (self.sdk / "impl" / "basic_api").mkdir(parents=True)
        self.kernel_operator()
        write(self.sdk / "include" / "utils" / "kernel_tiling" / "kernel_tiling.h", "#pragma once\n")
        # As the real one, kernel_log.h brings the function-space macros the generated tiling header uses.
        write(self.sdk / "include" / "utils" / "kernel_log.h", "#pragma once\n#define __aicore__\n#define __gm__\n")
        write(self.sdk / "include" / "utils" / "tiling" / "template_argument.h", TEMPLATE_ARGUMENT)
        write(self.stubs / "stub_def.h", "#pragma once\n")

    def kernel_operator(self, extra: str = "") -> None:
        write(self.sdk / "include" / "kernel_operator.h", KERNEL_OPERATOR % {"extra": extra})

    def op(self, name: str = "fake", body: str = "", soc: str = "ascend910b", header: str = "") -> Path:
        folder = self.ops / name
        write(folder / "op_host" / f"{name}_def.cpp", DEF_TEMPLATE % {"soc": soc})
        if header:
            write(folder / "op_kernel" / f"{name}_tiling_key.h", header)
        write(folder / "op_kernel" / f"{name}.cpp", body or f"""
            #include "kernel_operator.h"
            extern "C" __global__ __aicore__ void {name}(GM_ADDR x, GM_ADDR y)
            {{
                AscendC::Abs(reinterpret_cast<DTYPE_Y*>(y), reinterpret_cast<const DTYPE_X*>(x), 16);
            }}
            """)
        return folder



class FakeHost:
    """Host-header checkouts (ops-math, opbase, metadef, ge, runtime) of one release and a toolkit of an older one,
    laid out like the real repositories, each marker file where the check looks for it."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.ops_math = root / "ops-math"
        self.opbase = root / "opbase"
        self.metadef = root / "metadef"
        self.ge = root / "ge"
        self.runtime = root / "runtime"
        self.toolkit = root / "toolkit"
        self._checkouts()
        self._toolkit()

    def _version(self, folder: Path, name: str, version: str) -> None:
        write(folder / "version.cmake", f'set_cann_package({name} VERSION "{version}")\n')

    def _checkouts(self) -> None:
        self._version(self.ops_math, "ops_math", "9.9.1")
        write(self.ops_math / "common" / "inc" / "op_api" / "op_api_def.h", "#pragma once\n")
        # As ops-math's aclnn_check.h: it needs NpuArch, which only the newer platform headers declare.
        write(self.ops_math / "common" / "inc" / "op_api" / "aclnn_check.h",
              '#pragma once\n#include "opdev/platform.h"\n'
              'inline bool IsRegBase(NpuArch a) { return a == NpuArch::DAV_3510; }\n')
        self._version(self.opbase, "opbase", "9.9.0")
        write(self.opbase / "include" / "op_common" / "op_host" / "util" / "opbase_export.h", "#pragma once\n")
        write(self.opbase / "include" / "op_common" / "log" / "log.h",
              '#pragma once\n#include "base/err_msg.h"\n#define OP_LOGE(op, ...) ((void)(op))\n')
        write(self.opbase / "include" / "nnopbase" / "opdev" / "op_errno.h", "#pragma once\n")
        write(self.opbase / "include" / "nnopbase" / "opdev" / "op_executor.h",
              '#pragma once\n#include "acl/acl_base_rt.h"\nnamespace op { class aclOpExecutor {}; }\n')
        write(self.opbase / "include" / "nnopbase" / "opdev" / "platform.h",
              '#pragma once\n#include "platform/soc_spec.h"\n')
        self._version(self.metadef, "metadef", "9.9.2")
        write(self.metadef / "inc" / "external" / "register" / "register.h", "#pragma once\n")
        write(self.metadef / "inc" / "external" / "asc" / "register" / "op_def_registry.h", """
            #pragma once
            #include "graph/operator_reg.h"
            namespace ops { inline int OpDefRegister(const char*) { return 0; } }
            """)
        # 9.x headers declare the graph status codes once; the 8.x graph/ headers define them again (the real clash).
        write(self.metadef / "inc" / "external" / "graph" / "ge_error_codes.h",
              "#pragma once\nnamespace ge { const int GRAPH_SUCCESS = 0; }\n")
        write(self.ge / "inc" / "graph_metadef" / "external" / "graph" / "operator_reg.h",
              '#pragma once\n#include "graph/ge_error_codes.h"\n')
        self._version(self.ge, "ge-executor", "9.9.2")
        self._version(self.runtime, "npu-runtime", "9.9.1")
        write(self.runtime / "include" / "external" / "acl" / "acl_base.h", "#pragma once\n")
        write(self.runtime / "include" / "external" / "acl" / "acl_base_rt.h", "#pragma once\n")
        write(self.runtime / "include" / "dfx" / "base" / "err_msg.h", "#pragma once\n")
        write(self.runtime / "pkg_inc" / "platform" / "soc_spec.h",
              "#pragma once\nenum class NpuArch : unsigned { DAV_2201 = 2201, DAV_3510 = 3510 };\n")

    def _toolkit(self) -> None:
        include = self.toolkit / "aarch64-linux" / "include"
        write(include / "version" / "toolkit_version.h", '#define TOOLKIT_VERSION_STR "8.9.RC1"\n')
        write(self.toolkit / "tools" / "tikicpulib" / "lib" / "include" / "stub_def.h", "#pragma once\n")
        write(include / "register" / "op_def_registry.h", """
            #pragma once
            #include "graph/operator_reg.h"
            namespace ops { inline int OpDefRegister(const char*) { return 0; } }
            """)
        write(include / "graph" / "operator_reg.h", '#pragma once\n#include "graph/ge_error_codes.h"\n')
        write(include / "graph" / "ge_error_codes.h", "#pragma once\nnamespace ge { const int GRAPH_SUCCESS = 0; }\n")
        write(include / "base" / "err_msg.h", "#pragma once\n")
        write(include / "securec.h", '#pragma once\n#include "securectype.h"\n')
        write(include / "securectype.h", "#pragma once\n")
        write(include / "aclnn" / "opdev" / "op_executor.h", "#pragma once\nnamespace op { class aclOpExecutor {}; }\n")
        write(include / "aclnn" / "opdev" / "platform.h", "#pragma once\n")  # 8.x: no NpuArch yet

    def folders(self, *names: str) -> dict:
        """CheckConfig fields for the named packages ("toolkit" is ascend_home)."""
        fields = {"ops-math": "ops_math", "toolkit": "ascend_home"}
        return {fields.get(n, n): getattr(self, n.replace("-", "_")) for n in names}
