"""Objects of the repository's own classes in a route walk: construction (constructors, member initializers,
defaults), members as values, and methods called on `obj.`, `p->`, `this->` and unqualified inside a method.

An object's members live in the walk's member store under keys of its own (`$o3.member`, members.py), which
undecided branches merge like variables and every frame holding the object reads and writes. A virtual call
dispatches on the class the object was constructed as. What the walk cannot follow here (a class or method defined
nowhere in reach, a method on a receiver whose class is unknown) is said by the caller of these methods:
unknown_method() makes the route incomplete, naming it.
"""

from __future__ import annotations

import functools
import re

from op_migrate.analyzers.cxx.model import ClassDecl, CxxUnit, Expr, Function
from op_migrate.analyzers.route.callee_text import bare_name
from op_migrate.analyzers.route.integers import stored
from op_migrate.analyzers.route.overloads import arg_kind, choose
from op_migrate.analyzers.route.values import UNKNOWN, MethodRef, ObjectList, ObjectValue, Unknown, is_number

# How far a class's bases are followed; a deeper (or cyclic) hierarchy is reported and cut there.
MAX_BASES = 16
_MEMBER_PATH = re.compile(r"^\s*(this|[A-Za-z_]\w*)((?:\s*(?:\.|->)\s*[A-Za-z_]\w*)+)\s*$")
_MAKE = re.compile(r"^(?:std::)?make_(?:unique|shared)\s*<\s*(.+)\s*>$")
_QUALIFIERS = re.compile(r"\b(?:const|volatile|static|constexpr|struct|class|typename)\b")
# `std::vector<std::shared_ptr<Node>>`, `std::list<Node*>`, `op::FVector<std::unique_ptr<Node>>`: its element class.
_OBJECT_CONTAINER = re.compile(r"\b(?:std::)?(?:vector|list|deque|FVector|SmallVector)\s*<\s*(?:const\s+)?"
                               r"(?:(?:std::)?(?:shared_ptr|unique_ptr)\s*<\s*)?([A-Za-z_][\w:]*)")
# A range-for over a list of objects is unrolled (one pass per object) up to this many.
MAX_OBJECTS = 64


def class_spelling(type_text: str | None) -> str:
    """The class a declared type names: `const ns::MatmulOp&` -> `ns::MatmulOp` (no pointer, template arguments off)."""
    text = _QUALIFIERS.sub(" ", type_text or "").replace("&", " ").strip()
    return bare_name(text.rstrip("*").strip())


