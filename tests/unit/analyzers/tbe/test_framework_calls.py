"""Framework calls of the DSL modules (compile info) are plumbing, not unknown DSL calls."""

from __future__ import annotations

from op_migrate.analyzers.tbe import analyse_source

SOURCE = '''
import te.lang.dynamic
from te import tvm
from te.op import register_operator


@register_operator("Fillish")
def fillish(dims, value, y, kernel_name="fillish"):
    data = tvm.placeholder([16], name="data", dtype="float16")
    res = te.lang.dynamic.vadds(data, 1)
    te.lang.dynamic.build([res], {"name": kernel_name})
    te.op.add_compile_info("_use_special_pattern", False)
'''


def test_add_compile_info_is_a_framework_call() -> None:
    document = analyse_source(SOURCE, "fillish.py").to_json()
    assert "tbe-unknown-dsl-call" not in {f["symbol"] for f in document["findings"]}
    (mapping,) = [m for m in document["mappings"] if m["name"] == "add_compile_info"]
    assert mapping["category"] == "framework"
