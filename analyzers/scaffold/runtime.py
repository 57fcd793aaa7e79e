"""The run-time objects of the scaffold's interpreter: frames, functions and classes of the analysed code."""

from __future__ import annotations

from dataclasses import dataclass, field

from astroid import nodes

from op_migrate.analyzers.scaffold.modules import ModuleCtx


@dataclass
class Frame:
    """Local variables of one function activation (closures keep their defining frame as parent)."""

    module: ModuleCtx
    name: str
    locals: dict = field(default_factory=dict)
    parent: "Frame | None" = None


@dataclass(frozen=True)
class UserFunction:
    node: nodes.FunctionDef | nodes.Lambda
    module: ModuleCtx
    closure: Frame | None = None
    bound: object = None


@dataclass
class UserClass:
    node: nodes.ClassDef
    module: ModuleCtx
    attrs: dict | None = None


@dataclass
class UserInstance:
    cls: UserClass
    attrs: dict = field(default_factory=dict)


@dataclass(frozen=True)
class ModuleValue:
    ctx: ModuleCtx
