"""Which source defines each l0op function an operator of ops/ calls, once it sits in ops-math's experimental build.

That build links the L0 sources experimental/CMakeLists.txt lists (COMMON_L0_SRCS), every experimental operator's
op_api/*.cpp but aclnn_*, and what an operator's own CMakeLists adds with target_sources. A call needs exactly one
defining file there: none is an undefined symbol at load time, two are a duplicate symbol at link time.
`python -m op_migrate.ops.common.op_types.l0_links --ops-math DIR` writes the committed l0_links.tsv for the calls
ops/ makes; tests/test_l0_links.py checks every operator against it (and against DIR itself with OPS_MATH=DIR).
"""

from __future__ import annotations

import argparse
import re
import sys
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.package.operators import operator_info

HERE = Path(__file__).resolve().parent
LINKS_PATH = HERE / "l0_links.tsv"
OPS_DIR = HERE.parents[1]

_COMMENT = re.compile(r"//[^\n]*|/\*.*?\*/", re.S)
_CALL = re.compile(r"\bl0op::(\w+)\s*\(")
# A definition at namespace scope: a return type, the name, and a parameter list followed by a body.
_DEFINITION = re.compile(r"^(?:static\s+)?(?:const\s+)?[\w:<>]+\s*\*?\s*(\w+)\s*\(([^;{]*)\)\s*\{", re.M)
_COMMON = re.compile(r"set\(\s*COMMON_L0_SRCS(.*?)\)", re.S)
_TARGET_SOURCES = re.compile(r"target_sources\(\s*\$\{OPHOST_NAME\}_opapi_obj\s+PRIVATE(.*?)\)", re.S)
_SOURCE_PATH = re.compile(r"\$\{CMAKE_SOURCE_DIR\}/([\w./-]+\.cpp)")


@dataclass(frozen=True)
class Link:
    """One l0op function (its parameter types: overloads are distinct symbols) and a file of the ops-math tree that
    defines it; `linked` when the build links that file."""

    function: str
    parameters: str
    path: str
    linked: bool

    def row(self) -> str:
        return f"{self.function}\t{self.parameters}\t{self.path}\t{'linked' if self.linked else 'not-linked'}"


def _clean(text: str) -> str:
    return _COMMENT.sub(" ", text)


def _parameter_types(parameters: str) -> str:
    """`const aclTensor* x, int64_t dim = 0` -> `const aclTensor*,int64_t`: the types that make the symbol."""
    types = []
    for parameter in filter(None, (p.split("=")[0].strip() for p in parameters.split(","))):
        words = re.sub(r"\s*([*&])\s*", r"\1 ", parameter).split()
        types.append("".join(w if w.endswith(("*", "&")) else w + " " for w in words[:-1]).strip()
                     if len(words) > 1 else parameter)
    return ",".join(re.sub(r"\s+", " ", t).replace(" *", "*").replace(" &", "&") for t in types)


def l0_signatures(text: str) -> set[tuple[str, str]]:
    """(name, parameter types) of every function a source defines inside `namespace l0op`."""
    clean = _clean(text)
    start = clean.find("namespace l0op")
    if start < 0:
        return set()
    return {(name, _parameter_types(parameters)) for name, parameters in _DEFINITION.findall(clean[start:])}


def l0_definitions(text: str) -> set[str]:
    """The names of the functions a source defines inside `namespace l0op`."""
    return {name for name, _ in l0_signatures(text)}


def calls(op_dir: Path) -> set[str]:
    """The l0op functions an operator's op_api sources call (qualified, as the sources of ops/ write them)."""
    found: set[str] = set()
    for path in sorted((op_dir / "op_api").glob("*.cpp")):
        found |= set(_CALL.findall(_clean(path.read_text(encoding="utf-8"))))
    return found


def own_definitions(op_dir: Path) -> set[str]:
    """The l0op functions of the operator's own L0 sources (op_api/*.cpp but aclnn_*)."""
    found: set[str] = set()
    for path in sorted((op_dir / "op_api").glob("*.cpp")):
        if not path.name.startswith("aclnn_"):
            found |= l0_definitions(path.read_text(encoding="utf-8"))
    return found


def added_sources(op_dir: Path) -> list[str]:
    """Sources the operator's CMakeLists adds to the opapi object, relative to the ops-math root."""
    text = _clean((op_dir / "CMakeLists.txt").read_text(encoding="utf-8").replace("#", "//"))
    return [path for block in _TARGET_SOURCES.findall(text) for path in _SOURCE_PATH.findall(block)]


