"""Which class a name means among several of that name (analyzers/aclnn/class_lookup.py)."""

from __future__ import annotations

import pytest

from op_migrate.analyzers.aclnn.class_lookup import ALIASES, chosen_class
from op_migrate.analyzers.cxx.model import ClassDecl


def _pairs(*names: str) -> tuple:
    return tuple((None, ClassDecl(name, (), (), 1, 1)) for name in names)


@pytest.mark.parametrize("names, spelling, scope, expected", [
    (("P",), "P", "F", "P"),
    (("n1::P",), "P", "F", "n1::P"),  # one class of the name: taken, as before
    (("n1::P",), "n2::P", "F", None),  # the qualifier names no class of the name
    (("n1::P", "n2::P"), "n2::P", "F", "n2::P"),
    (("n1::P", "n2::P"), "P", "F", None),  # from the global namespace: neither
    (("n1::P", "n2::P"), "P", "n2::F", "n2::P"),  # from inside n2
    (("n1::P", "n2::P"), "P", "n2::inner::F", "n2::P"),
    (("P", "n1::P"), "P", "n1::F", "n1::P"),  # the innermost namespace first
    (("P", "n1::P"), "P", "F", "P"),
    (("P", "n1::P"), "::P", "n1::F", "P"),  # fully qualified: exactly that one (an object's own class)
    (("a::n1::P", "b::n1::P"), "n1::P", "F", None),  # a qualifier two of them end with
    (("n1::P", "n1::P"), "P", "F", "n1::P"),  # one class seen twice (a header read from two places)
    ((), "P", "F", None),
])
def test_the_class_a_name_means(names, spelling: str, scope: str, expected) -> None:
    found = chosen_class(_pairs(*names), spelling, scope)
    assert (found[1].name if found is not None else None) == expected


@pytest.mark.parametrize("text, expected", [
    (b"using Params = ParamsBase<aclTensorList>;", ("Params", "ParamsBase")),
    (b"using Params = gmm::ParamsBase<aclTensorList, int>;", ("Params", "gmm::ParamsBase")),
    (b"typedef struct Box Alias;", ("Alias", "Box")),
    (b"typedef ns::Vec<int> Ints;", ("Ints", "ns::Vec")),
    (b"using namespace op;", None),
    (b"using Base::Base;", None),
])
def test_type_aliases_in_a_text(text: bytes, expected) -> None:
    match = ALIASES.search(text)
    if match is None:
        assert expected is None
        return
    parts = (match.group(1), match.group(2)) if match.group(1) else (match.group(4), match.group(3))
    found = tuple(part.decode() for part in parts)
    assert found == expected
