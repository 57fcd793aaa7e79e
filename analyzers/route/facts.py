"""Facts: build the (SoC x dtype) matrix of Facts from names, and parse `name=[dims]` / `name=value` texts."""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from op_migrate.analyzers.catalog import load
from op_migrate.analyzers.route import platforms
from op_migrate.analyzers.route.model import Facts


class FactsError(ValueError):
    """A SoC, dtype, shape or scalar text that cannot be understood."""


_SHAPE = re.compile(r"^\s*([A-Za-z_]\w*)\s*=\s*\[\s*([-\d\s,]*)\]\s*$")
_SCALAR = re.compile(r"^\s*([A-Za-z_]\w*)\s*=\s*([-+0-9.eE]+)\s*$")


def parse_shape(text: str) -> tuple[str, tuple[int, ...]]:
    """"self=[1024,1,64]" -> ("self", (1024, 1, 64)); "[]" is a rank-0 tensor."""
    match = _SHAPE.match(text)
    if not match:
        raise FactsError(f"shape {text!r} is not NAME=[d0,d1,...]; write it like self=[1024,1,64]")
    dims = tuple(int(part) for part in match.group(2).replace(" ", "").split(",") if part)
    if any(dim < 0 for dim in dims):
        raise FactsError(f"shape {text!r} has a negative dimension; dimensions are sizes, 0 or more")
    return match.group(1), dims


def parse_scalar(text: str) -> tuple[str, float]:
    """"prob=0.5" -> ("prob", 0.5)."""
    match = _SCALAR.match(text)
    if not match:
        raise FactsError(f"scalar {text!r} is not NAME=number; write it like alpha=1.5")
    try:
        return match.group(1), float(match.group(2))
    except ValueError as error:
        raise FactsError(f"scalar {text!r} is not NAME=number; write it like alpha=1.5") from error


def parse_strides(text: str) -> tuple[str, tuple[int, ...]]:
    """"self=[1,64]" -> ("self", (1, 64)): the view strides (in elements) of a strided entry tensor."""
    match = _SHAPE.match(text)
    if not match:
        raise FactsError(f"strides {text!r} are not NAME=[s0,s1,...]; write them like self=[64,0,1]")
    strides = tuple(int(part) for part in match.group(2).replace(" ", "").split(",") if part)
    if any(stride < 0 for stride in strides):
        raise FactsError(f"strides {text!r} have a negative stride; strides are 0 or more elements")
    return match.group(1), strides


def parse_offset(text: str) -> tuple[str, int]:
    """"self=16" -> ("self", 16): the view offset (in elements) of an entry tensor."""
    try:
        name, value = parse_scalar(text)
    except FactsError as error:
        raise FactsError(f"offset {text!r} is not NAME=a non-negative integer; write it like self=128") from error
    if not float(value).is_integer() or value < 0:
        raise FactsError(f"offset {text!r} is not NAME=a non-negative integer; write it like self=128")
    return name, int(value)


def parse_absent(text: str) -> str:
    """"biasOptional" -> the name of a tensor parameter the call passes as nullptr."""
    name = text.strip()
    if not re.fullmatch(r"[A-Za-z_]\w*", name):
        raise FactsError(f"absent tensor {text!r} is not a parameter name; write it like biasOptional")
    return name


def parse_format(text: str) -> tuple[str, str]:
    """"self=NCHW" (or FORMAT_NCHW / ACL_FORMAT_NCHW) -> ("self", "NCHW"): an entry tensor's storage format."""
    name, _, value = text.partition("=")
    fmt = re.sub(r"^(?:ACL_)?FORMAT_", "", value.strip().upper())
    if not re.fullmatch(r"[A-Za-z_]\w*", name.strip()) or fmt not in _format_names():
        raise FactsError(f"format {text!r} is not NAME=a ge::Format; write it like self=NCHW (known: ND, NCHW, NHWC, "
                         f"NCL, NCDHW, FRACTAL_NZ, NC1HWC0, ...)")
    return name.strip(), fmt