def linked_sources(opsmath: Path, destination: str) -> list[str]:
    """The L0 sources an experimental build links, with the operator folder at `destination` left out (the package
    replaces it with the operator's own)."""
    text = _clean((opsmath / "experimental" / "CMakeLists.txt").read_text(encoding="utf-8").replace("#", "//"))
    common = _COMMON.search(text)
    paths = _SOURCE_PATH.findall(common.group(1)) if common else []
    for path in sorted((opsmath / "experimental").glob("*/*/op_api/*.cpp")):
        relative = path.relative_to(opsmath).as_posix()
        if not path.name.startswith("aclnn_") and not relative.startswith(destination + "/"):
            paths.append(relative)
    return paths


def destination(op_dir: Path) -> str:
    """experimental/<category>/<op>, where package-pr puts the operator."""
    return f"experimental/{operator_info(op_dir.name).category}/{op_dir.name}"


def scan(opsmath: Path, ops_dir: Path = OPS_DIR) -> list[Link]:
    """For every l0op function an operator of ops/ calls and does not define: each file of the tree defining it."""
    wanted: set[str] = set()
    for op_dir in operator_dirs(ops_dir):
        wanted |= calls(op_dir) - own_definitions(op_dir)
    linked_anywhere = set()
    for op_dir in operator_dirs(ops_dir):
        linked_anywhere |= set(linked_sources(opsmath, destination(op_dir)))
    links = []
    for path in sorted(opsmath.rglob("*.cpp")):
        relative = path.relative_to(opsmath).as_posix()
        if "/tests/" in relative or path.name.startswith("aclnn_"):
            continue
        for function, parameters in sorted(l0_signatures(path.read_text(encoding="utf-8", errors="replace"))):
            if function in wanted:
                links.append(Link(function, parameters, relative, relative in linked_anywhere))
    return links


def operator_dirs(ops_dir: Path = OPS_DIR) -> list[Path]:
    return sorted(path.parent for path in ops_dir.glob("*/CMakeLists.txt"))


def read_links(path: Path = LINKS_PATH) -> list[Link]:
    links = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            function, parameters, source, state = line.split("\t")
            links.append(Link(function, parameters, source, state == "linked"))
    return links


def problems(op_dir: Path, links: list[Link], linked: set[str] | None = None) -> list[str]:
    """One line per call of the operator that would not link: no defining file, or more than one.

    `linked`: the tree's linked L0 sources for this operator (linked_sources); from the links' flags when None.
    """
    by_function: dict[str, set[str]] = {}
    by_symbol: dict[tuple[str, str], set[str]] = {}
    known: set[str] = set()
    replaced = destination(op_dir) + "/"  # the community folder the package replaces
    added = set(added_sources(op_dir))
    for link in links:
        known.add(link.function)
        in_build = (link.path in linked) if linked is not None else link.linked
        if (in_build and not link.path.startswith(replaced)) or link.path in added:
            by_function.setdefault(link.function, set()).add(link.path)
            by_symbol.setdefault((link.function, link.parameters), set()).add(link.path)
    own = own_definitions(op_dir)
    found = []
    for function in sorted(calls(op_dir) - own):
        if function not in known:
            found.append(f"{op_dir.name}: l0op::{function} is not in l0_links.tsv; regenerate it with OPS_MATH")
        elif not by_function.get(function):
            found.append(f"{op_dir.name}: l0op::{function} is defined by no source the experimental build links; "
                         "define it in op_api/ or add its source in CMakeLists.txt")
    for (function, parameters), files in sorted(by_symbol.items()):
        if function in calls(op_dir) and (len(files) > 1 or function in own):
            where = sorted(files) + (["op_api/"] if function in own else [])
            found.append(f"{op_dir.name}: l0op::{function}({parameters}) is defined {len(where)} times: "
                         f"{', '.join(where)}")
    return found


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ops-math", type=Path, required=True, help="a hicann/ops-math checkout")
    parser.add_argument("-o", "--output", type=Path, default=LINKS_PATH)
    args = parser.parse_args(argv)
    links = scan(args.ops_math)
    header = ["l0op functions the operators of ops/ call and do not define, each file of ops-math defining one, and",
              "whether the experimental build links it (COMMON_L0_SRCS, experimental op_api). Generated by",
              "`python -m op_migrate.ops.common.op_types.l0_links --ops-math DIR`."]
    args.output.write_text("\n".join(["# " + line for line in header] + [link.row() for link in links]) + "\n",
                           encoding="utf-8")
    print(f"wrote {len(links)} definitions of {len({link.function for link in links})} functions to {args.output}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
