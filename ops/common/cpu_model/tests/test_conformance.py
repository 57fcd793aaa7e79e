"""The CPU model held to the real Ascend C API through the committed table (ascendc_api_table.json): for every name
ops/ uses, the same namespace, template parameters and argument types; the real DT_* / FORMAT_* macros; no name of
ours that collides with theirs; no dtype the model compiles that the real headers reject. Needs only libclang."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

pytest.importorskip("clang.cindex")

from op_migrate.ops.common.header_check import conformance  # noqa: E402
from op_migrate.ops.common.header_check.api_table import TABLE_PATH, load_table  # noqa: E402
from op_migrate.ops.common.header_check.api_view import ViewError  # noqa: E402

pytestmark = pytest.mark.requires_libclang

OPS = Path(__file__).resolve().parents[3]
MODEL = Path(__file__).resolve().parents[1] / "include"


@pytest.fixture(scope="module")
def table() -> dict:
    return load_table(TABLE_PATH)


@pytest.fixture(scope="module")
def model():
    return conformance.model_view(OPS)


def _report(findings) -> str:
    return "\n".join(f"[{f.symbol}] {f.message}" for f in findings)


def test_the_model_records_the_header_version_of_its_table(table: dict) -> None:
    config = (MODEL / "cpu_model" / "config.h").read_text(encoding="utf-8")
    assert re.search(r'CPU_MODEL_CANN_VERSION "([^"]+)"', config).group(1) == table["headers"]["version"]


def test_every_name_ops_uses_is_declared_as_in_the_real_headers(table: dict, model) -> None:
    # TQue's members are TQueBind's, in the model as in the real headers (kernel_tpipe.h: TQue : TQueBind).
    assert {"AscendC::Cast", "AscendC::TQueBind::AllocTensor", "AscendC::DataCopyPad"} <= model.used
    # The APIs the scaffold's generated kernels call are held to the table too, though no kernel in ops/ calls them.
    assert {"AscendC::Exp", "AscendC::Axpy", "AscendC::LeakyRelu"} <= model.used
    assert all(model.declarations.get(name) and table["names"][name]["declarations"]
               for name in ("AscendC::Exp", "AscendC::Ln", "AscendC::Sqrt", "AscendC::Rsqrt", "AscendC::Reciprocal",
                            "AscendC::Relu", "AscendC::LeakyRelu", "AscendC::Axpy"))
    findings = conformance._names(table, model)
    assert not findings, _report(findings)


def test_the_model_defines_the_real_global_macros_with_their_values(table: dict, model) -> None:
    assert model.macros["DT_FLOAT16"] == (None, 1) and model.macros["FORMAT_ND"] == (None, 2)
    findings = conformance._macros(table, model)
    assert not findings, _report(findings)


def test_no_name_ops_declares_collides_with_the_real_headers(table: dict, model) -> None:
    findings = conformance._collisions(table, model)
    assert not findings, _report(findings)


def test_the_model_rejects_every_dtype_the_real_headers_reject(table: dict) -> None:
    support = conformance.model_dtype_support()
    findings = conformance._dtypes(table, support)
    assert not findings, _report(findings)
    # What the model refuses beyond the real headers (its A2 rules from the documentation) stays visible.
    stricter = conformance.stricter_than_real(table, support)
    assert "double" in stricter.get("Gather", []) and "half<-int32_t" in stricter.get("Cast", [])


def _fake_op(tmp_path: Path, body: str) -> Path:
    ops = tmp_path / "ops"
    (ops / "fake" / "op_kernel").mkdir(parents=True)
    (ops / "fake" / "op_kernel" / "fake.cpp").write_text('#include "kernel_operator.h"\n' + body, encoding="utf-8")
    return ops


def test_a_clash_with_ascendc_and_a_real_macro_name_are_found(table: dict, tmp_path: Path) -> None:
    ops = _fake_op(tmp_path, """
        namespace FakeNs {
        using namespace AscendC;
        inline uint64_t AlignUp(uint64_t a, uint64_t b) { return (a + b - 1) / b * b; }
        constexpr int likely = 1;
        }
        """)
    findings = conformance._collisions(table, conformance.model_view(ops))
    assert sorted((f.symbol, f.fields["name"]) for f in findings) == [
        ("function-clashes-with-ascendc", "AlignUp"), ("name-collides-with-macro", "likely")]
    assert findings[0].fields["where"].startswith("ops/fake/op_kernel/fake.cpp:")


def test_a_kernel_reusing_a_dt_macro_name_fails_in_the_portable_build(tmp_path: Path) -> None:
    ops = _fake_op(tmp_path, "namespace FakeNs { enum FakeDType : uint32_t { DT_FLOAT16 = 0 }; }\n")
    with pytest.raises(ViewError, match="fake.cpp"):
        conformance.model_view(ops)


def test_a_stale_table_is_named_with_its_regeneration(table: dict, model) -> None:
    trimmed = dict(table, names={k: v for k, v in table["names"].items() if k != "AscendC::Cast"})
    findings = conformance._names(trimmed, model)
    assert [f.symbol for f in findings] == ["api-table-stale"]
    assert "make cpu-model-table" in findings[0].message


def test_only_the_trailing_call_site_parameter_is_model_only() -> None:
    strip = conformance.without_model_call_site
    assert strip("AscendC::LocalTensor::GetValue(unsigned int, cpu_model::CallSite) const") == \
        "AscendC::LocalTensor::GetValue(unsigned int) const"
    assert strip("AscendC::Add<typename>(const LocalTensor<T0_0> &, const int &, cpu_model::CallSite)") == \
        "AscendC::Add<typename>(const LocalTensor<T0_0> &, const int &)"
    # Anywhere else it is a different signature and stays one.
    odd = "AscendC::Add<typename>(cpu_model::CallSite, const int &)"
    assert strip(odd) == odd


def test_every_model_api_that_touches_ub_takes_the_call_site(model) -> None:
    # Sync messages name the kernel line only if the APIs a kernel calls carry the call site.
    for name in ("AscendC::DataCopyPad", "AscendC::Cast", "AscendC::LocalTensor::GetValue", "AscendC::Select"):
        assert all(s.endswith(("cpu_model::CallSite)", "cpu_model::CallSite) const"))
                   for s in model.declarations[name]), name
