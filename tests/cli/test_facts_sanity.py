"""Absurd facts are warned about, on stderr at once and in the report; the run goes on (issue 33, point 7)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from op_migrate.migrate import exit_codes
from op_migrate.migrate.cli import main

ACLNN = Path(__file__).resolve().parents[1] / "functional" / "aclnn"
REMAINDER = ACLNN / "ops_math" / "math" / "floor_mod" / "op_api" / "aclnn_remainder.cpp"
BASE = ["analyze", str(REMAINDER), "--repo-root", str(ACLNN / "ops_math"), "--soc", "Ascend910B", "--dtype", "float16",
        "--format", "json"]


@pytest.mark.parametrize("shapes, symbol, said", [
    (["self=[1099511627776,1]", "other=[1,1]", "out=[1099511627776,1]"], "facts-dim-too-large",
     "warning: --shape self=[1099511627776,1]: self has a dimension of 1099511627776 (2^31 or more)"),
    (["self=[1048576,1048576]", "other=[1,1048576]", "out=[1048576,1048576]"], "facts-tensor-too-large",
     "warning: --shape self=[1048576,1048576]: self holds 2.0 TiB, over 1 TiB"),
    (["self=[0,4]", "other=[1,4]", "out=[0,4]"], "facts-zero-dim",
     "info: --shape self=[0,4]: self has a zero dimension, so it is an empty tensor"),
])
def test_each_implausible_shape_is_one_line_on_stderr_and_a_finding(shapes, symbol, said) -> None:
    args = BASE + [part for shape in shapes for part in ("--shape", shape)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code in (exit_codes.OK, exit_codes.FINDINGS), result.output  # the run goes on
    assert said in result.stderr
    assert len([line for line in result.stderr.splitlines() if line.startswith(said.split(":")[0] + ": --shape self=")]) == 1
    document = json.loads(result.stdout)
    found = [f for f in document["findings"] if f["symbol"] == symbol and f["message"].startswith("--shape self=")]
    assert len(found) == 1 and found[0]["message"].startswith(said.split(": ", 1)[1])


def test_a_case_of_a_huge_tensor_is_warned_about_too() -> None:
    result = CliRunner().invoke(main, ["analyze", str(REMAINDER), "--repo-root", str(ACLNN / "ops_math"), "--soc",
                                       "Ascend910B", "--case", "self=[1,1]:float16,other=[1,1]:float16,"
                                       "out=[4294967296,4096]:float16"])
    assert "warning: --case self=[1,1]:float16,other=[1,1]:float16,out=[4294967296,4096]:float16: out has a " \
           "dimension of 4294967296 (2^31 or more)" in result.stderr


def test_plausible_shapes_say_nothing() -> None:
    result = CliRunner().invoke(main, BASE + ["--shape", "self=[1024,1,64]", "--shape", "other=[1,4096,64]"])
    assert "facts-" not in result.stderr.replace("facts-not-broadcastable", "")


def test_figures_of_an_absurd_case_stay_readable() -> None:
    # Before: a peak of "6917529027643179008.0 MiB".
    result = CliRunner().invoke(main, ["analyze", str(REMAINDER), "--repo-root", str(ACLNN / "ops_math"), "--soc",
                                       "Ascend910B", "--case", "self=[1099511627776,1,64]:float16,other=[1,1,64]:"
                                       "float16,out=[1099511627776,1,64]:float16"])
    assert " TiB" in result.stdout and not any(len(word) > 12 and word.endswith(".0") for word in result.stdout.split())
