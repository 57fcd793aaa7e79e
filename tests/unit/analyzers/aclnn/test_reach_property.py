"""Property: on a random call graph written as C++, the reach index agrees with a breadth-first search of the graph."""

from __future__ import annotations

import tempfile
from dataclasses import dataclass
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from op_migrate.analyzers.aclnn.reach_index import ReachIndex

KINDS = ("free", "static", "method", "local_method", "override")
STYLES = ("direct", "receiver", "pointer", "lambda", "table")


@dataclass(frozen=True)
class Fn:
    name: str
    kind: str
    file: int
    launches: bool
    calls: tuple[tuple[str, str], ...]  # (callee name, call style)

    @property
    def everywhere(self) -> bool:
        """Free functions, methods of a header's class and overrides are visible from every file."""
        return self.kind in ("free", "method", "override")

    @property
    def where(self) -> tuple[str, int]:
        """("h", n) for a method written in header n, ("c", n) for source n."""
        return ("h" if self.kind == "method" else "c", self.file)

    def sees(self, other: "Fn") -> bool:
        return other.everywhere or other.where == self.where


@st.composite
def programs(draw):
    count = draw(st.integers(2, 12))
    files = draw(st.integers(1, 3))
    names = [f"Fn{i}" for i in range(count)]
    functions = []
    for index in range(count):
        name = names[draw(st.integers(0, count - 1))] if draw(st.integers(0, 4)) == 0 else names[index]
        calls = draw(st.lists(st.tuples(st.sampled_from(names), st.sampled_from(STYLES)), max_size=3))
        functions.append(Fn(name, draw(st.sampled_from(KINDS)), draw(st.integers(0, files - 1)),
                            draw(st.integers(0, 3)) == 0, tuple(calls)))
    return files, functions


def _statement(callee: str, style: str, number: int, tables: list[str]) -> str:
    if style == "receiver":
        return f"    Helper{number} helper{number};\n    helper{number}.{callee}(x);\n"
    if style == "pointer":
        return f"    auto* ptr{number} = Make{number}();\n    ptr{number}->{callee}(x);\n"
    if style == "lambda":
        return f"    auto run{number} = [&](int v) {{ {callee}(v); }};\n    run{number}(x);\n"
    if style == "table":
        tables.append(f"static const std::map<int, Runner> kTable{number} = {{{{0, &{callee}}}}};\n")
        return f"    kTable{number}.at(0)(x);\n"
    return f"    {callee}(x);\n"


def _body(function: Fn, number: int, tables: list[str]) -> str:
    lines = "".join(_statement(c, s, number * 10 + i, tables) for i, (c, s) in enumerate(function.calls))
    if function.launches:
        lines += f"    l0op::Op{number}(x, executor);\n"
    return "{\n" + lines + "}\n"


def write(root: Path, files: int, functions: list[Fn]) -> None:
    texts = {(where, f): [] for where in "hc" for f in range(files)}
    tables = {(where, f): [] for where in "hc" for f in range(files)}
    for number, function in enumerate(functions):
        body = _body(function, number, tables[function.where])
        signature = f"void {function.name}(int x)"
        if function.kind == "free":
            text = f"{signature}\n{body}"
        elif function.kind == "static":
            text = f"static {signature}\n{body}"
        elif function.kind in ("method", "local_method"):
            text = f"class Api{number} {{\npublic:\n    {signature}\n    {body}}};\n"
        else:
            text = (f"namespace {{\nclass Impl{number} : public Base {{\npublic:\n    {signature} override\n"
                    f"    {body}}};\n}}  // namespace\n")
        texts[function.where].append(text)
    folder = root / "gen/op_api"
    folder.mkdir(parents=True)
    for number in range(files):
        header = "".join(tables["h", number]) + "\n".join(texts["h", number])
        (folder / f"api{number}.h").write_text("#pragma once\nusing Runner = void (*)(int);\n" + header)
        source = "".join(tables["c", number]) + "\n".join(texts["c", number])
        (folder / f"gen{number}.cpp").write_text(f'#include "api{number}.h"\n' + source)


def launches_from(name: str, file: int, functions: list[Fn]) -> set[str]:
    """The launches (l0op::Op<n>) of every definition reachable from a definition of `name` visible in source n."""
    start = [i for i, f in enumerate(functions) if f.name == name and (f.everywhere or f.where == ("c", file))]
    seen, queue = set(start), list(start)
    while queue:
        caller = functions[queue.pop()]
        for callee, _ in caller.calls:
            for index, function in enumerate(functions):
                if function.name == callee and caller.sees(function) and index not in seen:
                    seen.add(index)
                    queue.append(index)
    return {f"l0op::Op{i}" for i in seen if functions[i].launches}


def reference(files: int, functions: list[Fn]) -> dict[tuple[str, int], int]:
    """(name, source file n) -> fewest calls from a definition of that name visible in source n to one that launches."""
    layers: dict[int, int] = {i: 0 for i, f in enumerate(functions) if f.launches}
    changed = True
    while changed:
        changed = False
        for index, function in enumerate(functions):
            best = min((layers[j] + 1 for callee, _ in function.calls for j, g in enumerate(functions)
                        if g.name == callee and j in layers and function.sees(g)), default=None)
            if best is not None and best < layers.get(index, best + 1):
                layers[index] = best
                changed = True
    found: dict[tuple[str, int], int] = {}
    for index, layer in layers.items():
        function = functions[index]
        for file in range(files):
            if function.everywhere or function.where == ("c", file):
                key = (function.name, file)
                found[key] = min(found.get(key, layer), layer)
    return found


@settings(max_examples=60, deadline=None)
@given(programs())
def test_reachable_names_match_a_reference_search(program) -> None:
    files, functions = program
    with tempfile.TemporaryDirectory() as directory:
        root = Path(directory)
        write(root, files, functions)
        index = ReachIndex.build([root])
        expected = reference(files, functions)
        tables = any(style == "table" for f in functions for _, style in f.calls)
        for name in sorted({f.name for f in functions}):
            for file in range(files):
                path = str(root / f"gen/op_api/gen{file}.cpp")
                chain = index.reaches(name, file=path)
                assert (chain is not None) == ((name, file) in expected), (name, file)
                every = index.reachable_sites(name, file=path)
                assert {c.site.name for c in every} == launches_from(name, file, functions), (name, file)
                if chain is None:
                    continue
                hops = [n for n in chain.names if not n.startswith("kTable")]
                assert hops[0] == name and chain.site.kind == "l0op"
                for caller, callee in zip(hops, hops[1:]):
                    assert any(f.name == caller and callee in {c for c, _ in f.calls} for f in functions)
                assert any(f.name == hops[-1] and f.launches for f in functions)
                if not tables:
                    assert len(hops) == expected[(name, file)] + 1
