"""The analyzers' code digest: any change of a file under the package changes it; compiled caches do not."""

from __future__ import annotations

import sys

from op_migrate.analyzers.code_digest import code_digest


def test_the_digest_follows_every_file_of_the_package(tmp_path, monkeypatch) -> None:
    package = tmp_path / "digest_probe_pkg"
    (package / "data").mkdir(parents=True)
    (package / "__init__.py").write_text('"""probe"""\n')
    (package / "data" / "rules.toml").write_text("a = 1\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    sys.modules.pop("digest_probe_pkg", None)

    def digest() -> str:
        return code_digest.__wrapped__("digest_probe_pkg")

    first = digest()
    (package / "__pycache__").mkdir()
    (package / "__pycache__" / "x.cpython-311.pyc").write_bytes(b"\0compiled")
    assert digest() == first
    (package / "data" / "rules.toml").write_text("a = 2\n")
    changed = digest()
    assert changed != first
    (package / "data" / "rules.toml").rename(package / "data" / "other.toml")
    assert digest() not in (first, changed)  # a file's name counts too


def test_the_installed_analyzers_have_one_digest() -> None:
    assert code_digest() == code_digest("op_migrate.analyzers") and len(code_digest()) == 16
