"""Branch guards: the conditions met on the way to a node, and which kind of fact decides each."""

from __future__ import annotations

import re

from astroid import nodes

DTYPE_NAMES = frozenset(
    "float16 float32 float64 bfloat16 double float int4 int8 int16 int32 int64 uint1 uint8 uint16 uint32 uint64 bool "
    "complex32 complex64 complex128 hifloat8 float8_e5m2 float8_e4m3fn".split()
)
# Longest first, so that the alternation never stops at a prefix ("float" of "float16").
_NAME = rf"""['"](?:{"|".join(sorted(DTYPE_NAMES, key=len, reverse=True))})['"]"""
_KINDS = (
    ("api_check_support", re.compile(r"api_check_support|intrinsic_check_support")),
    ("soc", re.compile(r"get_soc_spec|SOC_VERSION|soc_version|is_v200|after_v200|is_support_inf_nan|platform_info|"
                       r"\bis_vector_core\b|check_support_block_size_16|\b(?:UB|L1|L0[ABC])_SIZE\b|\bCORE_NUM\b")),
    ("impl_mode", re.compile(r"impl_mode|high_precision|high_performance|op_impl_switch")),
    # Static-shape and constant-axes branches: known shapes, `const_value` of a value-depend input, unknown rank.
    ("shape", re.compile(r"const_value|is_unknown_rank|unknown_rank|is_unknown\b|UNKNOWN_RANK|\bin_dynamic\(|"
                         r"is_dynamic_shape|is_static_shape|-[12] in \w|DYNAMIC_(?:RANK|DIM)")),
    # Shapes and shape ranges by name: `len(x_shape) > len(y_shape)`, `range_in[0] < 1` (not `reshape`).
    ("shape", re.compile(r"(?<![A-Za-z])shapes?(?![A-Za-z])|(?<![A-Za-z])range_|_range(?![A-Za-z])|'range'")),
    ("format", re.compile(r"\bformat\b|_format\b|\bori_format\b")),
    # What the compile context says: binary or constant build, a fusion record, build config switches.
    ("context", re.compile(r"get_addition\(|\bget_context\(\)|get_current_build_config|\bin_record\(\)|op_context")),
    # Whether the function got tensors (fusion) or tensor dicts (single op).
    ("type", re.compile(r"isinstance\(\w+(?:\.\w+)*, (?:tvm\.Tensor|Tensor|dict)\)")),
    ("dtype", re.compile(r"dtype", re.IGNORECASE)),
    # A comparison with a dtype name (`x_type == 'bfloat16'`, `t in ('int8', 'uint8')`) tests a dtype.
    ("dtype", re.compile(rf"""(?:==|!=)\s*{_NAME}|{_NAME}\s*(?:==|!=)|\bin\s*[(\[{{][^)\]}}]*{_NAME}""")),
)


def guard_kinds(text: str) -> tuple[str, ...]:
    """Which facts a guard tests; ("other",) when none is recognised."""
    kinds = tuple(dict.fromkeys(kind for kind, pattern in _KINDS if pattern.search(text)))
    return kinds or ("other",)


def conjoin(texts) -> str:
    """Guard texts joined by `and`; an `or` is parenthesised so that the result reads as Python does
    (`strides and (begin or end)`, not `strides and begin or end`)."""
    return " and ".join(f"({t})" if _top_level_or(t) else t for t in texts)


def _top_level_or(text: str) -> bool:
    depth, quote = 0, None
    for index, char in enumerate(text):
        if quote:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char in "([{":
            depth += 1
        elif char in ")]}":
            depth -= 1
        elif depth == 0 and text.startswith(" or ", index):
            return True
    return False


def negate(text: str) -> str:
    return f"not ({text})"


def terminates(body: list) -> bool:
    """True when a block always leaves the rest of its block: it ends in return or raise, or in continue or
    break inside a loop body (`if ok: continue` puts the rest of the loop body under `not ok`)."""
    return bool(body) and isinstance(body[-1], (nodes.Return, nodes.Raise, nodes.Continue, nodes.Break))


def guards_of(node: nodes.NodeNG, stop: nodes.NodeNG) -> list[tuple[str, int]]:
    """Guards (text, line) between `stop` (a function) and `node`, outermost first.

    Besides enclosing ifs, an earlier sibling `if c: return ...` without else puts the rest of
    the block under `not (c)`.
    """
    return [(text, line) for text, line, _, _ in guard_tests_of(node, stop)]


def guard_tests_of(node: nodes.NodeNG, stop: nodes.NodeNG) -> list[tuple[str, int, nodes.NodeNG, bool]]:
    """(text, line, test node, holds) for the guards of guards_of(); holds is False for a negated guard."""
    collected: list[tuple[str, int, nodes.NodeNG, bool]] = []
    child = node
    parent = node.parent
    while parent is not None and child is not stop:
        block = _block_holding(parent, child)
        if block is not None:
            index = next(i for i, item in enumerate(block) if item is child)
            for earlier in reversed(block[:index]):
                if isinstance(earlier, nodes.If) and not earlier.orelse and terminates(earlier.body):
                    collected.append((negate(earlier.test.as_string()), earlier.lineno, earlier.test, False))
        if isinstance(parent, nodes.If) and child is not parent.test:
            text = parent.test.as_string()
            if any(item is child for item in parent.body):
                collected.append((text, parent.lineno, parent.test, True))
            else:
                collected.append((negate(text), parent.lineno, parent.test, False))
        if parent is stop:
            break
        child, parent = parent, parent.parent
    collected.reverse()
    return collected


def _block_holding(parent: nodes.NodeNG, child: nodes.NodeNG):
    for name in ("body", "orelse", "handlers", "finalbody"):
        block = getattr(parent, name, None)
        if isinstance(block, list) and any(item is child for item in block):
            return block
    return None
