"""`migrate package-pr` on throwaway ops-math-shaped repositories: gates, writes, refusals, atomicity."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from op_migrate.migrate import exit_codes, git_target, package_evidence
from op_migrate.migrate.cli import main
from op_migrate.reports.design_doc import GateRow

REPO = Path(__file__).resolve().parents[2]
LICENSE = (REPO / "analyzers" / "data" / "license_header.txt").read_text(encoding="utf-8")
HASH_LICENSE = "# " + "-" * 70 + "\n" + "".join(
    "# " + line.strip().lstrip("/*").strip() + "\n" for line in LICENSE.splitlines()[1:-1]
) + "# " + "-" * 70 + "\n"

README = """# SampleOp

## 产品支持情况
| 产品 | 是否支持 |
|---|---|
| <term>Atlas A2 训练系列产品/Atlas A2 推理系列产品</term> | √ |

## 功能说明
- 算子功能：返回输入。

## 参数说明
| 参数名 | 输入/输出/属性 | 描述 | 数据类型 | 数据格式 |
|---|---|---|---|---|
| x | 输入 | 输入张量 | FLOAT | ND |
| y | 输出 | 输出张量 | FLOAT | ND |

## 约束说明
- 无。

## 调用说明
| 调用方式 | 调用样例 | 说明 |
|---|---|---|
| aclnn调用 | [test_aclnn_sample_op](./examples/test_aclnn_sample_op.cpp) | 通过[aclnnSampleOp](./docs/aclnnSampleOp.md)接口方式调用SampleOp算子。 |

## 贡献说明
| 贡献者 | 贡献方 | 贡献算子 | 贡献时间 | 贡献内容 |
|---|---|---|---|---|
| op-migrate | 个人开发者 | SampleOp | 2026/12/02 | SampleOp算子适配开源仓 |
"""

API_DOC = """# aclnnSampleOp

## 产品支持情况
| 产品 | 是否支持 |
|---|---|

## 功能说明
- 接口功能：返回输入。

## 函数原型
每个算子分为两段式接口。

## aclnnSampleOpGetWorkspaceSize
- **参数说明：**

## aclnnSampleOp
- **参数说明：**

## 约束说明
- 确定性计算：aclnnSampleOp默认确定性实现。

