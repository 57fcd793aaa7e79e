"""File kinds read from the tree: code inside strings does not count, schedule modules are not operators."""

from __future__ import annotations

from op_migrate.analyzers.tbe import analyse_source

GENERATOR = '''
import sys

with open(sys.argv[1], "w") as out:
    out.write("""
from tbe import tik


def gen(a, kernel_name="gen"):
    tik_instance = tik.Tik()
    tik_instance.BuildCCE(kernel_name=kernel_name, inputs=[a], outputs=[])
    return tik_instance
""")
'''

SCHEDULE = '''
from tbe import dsl
from tbe import tvm
from tbe.dsl.base.operation import register_schedule


@register_schedule(pattern="NormishGrad")
def schedule(outs, tiling_case):
    return NormishGradSchedule(outs, tiling_case).do_schedule()


class NormishGradSchedule:
    def __init__(self, outs, tiling_case):
        self._out = outs[0]
        self._case = tiling_case

    def do_schedule(self):
        sch = tvm.create_schedule(self._out.op)
        grad = dsl.vadd(self._out, self._out)
        return sch, grad
'''

COMMENTED_TIK = '''
from te import tik
from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import register_operator


@register_operator("Absish")
def absish(x, y, kernel_name="absish"):
    # tik_instance = tik.Tik()  (the old TIK version)
    return tbe.vabs(x)
'''


def test_tik_code_inside_a_string_literal_is_not_a_tik_operator() -> None:
    document = analyse_source(GENERATOR, "gen.py").to_json()
    assert document["status"] == "not_operator"


def test_a_schedule_module_without_registration_or_entry_is_not_an_operator() -> None:
    document = analyse_source(SCHEDULE, "normish_grad_schedule.py").to_json()
    assert (document["status"], document["reason"]) == (
        "not_operator",
        "a DSL schedule module (register_schedule / create_schedule) without registration or entry",
    )
    assert [f["symbol"] for f in document["findings"]] == ["tbe-not-an-operator"]


def test_a_commented_out_tik_instance_does_not_make_a_tik_operator() -> None:
    document = analyse_source(COMMENTED_TIK, "absish.py").to_json()
    assert (document["status"], document["reason"]) == ("analysed", None)


def test_a_real_tik_instance_is_still_recognised() -> None:
    source = "from te import tik\n\n\ndef gen(kernel_name='gen'):\n    tik_instance = tik.Tik()\n    return tik_instance\n"
    assert analyse_source(source, "gen.py").to_json()["status"] == "tik"


TIK_BASE_CLASS = '''
from impl.util.platform_adapter import tik
from impl.util.platform_adapter import tbe_platform


class PoolGradBase:
    """Shared by the cut-h and cut-w variants of a pooling gradient."""

    def __init__(self, grad, argmax, ksize):
        self.tik_instance = tik.Tik()
        self.dtype = grad.get("dtype").lower()
        self.core_num = tbe_platform.get_soc_spec(tbe_platform.CORE_NUM)

    def clear_ub(self, buf, count):
        self.tik_instance.vec_dup(128, buf, 0, count // 128, 8)
'''


def test_a_tik_base_class_module_without_registration_or_entry_is_a_helper() -> None:
    document = analyse_source(TIK_BASE_CLASS, "pool_grad_cut_h.py").to_json()
    assert (document["status"], document["op_type"]) == ("not_operator", None)
    assert document["reason"] == ("a TIK helper module: it creates tik.Tik() but registers no operator and has no entry "
                                  "function")
    assert [f["symbol"] for f in document["findings"]] == ["tbe-not-an-operator"]
