"""Python the operator tree's helpers run that the interpreter answers itself: itertools.permutations /
combinations of known letters (util_common.get_fused_format_str, which TileD's op_select_format calls)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from op_migrate.analyzers.scaffold.modules import ModuleLoader
from op_migrate.analyzers.scaffold.trace import read_entry, trace

from .probe_operator import bare_platform, probe_entry

SOURCE = """
import itertools

from impl.util.platform_adapter import tbe
from impl.util.platform_adapter import tvm
from impl.util.platform_adapter import shape_util
from impl.util.platform_adapter import para_check
from impl.util.platform_adapter import classify
from impl.util.platform_adapter import OpPatternMode
from impl.util.platform_adapter import register_operator


def fused(letters):
    found = []
    for _, chars in enumerate(list(itertools.permutations(letters, len(letters)))):
        found.append("".join(list(chars)))
    return found


def probe_compute(x1, x2, y):
    pairs = list(itertools.combinations("NCH", 2))
    if "HCN" in fused(["N", "C", "H"]) and ("C", "H") in pairs and len(pairs) == 3:
        return tbe.vmul(x1, x2)
    return tbe.vadd(x1, x2)

""" + probe_entry()


def test_permutations_and_combinations_of_known_letters_are_computed(tmp_path: Path) -> None:
    path = tmp_path / "probe.py"
    path.write_text(textwrap.dedent(SOURCE), encoding="utf-8")
    loader = ModuleLoader([tmp_path])
    chain = trace(read_entry(loader, path), loader, bare_platform(), [("x1", "float32"), ("x2", "float32")],
                  [("y", "float32")])
    assert chain.translated and [op.name for op in chain.ops] == ["vmul"]


def _traced(tmp_path: Path, compute: str, attr: str = ""):
    source = textwrap.dedent(SOURCE)
    # a str attribute, when named, the entry passes on to the compute
    source = source[:source.index("def probe_compute")] + textwrap.dedent(compute) + \
        probe_entry(attrs=[(attr, "OPTION_ATTR_STR", "NHWC")] if attr else ())
    path = tmp_path / "probe.py"
    path.write_text(source, encoding="utf-8")
    loader = ModuleLoader([tmp_path])
    return trace(read_entry(loader, path), loader, bare_platform(), [("x1", "float32"), ("x2", "float32")],
                 [("y", "float32")], {attr: "str"} if attr else None)


def test_what_cannot_be_iterated_is_named(tmp_path: Path) -> None:
    # A port's shape and range (select.py's x_target_compute) and a str attribute (data_format_dim_map's src_format)
    # are known only per call: the gap says which value it is.
    compute = """
    def probe_compute(x1, x2, y):
        for i, (dim, bounds) in enumerate(zip(y["shape"], y["range"])):
            x1 = tbe.vadds(x1, 1.0)
        return tbe.vadd(x1, x2)
    """
    gap = _traced(tmp_path, compute).gaps[0]
    assert gap.reason == ("cannot iterate over enumerate() of zip() of the shape of y (a dynamic shape: its rank and "
                          "dims are known only per call)")
    compute = """
    def probe_compute(x1, x2, y, src_format):
        for i, letter in enumerate(src_format):
            x1 = tbe.vadds(x1, 1.0)
        return tbe.vadd(x1, x2)
    """
    gap = _traced(tmp_path, compute, "src_format").gaps[0]
    assert gap.reason == "cannot iterate over enumerate() of attribute src_format (known only when the kernel runs)"
