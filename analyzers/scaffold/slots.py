"""Scratch slots for the lowered statements of one combination: live ranges, reuse, and the C++ text with them."""

from __future__ import annotations

from dataclasses import dataclass

from op_migrate.analyzers.scaffold.lower import Instr, Lowered, Val


@dataclass(frozen=True)
class Placed:
    """The compute body of one combination with its scratch buffer size (bytes per 8 elements of a tile)."""

    lines: tuple[str, ...]
    tmp_units: int
    scalar_loops: int


def place(lowered: Lowered) -> Placed:
    """Give each temporary a slot of the scratch TBuf; a slot is reused once its value is dead. A slot's offset is
    `units * (tile / 8)` bytes: tile is a multiple of 256 elements, so every slot starts 32-byte aligned."""
    last_use: dict[str, int] = {}
    first_def: dict[str, int] = {}
    for index, instr in enumerate(lowered.instrs):
        for val in [*instr.uses, *instr.defs]:
            last_use[_root(val).name] = index
            first_def.setdefault(_root(val).name, index)
    temps = {val.name: val for val in lowered.temps}
    free: dict[int, list[int]] = {}  # units -> offsets (in units) of free slots of that size
    offsets: dict[str, int] = {}
    top = 0
    lines: list[str] = []
    releases: dict[int, list[str]] = {}
    for name, index in last_use.items():
        releases.setdefault(index, []).append(name)
    loops = 0
    for index, instr in enumerate(lowered.instrs):
        for val in [*instr.uses, *instr.defs]:
            val = _root(val)
            if val.storage == "tmp" and val.name not in offsets and val.name in temps:
                val = temps[val.name]
                units = val.units
                if free.get(units):
                    offsets[val.name] = free[units].pop()
                else:
                    offsets[val.name] = top
                    top += units
                lines.append(_declare(val, offsets[val.name]))
        lines.extend(instr.lines)
        loops += 1 if instr.scalar else 0
        for name in releases.get(index, ()):
            if name in offsets and name in temps and first_def.get(name, index) <= index:
                free.setdefault(temps[name].units, []).append(offsets[name])
    # A temporary defined but never read (a static_assert placeholder) still needs a declaration.
    for val in lowered.temps:
        if val.name not in offsets:
            offsets[val.name] = top
            top += val.units
            lines.insert(0, _declare(val, offsets[val.name]))
    return Placed(lines=tuple(lines), tmp_units=top, scalar_loops=loops)


def _root(val: Val) -> Val:
    while val.base is not None:
        val = val.base
    return val


def _declare(val: Val, offset: int) -> str:
    size = "tile / 8" if val.dtype == "mask" else "tile"
    return (f"LocalTensor<{val.cxx}> {val.name} = tmp.GetWithOffset<{val.cxx}>({size}, {offset}U * (tile / 8));"
            f"  // {'mask' if val.dtype == 'mask' else val.dtype}")


def instrs_apis(instrs: list[Instr]) -> set[str]:
    return {line.split("(")[0] for instr in instrs for line in instr.lines if "(" in line and not line.startswith("//")}
