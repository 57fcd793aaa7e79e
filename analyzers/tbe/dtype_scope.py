"""What the dtype reader (analyzers.tbe.dtypes) knows of one function it reads: what its names and the `self`
attributes of the object it belongs to stand for."""

from __future__ import annotations

from dataclasses import dataclass, field

from astroid import nodes

from op_migrate.analyzers.tbe.dtype_sites import Reach


@dataclass
class Instance:
    """One object of a module-level class; its methods share what `self.<attr>` stands for."""

    cls: nodes.ClassDef
    dicts: dict = field(default_factory=dict)
    dtypes: dict = field(default_factory=dict)
    lists: dict = field(default_factory=dict)


class Names(dict):
    """Local names of a scope, with `self.<attr>` looked up in (and stored on) the instance."""

    def __init__(self, local: dict, instance: Instance | None, kind: str) -> None:
        super().__init__(local)
        self.instance_map = getattr(instance, kind) if instance is not None else None

    def _target(self, key):
        if isinstance(key, str) and key.startswith("self.") and self.instance_map is not None:
            return self.instance_map
        return None

    def __contains__(self, key) -> bool:
        target = self._target(key)
        return key in target if target is not None else super().__contains__(key)

    def __getitem__(self, key):
        target = self._target(key)
        return target[key] if target is not None else super().__getitem__(key)

    def __setitem__(self, key, value) -> None:
        target = self._target(key)
        if target is not None:
            target[key] = value
        else:
            super().__setitem__(key, value)


@dataclass
class Scope:
    """One function read for dtype rules, with what its names and `self` attributes stand for."""

    function: nodes.FunctionDef
    dicts: Names  # local name or "self.attr" -> entry input whose tensor dict it holds
    dtypes: Names  # local name or "self.attr" -> entry input whose dtype string it holds
    reach: Reach  # the call sites that lead here, each with its guards
    instance: Instance | None = None
    depth: int = 0
    lists: Names = None  # local name or "self.attr" -> [(dtype, condition, line)] of a dtype list
    remaps: dict = field(default_factory=dict)


def new_scope(function, dicts, dtypes, reach, instance=None, depth=0) -> Scope:
    return Scope(function, Names(dicts, instance, "dicts"), Names(dtypes, instance, "dtypes"), reach, instance, depth,
                  Names({}, instance, "lists"))
