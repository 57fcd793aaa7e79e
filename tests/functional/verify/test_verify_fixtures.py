"""verify-route on C++ fixtures written in ops-math idioms: the "before" chains fail with exactly the expected violations."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from pathlib import Path

from click.testing import CliRunner

from op_migrate.migrate.cli import main

OPS_MATH = Path(__file__).resolve().parent / "ops_math"
SOCS = ("Ascend910B", "Ascend910_93")
GCD_DTYPES = ("float32", "float16", "bfloat16", "int8", "uint8", "int16", "int32", "int64")


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
            if dtype not in ("int16", "int32"):  # the old L0 wrapper runs only INT32/INT16 on AI Core
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


BERNOULLI_DTYPES = ("float16", "float32", "float64", "bfloat16", "int8", "uint8", "int16", "int32", "int64", "bool")


def test_bernoulli_before_fails_on_the_random_path_only() -> None:
    code, document = verify("random/bernoulli_before/op_api", "bernoulli-dav2201")
    found_here = Counter(
        (v["rule"], v["op"], v["launcher"], v["size"], v["entry"], v["facts"]["soc"], v["facts"]["dtype"],
         v["facts"]["case"], v["facts"]["scalars"]["prob"])
        for v in document["violations"]
    )
    expected = Counter()
    for entry in ("aclnnBernoulliGetWorkspaceSize", "aclnnInplaceBernoulliGetWorkspaceSize"):
        for soc in SOCS:
            for dtype in BERNOULLI_DTYPES:
                for case in ("n-4096x1024", "n-37", "n-3"):
                    point = (entry, soc, dtype, case, 0.5)
                    expected[("no-fill", "Fill", "AI_CORE", "output", *point)] = 1
                    expected[("no-dropout-do-mask", "DropoutDoMask", "AI_CORE", "output", *point)] = 1
                    expected[("no-full-size-cast-on-random-path", "Cast", "AI_CORE", "output", *point)] = 1
                    if case != "n-3":  # below 16 output bytes the mask needs 16 bytes of its own (the policy's when)
                        expected[("no-separate-uint8-mask", "DSAGenBitMask", None, "other", *point)] = 1
    assert found_here == expected
    assert code == 1
    mask = next(v for v in document["violations"] if v["rule"] == "no-separate-uint8-mask")
    assert mask["tensor"] == "mask"
    assert [(site["function"], Path(site["file"]).name) for site in mask["call_path"]] == [
        ("aclnnBernoulliGetWorkspaceSize", "aclnn_bernoulli.cpp"), ("BernoulliCommon", "aclnn_bernoulli.cpp"),
        ("RandomPath", "aclnn_bernoulli.cpp"), ("l0op::DSAGenBitMask", "dsa_gen_bit_mask.cpp")]


def test_an_entry_the_sources_do_not_define_is_incomplete(tmp_path: Path) -> None:
    code, document = verify("math/gcd_after/op_api", "reduce_all-native")
    assert code == 2 and document["complete"] is False
    assert document["matrix"][0]["problems"] == [
        f"entry point aclnnAllGetWorkspaceSize not found in {OPS_MATH / 'math/gcd_after/op_api'}, so its routes "
        "cannot be checked; point the command at the sources that define it"]


def _variant(tmp_path: Path, old: str, new: str) -> Path:
    source = (OPS_MATH / "math/gcd_after/op_api/aclnn_gcd.cpp").read_text(encoding="utf-8")
    assert old in source
    target = tmp_path / "op_api" / "aclnn_gcd.cpp"
    target.parent.mkdir()
    target.write_text(source.replace(old, new), encoding="utf-8")
    shutil.copy(OPS_MATH / "math/gcd_after/op_api/gcd.cpp", target.parent / "gcd.cpp")
    return target.parent


def _verify_at(folder: Path) -> tuple[int, dict]:
    result = CliRunner().invoke(
        main, ["verify-route", str(folder), "--repo-root", str(folder.parent), "--policy", "gcd-native", "--format", "json"])
    return result.exit_code, json.loads(result.output)


def test_an_unresolved_call_on_the_route_is_incomplete_not_a_pass(tmp_path: Path) -> None:
    folder = _variant(tmp_path, "    auto viewCopyResult", "    l0op::Mystery(gcdOut, uniqueExecutor.get());\n    auto viewCopyResult")
    code, document = _verify_at(folder)
    assert code == 2 and document["violations"] == []
    problems = {problem for r in document["matrix"] for problem in r["problems"]}
    assert len(problems) == 1
    (problem,) = problems
    assert problem.startswith("route of aclnnGcdGetWorkspaceSize is incomplete: l0op::Mystery with 2 arguments is "
                              "not resolved: defined in no repository root and in no catalog (")
    assert problem.endswith("op_api/aclnn_gcd.cpp:32)")


def test_an_unparsed_construct_on_the_route_is_incomplete(tmp_path: Path) -> None:
    folder = _variant(tmp_path, "if (self->IsEmpty() || other->IsEmpty()) {", "if (self->IsEmpty() || {{")
    code, document = _verify_at(folder)
    assert code == 2 and document["violations"] == []
    (problem,) = document["matrix"][0]["problems"]
    assert problem.startswith("route of aclnnGcdGetWorkspaceSize is incomplete: an unparsed construct lies on the "
                              "route: missing 'type_identifier' (inserted by error recovery) (")


def test_an_entry_lost_to_a_parse_error_is_incomplete_with_the_parse_finding(tmp_path: Path) -> None:
    folder = _variant(tmp_path, "aclnnStatus aclnnGcdGetWorkspaceSize(const aclTensor* self,",
                      "aclnnStatus aclnnGcdGetWorkspaceSize(const aclTensor* self {{,")
    code, document = _verify_at(folder)
    assert code == 2
    problem = document["matrix"][0]["problems"][0]
    assert problem.startswith("entry point aclnnGcdGetWorkspaceSize not found in") and "finding(s) while reading" in problem


def test_gcd_before_text_report(golden, monkeypatch) -> None:
    monkeypatch.chdir(OPS_MATH)
    result = CliRunner().invoke(main, ["verify-route", "math/gcd_before/op_api", "--repo-root", ".", "--policy", "gcd-native"])
    assert result.exit_code == 1
    golden.check(result.output, OPS_MATH.parent / "golden" / "gcd_before.txt")
