"""The reach index keeps apart what C++ and the libraries keep apart: the tiling library's `namespace optiling`, the
framework's own sources, and calls qualified by `std::` or `op::` (fixtures of ours, in the CANN layout)."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.aclnn.reach_index import ReachIndex

# An op_api helper that launches, named like a tiling method.
OP_API_HELPER = """#include "opdev/op_executor.h"
namespace Ops::Demo {
const aclTensor* CheckParams(const aclTensor* x, aclOpExecutor* executor)
{
    return l0op::Probe(x, executor);
}
}  // namespace Ops::Demo
"""

# A tiling class whose methods share names with op_api code: `Describe` calls its own CheckParams, which C++ binds
# to the class member, but a lookup by name alone also finds the op_api helper above.
TILING = """#include "demo_tiling.h"
namespace optiling {
class DemoTiling : public TilingBaseClass {
public:
    bool CheckParams() { return true; }
    std::string Describe() { CheckParams(); return "demo"; }
};
}  // namespace optiling
"""

ENTRY = """#include "opdev/op_log.h"{extra}
aclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* self, aclOpExecutor* executor)
{{
    // optiling is named only in this comment
    auto text = Describe();
    auto copied = std::to_string(1);
    auto named = op::ToString(self);
    return ACLNN_SUCCESS;
}}
"""


def _repo(tmp_path: Path, extra: str = "") -> tuple[Path, Path]:
    root = tmp_path / "repo"
    for relative, text in {
        "math/demo/op_api/aclnn_demo.cpp": ENTRY.format(extra=extra),
        "math/demo/op_api/demo_helper.cpp": OP_API_HELPER,
        "math/demo/op_host/demo_tiling.cpp": TILING,
        "math/demo/op_host/demo_tiling.h": "#pragma once\n",
        "math/demo/op_host/demo_tiling_using.h": "#pragma once\nusing namespace optiling;\n",
        "math/demo/op_api/plain.h": '#pragma once\n#include "demo_tiling_using.h"\n',
        # A repository's own `to_string` and `ToString` outside std and op, reaching the launch too.
        "math/demo/op_api/strings.cpp": "std::string to_string(int v) { CheckParams(nullptr, nullptr); return {}; }\n"
                                        "std::string ToString(const aclTensor* t) { return to_string(0); }\n",
    }.items():
        path = root / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return root, root / "math/demo/op_api/aclnn_demo.cpp"


def test_a_file_that_never_names_optiling_does_not_reach_into_it(tmp_path: Path) -> None:
    root, entry = _repo(tmp_path)
    index = ReachIndex.build([root])
    assert index.reaches("Describe", file=str(entry)) is None
    names = [call.name for call in index.sites_in(str(entry), "aclnnDemoGetWorkspaceSize", 4)]
    assert "Describe" not in names
    # Inside the namespace the tiling code still reaches by name what it may call.
    tiling = str(root / "math/demo/op_host/demo_tiling.cpp")
    chain = index.reaches("Describe", file=tiling)
    assert chain is not None and chain.names == ("Describe", "CheckParams") and chain.site.name == "l0op::Probe"
    assert chain.where[0].endswith("demo_tiling.cpp:6")


def test_a_header_with_a_using_directive_makes_the_names_it_declares_seen(tmp_path: Path) -> None:
    root, entry = _repo(tmp_path, extra='\n#include "plain.h"')
    (root / "math/demo/op_host/demo_tiling_using.h").write_text(
        "#pragma once\nnamespace optiling {\nstd::string Describe();\n}\nusing namespace optiling;\n")
    index = ReachIndex.build([root])
    chain = index.reaches("Describe", file=str(entry))
    assert chain is not None and chain.names == ("Describe", "CheckParams")
    assert chain.site.name == "l0op::Probe"


def test_a_using_directive_alone_sees_no_name_no_included_header_declares(tmp_path: Path) -> None:
    # Before: one header naming `optiling` (a vendored platform header in hicann/cann-ops) made every name of every
    # tiling source callable from the file, and 57 of its 91 routes incomplete on chains through tiling code.
    root, entry = _repo(tmp_path, extra='\n#include "plain.h"')
    index = ReachIndex.build([root])
    assert index.tiling.sees(str(entry)) and index.reaches("Describe", file=str(entry)) is None
    tiling = str(root / "math/demo/op_host/demo_tiling.cpp")
    assert index.reaches("Describe", file=tiling) is not None  # its own block declares it


def test_a_call_qualified_by_std_or_op_binds_inside_that_namespace_only(tmp_path: Path) -> None:
    root, entry = _repo(tmp_path)
    index = ReachIndex.build([root])
    assert index.reaches("to_string", file=str(entry)) is not None  # unqualified: the repository's own may be meant
    assert index.reaches("to_string", qualifier="std", file=str(entry)) is None
    assert index.reaches("ToString", qualifier="op", file=str(entry)) is None
    assert index.reaches("ToString", qualifier="Alias", file=str(entry)) is not None  # a type alias: any class
    names = [call.name for call in index.sites_in(str(entry), "aclnnDemoGetWorkspaceSize", 4)]
    assert names == []


def test_the_framework_sources_are_no_part_of_the_call_graph(tmp_path: Path) -> None:
    root, entry = _repo(tmp_path)
    framework = tmp_path / "opbase"
    (framework / "include/nnopbase/opdev").mkdir(parents=True)
    (framework / "include/nnopbase/opdev/op_log.h").write_text(
        "#pragma once\ninline void LogApi() { CheckParams(nullptr, nullptr); }\n")
    (framework / "src").mkdir()
    (framework / "src/thread_context.cpp").write_text("void Init() { CheckParams(nullptr, nullptr); }\n")
    index = ReachIndex.build([root, framework])
    assert str(framework / "src/thread_context.cpp") in index.sources_by_stem["thread_context"]  # still readable
    assert index.reaches("Init", file=str(entry)) is None
    assert index.reaches("LogApi", file=str(entry)) is not None  # a header's inline function is the caller's code
    assert index.sites_in(str(framework / "src/thread_context.cpp"), "Init", 1) == ()


def test_a_struct_of_namespace_l0op_is_no_launch(tmp_path: Path) -> None:
    root = tmp_path / "repo"
    folder = root / "conv/demo/op_api"
    folder.mkdir(parents=True)
    (folder / "demo.h").write_text("#pragma once\nnamespace l0op {\n"
                                   "struct DemoParams {\n    const aclTensor* input;\n    int groups;\n};\n"
                                   "const aclTensor* DemoConv(const DemoParams& params, aclOpExecutor* executor);\n}\n")
    (folder / "demo.cpp").write_text('#include "demo.h"\nnamespace l0op {\nconst aclTensor* DemoConv('
                                     'const DemoParams& params, aclOpExecutor* executor)\n{\n'
                                     '    ADD_TO_LAUNCHER_LIST_AICORE(DemoConv, OP_INPUT(params.input));\n'
                                     '    return params.input;\n}\n}\n')
    entry = folder / "aclnn_demo.cpp"
    entry.write_text('#include "demo.h"\naclnnStatus aclnnDemoGetWorkspaceSize(const aclTensor* x, '
                     'aclOpExecutor* executor)\n{\n    l0op::DemoParams params{x, 1};\n'
                     '    auto y = l0op::DemoConv(params, executor);\n    return ACLNN_SUCCESS;\n}\n')
    index = ReachIndex.build([root])
    sites = [(call.line, call.name) for call in index.sites_in(str(entry), "aclnnDemoGetWorkspaceSize", 3)]
    assert sites == [(5, "l0op::DemoConv")]


def test_an_include_reaches_only_files_whose_path_ends_with_it(tmp_path: Path) -> None:
    # Before: `#include "exe_graph/runtime/shape.h"` (metadef's) was taken to read any `shape.h` of the roots, a
    # tiling header of hicann/cann-ops declaring optiling names among them.
    root, entry = _repo(tmp_path, extra='\n#include "exe_graph/runtime/shape.h"')
    declares = "#pragma once\nnamespace optiling {\nstd::string Describe();\n}\n"
    (root / "common/op_tiling/entity").mkdir(parents=True)
    (root / "common/op_tiling/entity/shape.h").write_text(declares)
    assert ReachIndex.build([root]).reaches("Describe", file=str(entry)) is None
    (root / "common/include/exe_graph/runtime").mkdir(parents=True)
    (root / "common/include/exe_graph/runtime/shape.h").write_text(declares)
    assert ReachIndex.build([root]).reaches("Describe", file=str(entry)) is not None
