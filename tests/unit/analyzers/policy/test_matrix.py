"""The matrix is the cartesian product entry × soc × dtype × case × scalar values, in policy order."""

from __future__ import annotations

import math

from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.policy import matrix, parse_policy

SOCS = ["Ascend910B", "Ascend910_93", "Ascend910", "Ascend310P"]
DTYPES = ["float16", "float32", "int8", "bfloat16"]


@settings(max_examples=60, deadline=None)
@given(
    st.integers(1, 2), st.integers(1, 4), st.integers(1, 4), st.integers(1, 3),
    st.lists(st.integers(1, 3), max_size=2),
)
def test_size_is_the_product(entries, socs, dtypes, cases, scalar_counts) -> None:
    scalars = ", ".join(f"s{i} = [{', '.join(str(v) for v in range(n))}]" for i, n in enumerate(scalar_counts))
    case_list = ", ".join(f"{{ self = [{i + 1}] }}" for i in range(cases))
    text = f"""
[policy]
name = "m"
entries = [{", ".join(f'"e{i}"' for i in range(entries))}]
[[policy.routes]]
soc = {SOCS[:socs]!r}
dtype = {DTYPES[:dtypes]!r}
cases = [{case_list}]
scalars = {{ {scalars} }}
[[policy.forbid]]
launcher = "AI_CPU"
""".replace("'", '"')
    points = matrix(parse_policy(text))
    assert len(points) == entries * socs * dtypes * cases * math.prod(scalar_counts)
    assert len(set(points)) == len(points)
    assert points[0].entry == "e0" and points[-1].entry == f"e{entries - 1}"


def test_points_carry_arch_dtypes_shapes_and_scalars() -> None:
    from op_migrate.analyzers.policy import load_policy

    points = matrix(load_policy("bernoulli-dav2201"))
    assert len(points) == 2 * 2 * 10 * 3 * 3  # entries, SoCs, dtypes, cases (n-4096x1024, n-37, n-3), probs
    first = points[0]
    assert (first.entry, first.soc, first.arch, first.dtype_label(), first.case, first.scalar_label()) == (
        "aclnnBernoulliGetWorkspaceSize", "Ascend910B", "DAV_2201", "float16", "n-4096x1024", "prob=0.5")
    facts = first.facts()
    assert facts.dtype_of("self") == "float16" and facts.shape_of("self") == (4096, 1024) and facts.scalar("prob") == 0.5


def test_overlapping_route_tables_do_not_duplicate_points() -> None:
    table = '[[policy.routes]]\nsoc = ["Ascend910B"]\ndtype = ["float16"]\ncases = [{ self = [1] }]\n'
    text = '[policy]\nname = "d"\nentries = ["e"]\n' + table + table + '[[policy.forbid]]\nop = "X"\n'
    assert len(matrix(parse_policy(text))) == 1
