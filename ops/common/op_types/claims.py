"""Op types already claimed by a CANN install or an open operator tree, and the prototype each one is claimed with.

A graph built against a REG_OP prototype binds to whatever kernel registers that op type: an operator of ops/ may
reuse a claimed name only with the same prototype (ports in order with their kinds, attrs with type and default).
`python -m op_migrate.ops.common.op_types.claims --cann-root R --tree ops-math=DIR ... -o claimed_op_types.tsv` writes
the committed list; tests/test_op_type_claims.py holds ops/ to it and, with the trees given, re-scans them.
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.proto.regop import find_protos

HERE = Path(__file__).resolve().parent
CLAIMS_PATH = HERE / "claimed_op_types.tsv"
OPS_DIR = HERE.parents[1]

_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_OPDEF_CLASS = re.compile(r"class\s+(\w+)\s*:\s*public\s+OpDef\s*\{")
_OP_ADD = re.compile(r"\bOP_ADD\(\s*(\w+)\s*\)")
_PORT = re.compile(r"(?<![\w.])(?:this\s*->\s*)?(Input|Output)\(\s*\"(\w+)\"\s*\)((?:\s*\.\s*\w+\([^;]*?\))*)\s*[;)]", re.S)
_ATTR = re.compile(r"(?<![\w.])(?:this\s*->\s*)?Attr\(\s*\"(\w+)\"\s*\)((?:\s*\.\s*\w+\([^;]*?\))*)\s*;", re.S)
_PARAM_TYPE = re.compile(r"\.\s*ParamType\(\s*(\w+)\s*\)")
_ATTR_TYPE = re.compile(r"\.\s*AttrType\(\s*(\w+)\s*\)")
_ATTR_VALUE = re.compile(r"\.\s*(Int|Bool|Float|String|ListInt|ListFloat|ListBool|Type|ListListInt)\(\s*([^)]*)\)")
# REG_OP attr types and OpDef value setters spelt one way.
_ATTR_TYPES = {"int": "Int", "bool": "Bool", "float": "Float", "string": "String", "str": "String",
               "listint": "ListInt", "listfloat": "ListFloat", "listbool": "ListBool", "type": "Type",
               "listlistint": "ListListInt", "tensor": "Tensor"}


@dataclass(frozen=True)
class Claim:
    """One registration of an op type: its prototype in a normal form and where it was read."""

    op_type: str
    inputs: tuple[str, ...]  # "x", "?bias" (optional), "*xs" (dynamic)
    outputs: tuple[str, ...]
    attrs: tuple[str, ...]  # "keep_dims:Bool=false", "axes:ListInt" (required); ("*",): not declared
    source: str

    def prototype(self) -> str:
        return f"({', '.join(self.inputs)}) -> ({', '.join(self.outputs)}) [{', '.join(self.attrs)}]"

    def row(self) -> str:
        return "\t".join((self.op_type, ",".join(self.inputs), ",".join(self.outputs), ";".join(self.attrs),
                          self.source))


def _default(value: str) -> str:
    text = value.strip().strip('"')
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered
    if re.fullmatch(r"[-+]?\d+[lLuU]*", text):
        return str(int(text.rstrip("lLuU")))
    if re.fullmatch(r"[-+]?\d*\.\d*(e[-+]?\d+)?f?", lowered):
        return repr(float(lowered.rstrip("f")))
    return re.sub(r"\s+", "", text).replace("ge::", "").replace("{", "[").replace("}", "]")


def _attr(name: str, kind: str, required: bool, default: str | None) -> str:
    kind = _ATTR_TYPES.get(kind.replace("_", "").lower(), kind)
    if required or default is None:
        return f"{name}:{kind}"
    value = _default(default)
    if kind == "Bool" and value in ("0", "1"):
        value = "true" if value == "1" else "false"
    return f"{name}:{kind}={value}"


def _regop_claims(text: str, source: str) -> list[Claim]:
    claims = []
    for proto in find_protos(text, source):
        inputs, outputs, attrs = [], [], []
        for param in proto.params:
            if param.role in ("input", "optional_input", "dynamic_input"):
                inputs.append({"input": "", "optional_input": "?", "dynamic_input": "*"}[param.role] + param.name)
            elif param.role in ("output", "dynamic_output"):
                outputs.append(("*" if param.role == "dynamic_output" else "") + param.name)
            else:
                attrs.append(_attr(param.name, param.attr_type or "?", param.role == "required_attr", param.default))
        claims.append(Claim(proto.op_type, tuple(inputs), tuple(outputs), tuple(attrs), source))
    return claims


def _class_bodies(text: str) -> list[tuple[str, str]]:
    """(class name, body) of every `class X : public OpDef { ... }`."""
    bodies = []
    for match in _OPDEF_CLASS.finditer(text):
        depth, index = 1, match.end()
        while index < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[index], 0)
            index += 1
        bodies.append((match.group(1), text[match.end():index]))
    return bodies


def _opdef_claims(text: str, source: str) -> list[Claim]:
    # AI CPU OpDefs declare ports only; the AI CPU kernel reads the node's attrs itself.
    ports_only = "op_kernel_aicpu/" in source
    clean = _COMMENT.sub(" ", text)
    added = set(_OP_ADD.findall(clean))
    claims = []
    for name, body in _class_bodies(clean):
        if added and name not in added:
            continue
        inputs, outputs, attrs = [], [], []
        for kind, port, chain in _PORT.findall(body):
            param = _PARAM_TYPE.search(chain)
            mark = {"OPTIONAL": "?", "DYNAMIC": "*"}.get(param.group(1) if param else "REQUIRED", "")
            (inputs if kind == "Input" else outputs).append(mark + port)
        for attr, chain in _ATTR.findall(body):
            attr_type = _ATTR_TYPE.search(chain)
            value = _ATTR_VALUE.search(chain)
            default = value.group(2) if value is not None and value.group(2).strip() else None
            required = attr_type is not None and attr_type.group(1) == "REQUIRED"
            attrs.append(_attr(attr, value.group(1) if value else "?", required, default))
        claims.append(Claim(name, tuple(inputs), tuple(outputs), ("*",) if ports_only else tuple(attrs), source))
    return claims


def scan_file_text(text: str, source: str) -> list[Claim]:
    """The REG_OP prototypes of a header's text, the OpDefs of a *_def*.cpp's; nothing for other files."""
    if source.endswith(".h") and "REG_OP" in text:
        return _regop_claims(text, source)
    if source.endswith(".cpp") and "OpDef" in text:
        return _opdef_claims(text, source)
    return []


def scan_file(path: Path, source: str) -> list[Claim]:
    try:
        text = path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return []
    return scan_file_text(text, source)


def scan_tree(root: Path, label: str) -> list[Claim]:
    """Every REG_OP header and OpDef source of an operator tree (or a CANN install's op_proto/inc)."""
    claims = []
    for path in sorted(root.rglob("*")):
        if path.suffix == ".h" or (path.suffix == ".cpp" and "_def" in path.name):
            claims.extend(scan_file(path, f"{label}:{path.relative_to(root).as_posix()}"))
    return claims


def scan_cann(root: Path) -> list[Claim]:
    """A CANN toolkit's built-in prototypes (opp/built-in/op_proto/inc/*.h)."""
    inc = root / "opp" / "built-in" / "op_proto" / "inc"
    return [claim for path in sorted(inc.glob("*.h")) for claim in scan_file(path, f"cann:{path.name}")]


def ours(ops_dir: Path = OPS_DIR) -> list[Claim]:
    """The op types the operators of ops/ register, one per op_host/<op>_def.cpp."""
    claims = []
    for path in sorted(ops_dir.glob("*/op_host/*_def.cpp")):
        claims.extend(scan_file(path, f"ops:{path.relative_to(ops_dir).as_posix()}"))
    return claims


def read_claims(path: Path = CLAIMS_PATH) -> list[Claim]:
    claims = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line or line.startswith("#"):
            continue
        name, inputs, outputs, attrs, source = line.split("\t")
        split = (lambda text, sep: tuple(text.split(sep)) if text else ())
        claims.append(Claim(name, split(inputs, ","), split(outputs, ","), split(attrs, ";"), source))
    return claims


def conflicts(mine: list[Claim], claimed: list[Claim]) -> list[str]:
    """One line per op type of `mine` that a claim registers with another prototype."""
    by_name: dict[str, list[Claim]] = {}
    for claim in claimed:
        by_name.setdefault(claim.op_type, []).append(claim)
    found = []
    for claim in mine:
        for other in by_name.get(claim.op_type, []):
            same_attrs = ("*",) in (other.attrs, claim.attrs) or other.attrs == claim.attrs
            if (other.inputs, other.outputs) != (claim.inputs, claim.outputs) or not same_attrs:
                found.append(f"{claim.op_type}: {claim.source} registers {claim.prototype()}, "
                             f"{other.source} {other.prototype()}")
    return found


def _short_source(source: str) -> str:
    """cann:random_ops.h stays; a tree's file is named by its operator folder (ops-math:math/reduce_all)."""
    label, _, path = source.partition(":")
    parts = path.split("/")
    for marker in ("op_host", "op_graph", "op_kernel_aicpu"):
        if marker in parts:
            return f"{label}:{'/'.join(parts[:parts.index(marker)])}"
    return source


def render(claims: list[Claim], header: list[str]) -> str:
    """One row per op type and prototype, the places that register it joined with ' '."""
    merged: dict[tuple, set[str]] = {}
    for claim in claims:
        merged.setdefault((claim.op_type, claim.inputs, claim.outputs, claim.attrs), set()).add(
            _short_source(claim.source))
    rows = sorted(Claim(*key, " ".join(sorted(sources))).row() for key, sources in merged.items())
    return "\n".join(["# " + line for line in header] + rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cann-root", type=Path, help="a CANN toolkit (the folder holding opp/)")
    parser.add_argument("--tree", action="append", default=[], metavar="LABEL=DIR", help="an operator tree")
    parser.add_argument("--extra", type=Path, help="claims read elsewhere, kept as they are (same format)")
    parser.add_argument("-o", "--output", type=Path, default=CLAIMS_PATH)
    args = parser.parse_args(argv)
    claims: list[Claim] = []
    header = ["Op types claimed elsewhere: op type, inputs (?optional *dynamic), outputs, attrs (name:Type[=default]),",
              "where. Generated by `python -m op_migrate.ops.common.op_types.claims` from:"]
    if args.cann_root:
        claims += scan_cann(args.cann_root)
        header.append(f"  cann: {args.cann_root.name} opp/built-in/op_proto/inc/*.h (REG_OP)")
    for spec in args.tree:
        label, _, folder = spec.partition("=")
        claims += scan_tree(Path(folder), label)
        header.append(f"  {label}: REG_OP headers and op_host/*_def*.cpp OpDefs")
    if args.extra:
        claims += read_claims(args.extra)
        header.append(f"  extra: {args.extra.name} (claims in trees not available here, each with its source)")
    if not claims:
        parser.error("nothing to scan: give --cann-root and/or --tree")
    args.output.write_text(render(claims, header), encoding="utf-8")
    print(f"wrote {len({c.op_type for c in claims})} op types ({len(claims)} registrations) to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