## 调用示例
示例代码如下。
"""

NARRATIVE = {
    key: f"{key} text" for key in package_evidence.NARRATIVE_KEYS if key not in ("breakdown", "modules")
}


def _facts_toml() -> str:
    lines = []
    for lang in ("zh", "en"):
        lines.append(f"[{lang}]")
        lines += [f'{key} = "{lang} {value}"' for key, value in NARRATIVE.items()]
        lines.append(f'breakdown = ["{lang} step one", "{lang} step two"]')
        lines.append(f'modules = [["op_api", "{lang} L2 and L0"], ["op_kernel", "{lang} the kernel"]]')
    return "\n".join(lines) + "\n"


def make_op(root: Path, name: str = "sample_op") -> Path:
    """A complete operator folder in the ops-math layout, every source with the license header."""
    op = root / name
    cpp = {
        "examples/test_aclnn_sample_op.cpp": "int main() { return 0; }\n",
        "op_api/aclnn_sample_op.cpp": "#include \"aclnn_sample_op.h\"\n",
        "op_api/aclnn_sample_op.h": "#pragma once\n",
        "op_api/sample_op.cpp": "namespace l0op {}\n",
        "op_api/sample_op.h": "#pragma once\n",
        "op_host/sample_op_def.cpp": "namespace ops {}\n",
        "op_host/sample_op_infershape.cpp": "namespace ops {}\n",
        "op_host/sample_op_tiling.cpp": "namespace optiling {}\n",
        "op_kernel/sample_op.cpp": "void sample_op() {}\n",
        "op_kernel/sample_op.h": "#pragma once\n",
        "op_kernel/sample_op_tiling_data.h": "struct SampleOpTilingData { int n; };\n",
        "op_kernel/sample_op_tiling_key.h": "constexpr int SAMPLE_OP_TILING_KEY = 0;\n",
        "tests/ut/op_host/test_sample_op_tiling.cpp": "int x = 0;\n",
    }
    for relative, body in cpp.items():
        (op / relative).parent.mkdir(parents=True, exist_ok=True)
        (op / relative).write_text(LICENSE + body, encoding="utf-8")
    (op / "CMakeLists.txt").write_text(HASH_LICENSE + "add_all_modules_sources(OPTYPE sample_op ACLNNTYPE aclnn_exclude)\n")
    (op / "README.md").write_text(README, encoding="utf-8")
    (op / "docs").mkdir(exist_ok=True)
    (op / "docs" / "aclnnSampleOp.md").write_text(API_DOC, encoding="utf-8")
    (op / "docs" / "design_facts.toml").write_text(_facts_toml(), encoding="utf-8")
    (op / "tests" / "portable").mkdir(parents=True)
    (op / "tests" / "portable" / "test_sample.py").write_text(
        HASH_LICENSE + '"""A real check of the fixture op."""\n\n\ndef test_identity(tmp_path):\n'
        '    (tmp_path / "scratch").write_text("pytest keeps tmp_path folders: the gate must not leave them")\n'
        '    assert sorted([3, 1, 2]) == [1, 2, 3]\n'
    )
    return op


def git(repo: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(repo), *args], check=True, capture_output=True, text=True).stdout


def make_target(root: Path) -> Path:
    """A git repository shaped like ops-math with one commit."""
    repo = root / "ops-math"
    (repo / "experimental" / "math" / "right_shift").mkdir(parents=True)
    (repo / "experimental" / "math" / "right_shift" / "CMakeLists.txt").write_text("# existing op\n")
    (repo / "cmake").mkdir()
    (repo / "cmake" / "func.cmake").write_text("# build functions\n")
    (repo / "build.sh").write_text("#!/bin/bash\n")
    git(root, "init", "-q", "-b", "master", str(repo))
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "add", "-A")
    git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "init")
    return repo


def snapshot(repo: Path) -> tuple:
    """Branches with their commits, HEAD, the index and every work-tree file: what must not change on refusal."""
    files = sorted(
        (p.relative_to(repo).as_posix(), p.read_bytes()) for p in repo.rglob("*") if p.is_file() and ".git" not in p.parts
    )
    return (git(repo, "for-each-ref"), git(repo, "rev-parse", "HEAD"), git(repo, "ls-files", "-s"),
            git(repo, "status", "--porcelain"), tuple(files))


@pytest.fixture(autouse=True)
def git_identity(monkeypatch: pytest.MonkeyPatch) -> None:
    # package-pr commits with the user's identity; a machine without one configured must still run these tests.
    for role in ("AUTHOR", "COMMITTER"):
        monkeypatch.setenv(f"GIT_{role}_NAME", "op-migrate tests")
        monkeypatch.setenv(f"GIT_{role}_EMAIL", "tests@op-migrate.invalid")


@pytest.fixture
def setup(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    # The route-policy gate has its own tests; here it is fixed so the packaging steps are tested alone.
    monkeypatch.setattr(package_evidence, "policy_gate", lambda info, folder: GateRow("route-policy", True, "stubbed in this test"))
    ops = tmp_path / "ops"
    make_op(ops)
    return ops, make_target(tmp_path)


def invoke(ops: Path, target: Path, *extra: str):
    args = ["package-pr", "sample_op", "--target", str(target), "--ops-dir", str(ops), *extra]
    return CliRunner().invoke(main, args)


def test_package_creates_one_branch_with_only_the_op_folder(setup) -> None:
    ops, target = setup
    before_head = git(target, "rev-parse", "HEAD")
    result = invoke(ops, target)
    assert result.exit_code == exit_codes.OK, result.output
    assert git(target, "rev-parse", "HEAD") == before_head  # nothing checked out, HEAD untouched
    changed = git(target, "diff", "--name-only", "master", "op-migrate/sample_op").split()
    assert changed and all(path.startswith("experimental/math/sample_op/") for path in changed)
    assert "experimental/math/sample_op/docs/design.md" in changed
    assert "experimental/math/sample_op/docs/design_facts.toml" not in changed
    subject = git(target, "log", "-1", "--format=%s", "op-migrate/sample_op").strip()
    assert subject.startswith("【社区任务】feat(sample_op):")
    assert git(target, "rev-list", "--count", "master..op-migrate/sample_op").strip() == "1"


def test_dry_run_touches_nothing(setup) -> None:
    ops, target = setup
    before = snapshot(target)
    result = invoke(ops, target, "--dry-run")
    assert result.exit_code == exit_codes.OK, result.output
    assert "dry run" in result.output and "experimental/math/sample_op/docs/design.md" in result.output
    assert snapshot(target) == before


def test_patch_writes_a_format_patch_and_no_branch(setup, tmp_path: Path) -> None:
    ops, target = setup
    patch = tmp_path / "op.patch"
    result = invoke(ops, target, "--patch", str(patch))
    assert result.exit_code == exit_codes.OK, result.output
    assert patch.read_text(encoding="utf-8").startswith("From ")
    assert "op-migrate/sample_op" not in git(target, "branch")


def test_output_dir_holds_pr_description_and_manifest(setup, tmp_path: Path) -> None:
    ops, target = setup
    out = tmp_path / "out"
    assert invoke(ops, target, "-o", str(out), "--mkdir").exit_code == exit_codes.OK
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["schema"] == "op-migrate/package-manifest@1"
    assert all(len(entry["sha256"]) == 64 for entry in manifest["files"])
    assert {gate["name"] for gate in manifest["gates"]} >= {"layout", "license", "hygiene", "portable-tests"}
    text = (out / "pr_description.md").read_text(encoding="utf-8")
    for section in ("## 描述", "## 关联的Issue", "## 测试", "## 文档更新", "## 类型标签"):
        assert section in text


@pytest.mark.parametrize(
    "breakage, gate",
    [
        (lambda op: (op / "op_kernel" / "sample_op_tiling_key.h").unlink(), "layout"),
        (lambda op: (op / "op_host" / "sample_op_def.cpp").write_text("namespace ops {}\n"), "license"),
        (lambda op: (op / "op_kernel" / "sample_op.o").write_bytes(b"\0"), "hygiene"),
        (lambda op: (op / "tests" / "portable" / "test_sample.py").write_text(
            HASH_LICENSE + "def test_broken():\n    assert 1 == 2\n"), "portable-tests"),
        (lambda op: (op / "docs" / "design_facts.toml").write_text("[zh]\n"), "design-input"),
    ],
)
def test_a_failing_gate_writes_nothing(setup, breakage, gate: str) -> None:
    ops, target = setup
    breakage(ops / "sample_op")
    before = snapshot(target)
    result = invoke(ops, target)
    assert result.exit_code == exit_codes.FINDINGS
    assert any(line.startswith(gate) and "FAIL" in line for line in result.output.splitlines()), result.output
    assert snapshot(target) == before


def test_refuses_a_dirty_target_unless_allowed(setup) -> None:
    ops, target = setup
    (target / "build.sh").write_text("#!/bin/bash\necho changed\n")
    before = snapshot(target)
    result = invoke(ops, target)
    assert result.exit_code == exit_codes.USAGE and "uncommitted" in result.output
    assert snapshot(target) == before
    assert invoke(ops, target, "--allow-dirty").exit_code == exit_codes.OK


def _merge_first_package(ops: Path, target: Path) -> None:
    """The op as upstream has it: packaged once, merged, with a second author's commit on top."""
    assert invoke(ops, target, "--category", "math", "--branch", "first").exit_code == exit_codes.OK
    git(target, "-c", "user.name=t", "-c", "user.email=t@t", "merge", "-q", "--ff-only", "first")
    extra = target / "experimental" / "math" / "sample_op" / "op_api" / "squeeze.cpp"
    extra.write_text(LICENSE + "namespace l0op {}\n", encoding="utf-8")
    git(target, "add", "-A")
    git(target, "commit", "-q", "--author=Community Dev <c@d>", "-m", "squeeze")


