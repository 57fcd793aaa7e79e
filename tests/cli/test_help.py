"""Help a newcomer can act on (issue 33, point 9): an example per command, the exit-code table, help for --format,
the operators package-pr can ship."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from op_migrate.migrate.cli import main

COMMANDS = [[], ["analyze"], ["verify-route"], ["package-pr"], ["catalog", "build"]]


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: " ".join(c) or "migrate")
def test_every_help_has_an_example_and_the_exit_codes(command: list[str]) -> None:
    result = CliRunner().invoke(main, [*command, "--help"], terminal_width=120)
    assert result.exit_code == 0
    text = result.stdout
    examples = text.split("Examples:", 1)[1]
    assert f"migrate {' '.join(command)}".rstrip() in examples
    for line in ("0    complete, no finding that counts", "2    usage error (nothing written) or incomplete analysis",
                 "130  interrupted (Ctrl-C); 143 terminated (SIGTERM)"):
        assert line in text


@pytest.mark.parametrize("command", [["analyze"], ["verify-route"]])
def test_format_says_what_each_format_is(command: list[str]) -> None:
    text = CliRunner().invoke(main, [*command, "--help"], terminal_width=200).stdout
    option = next(line for line in text.splitlines() if line.strip().startswith("--format"))
    assert "text:" in option and "json:" in option


def test_package_pr_lists_the_operators_it_can_ship() -> None:
    text = CliRunner().invoke(main, ["package-pr", "--help"], terminal_width=120).stdout
    assert "bernoulli, floor_mod, gcd, reduce_all" in text.split("Operators it can ship", 1)[1]


def test_an_unknown_operator_names_the_ones_there_are(tmp_path) -> None:
    target = tmp_path / "t"
    target.mkdir()
    result = CliRunner().invoke(main, ["package-pr", "floor_modd", "--target", str(target)])
    assert result.exit_code == 2 and "operators there: bernoulli, floor_mod, gcd, reduce_all" in result.stderr
