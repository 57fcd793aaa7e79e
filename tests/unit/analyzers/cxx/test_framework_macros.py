"""The framework's macros are data read from opbase and the op_error_check.h family: the shipped catalog covers the
check family issue 28 names, its bodies expand to the checks a walker evaluates, it lists the functions they call,
and it is what the headers say (re-extracted when OPBASE and OPS_MATH point at checkouts, as g++ reads them)."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from op_migrate.analyzers.catalog import data_path, load
from op_migrate.analyzers.cxx.framework_macros import (
    catalog_text, framework_calls, framework_definitions, framework_macro)
from op_migrate.analyzers.cxx.macro_expand import expand, expand_text
from op_migrate.analyzers.cxx.macro_lex import IDENT, lex, spell

FAMILY = ("OP_CHECK_SHAPE_NOT_EQUAL", "OP_CHECK_SHAPE_NOT_EQUAL_WITH_EXPECTED_SIZE", "OP_CHECK_BROADCAST",
          "OP_CHECK_BROADCAST_WITH_SHAPE", "OP_CHECK_BROADCAST_AND_INFER_SHAPE", "OP_CHECK_MAX_DIM", "OP_CHECK_MIN_DIM",
          "OP_CHECK_WRONG_DIMENSION", "OP_CHECK_DTYPE_NOT_SUPPORT", "OP_CHECK_DTYPE_NOT_MATCH",
          "OP_CHECK_DTYPE_NOT_SAME",
          "OP_CHECK_NULL", "OP_CHECK_RESULT_DTYPE_CAST_FAILED", "CHECK_RET", "OP_CHECK", "CHECK_COND",
          "OP_CHECK_NOTNULL", "OP_CHECK_IF", "OP_LOGE", "OP_LOGD", "ADD_TO_LAUNCHER_LIST_AICORE", "L0_DFX")
ERROR_CHECK = "common/inc/external/aclnn_kernels/common/op_error_check.h"
CHECKOUTS = os.environ.get("OPBASE") and os.environ.get("OPS_MATH")
needs_checkouts = pytest.mark.skipif(not CHECKOUTS, reason="needs OPBASE=<hicann/opbase> and OPS_MATH=<ops-math>")


def _quiet(name: str):
    """The catalog with logging left unexpanded, as a route walker reads checks."""
    return None if name.startswith("OP_LOG") else framework_macro(name)


def test_the_catalog_covers_the_check_family() -> None:
    missing = [name for name in FAMILY if framework_macro(name) is None]
    assert missing == []
    assert framework_macro("OP_CHECK_SHAPE_NOT_EQUAL").params == ("tensor1", "tensor2", "retExpr")
    assert framework_macro("OP_CHECK_SHAPE_NOT_EQUAL").path.endswith(ERROR_CHECK)
    assert framework_macro("CHECK_RET").path == "opbase/include/nnopbase/opdev/op_log.h"
    assert len(framework_definitions()) > 200


def test_a_name_two_headers_define_resolves_to_opdev_and_its_production_branch() -> None:
    loge = framework_macro("OP_LOGE")
    assert (loge.path, loge.params) == ("opbase/include/nnopbase/opdev/op_log.h", ("errno", "__VA_ARGS__"))
    assert loge.preproc[-1] == "#elif !defined(__ANDROID__) && !defined(ANDROID)"
    assert {d.path for d in framework_definitions() if d.name == "OP_LOGE"} == {
        "opbase/include/nnopbase/opdev/op_log.h", "opbase/include/op_common/log/log.h"}


def test_check_macros_expand_to_the_checks_a_walker_evaluates() -> None:
    shape = expand_text("OP_CHECK_SHAPE_NOT_EQUAL(self, out, return false);", _quiet)
    assert shape.error is None
    assert shape.text.startswith("do { if (self->GetViewShape() != out->GetViewShape()) {")
    assert shape.text.endswith("return false; } } while (0);")
    check = expand("CHECK_RET", ["CheckShape(self, out)", "ACLNN_ERR_PARAM_INVALID"], _quiet)
    assert check.text == "do { if (__builtin_expect((!(CheckShape(self, out))), 0)) { OP_LOGE_WITHOUT_REPORT(561000, " \
                         "\"check %s failed.\", \"CheckShape(self, out)\"); return 161002; } } while (false)"
    null = expand("OP_CHECK_NULL", ["self", "return nullptr"], _quiet)
    assert null.text == 'if (IsNullptr(self, "self")) { return nullptr; }'


def test_the_functions_the_bodies_call_are_listed() -> None:
    calls = framework_calls()
    assert {"CheckType", "CheckBroadcastShape", "BroadcastInferShape", "IsNullptr", "CanCast",
            "op::ToString"} <= set(calls["functions"])
    assert calls["functions"]["IsNullptr"].endswith(ERROR_CHECK)
    assert {"GetViewShape", "GetDataType", "GetDimNum"} <= set(calls["methods"])
    assert "DlogRecordInner" not in calls["functions"]
    assert "DlogRecordInner" in load("framework_macros")["calls"]["logging"]
    per_macro = {entry["name"]: entry["calls"] for entry in load("framework_macros")["macros"]}
    assert per_macro["OP_CHECK_BROADCAST"] == ["CheckBroadcastShape", "op::ToString", ".GetViewShape", ".GetString"]
    assert per_macro["OP_CHECK_DTYPE_NOT_SUPPORT"][0] == "CheckType"


def test_the_generator_reads_a_checkout(tmp_path: Path) -> None:
    opdev = tmp_path / "opbase/include/nnopbase/opdev"
    opdev.mkdir(parents=True)
    (tmp_path / "opbase/version.cmake").write_text('set_cann_package(opbase VERSION "9.9.9")\n')
    (opdev / "op_log.h").write_text("#ifndef OP_LOG_H_\n#define OP_LOG_H_\nbool CheckIt(int x);\n"
                                    "#define CHECK_IT(x, r) if (!CheckIt(x)) { return r; }\n#endif\n")
    log = tmp_path / "opbase/include/op_common/log/log.h"
    log.parent.mkdir(parents=True)
    log.write_text("#define OP_CHECK_IF(c, l, r) if (c) { l; r; }\n")
    check = tmp_path / "ops/common/op_error_check.h"
    check.parent.mkdir(parents=True)
    (tmp_path / "ops/version.cmake").write_text('set_cann_package(ops_demo VERSION "1.2.3")\n')
    check.write_text("#define OP_CHECK_NULL(p, r) if ((p) == nullptr) { r; }\n")
    text = catalog_text(tmp_path / "opbase", check)
    assert 'opbase = "opbase 9.9.9"' in text and 'error_check = "ops_demo 1.2.3 common/op_error_check.h"' in text
    assert '"CheckIt" = "opbase/include/nnopbase/opdev/op_log.h"' in text
    assert re.findall(r'^name = "(\w+)"', text, re.M) == ["CHECK_IT", "OP_CHECK_NULL", "OP_CHECK_IF"]
    assert "OP_LOG_H_" not in re.findall(r'^name = "(\w+)"', text, re.M)


@needs_checkouts
def test_the_shipped_catalog_is_what_the_headers_define() -> None:
    shipped = data_path("framework_macros.toml").read_text(encoding="utf-8")
    regenerated = catalog_text(Path(os.environ["OPBASE"]), Path(os.environ["OPS_MATH"]).resolve() / ERROR_CHECK)
    assert regenerated == shipped, ("regenerate: python -m op_migrate.analyzers.cxx.framework_macros --opbase $OPBASE "
                                    f"--error-check $OPS_MATH/{ERROR_CHECK} -o analyzers/data/framework_macros.toml")


@needs_checkouts
@pytest.mark.skipif(shutil.which("g++") is None, reason="g++ is not installed")
def test_ops_math_op_api_invocations_expand_as_gpp_expands_them() -> None:
    """Every distinct invocation of an opdev or op_error_check.h macro in ops-math's op_api sources, expanded with the
    catalog, against g++ reading the real headers (includes stripped; __FILE__/__LINE__ given as g++ sees them)."""
    opbase, ops_math = Path(os.environ["OPBASE"]), Path(os.environ["OPS_MATH"])
    headers = sorted((opbase / "include/nnopbase/opdev").rglob("*.h")) + [ops_math / ERROR_CHECK]
    prelude = "\n".join(re.sub(r"^[ \t]*#[ \t]*include.*$", "", h.read_text(errors="replace"), flags=re.M)
                        for h in headers)
    names = {d.name for d in framework_definitions() if d.params is not None and not d.path.endswith("log/log.h")}
    invocations = list(dict.fromkeys(inv for path in sorted(ops_math.rglob("op_api/**/*.cpp"))
                                     for inv in _invocations(path.read_text(errors="replace"), names)))
    assert len(invocations) > 1000
    source = prelude + "\n" + "\n".join(f"__case{i}__ {inv}" for i, inv in enumerate(invocations)) + "\n__end__\n"
    done = subprocess.run(["g++", "-E", "-P", "-x", "c++", "-"], input=source, capture_output=True, text=True,
                          timeout=600)
    printed = [t.text for t in lex(done.stdout)]
    cases = [i for i, text in enumerate(printed) if re.fullmatch(r"__case\d+__|__end__", text)]
    first_line = prelude.count("\n") + 2
    for number, (start, end) in enumerate(zip(cases, cases[1:])):
        line = first_line + number + sum(inv.count("\n") for inv in invocations[:number])
        result = expand_text(invocations[number], _with_builtins(line))
        if any(d.path.endswith("log/log.h") for d in result.used):
            continue  # g++ reads log.h's redefinitions later; the catalog resolves to opdev first
        assert result.error is None and [t.text for t in lex(result.text)] == printed[start + 1:end], \
            invocations[number]


def _with_builtins(line: int):
    from op_migrate.analyzers.cxx.macro_defs import MacroDef

    builtins = {"__FILE__": MacroDef("__FILE__", None, False, '"<stdin>"', "", 0),
                "__LINE__": MacroDef("__LINE__", None, False, str(line), "", 0)}
    return lambda name: builtins.get(name) or framework_macro(name)


def _invocations(text: str, names: set[str]):
    """The invocations `NAME(...)` of the given macros in a source, directives left out, one line each."""
    tokens = lex(re.sub(r"^[ \t]*#.*$", "", text, flags=re.M))
    i = 0
    while i < len(tokens):
        if tokens[i].kind == IDENT and tokens[i].text in names and i + 1 < len(tokens) and tokens[i + 1].text == "(":
            depth = 0
            for j in range(i + 1, len(tokens)):
                depth += {"(": 1, ")": -1}.get(tokens[j].text, 0)
                if depth == 0:
                    yield spell(tokens[i:j + 1])
                    i = j
                    break
        i += 1
