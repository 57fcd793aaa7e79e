"""A two-input probe operator in TBE's dynamic elementwise idiom for the scaffold's unit tests: its registered entry
(classify, placeholders, the compute call, build), written after the test's own compute function, and a platform
whose tables are empty."""

from __future__ import annotations

from op_migrate.analyzers.scaffold.platform import Platform


def probe_entry(outputs=("y",), attrs=(), dtype='x1.get("dtype").lower()', listed=False) -> str:
    """The entry `probe(x1, x2, <outputs>, <attrs>, kernel_name)` calling `probe_compute(d1, d2, <outputs>,
    <attrs>)`. attrs: (name, para_check kind, default) each; dtype: the placeholders' dtype expression; listed: the
    compute returns a list of results (one per output it builds)."""
    kinds = ["REQUIRED_INPUT"] * 2 + ["REQUIRED_OUTPUT"] * len(outputs) + [kind for _, kind, _ in attrs] + \
        ["KERNEL_NAME"]
    params = ", ".join(["x1", "x2", *outputs, *(f"{name}={default!r}" for name, _, default in attrs),
                        'kernel_name="probe"'])
    args = ", ".join(["d1", "d2", *outputs, *(name for name, _, _ in attrs)])
    collected = "[d1, d2] + res" if listed else "[d1, d2, res]"
    checks = ", ".join(f"para_check.{kind}" for kind in kinds)
    return f'''

@register_operator("Probe")
@para_check.check_op_params({checks})
def probe({params}):
    dtype = {dtype}
    ins = classify([x1, x2], OpPatternMode.ELEWISE)
    schedules, tensors = [], []
    for (_x1, _x2) in ins:
        with tbe.compute():
            s1, s2 = shape_util.variable_shape([_x1, _x2])
            d1 = tvm.placeholder(s1, name="d1", dtype=dtype)
            d2 = tvm.placeholder(s2, name="d2", dtype=dtype)
            res = probe_compute({args})
            tensors.append({collected})
        with tvm.target.cce():
            sch = tbe.auto_schedule(res)
        schedules.append(sch)
    tbe.build(schedules, {{"name": kernel_name, "tensor_list": tensors}})
'''


def bare_platform() -> Platform:
    """Ascend910B with no intrinsic, DSL-support or TIK tables: every query the trace makes of them is a gap."""
    return Platform(short_soc="Ascend910B", soc_version="Ascend910B1", ini_path=None, dsl_util_path=None,
                    spec={"ubblock_size": "32"}, intrinsics={}, dsl_support={}, same_api={})
