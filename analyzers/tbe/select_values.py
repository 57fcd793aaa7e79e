"""The values op_select_format is read with (analyzers.tbe.select_format): facts, unknowns, inputs, returned params.

Python values (str, int, list, dict ...) stand for themselves. What only a device or the graph knows is one of
these: a Fact (a boolean the install's tables decide per SoC: api_check_support, intrinsic_check_support, the
SoC name), an Unknown (a shape, a format, what a helper of another module returns) or an input dict.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Unknown:
    """A value the analysis cannot know; `reason` says what it depends on."""

    reason: str


@dataclass(frozen=True)
class Fact:
    """A boolean the facts decide: `test` in analyzers.fact_tests form, with api / intrinsic / soc_version leaves."""

    test: dict
    text: str

    def __hash__(self) -> int:
        return hash(self.text)


@dataclass(frozen=True)
class SocName:
    """get_soc_spec("SHORT_SOC_VERSION") (short) or get_soc_spec("SOC_VERSION") (full), maybe lower-cased."""

    full: bool
    lower: bool = False


@dataclass(frozen=True)
class InputDict:
    """A tensor dict the function receives: its dtype, shape and format are the graph's, unknown here."""

    name: str


@dataclass(frozen=True)
class Param:
    """gen_param(classify="input0", name="x", datatype="float16,float", format="ND,ND")."""

    index: str
    name: str
    dtypes: tuple | Unknown
    formats: tuple | Unknown


@dataclass(frozen=True)
class Selection:
    """get_dynamic_param_in_json([...]) or json.dumps of the same: what op_select_format returns."""

    params: tuple


def split_list(value) -> tuple | Unknown:
    """"float16,float" -> ("float16", "float"); anything else unknown."""
    if isinstance(value, str):
        return tuple(part.strip() for part in value.split(",") if part.strip())
    if isinstance(value, (list, tuple)) and all(isinstance(v, str) for v in value):
        return tuple(value)
    return value if isinstance(value, Unknown) else Unknown("a list the analysis could not build")


def copied(value):
    """A copy that mutation through one path cannot change in another (lists and dicts are copied, the rest shared)."""
    if isinstance(value, list):
        return [copied(v) for v in value]
    if isinstance(value, dict):
        return {k: copied(v) for k, v in value.items()}
    return value


def unknown_in(value) -> Unknown | None:
    """The first Unknown inside a value (a list with one unknown element is unknown as a whole)."""
    if isinstance(value, Unknown):
        return value
    if isinstance(value, (list, tuple)):
        for item in value:
            found = unknown_in(item)
            if found is not None:
                return found
    if isinstance(value, dict):
        for item in value.values():
            found = unknown_in(item)
            if found is not None:
                return found
    return None


def plain(value) -> bool:
    """A value a caller only tests or computes with (not a selection or the lists one is built from)."""
    return value is None or isinstance(value, (bool, int, float, str, Unknown, Fact))


def items_of(value) -> list | None:
    if isinstance(value, (list, tuple)):
        return list(value)
    if isinstance(value, dict):
        return list(value)
    if isinstance(value, str):
        return list(value)
    if isinstance(value, range):
        return list(value)
    return None


def as_dict(items: list) -> dict | Unknown:
    keys, values = items[0::2], items[1::2]
    if any(isinstance(k, (Unknown, list, dict)) for k in keys):
        return Unknown("a dict with unknown keys")
    return dict(zip(keys, values))
