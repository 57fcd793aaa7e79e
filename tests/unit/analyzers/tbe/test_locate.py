"""Finding an operator's files and the install's version in the layouts CANN ships (full and partial copies)."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.tbe.locate import install_version, locate

INSTALL = Path(__file__).resolve().parents[3] / "functional" / "tbe" / "install"


def test_the_version_comes_from_version_info_else_from_the_version_header(tmp_path: Path) -> None:
    assert install_version([INSTALL]) == "8.1.RC1 (opp 7.7.0.1.238)"
    header = tmp_path / "aarch64-linux/include/version/opp_version.h"
    header.parent.mkdir(parents=True)
    header.write_text('#ifndef OPP_VERSION_H\n#define OPP_VERSION_STR "8.2.RC1"\n#define OPP_VERSION 1\n#endif\n',
                      encoding="utf-8")
    assert install_version([tmp_path]) == "8.2.RC1"
    assert install_version([tmp_path / "nothing"]) is None


def test_the_dynamic_file_comes_first_and_the_op_info_module_name_is_tried(tmp_path: Path) -> None:
    impl = tmp_path / "opp/built-in/op_impl/ai_core/tbe/impl"
    (impl / "dynamic").mkdir(parents=True)
    for path in (impl / "dynamic/max_pool_v1.py", impl / "max_pool_v1.py"):
        path.write_text("", encoding="utf-8")
    located = locate("MaxPoolV1", [tmp_path], op_files=("max_pool_v1",))
    assert [(p.relative_to(impl).as_posix(), r) for p, r in zip(located.impl_files, located.roles)] == [
        ("dynamic/max_pool_v1.py", "dynamic"), ("max_pool_v1.py", "static")]
