"""Byte counts as people read them (MiB/KiB); JSON keeps the exact figure next to every such text."""

from __future__ import annotations


def human_bytes(count: int | None) -> str:
    """1610614272 -> '1536.0 MiB'; below 1 KiB the exact bytes.

    MiB is the unit up to 1 TiB: device peaks of a few GiB stay readable to a tenth of a MiB. Beyond any device's
    memory (implausible facts, which op-migrate warns about), TiB and larger keep the figure readable.
    """
    if count is None:
        return "n/a"
    for unit, size in (("EiB", 1 << 60), ("PiB", 1 << 50), ("TiB", 1 << 40), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if abs(count) >= size:
            return f"{count / size:.1f} {unit}"
    return f"{count} B"


def signed_human_bytes(count: int | None) -> str:
    """A delta: '+512.0 MiB', '-1.5 KiB', '0 B'."""
    if count is None:
        return "n/a"
    return ("+" if count > 0 else "-" if count < 0 else "") + human_bytes(abs(count))
