"""Bad input never crashes the analyzer: random bytes, token soup, deep nesting, huge files."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.tbe import analyse_bytes, analyse_path
from op_migrate.analyzers.tbe.analysis import MAX_BYTES

TOKENS = [
    "from impl.util.platform_adapter import tbe\n", "import te.lang.cce as tbe\n", "def f(x):\n", "    ", "if", "else:",
    "return", "tbe.vadd(x, x)", "tbe.broadcast(", ")", "(", ":", "\n", "x", "=", "dtype", "==", "'int64'", "for a in b:",
    "@register_operator('Op')\n", "class C:\n", "lambda y: y", "[", "]", ",", "not", "in", "while", "try:", "except:",
]


def _statuses_are_known(document: dict) -> None:
    assert document["status"] in {"analysed", "tik", "hand_ir", "not_operator", "failed"}
    assert all(f["symbol"].startswith(("tbe-", "proto-", "opinfo-")) for f in document["findings"])


@settings(max_examples=60, deadline=None)
@given(st.binary(max_size=400))
def test_random_bytes(data: bytes) -> None:
    _statuses_are_known(analyse_bytes(data, "random.py").to_json())


@settings(max_examples=60, deadline=None)
@given(st.lists(st.sampled_from(TOKENS), max_size=60))
def test_token_soup(tokens: list[str]) -> None:
    _statuses_are_known(analyse_bytes(" ".join(tokens).encode(), "soup.py").to_json())


def _nested(depth: int) -> bytes:
    body = "".join("    " * i + f"if x{i}:\n" for i in range(depth)) + "    " * depth + "y = tbe.vabs(y)\n"
    lines = "\n".join("    " + line for line in body.splitlines())
    return ("from impl.util.platform_adapter import tbe\ndef f(y):\n" + lines).encode()


def test_deep_nesting_keeps_every_guard() -> None:
    document = analyse_bytes(_nested(90), "deep.py").to_json()
    (call,) = document["dsl_calls"]
    assert len(call["guards"]) == 90


def test_nesting_past_the_python_limit_is_a_parse_finding() -> None:
    # CPython refuses more than 100 indentation levels; that is a finding with its line, not a crash.
    document = analyse_bytes(_nested(150), "deeper.py").to_json()
    assert document["status"] == "failed"
    assert document["findings"][0]["symbol"] == "tbe-parse-error" and document["findings"][0]["line"] is not None


def test_huge_file_is_skipped(tmp_path) -> None:
    path = tmp_path / "huge.py"
    path.write_bytes(b"x = 1\n" * (MAX_BYTES // 6 + 1))
    document = analyse_path(path).to_json()
    assert (document["status"], document["findings"][0]["symbol"]) == ("failed", "tbe-file-too-large")


def test_missing_file_is_reported(tmp_path) -> None:
    document = analyse_path(tmp_path / "absent.py").to_json()
    assert (document["status"], document["findings"][0]["symbol"]) == ("failed", "tbe-unreadable-file")
