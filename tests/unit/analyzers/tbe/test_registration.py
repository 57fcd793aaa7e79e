"""Registration: op type, mode and signature; snake/Camel conversions round-trip."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from op_migrate.analyzers.tbe import analyse_source
from op_migrate.analyzers.tbe.registration import camel_case, snake_case

# Op names are words of two or more letters ("floor_mod", "reduce_all"); single letters would merge ("a_a" -> "AA").
_WORD = st.from_regex(r"[a-z]{2,7}", fullmatch=True)


@given(st.lists(_WORD, min_size=1, max_size=4))
def test_snake_camel_round_trip(words: list[str]) -> None:
    snake = "_".join(words)
    assert snake_case(camel_case(snake)) == snake


def test_signature_roles_and_mismatch() -> None:
    source = (
        "from impl.util.platform_adapter import para_check, register_operator\n"
        "@register_operator('Thing')\n"
        "@para_check.check_op_params(para_check.REQUIRED_INPUT, para_check.OPTION_INPUT, para_check.REQUIRED_OUTPUT,\n"
        "                            para_check.OPTION_ATTR_BOOL, para_check.KERNEL_NAME, para_check.KERNEL_NAME)\n"
        "def thing(x, bias, y, flag=False, kernel_name='thing'):\n"
        "    pass\n"
    )
    document = analyse_source(source, "thing.py").to_json()
    assert [(p["name"], p["role"]) for p in document["params"]] == [
        ("x", "input"),
        ("bias", "input"),
        ("y", "output"),
        ("flag", "attr"),
        ("kernel_name", "kernel_name"),
    ]
    assert (document["op_type"], document["mode"]) == ("Thing", "dynamic")
    assert [f["symbol"] for f in document["findings"]] == ["tbe-signature-mismatch"]
