"""Every l0op function an operator of ops/ calls is defined exactly once among the sources ops-math's experimental
build links (COMMON_L0_SRCS, the experimental operators' op_api, the operator's own op_api and CMake additions)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from op_migrate.ops.common.op_types import l0_links

OPS = Path(__file__).resolve().parents[3]


@pytest.mark.parametrize("op", [path.name for path in l0_links.operator_dirs(OPS)])
def test_every_l0_call_links_once_in_the_experimental_build(op: str) -> None:
    assert l0_links.problems(OPS / op, l0_links.read_links()) == []


def test_a_function_only_the_replaced_community_folder_defines_does_not_link(tmp_path: Path) -> None:
    """floor_mod's package replaces experimental/math/floor_mod: a squeeze.cpp that folder had is gone with it."""
    op = tmp_path / "floor_mod"
    (op / "op_api").mkdir(parents=True)
    (op / "CMakeLists.txt").write_text("add_all_modules_sources(OPTYPE floor_mod ACLNNTYPE aclnn_exclude)\n")
    (op / "op_api" / "aclnn_remainder.cpp").write_text("void F() { auto s = l0op::SqueezeNd(x, 0, executor); }\n")
    links = [l0_links.Link("SqueezeNd", "const aclTensor*,int64_t,aclOpExecutor*",
                           "experimental/math/floor_mod/op_api/squeeze.cpp", True)]
    assert "no source the experimental build links" in l0_links.problems(op, links)[0]
    (op / "op_api" / "squeeze.cpp").write_text(
        "namespace l0op {\nconst aclTensor* SqueezeNd(const aclTensor* x, int64_t dim, aclOpExecutor* executor)\n{\n}\n}")
    assert l0_links.problems(op, links) == []


def test_a_source_added_twice_or_defined_twice_is_reported(tmp_path: Path) -> None:
    op = tmp_path / "bernoulli"
    (op / "op_api").mkdir(parents=True)
    (op / "CMakeLists.txt").write_text(
        "add_all_modules_sources(OPTYPE bernoulli ACLNNTYPE aclnn_exclude)\n"
        "target_sources(${OPHOST_NAME}_opapi_obj PRIVATE ${CMAKE_SOURCE_DIR}/math/zero_op/op_api/zero_op.cpp)\n")
    (op / "op_api" / "aclnn_bernoulli.cpp").write_text("void F() { l0op::ZerosLike(x, executor); }\n")
    links = [l0_links.Link("ZerosLike", "const aclTensor*,aclOpExecutor*", "math/zero_op/op_api/zero_op.cpp", False),
             l0_links.Link("ZerosLike", "const aclTensor*,aclOpExecutor*",
                           "experimental/conversion/zeros_like/op_api/zero_op.cpp", True)]
    assert "defined 2 times" in l0_links.problems(op, links)[0]


def test_overloads_are_distinct_symbols() -> None:
    text = """namespace l0op {
const aclTensor* ViewCopy(const aclTensor* x, const aclTensor* y, aclOpExecutor* executor)
{
}
const aclTensor *ViewCopy(const aclTensor *dst, const op::Shape &dstSize, int64_t offset = 0, aclOpExecutor *e)
{
}
}"""
    assert l0_links.l0_signatures(text) == {
        ("ViewCopy", "const aclTensor*,const aclTensor*,aclOpExecutor*"),
        ("ViewCopy", "const aclTensor*,const op::Shape&,int64_t,aclOpExecutor*")}


@pytest.mark.requires_opsmath
@pytest.mark.skipif(not os.environ.get("OPS_MATH"), reason="OPS_MATH=<hicann/ops-math checkout> is not set")
def test_the_committed_links_are_ops_maths() -> None:
    opsmath = Path(os.environ["OPS_MATH"])
    assert sorted(link.row() for link in l0_links.scan(opsmath, OPS)) == sorted(
        link.row() for link in l0_links.read_links()), "regenerate l0_links.tsv (see its header)"
    for op_dir in l0_links.operator_dirs(OPS):
        linked = set(l0_links.linked_sources(opsmath, l0_links.destination(op_dir)))
        assert l0_links.problems(op_dir, l0_links.read_links(), linked) == []
