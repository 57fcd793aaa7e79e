"""The headers that may declare a function are picked by their word sets before the text is searched
(helper_scope.beside): a header whose text declares `name(` always holds `name` as a word, so the word test rules out
no header the search alone would have found (property test over random texts and names); a name that is no ASCII
identifier is searched in every header."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.aclnn.helper_scope import _WORD, declaration_of, declared_word

NAMES = ["Run", "run_1", "_Run", "R", "Run2", "operator()", "~Run", "Rün"]
PIECES = ["Run", "run_1", "_Run", "R", "Run2", "Rün", "~Run", "operator()", "(", " (", "\t(", ")", "::", "x", "1", "_",
          ";", " ", "\n", "->", "ü", "#define ", "/*", "*/", "\"", "void ", "int ", "&", "*", "<T>", "9Run"]


@settings(max_examples=600, deadline=None)
@given(name=st.sampled_from(NAMES), pieces=st.lists(st.sampled_from(PIECES), max_size=14))
def test_a_header_that_declares_a_name_holds_it_as_a_word(name: str, pieces: list[str]) -> None:
    text = "".join(pieces).encode()
    word = declared_word(name)
    if declaration_of(name).search(text):
        assert word is None or word in frozenset(_WORD.findall(text))


def test_names_that_are_no_ascii_identifier_are_searched_everywhere() -> None:
    assert declared_word("Run") == b"Run"
    assert declared_word("~Run") is None and declared_word("operator()") is None and declared_word("Rün") is None
