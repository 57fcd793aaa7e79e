"""The zh design document and PR description of every shipped operator hold no English sentence.

An English sentence, as this test defines it: three or more words of Latin letters in one stretch of text (words
separated only by spaces and ASCII punctuation, identifiers in between neither counting nor breaking the stretch).
A word is lowercase or capitalised letters (a hyphenated compound is one word). Not words: identifiers and paths
(a digit, `_`, `.`, `/`, `@`, `::`, an inner capital like FloorMod, all capitals like ACLNN, single letters),
text inside inline code and fenced code, link targets, and the ALLOWED_TERMS. In mermaid charts the node labels
quote TBE code; only the edge labels are prose, and they must hold no Latin word at all.
"""

from __future__ import annotations

import re
from importlib import resources
from pathlib import Path

import pytest

from op_migrate.analyzers import catalog
from op_migrate.analyzers.package import operator_info
from op_migrate.migrate import package_evidence, package_gates, package_headers, packaging

FIXTURES = Path(__file__).resolve().parents[2] / "functional"
TBE_SOURCES = {"floor_mod": "floor_mod_dynamic.py", "gcd": "gcd.py", "reduce_all": "reduce_all.py"}
BEFORE_CHAINS = {"floor_mod": FIXTURES / "aclnn" / "ops_math" / "math" / "floor_mod" / "op_api"}
# Names that are English words but are names: the license's title, the SDK's name.
ALLOWED_TERMS = ("CANN Open Software License", "Ascend C")

_FENCE = re.compile(r"```(\w*)\n(.*?)```", re.S)
_EDGE_LABEL = re.compile(r"-->\|([^|]*)\|")
_CODE = re.compile(r"`[^`\n]*`")
_LINK_TARGET = re.compile(r"\]\([^)\s]*\)")
_STRETCH = re.compile(r"[A-Za-z0-9_./@:'\"(),;!?\-\[\] \t]+")  # what lies between two non-ASCII characters
_WORD = re.compile(r"[A-Za-z][a-z]*(?:-[A-Za-z][a-z]*)*")


def english_sentences(markdown: str) -> list[str]:
    """Every English sentence of `markdown` (see the module docstring), and every Latin mermaid edge label."""
    found = []
    for fence in _FENCE.finditer(markdown):
        if fence.group(1) == "mermaid":
            found += [f"edge label {label!r}" for label in _EDGE_LABEL.findall(fence.group(2))
                      if re.search("[A-Za-z]", label)]
    text = _LINK_TARGET.sub("]", _CODE.sub(" ", _FENCE.sub(" ", markdown)))
    for term in ALLOWED_TERMS:
        text = text.replace(term, " ")
    for line in text.splitlines():
        for stretch in _STRETCH.findall(line):
            words = [token for token in stretch.split() if _WORD.fullmatch(token.strip("'\"(),;:!?[]")) and
                     len(token.strip("'\"(),;:!?[]")) > 1 and not token.strip("'\"(),;:!?[]").isupper()]
            if len(words) >= 3:
                found.append(stretch.strip())
    return found


def test_the_definition_catches_sentences_and_spares_names() -> None:
    assert english_sentences("说明：every route passes。") == ["every route passes"]
    assert english_sentences("| 门禁 | the ACLNN interface is kept |") == ["the ACLNN interface is kept"]
    assert english_sentences("```mermaid\nflowchart TD\n    A[\"a b c d\"] -->|yes| B\n```") == ["edge label 'yes'"]
    assert english_sentences("保持 FloorMod@AI_CORE → BroadcastTo 与 `228 passed in 1.00s`，CANN Open Software License 2.0") == []
    assert english_sentences("复用 ACLNN/opdev executor 与 Ascend C AIV 运行时；native route 不变") == []
    assert english_sentences("![图](memory_before.svg) 见 docs/design_facts.toml") == []


def _operators() -> list[str]:
    return sorted(catalog.load("operators")["operator"])


@pytest.fixture(scope="module")
def target(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("ops-math")


@pytest.mark.parametrize("op", _operators())
def test_zh_documents_of_every_operator_are_chinese(op: str, target: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # The portable suites run in their own tests; here the gate row is built from a summary pytest would print.
    monkeypatch.setattr(package_gates, "portable_tests_gate",
                        lambda folder, ops_root: package_gates.portable_tests_row(True, "12 passed in 1.00s"))
    tbe = TBE_SOURCES.get(op)
    config = packaging.PackageConfig(op=op, target=target, lang="zh", before=BEFORE_CHAINS.get(op),
                                     tbe_source=FIXTURES / "tbe" / tbe if tbe else None)
    info = operator_info(op)
    folder = Path(str(resources.files("op_migrate.ops"))) / op
    gates, headers = packaging._run_gates(config, info, folder)
    assert all(gate.passed for gate in gates), gates
    where = packaging.Destination(info, folder, info.category, f"op-migrate/{op}", f"experimental/{info.category}/{op}",
                                  {}, ())
    plan = packaging._render(config, where, gates, headers)
    design = next(data for path, data, _ in plan.files if path.endswith("/docs/design.md")).decode("utf-8")
    assert english_sentences(design) == []
    assert english_sentences(plan.pr_text) == []
    # the facts mark their generated figures (ops/common/doc_figures.py); the design document shows the figures only
    assert "<!-- fig:" not in design and "<!-- /fig -->" not in design
    if op in BEFORE_CHAINS:
        assert "MiB" in design and "优化前" in design and "优化后" in design
    if tbe:
        assert "TBE 整体流程图" in design and "```mermaid" in design
    if op == "floor_mod":  # its TBE flow branches on dtype and SoC
        assert "-->|是|" in design and "-->|否|" in design


def test_a_tbe_remap_note_is_said_in_each_language_and_the_code_kept() -> None:
    condition = package_evidence.dtype_condition("dtype_lower_x == 'bool' (remapped to int8 before the check)")
    assert condition.en == "dtype_lower_x == 'bool' (remapped to int8 before the check)"
    assert condition.zh == "dtype_lower_x == 'bool'（检查前先映射为 int8）" and english_sentences(condition.zh) == []
    assert package_evidence.dtype_condition(None) == "-"
    assert package_evidence.dtype_condition("impl_mode == 'high_precision'") == "impl_mode == 'high_precision'"