@functools.lru_cache(maxsize=None)
def _format_names() -> frozenset[str]:
    return frozenset(load("formats")["names"])


def parse_dtype(text: str) -> tuple[str, str]:
    """"float16" -> ("*", "float16"); "self=DT_DOUBLE" -> ("self", "float64")."""
    name, _, value = text.rpartition("=")
    canonical = platforms.dtype_name(value)
    if canonical is None:
        raise FactsError(f"unknown dtype {value!r} (known: {', '.join(sorted(_dtype_names()))})")
    return (name.strip() or "*"), canonical


def _dtype_names() -> set[str]:
    return set(platforms.dtype_by_token().values())


def facts_for(
    soc: str | None,
    dtypes: Sequence[tuple[str, str]] = (),
    shapes: Sequence[tuple[str, tuple[int, ...]]] = (),
    scalars: Sequence[tuple[str, float]] = (),
    strides: Sequence[tuple[str, tuple[int, ...]]] = (),
    offsets: Sequence[tuple[str, int]] = (),
    absent: Sequence[str] = (),
    formats: Sequence[tuple[str, str]] = (),
) -> Facts:
    """One Facts; the arch comes from platforms.toml. Strides must have their tensor's rank when its shape is given."""
    known = dict(shapes)
    for name, values in strides:
        if name in known and len(known[name]) != len(values):
            raise FactsError(f"strides of {name} have {len(values)} items but its shape has {len(known[name])} dims")
    arch = None
    soc_name = None
    if soc is not None:
        found = platforms.soc_named(soc)
        if found is None:
            raise FactsError(f"unknown SoC {soc!r} (known: {', '.join(sorted(platforms.socs()))})")
        soc_name, arch = found.name, found.arch
    return Facts(soc=soc_name, arch=arch, dtypes=tuple(dtypes), shapes=tuple(shapes), scalars=tuple(scalars),
                 strides=tuple(strides), offsets=tuple(offsets), absent=tuple(absent), formats=tuple(formats))


def facts_matrix(
    socs: Sequence[str] = (),
    dtypes: Sequence[str] = (),
    shapes: Sequence[str] = (),
    scalars: Sequence[str] = (),
    strides: Sequence[str] = (),
    offsets: Sequence[str] = (),
    absent: Sequence[str] = (),
    formats: Sequence[str] = (),
) -> list[Facts]:
    """One Facts per (SoC, dtype-for-all) pair; NAME=dtype texts apply to every row.

    With no SoC the SoC is unknown; with no "*" dtype the dtypes not named are unknown. `strides` and `offsets`
    (NAME=[s0,...], NAME=n) make those entry tensors strided views; every other entry tensor is contiguous.
    `absent` names tensor parameters passed as nullptr; `formats` (NAME=FMT) gives storage formats (else ND).
    """
    parsed_dtypes = [parse_dtype(text) for text in dtypes]
    named = [pair for pair in parsed_dtypes if pair[0] != "*"]
    for_all = [pair for pair in parsed_dtypes if pair[0] == "*"] or [None]
    parsed_shapes = tuple(parse_shape(text) for text in shapes)
    parsed_scalars = tuple(parse_scalar(text) for text in scalars)
    parsed_strides = tuple(parse_strides(text) for text in strides)
    parsed_offsets = tuple(parse_offset(text) for text in offsets)
    layout = {"absent": tuple(parse_absent(text) for text in absent),
              "formats": tuple(parse_format(text) for text in formats)}
    rows = []
    for soc in socs or [None]:
        for everything in for_all:
            row_dtypes = tuple(named) + ((everything,) if everything else ())
            rows.append(facts_for(soc, row_dtypes, parsed_shapes, parsed_scalars, parsed_strides, parsed_offsets,
                                  **layout))
    return rows