def test_into_an_existing_folder_the_dry_run_lists_each_change(setup) -> None:
    # Before: --force replaced the folder, deleting the community's files, while the dry run said every file was added.
    ops, target = setup
    _merge_first_package(ops, target)
    (ops / "sample_op" / "op_api" / "sample_op.cpp").write_text(LICENSE + "namespace l0op { int v2; }\n")
    (ops / "sample_op" / "op_api" / "sample_op_v2.cpp").write_text(LICENSE + "namespace l0op {}\n")
    before = snapshot(target)
    result = invoke(ops, target, "--branch", "second", "--dry-run")
    assert result.exit_code == exit_codes.OK, result.output
    assert "an update of the existing folder: 1 added, 1 modified, 1 deleted" in result.stdout
    assert "  M experimental/math/sample_op/op_api/sample_op.cpp (" in result.stdout
    assert "  A experimental/math/sample_op/op_api/sample_op_v2.cpp (" in result.stdout
    assert "  D experimental/math/sample_op/op_api/squeeze.cpp\n" in result.stdout
    assert "  A experimental/math/sample_op/README.md" not in result.stdout  # unchanged files are not listed
    assert "pass --force" in result.stdout
    assert snapshot(target) == before


def test_an_update_that_deletes_upstream_files_needs_force_and_credits_the_authors(setup, tmp_path: Path) -> None:
    ops, target = setup
    _merge_first_package(ops, target)
    (ops / "sample_op" / "op_api" / "sample_op.cpp").write_text(LICENSE + "namespace l0op { int v2; }\n")
    before = snapshot(target)
    refused = invoke(ops, target, "--branch", "second")
    assert refused.exit_code == exit_codes.USAGE
    assert "would delete 1 of its files (op_api/squeeze.cpp)" in refused.stderr and "[1/6]" not in refused.stderr
    assert snapshot(target) == before
    result = invoke(ops, target, "--branch", "second", "--force", "-o", str(tmp_path / "out"), "--mkdir")
    assert result.exit_code == exit_codes.OK, result.output
    changed = git(target, "diff", "--name-status", "master", "second").splitlines()
    assert "M\texperimental/math/sample_op/op_api/sample_op.cpp" in changed
    assert "D\texperimental/math/sample_op/op_api/squeeze.cpp" in changed
    pr = (tmp_path / "out" / "pr_description.md").read_text(encoding="utf-8")
    assert "| 删除 | `op_api/squeeze.cpp` |" in pr and "| 修改 | `op_api/sample_op.cpp` |" in pr
    assert "Community Dev（1 次提交）" in pr
    manifest = json.loads((tmp_path / "out" / "manifest.json").read_text(encoding="utf-8"))
    assert {"path": "experimental/math/sample_op/op_api/squeeze.cpp", "status": "D", "size": None} in manifest["changes"]
    assert "Community Dev" in git(target, "log", "-1", "--format=%B", "second")


