"""PyPTO kernels (`import pypto_pro.language as pl`): list every pl.make_tensor view and check it when constant.

astroid only parses the file; nothing is imported or executed. Constants are folded from integer literals,
+ - * // and names bound once to such expressions in the module or the kernel.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import astroid
from astroid import nodes

from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.memory.case import canonical_dtype, dtype_bits
from op_migrate.analyzers.memory.messages import MESSAGES
from op_migrate.analyzers.memory.views import Layout, check_view
from op_migrate.analyzers.model import JsonModel

_PYPTO_DTYPES = {"DT_FP16": "float16", "DT_FP32": "float32", "DT_BF16": "bfloat16", "DT_FP64": "float64", "DT_FP8": "float8_e4m3fn"}


@dataclass(frozen=True)
class PyptoView(JsonModel):
    """One make_tensor call: what it views, as written and (when constant) as numbers."""

    name: str
    kernel: str
    line: int
    source: str
    shape: tuple[str, ...]
    stride: tuple[str, ...] | None  # None: row-major default
    dtype: str
    status: str  # ok | invalid | unchecked
    view_bytes: int | None
    problems: tuple[str, ...]


@dataclass(frozen=True)
class PyptoReport(JsonModel):
    """The views of one PyPTO kernel file and the findings about them."""

    SCHEMA = "op-migrate/pypto-views@1"

    path: str
    views: tuple[PyptoView, ...]
    findings: tuple[Finding, ...]


@dataclass
class _Source:
    """What a name in the kernel holds: a tensor with a known layout, or a pointer (size unknown)."""

    dtype: str | None
    layout: Layout | None = None
    is_pointer: bool = False
    offset_elements: int | None = 0


def analyze_file(path: Path) -> PyptoReport:
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        return PyptoReport(str(path), (), (MESSAGES.make("pypto-unparsable", path=str(path), reason=str(error)),))
    return analyze_source(text, str(path))


def analyze_source(text: str, path: str) -> PyptoReport:
    """Parse `text` and report every make_tensor view; a syntax error is a finding, never an exception."""
    try:
        module = astroid.parse(text, path=path)
    except (astroid.AstroidSyntaxError, ValueError, RecursionError) as error:
        line = getattr(getattr(error, "error", None), "lineno", None)
        return PyptoReport(path, (), (MESSAGES.make("pypto-unparsable", path=path, line=line, reason=" ".join(str(error).split())),))
    aliases = _language_aliases(module)
    constants = _constants(module.body, {})
    views: list[PyptoView] = []
    findings: list[Finding] = []
    for function in module.nodes_of_class(nodes.FunctionDef):
        _Kernel(function, aliases, dict(constants), path, views, findings).walk()
    return PyptoReport(path, tuple(views), tuple(findings))


def _language_aliases(module: nodes.Module) -> set[str]:
    aliases = set()
    for node in module.nodes_of_class((nodes.Import, nodes.ImportFrom)):
        if isinstance(node, nodes.Import):
            aliases |= {alias or name for name, alias in node.names if name == "pypto_pro.language"}
        elif node.modname == "pypto_pro":
            aliases |= {alias or name for name, alias in node.names if name == "language"}
    return aliases or {"pl"}


def _constants(body, known: dict[str, int]) -> dict[str, int]:
    """Names assigned exactly once to a foldable integer expression."""
    counts: dict[str, int] = {}
    values: dict[str, int | None] = {}
    for statement in body:
        if isinstance(statement, nodes.Assign) and len(statement.targets) == 1 and isinstance(statement.targets[0], nodes.AssignName):
            name = statement.targets[0].name
            counts[name] = counts.get(name, 0) + 1
            values[name] = fold(statement.value, {**known, **{k: v for k, v in values.items() if v is not None}})
    return {**known, **{k: v for k, v in values.items() if v is not None and counts[k] == 1}}


def fold(node, constants: dict[str, int]) -> int | None:
    """The integer value of a constant expression, or None."""
    if isinstance(node, nodes.Const) and isinstance(node.value, int) and not isinstance(node.value, bool):
        return node.value
    if isinstance(node, nodes.Name):
        return constants.get(node.name)
    if isinstance(node, nodes.UnaryOp) and node.op == "-":
        value = fold(node.operand, constants)
        return None if value is None else -value
    if isinstance(node, nodes.BinOp) and node.op in ("+", "-", "*", "//"):
        left, right = fold(node.left, constants), fold(node.right, constants)
        if left is None or right is None or (node.op == "//" and right == 0):
            return None
        return {"+": left + right, "-": left - right, "*": left * right, "//": left // right if right else 0}[node.op]
    return None


class _Kernel:
    def __init__(self, function, aliases, constants, path, views, findings) -> None:
        self.function, self.aliases, self.path = function, aliases, path
        self.constants = _constants(function.body, constants)
        self.views, self.findings = views, findings
        self.sources: dict[str, _Source] = {}

    def _is_pl(self, node, attribute: str) -> bool:
        return isinstance(node, nodes.Attribute) and node.attrname == attribute and isinstance(node.expr, nodes.Name) and node.expr.name in self.aliases

    def walk(self) -> None:
        arguments = self.function.args
        for arg, annotation in zip(arguments.args or [], arguments.annotations or []):
            if annotation is not None:
                self._declare(arg.name, annotation)
        for node in self.function.nodes_of_class((nodes.Assign, nodes.AnnAssign)):
            if node.scope() is not self.function:
                continue
            if isinstance(node, nodes.AnnAssign) and isinstance(node.target, nodes.AssignName):
                if node.value is None:
                    self._declare(node.target.name, node.annotation)
                    continue
                self._assign(node.target.name, node.value)
            elif isinstance(node, nodes.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], nodes.AssignName):
                self._assign(node.targets[0].name, node.value)

    def _declare(self, name: str, annotation) -> None:
        if not isinstance(annotation, nodes.Subscript):
            return
        if self._is_pl(annotation.value, "Ptr"):
            self.sources[name] = _Source(self._dtype(annotation.slice), is_pointer=True)
        elif self._is_pl(annotation.value, "Tensor") and isinstance(annotation.slice, nodes.Tuple) and len(annotation.slice.elts) == 2:
            shape_node, dtype_node = annotation.slice.elts
            dtype = self._dtype(dtype_node)
            dims = self._ints(shape_node)
            bits = dtype_bits(dtype) if dtype else None
            layout = Layout.row_major(tuple(dims), bits) if dims is not None and None not in dims and bits else None
            self.sources[name] = _Source(dtype, layout)

    def _dtype(self, node) -> str | None:
        text = node.attrname if isinstance(node, nodes.Attribute) else getattr(node, "name", None)
        if text is None:
            return None
        return _PYPTO_DTYPES.get(text) or canonical_dtype(text)

    def _ints(self, node) -> list[int | None] | None:
        if not isinstance(node, (nodes.List, nodes.Tuple)):
            return None
        return [fold(element, self.constants) for element in node.elts]

    def _assign(self, name: str, value) -> None:
        if not isinstance(value, nodes.Call):
            return
        if self._is_pl(value.func, "addptr") and value.args:
            base = self._source_of(value.args[0])
            offset = fold(value.args[1], self.constants) if len(value.args) > 1 else 0
            self.sources[name] = _Source(base.dtype if base else None, is_pointer=True,
                                         offset_elements=None if base is None or offset is None or base.offset_elements is None else base.offset_elements + offset)
        elif self._is_pl(value.func, "make_tensor"):
            self._make_tensor(name, value)

    def _source_of(self, node) -> _Source | None:
        return self.sources.get(node.name) if isinstance(node, nodes.Name) else None

    def _argument(self, call, index: int, keyword: str):
        if len(call.args) > index:
            return call.args[index]
        for item in call.keywords or []:
            if item.arg == keyword:
                return item.value
        return None

    def _make_tensor(self, name: str, call) -> None:
        source_node, shape_node = self._argument(call, 0, "ptr"), self._argument(call, 1, "shape")
        stride_node, dtype_node = self._argument(call, 2, "stride"), self._argument(call, 3, "dtype")
        source = self._source_of(source_node) if source_node is not None else None
        dtype = self._dtype(dtype_node) if dtype_node is not None else (source.dtype if source else None)
        shape_texts = tuple(e.as_string() for e in shape_node.elts) if isinstance(shape_node, (nodes.List, nodes.Tuple)) else (shape_node.as_string(),) if shape_node is not None else ()
        stride_texts = None
        if stride_node is not None and not (isinstance(stride_node, nodes.Const) and stride_node.value is None):
            stride_texts = tuple(e.as_string() for e in stride_node.elts) if isinstance(stride_node, (nodes.List, nodes.Tuple)) else (stride_node.as_string(),)
        dims, strides = self._ints(shape_node), self._ints(stride_node) if stride_texts is not None else None
        line = call.lineno
        problems: list[Finding] = []
        status, view_bytes = "ok", None
        if stride_texts is not None and isinstance(shape_node, (nodes.List, nodes.Tuple)) and isinstance(stride_node, (nodes.List, nodes.Tuple)) and len(stride_texts) != len(shape_texts):
            problems.append(MESSAGES.make("pypto-stride-rank-mismatch", path=self.path, line=line, name=name, strides=len(stride_texts), dims=len(shape_texts)))
        bits = dtype_bits(dtype) if dtype else None
        constant = dims is not None and None not in dims and (stride_texts is None or (strides is not None and None not in strides)) and bits
        if not problems and not constant:
            what = "the dtype" if not bits else "the shape" if dims is None or None in dims else "the stride"
            self.findings.append(MESSAGES.make("pypto-view-not-constant", path=self.path, line=line, name=name, what=what))
            status = "unchecked"
            if bits and strides is not None and None not in strides and bits < 8 and strides and strides[-1] != 1:
                problems.append(MESSAGES.make("pypto-subbyte-inner-stride", path=self.path, line=line, name=name, dtype=dtype, stride=strides[-1]))
        elif not problems:
            source_layout = source.layout if source and not source.is_pointer else None
            offset_bits = (source.offset_elements or 0) * (dtype_bits(source.dtype) or 0) if source and source.dtype else 0
            layout, found = check_view(tuple(dims), tuple(strides) if strides is not None else None, bits, source_layout,
                                       None, offset_bits)
            view_bytes = -(-layout.extent_bits() // 8) if layout else None
            for problem in found:
                fields = dict(problem.fields)
                if problem.symbol == "pypto-view-exceeds-source":
                    fields["source"] = source_node.as_string()
                if problem.symbol == "pypto-subbyte-inner-stride":
                    fields["dtype"] = dtype
                problems.append(MESSAGES.make(problem.symbol, path=self.path, line=line, name=name, **fields))
            if layout is not None:
                self.sources[name] = _Source(dtype, layout)
        if problems:
            status = "invalid"
        self.findings.extend(problems)
        self.views.append(PyptoView(name, self.function.name, line, source_node.as_string() if source_node is not None else "?",
                                    shape_texts, stride_texts, dtype or "?", status, view_bytes, tuple(p.symbol for p in problems)))
