"""The reach index's records: launch sites, chains of names that reach them, launch-relevant places in a function."""

from __future__ import annotations

from dataclasses import dataclass

from op_migrate.analyzers.model import JsonModel

LAUNCH_KINDS = ("AI_CORE", "AI_CPU", "DSA", "l0op", "generated")


@dataclass(frozen=True)
class LaunchSite(JsonModel):
    """A launch written in a repository file. `name` is "l0op::X", the op type a launcher macro names first, or the
    aclnnInner…GetWorkspaceSize name (file "" and line 0 when asked about by name: no repository defines it)."""

    kind: str  # one of LAUNCH_KINDS
    name: str
    file: str
    line: int


@dataclass(frozen=True)
class ReachChain(JsonModel):
    """Names from the one asked about to the function that holds `site`; `where` is each one's "path:line"."""

    names: tuple[str, ...]
    site: LaunchSite
    where: tuple[str, ...] = ()


@dataclass(frozen=True)
class ReachCall(JsonModel):
    """One launch-relevant place in a function: a launch written there (`chain.names == ()`) or a use of a name
    that reaches one (`chain.names[0] == name`). `callee` is its source text: "l0op::Cast", "aclnnOp.ProcessL0",
    "&RunA", "ADD_TO_LAUNCHER_LIST_AICORE"."""

    line: int
    callee: str
    name: str
    chain: ReachChain


@dataclass(frozen=True)
class ReachDef:
    """A definition of a reaching name as the index keeps it; `layer` None when this one reaches nothing."""

    name: str
    qualifier: tuple[str, ...]
    file: str
    line: int
    layer: int | None
    next: str | None = None  # the name one layer closer to a launch
    internal: bool = False  # static, in an unnamed namespace, or of a class a source file defines: used in `file`
    sites: tuple[LaunchSite, ...] = ()  # the launches written in it, in line order
    calls: tuple[str, ...] = ()  # the reaching names it uses

    @property
    def site(self) -> LaunchSite | None:
        return self.sites[0] if self.sites else None

    def to_row(self) -> list:
        return [self.name, list(self.qualifier), self.file, self.line, self.layer, self.next, self.internal,
                [[s.kind, s.name, s.file, s.line] for s in self.sites], list(self.calls)]

    @classmethod
    def from_row(cls, row: list) -> "ReachDef":
        name, qualifier, file, line, layer, nxt, internal, sites, calls = row
        return cls(name, tuple(qualifier), file, line, layer, nxt, internal,
                   tuple(LaunchSite(*site) for site in sites), tuple(calls))
