"""The catalog of well-known L0 ops (analyzers/data/l0_ops.toml): effect, launchers, shape and dtype rules."""

from __future__ import annotations

import functools
from dataclasses import dataclass

from op_migrate.analyzers import catalog

EFFECTS = ("alloc", "view", "write", "mixed")


@dataclass(frozen=True)
class CatalogOp:
    """One overload of a well-known L0 op; see the header of l0_ops.toml for the rule syntax."""

    name: str
    arity: int | None
    effect: str
    launchers: tuple[str, ...] = ()
    aicpu_dtypes: tuple[str, ...] = ()
    # AI_CORE instead of the launcher on a RegBase arch when argument K's dtype is in its list, for every K.
    regbase_aicore_dtypes: tuple[tuple[int, tuple[str, ...]], ...] = ()
    reads: tuple[int, ...] = ()
    writes: int | None = None
    when: str = ""
    shape: str = "same:0"
    dtype: str = "same:0"
    # Generated catalogs (`migrate catalog build`): where the op is defined, every launch it can make
    # (op type, launcher, guards in the op's parameter names), and which of them it makes per (arch, dtype of its
    # first tensor argument, "*" for any): entries "K" (launch K) or "K?" (launch K under an undecided guard).
    definition: str | None = None
    launches: tuple[tuple[str, str, tuple[str, ...]], ...] = ()
    table: tuple[tuple[str, str, tuple[str, ...]], ...] = ()

    @property
    def shape_kind(self) -> str:
        return self.shape.split(":", 1)[0]

    @property
    def shape_args(self) -> tuple[int, ...]:
        _, _, rest = self.shape.partition(":")
        return tuple(int(part) for part in rest.split(",") if part.strip())


class CatalogError(ValueError):
    """l0_ops.toml has an entry the walker cannot apply."""


@functools.lru_cache(maxsize=None)
def l0_catalog() -> dict[str, tuple[CatalogOp, ...]]:
    ops: dict[str, tuple[CatalogOp, ...]] = {}
    for name, overloads in catalog.load("l0_ops").get("op", {}).items():
        parsed = []
        for entry in overloads:
            if entry["effect"] not in EFFECTS:
                raise CatalogError(f"l0_ops.toml: {name} has unknown effect {entry['effect']!r}")
            parsed.append(
                CatalogOp(
                    name=name,
                    arity=entry.get("arity"),
                    effect=entry["effect"],
                    launchers=tuple(entry.get("launchers", ())),
                    aicpu_dtypes=tuple(entry.get("aicpu_dtypes", ())),
                    regbase_aicore_dtypes=tuple((int(key), tuple(value)) for key, value in
                                                entry.get("regbase_aicore_dtypes", {}).items()),
                    reads=tuple(entry.get("reads", ())),
                    writes=entry.get("writes"),
                    when=entry.get("when", ""),
                    shape=entry.get("shape", "same:0"),
                    dtype=entry.get("dtype", "same:0"),
                )
            )
        ops[name] = tuple(parsed)
    return ops


@functools.lru_cache(maxsize=None)
def framework_helpers() -> frozenset[str]:
    """The L0 ops of the framework that adapt layout or dtype (l0_ops.toml [helpers]): one step each in a route."""
    return frozenset(catalog.load("l0_ops").get("helpers", {}).get("names", ()))


@functools.lru_cache(maxsize=None)
def keeps_view_shape() -> frozenset[str]:
    """Helpers whose result always has their first argument's view shape (l0_ops.toml [helpers] keeps_view_shape)."""
    return frozenset(catalog.load("l0_ops").get("helpers", {}).get("keeps_view_shape", ()))


def catalog_op(name: str, arity: int) -> CatalogOp | None:
    """The overload of `name` with this arity, or the only overload when arities are not given."""
    overloads = l0_catalog().get(name, ())
    for op in overloads:
        if op.arity == arity:
            return op
    untyped = [op for op in overloads if op.arity is None]
    return untyped[0] if untyped else None