class ObjectCalls:
    """Methods of RouteWalk for objects; it supplies frame, scope, value(), _inline(), _incomplete() and _reported."""

    _objects = 0

    # -- classes ------------------------------------------------------------------------------------------------
    def class_decl(self, spelling: str) -> tuple[CxxUnit, ClassDecl] | None:
        """The repository class a spelling names, in reach of the current file (None for framework types)."""
        short = bare_name(spelling).rsplit("::", 1)[-1]
        if not short.isidentifier() or self.scope is None:
            return None
        return self.scope.class_decl(self.frame.unit, short, bare_name(spelling), self.frame.function.name)

    def class_named(self, cls: str) -> tuple[CxxUnit, ClassDecl] | None:
        """The class an object was made as (`ObjectValue.cls`, its qualified name): exactly that one."""
        return self.class_decl(f"::{cls}")

    def lineage(self, found: tuple[CxxUnit, ClassDecl]) -> list[tuple[CxxUnit, ClassDecl]]:
        """The class, then its bases breadth first (a cycle or a hierarchy deeper than MAX_BASES is cut, reported)."""
        chain, seen, pending = [], set(), [found]
        while pending:
            unit, decl = pending.pop(0)
            if decl.name in seen:
                self._note_once(("class-cycle", decl.name), "route-class-hierarchy-cut", decl.line, unit.path,
                                cls=decl.name, why="its bases lead back to it")
                continue
            if len(chain) >= MAX_BASES:
                self._note_once(("class-depth", decl.name), "route-class-hierarchy-cut", decl.line, unit.path,
                                cls=decl.name, why=f"more than {MAX_BASES} classes above it")
                break
            seen.add(decl.name)
            chain.append((unit, decl))
            for base in decl.bases:
                if self.scope is not None:
                    # A base is looked up from the class's own scope (`Derived::` holds its namespace).
                    parent = self.scope.class_decl(unit, bare_name(base).rsplit("::", 1)[-1], bare_name(base),
                                                   f"{decl.name}::")
                    if parent is not None:
                        pending.append(parent)
        return chain

    # -- construction -------------------------------------------------------------------------------------------
    def constructed(self, callee: str, expr: Expr):
        """`Cls(args)`, `std::make_unique<Cls>(args)`, `new Cls(args)`: an object of a repository class, else None."""
        made = _MAKE.match(bare_name(callee) if "<" not in callee else callee.strip())
        spelling = made.group(1) if made else callee
        found = self.class_decl(spelling)
        if found is None:
            return None
        return self.construct(found, expr, expr.children)

    def construct(self, found: tuple[CxxUnit, ClassDecl], expr: Expr, args: tuple[Expr, ...]) -> ObjectValue:
        """A new object: member defaults, then the constructor chosen by its arguments (its initializer list first,
        bases before members as C++ orders them), then its body; an aggregate `{a, b}` fills members in order."""
        ObjectCalls._objects += 1
        unit, decl = found
        obj = ObjectValue(decl.name, f"$o{ObjectCalls._objects}")
        lineage = self.lineage(found)
        for _, each in reversed(lineage):
            for member in each.fields:
                if not member.is_static:
                    value = self.value(member.value) if member.value is not None else Unknown(member.name)
                    self.store_member(self.frame, obj, member.name, self._maybe_object(member.type_text, value))
        call = Expr("call", expr.text, name=decl.name, children=tuple(args), line=expr.line)
        values = [self.value(arg) for arg in args]  # once: an argument may itself launch
        ctor = self._constructor(lineage[0], values)
        if ctor is not None:
            owner, function = ctor
            self._inline(owner, function, call, args=values, this=obj,
                         prologue=lambda: self._initialize(obj, function, lineage))
        elif args and not self._constructors(lineage[0]):
            for member, value in zip((m for m in decl.fields if not m.is_static), values):
                self.store_member(self.frame, obj, member.name, value)
        elif args or self._constructors(lineage[0]):
            self.unknown_method(obj, decl.short_name, call, args=values, what="constructor")
        return obj

    def braced_object(self, stmt):
        """`Cls obj{a, b};` / `Cls obj = {a, b};`: the object its constructor or aggregate initialization makes, or
        None when the declared type is no repository class."""
        found = self.class_decl(class_spelling(stmt.type_text)) if stmt.type_text and "*" not in stmt.type_text \
            else None
        return self.construct(found, stmt.value, stmt.value.children) if found is not None else None

    def braced_return(self, return_type: str, braces):
        """`return {a, b};` in a function returning a repository class: the object it initializes, or None."""
        if "*" in return_type or "&" in return_type:
            return None
        found = self.class_decl(class_spelling(return_type))
        return self.construct(found, braces, braces.children) if found is not None else None

    def default_constructed(self, type_text: str, line: int):
        """`Cls obj;`: an object of a repository class by its default constructor; None for other types."""
        if "*" in (type_text or "") or "&" in (type_text or ""):
            return None
        found = self.class_decl(class_spelling(type_text))
        if found is None:
            return None
        return self.construct(found, Expr("call", type_text, name=type_text, line=line), ())

    def _initialize(self, obj: ObjectValue, ctor: Function, lineage) -> None:
        """A constructor's initializer list, run in its frame: base constructors, then members."""
        bases = {decl.short_name: (unit, decl) for unit, decl in lineage[1:]}
        for name, args in ctor.initializers:
            base = bases.get(bare_name(name).rsplit("::", 1)[-1])
            if base is not None:
                call = Expr("call", name, name=name, children=args, line=ctor.line)
                values = [self.value(arg) for arg in args]
                found = self._constructor(base, values)
                if found is not None:
                    self._inline(found[0], found[1], call, args=values, this=obj,
                                 prologue=lambda f=found[1], b=base: self._initialize(obj, f, self.lineage(b)))
                continue
            member = next((m for _, d in lineage for m in d.fields if m.name == name), None)
            values = [self.value(arg) for arg in args]
            value = values[0] if len(values) == 1 else UNKNOWN
            if member is not None and len(values) != 1:
                nested = self.class_decl(class_spelling(member.type_text))
                if nested is not None:
                    value = self.construct(nested, Expr("call", member.type_text, line=ctor.line), args)
            self.store_member(self.frame, obj, name, value)

    def _constructors(self, found: tuple[CxxUnit, ClassDecl]) -> list[tuple[CxxUnit, Function]]:
        unit, decl = found
        return self._methods_of(unit, decl, decl.short_name)

    def _constructor(self, found, values: list):
        pairs = self._constructors(found)
        if not pairs:
            return None
        reachable = choose([function for _, function in pairs], len(values), [arg_kind(v) for v in values])
        return self.chosen(pairs, reachable) if reachable else None

    def _maybe_object(self, type_text: str, value):
        """A member declared as a repository class with no initializer is default-constructed; a container of
        them starts empty."""
        if isinstance(value, Unknown) and self.object_container(type_text):
            return ObjectList()
        if isinstance(value, Unknown) and type_text and "*" not in type_text and "&" not in type_text:
            found = self.class_decl(class_spelling(type_text))
            if found is not None:
                return self.construct(found, Expr("call", type_text, name=type_text), ())
        return value

    def object_container(self, type_text: str | None) -> bool:
        """Whether a declared type is a container of objects of a repository class."""
        match = _OBJECT_CONTAINER.search(type_text or "")
        return match is not None and self.class_decl(match.group(1)) is not None

    def object_list_method(self, listed: ObjectList, method: str, args) -> ObjectList | None:
        """`nodes.push_back(node)` / `emplace_back`: the list after it (None for other methods)."""
        if method in ("push_back", "emplace_back") and len(args) == 1:
            return ObjectList(listed.items + (self.value(args[0]),))
        if method == "clear" and not args:
            return ObjectList()
        return None

    def copied_object(self, obj: ObjectValue, born: set) -> ObjectValue:
        """A copy of `obj` for a parameter passed by value: its members under a key of its own, the callee's
        (`born`), written through to nobody (members that are objects stay shared: a shallow copy). A class that
        writes its own copy constructor makes what it likes of them: unknown."""
        ObjectCalls._objects += 1
        copy = ObjectValue(obj.cls, f"$o{ObjectCalls._objects}")
        if self._own_copy_constructor(obj.cls):
            return copy
        prefix = f"{obj.key}."
        for name in [name for name in self.members if name.startswith(prefix)]:
            key = f"{copy.key}.{name[len(prefix):]}"
            self.members[key] = self.members[name]
            self.logged_member(key, self.members[key])
            born.add(key)
        return copy

    def _own_copy_constructor(self, cls: str) -> bool:
        """Whether the class (or a base) declares a constructor taking one of its own by reference."""
        found = self.class_named(cls)
        if found is None:
            return False
        for unit, decl in self.lineage(found):
            for _, ctor in self._methods_of(unit, decl, decl.short_name):
                params = ctor.params
                if len(params) == 1 and "&" in params[0].declared_type and \
                        decl.short_name in params[0].declared_type and "&&" not in params[0].declared_type:
                    return True
        return False

    # -- members ------------------------------------------------------------------------------------------------
    def member_value(self, obj: ObjectValue, name: str):
        return self.members.get(f"{obj.key}.{name}", Unknown(name))

    def store_member(self, frame, obj: ObjectValue, name: str, value) -> None:
        """A member's new value, written by `frame`: every frame that shares the object sees it (members.py); a
        number is stored as the member's declared type converts it (`uint8_t u_; u_ = 260` holds 4)."""
        if is_number(value):
            value = stored(self._field_type(obj, name), value, name)
        self.write_member(frame, f"{obj.key}.{name}", value)

    def _field_type(self, obj: ObjectValue, name: str) -> str | None:
        field = self._field(obj, name)
        return field.type_text if field is not None else None

    def _field(self, obj: ObjectValue, name: str):
        """The declaration of the data member `name` of the object's class or its nearest base, or None."""
        found = self.class_named(obj.cls)
        if found is None:
            return None
        return next((m for _, d in self.lineage(found) for m in d.fields if m.name == name), None)

    def member_path(self, text: str, frame=None):
        """(object, member) that `a.b`, `p->b.c`, `this->b` names in `frame` (the current one by default: a write
        through a reference parameter names its caller's variables), or None when the path holds no object."""
        match = _MEMBER_PATH.match(text)
        if match is None:
            return None
        base = (frame or self.frame).env.get(match.group(1))
        names = _path_names(match.group(2))
        for name in names[:-1]:
            if not isinstance(base, ObjectValue):
                return None
            base = self.member_value(base, name)
        return (base, names[-1]) if isinstance(base, ObjectValue) else None

    def this_object(self) -> ObjectValue | None:
        value = self.frame.env.get("this")
        return value if isinstance(value, ObjectValue) else None

    def own_member(self, name: str):
        """(this, name) when `name` inside a method is one of its object's members (not a local), else None."""
        obj = self.this_object()
        if obj is None or name in self.frame.env or not name.isidentifier():
            return None
        key = f"{obj.key}.{name}"
        if key in self.members:
            return obj, name
        field = self._field(obj, name)
        # A static member is one variable of the class (`int64_t Counter::count_ = 0;`), not the object's.
        return (obj, name) if field is not None and not field.is_static else None

    # -- methods ------------------------------------------------------------------------------------------------
    def method_call(self, obj: ObjectValue, method: str, expr: Expr, qualifier: str | None = None):
        """`obj.Method(args)`: the definition of the object's class or its nearest base that has one (a virtual call
        reaches the override of the class it was constructed as); `qualifier` (`Base::Method`) starts there."""
        found = self.class_decl(qualifier) if qualifier else self.class_named(obj.cls)
        if found is None:
            return self.unknown_method(obj, method, expr)
        args = [self.value(arg) for arg in expr.children]
        for unit, decl in self.lineage(found):
            pairs = self._methods_of(unit, decl, method)
            reachable = choose([function for _, function in pairs], len(args), [arg_kind(a) for a in args])
            twins = _qualifier_twins(pairs, reachable)
            if len(twins) > 1:
                # `G()` and `G() const` (or `&` / `&&`): C++ picks by the object's qualifiers, the walk does not.
                return self._call_arms([(f"{obj.cls}::{method} at line {function.line}",
                                         MethodRef(obj, unit, function, tuple(args))) for unit, function in twins],
                                       expr, "$method")
            if reachable:
                owner, function = self.chosen(pairs, reachable)
                return self._inline(owner, function, expr, args=args, this=obj)
        return self.unknown_method(obj, method, expr, args=args)

    def own_method(self, short: str, expr: Expr):
        """An unqualified call inside a method of a method of its own class (or a base): `Process()` is
        `this->Process()`; NotImplemented when the object's class has no method of that name."""
        obj = self.this_object()
        if obj is None:
            return NotImplemented
        found = self.class_named(obj.cls)
        if found is None or not any(self._methods_of(u, d, short) for u, d in self.lineage(found)):
            return NotImplemented
        return self.method_call(obj, short, expr)

    def _methods_of(self, unit: CxxUnit, decl: ClassDecl, method: str) -> list[tuple[CxxUnit, Function]]:
        """Definitions of `decl.method` in reach: in the class, out of line in the file or its headers, or in a
        source beside a header that declares it."""
        if self.scope is None:
            return [(unit, f) for f in unit.functions if f.short_name == method and decl.owns(f)]
        return self.scope.methods(self.frame.unit, unit, decl, method)

    def unknown_method(self, obj: ObjectValue, method: str, expr: Expr, args=None, what: str = "method"):
        """A method of a repository class whose definition is not in reach: when its object holds what a launch
        needs (a tensor, the executor) what it does is unknown (`route-method-not-found`); otherwise the one
        decision for what is not modelled (route/unmodelled.py) says."""
        values = args if args is not None else [self.value(arg) for arg in expr.children]
        members = [value for key, value in self.members.items()
                   if key.startswith(obj.key + ".") and self.held_kind(value)]
        if members:
            self._incomplete("route-method-not-found", expr.line, method=f"{obj.cls}::{method}", what=what)
            return UNKNOWN
        return self.unmodelled_call(f"{obj.cls}::{method}", expr, values, what=what)


def _qualifier_twins(pairs, reachable) -> list:
    """The reachable definitions of one file whose parameters are the first one's: they differ only in their
    qualifiers (const, &, &&)."""
    if len(reachable) < 2:
        return []
    first = next(pair for pair in pairs if pair[1] is reachable[0])
    params = [param.declared_type for param in first[1].params]
    return [pair for pair in pairs if pair[1] in reachable and pair[0].path == first[0].path and
            [param.declared_type for param in pair[1].params] == params]


@functools.lru_cache(maxsize=65536)
def _path_names(path: str) -> tuple[str, ...]:
    """The names along a member path's tail (`->b.c` -> b, c); kept per text: reads of a member ask each time."""
    return tuple(re.findall(r"[A-Za-z_]\w*", path))
