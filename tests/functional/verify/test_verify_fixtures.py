"""verify-route on C++ fixtures written in ops-math idioms: the "before" chains fail with exactly the expected violations."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from migrate.cli import main

OPS_MATH = Path(__file__).resolve().parent / "ops_math"
SOCS = ("Ascend910B", "Ascend910_93")
GCD_DTYPES = ("float32", "float16", "bfloat16", "int8", "uint8", "int16")


def verify(folder: str, policy: str) -> tuple[int, dict]:
    result = CliRunner().invoke(
        main, ["verify-route", str(OPS_MATH / folder), "--repo-root", str(OPS_MATH), "--policy", policy, "--format", "json"]
    )
    return result.exit_code, json.loads(result.output)


def found(document: dict) -> Counter:
    return Counter(
        (v["rule"], v["op"], v["launcher"], v["facts"]["soc"], v["facts"]["dtype"], v["facts"]["case"], v["may"])
        for v in document["violations"]
    )


def test_gcd_before_fails_with_exactly_the_expected_violations() -> None:
    code, document = verify("math/gcd_before/op_api", "gcd-native")
    expected = Counter()
    for soc in SOCS:
        for dtype in GCD_DTYPES:
            expected[("no-output-sized-broadcast", "BroadcastTo", "AI_CORE", soc, dtype, "broadcast-both", False)] = 2
            if dtype != "int16":  # the old L0 wrapper runs only INT32/INT16 on AI Core
                for case in ("broadcast-both", "same-shape"):
                    expected[("no-aicpu-fallback", "Gcd", "AI_CPU", soc, dtype, case, False)] = 1
                    expected[("gcd-on-aicore", "Gcd", "AI_CORE", soc, dtype, case, False)] = 1
    assert found(document) == expected
    assert code == 1 and document["complete"] is True
    broadcast = next(v for v in document["violations"] if v["op"] == "BroadcastTo")
    assert [site["function"] for site in broadcast["call_path"]][:2] == ["aclnnGcdGetWorkspaceSize", "BroadcastTensor"]


def test_gcd_after_passes() -> None:
    code, document = verify("math/gcd_after/op_api", "gcd-native")
    assert (code, document["passed"], document["violations"]) == (0, True, [])