def test_an_update_that_only_modifies_is_written_without_force(setup) -> None:
    ops, target = setup
    assert invoke(ops, target, "--category", "math", "--branch", "first").exit_code == exit_codes.OK
    git(target, "-c", "user.name=t", "-c", "user.email=t@t", "merge", "-q", "--ff-only", "first")
    (ops / "sample_op" / "op_api" / "sample_op.cpp").write_text(LICENSE + "namespace l0op { int v2; }\n")
    result = invoke(ops, target, "--branch", "second")
    assert result.exit_code == exit_codes.OK, result.output
    assert git(target, "diff", "--name-status", "master", "second").splitlines() == [
        "M\texperimental/math/sample_op/op_api/sample_op.cpp"]


def test_refuses_an_existing_branch(setup) -> None:
    ops, target = setup
    git(target, "branch", "op-migrate/sample_op")
    before = snapshot(target)
    result = invoke(ops, target)
    assert result.exit_code == exit_codes.USAGE and "already exists" in result.output
    assert snapshot(target) == before


@pytest.mark.parametrize("args", [["--category", "../math"], ["--category", "math/x"]])
def test_refuses_unsafe_category_names(setup, args) -> None:
    ops, target = setup
    result = invoke(ops, target, *args)
    assert result.exit_code == exit_codes.USAGE


def test_refuses_unsafe_op_names(setup) -> None:
    ops, target = setup
    result = CliRunner().invoke(main, ["package-pr", "../sample_op", "--target", str(target), "--ops-dir", str(ops)])
    assert result.exit_code == exit_codes.USAGE and "plain folder name" in result.output


def test_refuses_a_symlink_leaving_the_op_folder(setup, tmp_path: Path) -> None:
    ops, target = setup
    (tmp_path / "secret.txt").write_text("outside\n")
    (ops / "sample_op" / "docs" / "leak.md").symlink_to(tmp_path / "secret.txt")
    result = invoke(ops, target)
    assert result.exit_code == exit_codes.FINDINGS and "symlink" in result.output


def test_refuses_a_target_that_is_not_ops_math_like(setup, tmp_path: Path) -> None:
    ops, _ = setup
    plain = tmp_path / "plain"
    plain.mkdir()
    git(tmp_path, "init", "-q", str(plain))
    result = invoke(ops, plain)
    assert result.exit_code == exit_codes.USAGE and "ops-math-like" in result.output


@pytest.mark.parametrize("step", ["build_commit", "create_branch", "run_git"])
def test_a_failure_at_any_step_leaves_the_target_as_it_was(setup, monkeypatch: pytest.MonkeyPatch, step: str) -> None:
    ops, target = setup
    before = snapshot(target)
    original = getattr(git_target, step)
    calls = {"n": 0}

    def failing(*args, **kwargs):
        calls["n"] += 1
        # run_git is used by the checks too: fail it only once the write has begun (after the read-only calls).
        if step != "run_git" or any(a in ("hash-object", "update-ref") for a in args[1:3]):
            raise git_target.GitError("injected failure", exit_codes.FINDINGS)
        return original(*args, **kwargs)

    monkeypatch.setattr(git_target, step, failing)
    result = invoke(ops, target)
    assert result.exit_code != exit_codes.OK
    assert "injected failure" in result.output
    assert snapshot(target) == before


