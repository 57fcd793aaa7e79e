"""The framework's free functions are read from opdev headers: namespace op and the global one, not classes, not
other namespaces, not the copy functions that are device tasks; the shipped list is what opbase declares."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from op_migrate.analyzers.route import framework_functions
from op_migrate.analyzers.route.framework_functions import catalog_text, declared_functions, framework_function_names

HEADER = b"""#ifndef OP_DEMO_H_
#define OP_DEMO_H_
extern "C" {
int DemoLog(int level);
}
namespace op {
bool Validate(const aclTensor *x);
template <typename T> inline T *PtrOf(T &value) { return &value; }
class Helper {
public:
    bool Member() const;
};
namespace internal {
void Hidden();
}
const aclTensor *CopyToNpu(const aclTensor *src, aclOpExecutor *executor);
}  // namespace op
#endif
"""


def test_free_functions_of_each_namespace_are_read_and_class_members_are_not() -> None:
    assert declared_functions(HEADER) == {("", "DemoLog"), ("op", "Validate"), ("op", "PtrOf"),
                                          ("op::internal", "Hidden"), ("op", "CopyToNpu")}


def test_the_catalog_lists_op_and_global_functions_without_device_copies(tmp_path: Path) -> None:
    opdev = tmp_path / framework_functions.OPDEV
    opdev.mkdir(parents=True)
    (opdev / "op_demo.h").write_bytes(HEADER)
    nnopbase = tmp_path / "src/nnopbase/common/inc"
    nnopbase.mkdir(parents=True)
    (nnopbase / "demo_op_api.h").write_bytes(
        b'#define DEMO_EXPORT __attribute__((visibility("default")))\n#ifdef __cplusplus\nextern "C" {\n#endif\n'
        b"DEMO_EXPORT\naclnnStatus NnopbaseDemoDisableInput(void *executor, size_t index);\n"
        b"DEMO_EXPORT aclnnStatus NnopbaseRunForWorkspace(void *executor, uint64_t *size);\n"
        b"#ifdef __cplusplus\n}\n#endif\n")
    (tmp_path / "version.cmake").write_text('set(VERSION "9.9.9")\n')
    text = catalog_text(tmp_path)
    assert 'from = "hicann/opbase 9.9.9 include/nnopbase/opdev/*.h, include/nnopbase/aclnn/*.h, ' \
           'src/nnopbase/common/inc/*.h"' in text
    assert text.rstrip().endswith('names = ["DemoLog", "NnopbaseDemoDisableInput", "PtrOf", "Validate"]')


def test_the_shipped_list_holds_the_names_ops_math_calls_unqualified() -> None:
    names = framework_function_names()
    assert {"Validate", "CheckBroadcastShape", "ToShapeVector", "IsContiguous"} <= names
    assert not names & (set(framework_functions.DEVICE_TASKS) | framework_functions.EXECUTOR_RUNS)


@pytest.mark.skipif(not os.environ.get("OPBASE"), reason="needs a checkout of hicann/opbase (OPBASE=<checkout>)")
def test_the_shipped_list_is_what_opbase_declares() -> None:
    shipped = (Path(framework_functions.__file__).parents[1] / "data" / "framework_functions.toml").read_text()
    assert catalog_text(Path(os.environ["OPBASE"])) == shipped, \
        "regenerate: python -m op_migrate.analyzers.route.framework_functions $OPBASE -o analyzers/data/framework_functions.toml"
