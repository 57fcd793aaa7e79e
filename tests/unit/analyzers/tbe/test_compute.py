"""The compute walker: guards on every path, early returns, helper inlining per call site, data sources."""

from __future__ import annotations

from op_migrate.analyzers.tbe import analyse_source

HEADER = "from impl.util.platform_adapter import tbe\nfrom impl.util.platform_adapter import tbe_platform\n"


def _calls(body: str) -> list[tuple[str, list[str]]]:
    document = analyse_source(HEADER + body, "case.py").to_json()
    return [(c["name"], c["guards"]) for c in document["dsl_calls"]]


def test_early_return_puts_the_rest_under_the_negated_guard() -> None:
    body = (
        "def op_compute(x, dtype):\n"
        "    if dtype == 'int64':\n"
        "        return tbe.vmod(x, x)\n"
        "    return tbe.vabs(x)\n"
    )
    assert _calls(body) == [("vmod", ["dtype == 'int64'"]), ("vabs", ["not (dtype == 'int64')"])]


def test_elif_chain_negates_the_earlier_tests() -> None:
    body = (
        "def op_compute(x, impl_mode):\n"
        "    if tbe_platform.api_check_support('tbe.dsl.vexp', 'float32'):\n"
        "        y = tbe.vexp(x)\n"
        "    elif impl_mode == 'high_precision':\n"
        "        y = tbe.vlog(x)\n"
        "    else:\n"
        "        y = tbe.vabs(x)\n"
        "    return y\n"
    )
    first = "tbe_platform.api_check_support('tbe.dsl.vexp', 'float32')"
    assert _calls(body) == [
        ("vexp", [first]),
        ("vlog", [f"not ({first})", "impl_mode == 'high_precision'"]),
        ("vabs", [f"not ({first})", "not (impl_mode == 'high_precision')"]),
    ]


def test_helper_is_inlined_per_call_site_with_the_callers_guards() -> None:
    body = (
        "def op_compute(x, impl_mode):\n"
        "    def _twice(t):\n"
        "        return tbe.vadd(t, t)\n"
        "    if impl_mode == 'high_performance':\n"
        "        return _twice(x)\n"
        "    return _twice(_twice(x))\n"
    )
    document = analyse_source(HEADER + body, "case.py").to_json()
    adds = [c for c in document["dsl_calls"] if c["name"] == "vadd"]
    assert [c["via"] for c in adds] == [["_twice@7"], ["_twice@8"], ["_twice@8"]]
    assert adds[0]["guards"] == ["impl_mode == 'high_performance'"]
    # The outer call consumes the inner one's result through the helper's return value.
    assert adds[1]["inputs"] == [f"call:{adds[2]['id']}"] or adds[2]["inputs"] == [f"call:{adds[1]['id']}"]


def test_recursive_helper_is_cut_off_with_a_finding() -> None:
    body = "def op_compute(x):\n    def _again(t):\n        return _again(tbe.vabs(t))\n    return _again(x)\n"
    document = analyse_source(HEADER + body, "case.py").to_json()
    assert "tbe-helper-recursion" in {f["symbol"] for f in document["findings"]}
    assert [c["name"] for c in document["dsl_calls"]] == ["vabs"]


def test_a_helper_chain_past_the_depth_limit_is_a_finding_only_where_it_hides_dsl_calls() -> None:
    # ceil_div is reached at depth 7 through the block-count helpers: index arithmetic, nothing lost.
    chain = "".join(f"def _level{i}(t, n):\n    return _level{i + 1}(t, n)\n" for i in range(7))
    quiet = chain + "def _level7(t, n):\n    return ceil_div(n, 32)\ndef ceil_div(a, b):\n    return (a + b - 1) // b\n"
    body = "def op_compute(x):\n    return tbe.vabs(_level0(x, 64))\n"
    document = analyse_source(HEADER + quiet + body, "case.py").to_json()
    assert "tbe-helper-recursion" not in {f["symbol"] for f in document["findings"]}
    # The same chain ending in a DSL call: that call is not inlined, and the finding says so.
    loud = chain + "def _level7(t, n):\n    return tbe.vmuls(t, n)\n"
    document = analyse_source(HEADER + loud + body, "case.py").to_json()
    assert [f["symbol"] for f in document["findings"] if f["symbol"] == "tbe-helper-recursion"] == ["tbe-helper-recursion"]


def test_guard_kinds_and_unclassified_guards() -> None:
    body = (
        "def op_compute(x, mode):\n"
        "    if len(mode) > 1:\n"
        "        x = tbe.vabs(x)\n"
        "    if tbe_platform.get_soc_spec('SOC_VERSION') == 'Ascend310':\n"
        "        x = tbe.vexp(x)\n"
        "    return x\n"
    )
    document = analyse_source(HEADER + body, "case.py").to_json()
    assert [(g["text"], g["kinds"]) for g in document["guards"]] == [
        ("len(mode) > 1", ["other"]),
        ("tbe_platform.get_soc_spec('SOC_VERSION') == 'Ascend310'", ["soc"]),
    ]
    assert [f["symbol"] for f in document["findings"]] == ["tbe-no-entry-function", "tbe-unclassified-guard"]


def test_unknown_dsl_call_is_reported() -> None:
    document = analyse_source(HEADER + "def op_compute(x):\n    return tbe.vfrobnicate(x)\n", "case.py").to_json()
    assert [(f["symbol"], f["line"]) for f in document["findings"]] == [("tbe-no-entry-function", 1), ("tbe-unknown-dsl-call", 4)]
    assert document["mappings"][0]["category"] == "unknown"


def test_a_flag_set_under_a_guard_stands_for_it() -> None:
    body = (
        "def op_compute(x, dtype):\n"
        "    if dtype == 'float16':\n"
        "        x = tbe.vabs(x)\n"
        "    def _body(t):\n"
        "        wide = False\n"
        "        if tbe_platform.api_check_support('tbe.dsl.vexp', 'float32'):\n"
        "            wide = True\n"
        "        if wide:\n"
        "            t = tbe.cast_to(t, 'float32')\n"
        "        return t\n"
        "    return _body(x)\n"
    )
    document = analyse_source(HEADER + body, "case.py").to_json()
    (flag,) = [g for g in document["guards"] if g["text"] == "wide"]
    assert flag["kinds"] == ["api_check_support"]
    # Every assignment of the flag is kept with its own condition.
    assert flag["origins"] == ["wide = False at line 7", "wide = True at line 9 under tbe_platform.api_check_support('tbe.dsl.vexp', 'float32')"]
    assert "tbe-unclassified-guard" not in {f["symbol"] for f in document["findings"]}


def test_a_local_holding_the_soc_version_makes_a_soc_guard() -> None:
    body = (
        "def op_compute(x):\n"
        "    product = tbe_platform.get_soc_spec('SOC_VERSION')\n"
        "    if product not in ('Ascend310',):\n"
        "        x = tbe.cast_to(x, 'float32')\n"
        "    return x\n"
    )
    document = analyse_source(HEADER + body, "case.py").to_json()
    (guard,) = document["guards"]
    assert (guard["kinds"], guard["origins"]) == (["soc"], ["product = tbe_platform.get_soc_spec('SOC_VERSION')"])
