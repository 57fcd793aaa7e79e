"""Generated L0 catalogs (schema op-migrate/l0-catalog@1): read one, validating every field, for `--l0-catalog`.

A catalog lists the L0 ops of a checkout, written by `migrate catalog build` (analyzers/aclnn/catalog_build.py):

    {"schema": "op-migrate/l0-catalog@1", "root": "...", "tool": "op-migrate x.y", "ops": [
      {"name": "FloorMod", "arity": 3, "definition": "math/floor_mod/op_api/floor_mod.cpp:55",
       "effect": "alloc", "reads": [0, 1], "writes": null, "shape": "broadcast:0,1", "dtype": "same:0",
       "launches": [{"op": "FloorMod", "launcher": "AI_CORE", "guards": ["..."]}, ...],
       "table": [{"arch": "DAV_2201", "dtype": "float64", "launches": ["1"]}, ...]}]}
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from op_migrate.analyzers.route.l0_semantics import EFFECTS, CatalogOp
from op_migrate.analyzers.route.model import LAUNCHERS

SCHEMA = "op-migrate/l0-catalog@1"


class CatalogFileError(ValueError):
    """A catalog file that cannot be used: unreadable, truncated, another schema, a malformed entry."""


@dataclass(frozen=True)
class GeneratedCatalog:
    """The ops of one catalog file, by (name, arity)."""

    path: Path
    root: str
    ops: dict

    def op(self, name: str, arity: int) -> CatalogOp | None:
        return self.ops.get((name, arity))


def load_catalog(path: Path) -> GeneratedCatalog:
    """Read and validate a generated catalog; CatalogFileError names the file and what is wrong."""
    try:
        document = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as error:
        raise CatalogFileError(f"{path}: cannot read the L0 catalog ({error.strerror or error})") from error
    except ValueError as error:
        raise CatalogFileError(f"{path}: not a complete JSON document (truncated?): {error}") from error
    if not isinstance(document, dict) or document.get("schema") != SCHEMA:
        found = document.get("schema") if isinstance(document, dict) else type(document).__name__
        raise CatalogFileError(f"{path}: schema {found!r} is not {SCHEMA!r}; rebuild it with `migrate catalog build`")
    entries = document.get("ops")
    if not isinstance(entries, list):
        raise CatalogFileError(f"{path}: 'ops' must be a list")
    ops = {}
    for index, entry in enumerate(entries):
        try:
            op = _op(entry)
        except (KeyError, TypeError, ValueError) as error:
            raise CatalogFileError(f"{path}: ops[{index}] is malformed ({error})") from error
        ops.setdefault((op.name, op.arity), op)
    return GeneratedCatalog(Path(path), str(document.get("root", "")), ops)


def _op(entry: dict) -> CatalogOp:
    name, arity, effect = entry["name"], entry["arity"], entry["effect"]
    if not isinstance(name, str) or not name.isidentifier():
        raise ValueError(f"name {name!r} is not an identifier")
    if not isinstance(arity, int) or arity < 0:
        raise ValueError(f"arity {arity!r} is not a count")
    if effect not in EFFECTS:
        raise ValueError(f"effect {effect!r} is not one of {', '.join(EFFECTS)}")
    launches = []
    for launch in entry.get("launches", ()):
        if launch["launcher"] not in LAUNCHERS:
            raise ValueError(f"launcher {launch['launcher']!r} is not one of {', '.join(LAUNCHERS)}")
        launches.append((str(launch["op"]), launch["launcher"], tuple(str(g) for g in launch.get("guards", ()))))
    table = []
    for row in entry.get("table", ()):
        picks = tuple(str(item) for item in row["launches"])
        for pick in picks:
            if not pick.rstrip("?").isdigit() or int(pick.rstrip("?")) >= len(launches):
                raise ValueError(f"table launch {pick!r} names no launch")
        table.append((str(row["arch"]), str(row["dtype"]), picks))
    return CatalogOp(
        name=name,
        arity=arity,
        effect=effect,
        launchers=tuple(dict.fromkeys(launcher for _, launcher, _ in launches)),
        reads=tuple(int(i) for i in entry.get("reads", ())),
        writes=entry.get("writes"),
        shape=str(entry.get("shape", "same:0")),
        dtype=str(entry.get("dtype", "same:0")),
        definition=entry.get("definition"),
        launches=tuple(launches),
        table=tuple(table),
    )
