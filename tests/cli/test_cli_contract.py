"""The CLI contract: help, version, usage errors exit 2, internal errors print one line."""

from __future__ import annotations

from click.testing import CliRunner

from op_migrate.migrate import exit_codes
from op_migrate.migrate.cli import main


def test_help_lists_the_commands() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == exit_codes.OK
    assert "analyze" in result.output


def test_unknown_option_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["analyze", "--no-such-option", "x.py"])
    assert result.exit_code == exit_codes.USAGE


def test_bad_format_is_a_usage_error() -> None:
    result = CliRunner().invoke(main, ["analyze", "--format", "pdf", "x.py"])
    assert result.exit_code == exit_codes.USAGE


def test_installed_package_ships_templates_and_ops() -> None:
    from importlib import resources

    assert resources.files("op_migrate.templates").joinpath("__init__.py").is_file()
    assert resources.files("op_migrate.ops").joinpath("__init__.py").is_file()