def test_bundled_floor_mod_packages_with_its_evidence(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The op's own portable suite runs in the main test run; here the gate is fixed to keep this test short.
    from op_migrate.migrate import package_gates

    monkeypatch.setattr(package_gates, "portable_tests_gate", lambda folder, root: GateRow("portable-tests", True, "run separately"))
    target = make_target(tmp_path)
    before = REPO / "tests" / "functional" / "aclnn" / "ops_math" / "math" / "floor_mod" / "op_api"
    tbe = REPO / "tests" / "functional" / "tbe" / "floor_mod_dynamic.py"
    patch = tmp_path / "floor_mod.patch"
    args = ["package-pr", "floor_mod", "--target", str(target), "--ops-dir", str(REPO / "ops"), "--before", str(before),
            "--tbe-source", str(tbe), "--lang", "en", "--patch", str(patch)]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == exit_codes.OK, result.output
    assert "route-policy    pass    floor_mod-native:" in result.output
    text = patch.read_text(encoding="utf-8")
    design = text[text.index("docs/design_en.md"):]
    # The two output-sized broadcasts; FloorMod writes straight into out (ViewCopy re-points it on Ascend910B).
    assert "| before | `I(N1≠N)·N·S + I(N2≠N)·N·S` |" in design
    assert "| after | `0` |" in design and "0.0% |" in design
    assert "```mermaid" in design and "vmod" in design  # the TBE flowcharts
    assert "Policy `floor_mod-native`: every route passes." in design
    assert "experimental/math/floor_mod/docs/memory_before.svg" in text


def test_installed_copy_passes_hygiene_and_stages_no_byte_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # From a non-editable install the bundled ops sit in site-packages, where pip byte-compiled their tests.
    from importlib import resources

    from op_migrate.migrate import package_gates

    folder = Path(str(resources.files("op_migrate.ops"))) / "reduce_all"
    if not package_gates.installer_bytecode(folder):
        pytest.skip("the package is not installed from a wheel here (no byte-code recorded by the installer)")
    monkeypatch.setattr(package_gates, "portable_tests_gate", lambda folder, root: GateRow("portable-tests", True, "run separately"))
    monkeypatch.setattr(package_evidence, "policy_gate", lambda info, folder: GateRow("route-policy", True, "run separately"))
    target = make_target(tmp_path)
    result = CliRunner().invoke(main, ["package-pr", "reduce_all", "--target", str(target), "--dry-run"])
    assert result.exit_code == exit_codes.OK, result.output
    assert "hygiene         pass" in result.output
    staged = [line for line in result.output.splitlines() if line.startswith("  A ")]
    assert staged and not [line for line in staged if "__pycache__" in line or ".pyc" in line]


# ---------------------------------------------------------------- the real-headers check in the evidence (--ascendc)


def _header_report(kernel_finding: str, **fields):
    """A header-check report of sample_op as run_check returns it: one kernel for dav-2201, one op_api file."""
    from op_migrate.ops.common.header_check import CheckReport, FileResult, Finding
    from op_migrate.ops.common.header_check.layout import HostHeaders, KernelHeaders, StubHeaders

    kernel = "ops/sample_op/op_kernel/sample_op.cpp"
    api = "ops/sample_op/op_api/sample_op.cpp"
    results = tuple(
        FileResult("sample_op", "kernel", kernel, "dav-2201", variant,
                   Finding(kernel_finding, source=kernel, target="dav-2201", **fields), socs=("ascend910b",))
        for variant in ("x=float", "x=float16")
    ) + (FileResult("sample_op", "api", api, "host", "", Finding("no-host-headers", source=api, needs="opdev/")),)
    return CheckReport(KernelHeaders("asc-devkit", Path("/sdk"), "9.1.0", ()),
                       StubHeaders((Path("/stubs"),), ("CANN 8.1.RC1",)), HostHeaders(), results)


def _host_report():
    """The same operator with host headers given: its op_api file compiled against the toolkit set."""
    from op_migrate.ops.common.header_check import CheckReport, FileResult, Finding
    from op_migrate.ops.common.header_check.layout import HostHeaders, HostPackage, HostSet

    report = _header_report("compile-pass")
    api = "ops/sample_op/op_api/sample_op.cpp"
    toolkit = HostSet("toolkit 8.1.RC1", (HostPackage("CANN toolkit", "8.1.RC1", Path("/tk"), (Path("/tk/include"),)),))
    label = toolkit.label
    host_row = FileResult("sample_op", "api", api, "host", toolkit.name,
                          Finding("compile-pass", source=api, target="host, toolkit 8.1.RC1"), headers=label)
    return CheckReport(report.kernel_headers, report.stubs, HostHeaders((toolkit,)), report.results[:2] + (host_row,))


@pytest.fixture
def header_run(monkeypatch: pytest.MonkeyPatch):
    from op_migrate.migrate import package_headers

    class Calls(list):
        report = _header_report("compile-pass")

    calls = Calls()

    def fake_check(config):
        calls.append(config)
        return calls.report

    monkeypatch.setattr(package_headers, "run_check", fake_check)
    return calls


def test_without_ascendc_the_evidence_says_the_check_was_not_run(setup, header_run, tmp_path: Path) -> None:
    ops, target = setup
    out = tmp_path / "out"
    result = invoke(ops, target, "-o", str(out), "--mkdir")
    assert result.exit_code == exit_codes.OK, result.output
    assert header_run == [] and "\n(the real-headers check was not run: pass --ascendc DIR" in result.output
    assert "Bilingual(" not in result.output
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert "real-headers" not in {gate["name"] for gate in manifest["gates"]}
    assert "--ascendc DIR" in manifest["header_check"]["not_run"]
    assert "未对真实 Ascend C 头文件检查" in (out / "pr_description.md").read_text(encoding="utf-8")


def test_with_ascendc_the_pr_shows_header_version_arch_and_each_file(setup, header_run, tmp_path: Path) -> None:
    ops, target = setup
    sdk, stubs, out = tmp_path / "sdk", tmp_path / "stubs", tmp_path / "out"
    sdk.mkdir(), stubs.mkdir()
    result = invoke(ops, target, "--ascendc", str(sdk), "--stubs", str(stubs), "-o", str(out), "--mkdir")
    assert result.exit_code == exit_codes.OK, result.output
    (config,) = header_run
    assert (config.ascendc, config.stubs, config.ops) == (sdk, (stubs,), ("sample_op",))
    gate = next(line for line in result.output.splitlines() if line.startswith("real-headers"))
    assert "pass" in gate and "asc-devkit 9.1.0" in gate and "1 not checked (no-host-headers" in gate
    pr = (out / "pr_description.md").read_text(encoding="utf-8")
    assert "| op_kernel/sample_op.cpp | kernel | dav-2201 | 通过 | 2/2 |" in pr
    assert "| op_api/sample_op.cpp | api | host | 未检查 | 0/1 |" in pr
    check = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["header_check"]
    assert (check["headers"], check["stubs"], check["archs"]) == ("asc-devkit 9.1.0", "CANN 8.1.RC1", ["dav-2201"])


def test_a_kernel_failing_against_the_real_headers_fails_the_gate(setup, header_run, tmp_path: Path) -> None:
    ops, target = setup
    header_run.report = _header_report("compile-error", count=2, first="sample_op.cpp:3: 'AlignUp' is ambiguous")
    before = snapshot(target)
    result = invoke(ops, target, "--ascendc", str(tmp_path))
    assert result.exit_code == exit_codes.FINDINGS
    gate = next(line for line in result.output.splitlines() if line.startswith("real-headers"))
    assert "FAIL" in gate and "op_kernel/sample_op.cpp [dav-2201] fails" in gate and "AlignUp" in gate
    assert snapshot(target) == before


def test_headers_the_check_cannot_use_fail_the_gate_and_say_why(setup, header_run, tmp_path: Path) -> None:
    from op_migrate.ops.common.header_check import CheckReport, Finding
    from op_migrate.ops.common.header_check.layout import HostHeaders

    ops, target = setup
    header_run.report = CheckReport(None, None, HostHeaders(), errors=(Finding("stub-folder-invalid", path="/x"),))
    result = invoke(ops, target, "--ascendc", str(tmp_path))
    assert result.exit_code == exit_codes.FINDINGS
    gate = next(line for line in result.output.splitlines() if line.startswith("real-headers"))
    assert "FAIL" in gate and "nothing was compiled: [stub-folder-invalid]" in gate


def test_host_headers_reach_the_check_and_the_pr_shows_the_set_each_host_file_compiled_against(
        setup, header_run, tmp_path: Path) -> None:
    ops, target = setup
    header_run.report = _host_report()
    # the target becomes the ops-math folder of the check when it is an ops-math checkout
    (target / "common" / "inc" / "op_api").mkdir(parents=True)
    (target / "common" / "inc" / "op_api" / "op_api_def.h").write_text("#pragma once\n")
    out = tmp_path / "out"
    result = invoke(ops, target, "--ascendc", str(tmp_path), "--host-headers", f"ascend-home={tmp_path}",
                    "--host-headers", f"opbase={tmp_path / 'opbase'}", "--allow-dirty", "-o", str(out), "--mkdir")
    assert result.exit_code == exit_codes.OK, result.output
    (config,) = header_run
    assert (config.ascend_home, config.opbase, config.ops_math) == (tmp_path, tmp_path / "opbase", target)
    gate = next(line for line in result.output.splitlines() if line.startswith("real-headers"))
    assert "2 of 2 files pass" in gate
    pr = (out / "pr_description.md").read_text(encoding="utf-8")
    assert "| op_api/sample_op.cpp | api | host | 通过 | 1/1 | 编译所用头文件集 toolkit 8.1.RC1 |" in pr
    assert "host 头文件：set 1 (toolkit 8.1.RC1: CANN toolkit 8.1.RC1)" in pr
    check = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["header_check"]
    api = next(row for row in check["rows"] if row["part"] == "api")
    assert (api["status"], api["set"], api["headers"]) == ("pass", "toolkit 8.1.RC1", "toolkit 8.1.RC1: CANN toolkit 8.1.RC1")


@pytest.mark.parametrize(("extra", "said"), [
    (("--host-headers", "metadef"), "expected PACKAGE=DIR"),
    (("--host-headers", "graph=/x"), "PACKAGE one of ascend-home"),
    (("--host-headers", "metadef=/x"), "pass --ascendc DIR (or ascend-home=DIR)"),
])
def test_host_headers_that_cannot_be_used_are_refused(setup, header_run, extra, said) -> None:
    ops, target = setup
    result = invoke(ops, target, *extra)
    assert result.exit_code != exit_codes.OK and said in result.output
    assert header_run == []


def test_stubs_without_ascendc_is_refused(setup, header_run, tmp_path: Path) -> None:
    ops, target = setup
    result = invoke(ops, target, "--stubs", str(tmp_path))
    assert result.exit_code != exit_codes.OK and "--ascendc" in result.output
    assert header_run == []


@pytest.mark.requires_ascendc
@pytest.mark.skipif(not os.environ.get("ASCENDC"), reason="needs real Ascend C headers: set ASCENDC=<asc-devkit> "
                    "and ASCENDC_STUBS=<stub folder[:folder]>")
def test_bundled_gcd_against_the_real_headers_named_by_the_environment(tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch) -> None:
    from op_migrate.migrate import package_gates

    monkeypatch.setattr(package_gates, "portable_tests_gate", lambda folder, root: GateRow("portable-tests", True, "run separately"))
    stubs = [arg for folder in os.environ.get("ASCENDC_STUBS", "").split(":") if folder for arg in ("--stubs", folder)]
    out = tmp_path / "out"
    host = [arg for package, name in (("ascend-home", "ASCEND_HOME_PATH"), ("ops-math", "OPS_MATH"), ("opbase", "OPBASE"),
                                      ("metadef", "METADEF"), ("runtime", "RUNTIME"), ("ge", "GE"))
            if os.environ.get(name) for arg in ("--host-headers", f"{package}={os.environ[name]}")]
    args = ["package-pr", "gcd", "--target", str(make_target(tmp_path)), "--ops-dir", str(REPO / "ops"), "--dry-run",
            "--ascendc", os.environ["ASCENDC"], *stubs, *host, "-o", str(out), "--mkdir"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == exit_codes.OK, result.output
    check = json.loads((out / "manifest.json").read_text(encoding="utf-8"))["header_check"]
    kernel = [row for row in check["rows"] if row["part"] == "kernel"]
    assert [(row["source"], row["target"], row["status"]) for row in kernel] == [("op_kernel/gcd.cpp", "dav-2201", "pass")]
    assert "| op_kernel/gcd.cpp | kernel | dav-2201 | 通过 |" in (out / "pr_description.md").read_text(encoding="utf-8")
    if host:  # the host part ran: no host file fails, and each one that passed names its set
        rows = [row for row in check["rows"] if row["part"] != "kernel"]
        assert len(rows) == 5 and not [row for row in rows if row["status"] == "fail"], rows
        assert all(row["set"] for row in rows if row["status"] == "pass")


# ------------------------------------------------- progress, the gate table before any write, errors of the environment


def test_each_gate_is_said_on_stderr_as_it_runs(setup, monkeypatch: pytest.MonkeyPatch) -> None:
    # Before: 34-73 s of silence, then everything at once (issue 33, point 4).
    from op_migrate.migrate import package_gates

    seen = {}

    def portable(folder, ops_root):
        sys.stderr.flush()
        seen["stderr"] = sys.stderr.buffer.getvalue().decode("utf-8")
        return GateRow("portable-tests", True, "3 passed")

    monkeypatch.setattr(package_gates, "portable_tests_gate", portable)
    ops, target = setup
    result = invoke(ops, target)
    assert result.exit_code == exit_codes.OK, result.output
    # When the second gate runs, the first one's result and the second one's start are already out.
    assert seen["stderr"].splitlines()[-3:] == ["[1/6] route-policy ...",
                                               "[1/6] route-policy pass (0.0 s): stubbed in this test",
                                               "[2/6] portable-tests ..."]
    assert "[6/6] design-input pass (" in result.stderr


def _failing_write(monkeypatch: pytest.MonkeyPatch, where: Path) -> None:
    original = Path.write_bytes

    def write_bytes(self, data):
        if self == where:
            raise PermissionError(13, "Permission denied", str(self))
        return original(self, data)

    monkeypatch.setattr(Path, "write_bytes", write_bytes)


def test_a_failing_write_keeps_the_gate_table_and_is_one_line_exit_2(setup, tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # Before: the gate table was lost and the user read "internal error: PermissionError" (issue 33, point 4).
    ops, target = setup
    patch = tmp_path / "read-only" / "x.patch"
    patch.parent.mkdir()
    _failing_write(monkeypatch, patch)
    result = invoke(ops, target, "--patch", str(patch))
    assert result.exit_code == exit_codes.USAGE
    assert result.stdout.startswith("gate            result  detail\nroute-policy    pass    ")
    assert result.stderr.splitlines()[-1] == f"error: {patch}: Permission denied; choose a place you can write to"
    assert "internal error" not in result.output


def test_analyze_into_an_unwritable_folder_is_one_line_exit_2(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "r.md"
    original = Path.write_text
    monkeypatch.setattr(Path, "write_text", lambda self, *a, **k: (_ for _ in ()).throw(
        PermissionError(13, "Permission denied", str(self))) if self == out else original(self, *a, **k))
    tbe = REPO / "tests" / "functional" / "tbe" / "reduce_all.py"
    result = CliRunner().invoke(main, ["analyze", "--no-cache", str(tbe), "-o", str(out)])
    assert result.exit_code == exit_codes.USAGE
    assert result.stderr == f"error: {out}: Permission denied; choose a place you can write to\n"


# ------------------------------------------------------- interrupts, the gates' children, temporary folders, one writer

SLOW_TEST = HASH_LICENSE + '''"""A gate that takes long and starts a child of its own, as the real ones start g++."""

import os
import pathlib
import subprocess
import tempfile
import time


def test_slow():
    tempfile.mkstemp(prefix="cc", suffix=".s")  # as g++ leaves its assembly in TMPDIR when it is killed
    child = subprocess.Popen(["sleep", "120"])
    pathlib.Path(os.environ["PIDS_FILE"]).write_text(f"{os.getpid()} {child.pid}")
    time.sleep(120)
'''


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    status = Path(f"/proc/{pid}/stat")
    return not (status.exists() and status.read_text().split(") ")[-1].startswith("Z"))


def _wait_for(condition, seconds: float = 60.0) -> bool:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():
            return True
        time.sleep(0.1)
    return condition()


@pytest.fixture
def slow_run(tmp_path: Path):
    """package-pr of an op whose portable test sleeps, in a real process, with its own TMPDIR; yields a starter."""
    ops = tmp_path / "ops"
    make_op(ops)
    (ops / "sample_op" / "tests" / "portable" / "test_sample.py").write_text(SLOW_TEST)
    target = make_target(tmp_path)
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    pids = tmp_path / "pids"
    started = []

    def start():
        env = {**os.environ, "TMPDIR": str(scratch), "PIDS_FILE": str(pids)}
        process = subprocess.Popen([sys.executable, "-m", "op_migrate.migrate", "package-pr", "sample_op", "--target",
                                    str(target), "--ops-dir", str(ops)], env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, text=True)
        started.append(process)
        assert _wait_for(lambda: pids.exists() and pids.read_text().strip()), "the slow gate never started"
        return process, [int(pid) for pid in pids.read_text().split()], scratch, target

    yield start
    for process in started:
        if process.poll() is None:
            process.kill()
        process.communicate()


@pytest.mark.slow
@pytest.mark.parametrize("signum, code, said", [(signal.SIGINT, 130, "interrupted"), (signal.SIGTERM, 143, "terminated")])
def test_a_signal_ends_the_gate_its_children_and_its_folders(slow_run, signum, code, said) -> None:
    # Before: SIGINT exited 1 (the code of a failed gate) and left the gates' folders behind (issue 33, point 5).
    process, children, scratch, target = slow_run()
    before = git(target, "for-each-ref")
    process.send_signal(signum)
    _, stderr = process.communicate(timeout=60)
    assert process.returncode == code and stderr.rstrip().endswith(said), stderr
    assert not any(_alive(pid) for pid in children)
    assert list(scratch.iterdir()) == []
    assert git(target, "for-each-ref") == before and "garbage" not in _fsck(target)


@pytest.mark.slow
def test_sigkill_still_ends_the_gates_children_and_removes_their_folder(slow_run) -> None:
    process, children, scratch, target = slow_run()
    process.kill()
    process.communicate()
    assert _wait_for(lambda: not any(_alive(pid) for pid in children), 15), "the gate outlived op-migrate"
    assert _wait_for(lambda: list(scratch.iterdir()) == [], 15)


def _fsck(repo: Path) -> str:
    completed = subprocess.run(["git", "-C", str(repo), "fsck", "--full"], capture_output=True, text=True)
    return completed.stdout + completed.stderr


def test_a_write_leaves_no_temporary_file_and_fsck_finds_no_garbage(setup, tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    monkeypatch.setenv("TMPDIR", str(scratch))
    monkeypatch.setattr(tempfile, "tempdir", None)
    ops, target = setup
    assert invoke(ops, target).exit_code == exit_codes.OK
    assert list(scratch.iterdir()) == []
    assert "garbage" not in _fsck(target) and "error" not in _fsck(target)


def test_a_git_command_is_let_finish_when_interrupted() -> None:
    from op_migrate.migrate import children

    threading.Timer(0.2, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt):
        children.run_settled(["sh", "-c", "sleep 1; echo done"], stdin=None, env=dict(os.environ))
        time.sleep(5)  # the interrupt must have been raised, at the latest, once the command is done
    assert time.monotonic() - started >= 1.0


def test_a_second_run_on_the_same_branch_is_refused_before_its_gates(setup) -> None:
    # Before: the loser printed a raw `git update-ref ... cannot lock ref` after 40 s of gates (issue 33, point 5).
    ops, target = setup
    with git_target.branch_lock(target, "op-migrate/sample_op"):
        result = invoke(ops, target)
    assert result.exit_code == exit_codes.USAGE
    assert result.stderr.startswith("error: refusing: another package-pr is writing branch 'op-migrate/sample_op'")
    assert "[1/6]" not in result.stderr
    assert invoke(ops, target, "--dry-run").exit_code == exit_codes.OK  # the lock goes with its holder
