"""An abstract interpreter of the Python subset TBE operators are written in: it runs the entry and compute
functions with dtypes, SoC facts and attributes as values, so that every branch the facts decide is taken as the
framework would take it, and every DSL call lands in the traced chain. Nothing is imported or executed.
"""

from __future__ import annotations

from astroid import nodes

from op_migrate.analyzers.scaffold import pybuiltins
from op_migrate.analyzers.scaffold.framework import HELPER_ANSWERS
from op_migrate.analyzers.scaffold.branches import Branches
from op_migrate.analyzers.scaffold.check_idioms import local_loop, only_checks
from op_migrate.analyzers.scaffold.interp_expr import Expressions
from op_migrate.analyzers.scaffold.runtime import Frame, ModuleValue, UserClass, UserFunction, UserInstance
from op_migrate.analyzers.scaffold.modules import ModuleCtx, ModuleLoader, is_framework
from op_migrate.analyzers.scaffold.shape_idioms import element_count_loop
from op_migrate.analyzers.scaffold.values import (
    AttrValue,
    DslRef,
    FrameworkRef,
    Opaque,
    Refused,
    Scalar,
    ShapeValue,
    TensorValue,
    Unknown,
    Untranslatable,
    numel_expr,
)
from op_migrate.analyzers.tbe.imports import dsl_name_of
from op_migrate.analyzers.tbe.select_values import items_of

MAX_DEPTH = 48
MAX_ITERATIONS = 4096


class _Return(Exception):
    def __init__(self, value) -> None:
        self.value = value


class _Break(Exception):
    pass


class _Continue(Exception):
    pass


class Interpreter(Expressions, Branches):
    """Runs functions of the operator tree; `dsl` and `framework` answer the calls into TBE."""

    def __init__(self, loader: ModuleLoader, dsl, framework) -> None:
        self.loader = loader
        self.dsl = dsl
        self.framework = framework
        self.stack: list[str] = []  # "function@line" of the helpers being inlined
        self.notes: list[tuple[str, int | None, str]] = []  # assumptions made: (text, line, path)
        self.attr_decisions: dict[str, bool] = {}  # attribute branch key -> the outcome this trace takes
        self.current_path = ""
        self.checking = False  # evaluating the test of a branch that only rejects input (Branches.exec_if)
        # ("cmp", op, left, right) conditions on one rank that a check assumed to pass holds false (`len(x) > 4:
        # raise`): a later fork on that rank skips the values they reject (ShapeBranches.concrete_rank)
        self.rank_limits: list[tuple] = []

    # ---------------------------------------------------------------- modules and names
    def load_module(self, ctx: ModuleCtx) -> ModuleCtx:
        if not ctx.loaded:
            ctx.loaded = True
            frame = Frame(module=ctx, name="<module>", locals=ctx.globals)
            for statement in ctx.tree.body:
                if isinstance(statement, (nodes.Import, nodes.ImportFrom, nodes.FunctionDef, nodes.ClassDef, nodes.Expr)):
                    continue
                try:
                    self.exec_stmt(statement, frame)
                except (Untranslatable, Refused, _Return, _Break, _Continue, RecursionError):
                    for target in _assigned_names(statement):
                        ctx.globals[target] = Unknown(f"module-level {target} of {ctx.name}", statement.lineno)
        return ctx

    def lookup(self, name: str, frame: Frame, node: nodes.NodeNG):
        current: Frame | None = frame
        while current is not None:
            if name in current.locals:
                return current.locals[name]
            current = current.parent
        scope = node.scope() if isinstance(node, nodes.NodeNG) else None
        if isinstance(scope, nodes.FunctionDef) and scope.name == frame.name and name in scope.locals:
            # A local of this function no statement on this path has assigned (`res` set only under grad_x /
            # grad_y outcomes, read after them): Python raises UnboundLocalError, so TBE refuses these values.
            line = getattr(node, "lineno", None)
            raise Refused(f"{name} is read at line {line} before this path assigns it (UnboundLocalError)", line,
                          self.current_path)
        return self.module_attr(frame.module, name, node)

    def module_attr(self, ctx: ModuleCtx, name: str, node: nodes.NodeNG | None):
        if f"{ctx.name}.{name}" in HELPER_ANSWERS:
            return FrameworkRef(f"{ctx.name}.{name}")
        self.load_module(ctx)
        if name in ctx.globals:
            return ctx.globals[name]
        if name in ctx.functions:
            return UserFunction(ctx.functions[name], ctx)
        if name in ctx.classes:
            value = UserClass(ctx.classes[name], ctx)
            ctx.globals[name] = value
            return value
        if name in ctx.scope.aliases:
            return self.resolve_path(ctx.scope.aliases[name])
        if name in pybuiltins.BUILTINS:
            return pybuiltins.BUILTINS[name]
        return Unknown(f"name {name!r} is not defined in {ctx.name}", getattr(node, "lineno", None))

    def resolve_path(self, dotted: str):
        if dotted in HELPER_ANSWERS:
            return FrameworkRef(dotted)
        dsl = dsl_name_of(dotted)
        if dsl is not None:
            return DslRef(dsl[0], dsl[1])
        tail = dotted.rsplit(".", 1)[-1]
        if dotted.startswith(("te.lang.cce.", "tbe.dsl.")) and self.dsl.knows(tail):
            return DslRef(tail, dotted)  # te.lang.cce.te_compute.elewise_compute.vmuls and such
        if dotted in ("impl.util.platform_adapter.tbe", "tbe.dsl", "te.lang.cce", "tbe.dsl.api"):
            return FrameworkRef("tbe.dsl")
        if not is_framework(dotted):
            ctx = self.loader.module(dotted)
            if ctx is not None:
                return ModuleValue(ctx)
            module, _, attr = dotted.rpartition(".")
            parent = self.loader.module(module) if module else None
            if parent is not None:
                return self.module_attr(parent, attr, None)
        return FrameworkRef(dotted)

    # ---------------------------------------------------------------- calls
    def call(self, fn, args: list, kwargs: dict, node: nodes.NodeNG):
        if isinstance(fn, UserFunction):
            if self.framework.wraps(fn.node):
                return self.framework.run_wrapped(self, fn, args, kwargs, node)
            return self.run_function(fn, args, kwargs, node)
        if isinstance(fn, UserClass):
            instance = UserInstance(fn)
            init = self.class_attr(fn, "__init__")
            if isinstance(init, UserFunction):
                self.run_function(UserFunction(init.node, init.module, init.closure, instance), args, kwargs, node)
            return instance
        if isinstance(fn, DslRef):
            return self.dsl.call(self, fn, args, kwargs, node)
        if isinstance(fn, FrameworkRef):
            if fn.path == "tbe.dsl" or fn.path.startswith("tbe.dsl."):
                name = fn.path.rsplit(".", 1)[-1]
                return self.dsl.call(self, DslRef(name, fn.path), args, kwargs, node)
            return self.framework.call(self, fn.path, args, kwargs, node)
        if isinstance(fn, pybuiltins.Builtin):
            return fn.fn(self, args, kwargs, node)
        if isinstance(fn, Opaque):
            return Opaque(f"{fn.what}()")
        tensors = [a for a in [*args, *kwargs.values()] if isinstance(a, TensorValue)]
        if tensors:
            raise self.untranslatable(f"a tensor is passed to {self.describe(fn)}, which the scaffold cannot follow",
                                      node, construct=node.as_string() if isinstance(node, nodes.Call) else "")
        return Unknown(f"the result of {self.describe(fn)}", getattr(node, "lineno", None))

    def run_function(self, fn: UserFunction, args: list, kwargs: dict, node: nodes.NodeNG):
        if len(self.stack) >= MAX_DEPTH:
            raise self.untranslatable("helper calls nest deeper than the scaffold follows", node)
        frame = Frame(module=fn.module, name=getattr(fn.node, "name", "<lambda>"), parent=fn.closure)
        positional = [fn.bound, *args] if fn.bound is not None else list(args)
        self.bind_arguments(fn.node.args, positional, dict(kwargs), frame, node)
        self.stack.append(f"{frame.name}@{getattr(node, 'lineno', '?')}")
        previous = self.current_path
        self.current_path = fn.module.path
        try:
            if isinstance(fn.node, nodes.Lambda):
                return self.eval(fn.node.body, frame)
            self.exec_block(fn.node.body, frame)
            return None
        except _Return as returned:
            return returned.value
        finally:
            self.stack.pop()
            self.current_path = previous

    def bind_arguments(self, arguments: nodes.Arguments, args: list, kwargs: dict, frame: Frame, node) -> None:
        params = [a.name for a in (arguments.posonlyargs or []) + (arguments.args or [])]
        defaults = arguments.defaults or []
        first_default = len(params) - len(defaults)
        for index, name in enumerate(params):
            if index < len(args):
                frame.locals[name] = args[index]
            elif name in kwargs:
                frame.locals[name] = kwargs.pop(name)
            elif index >= first_default:
                frame.locals[name] = self.eval(defaults[index - first_default], Frame(module=frame.module, name="<defaults>"))
            else:
                frame.locals[name] = Unknown(f"argument {name} not given", getattr(node, "lineno", None))
        if arguments.vararg:
            frame.locals[arguments.vararg] = tuple(args[len(params):])
        for index, arg in enumerate(arguments.kwonlyargs or []):
            if arg.name in kwargs:
                frame.locals[arg.name] = kwargs.pop(arg.name)
            else:
                default = (arguments.kw_defaults or [None] * len(arguments.kwonlyargs))[index]
                frame.locals[arg.name] = self.eval(default, frame) if default is not None else None
        if arguments.kwarg:
            frame.locals[arguments.kwarg] = dict(kwargs)

    def class_attr(self, cls: UserClass, name: str):
        if cls.attrs is None:
            cls.attrs = {}
            frame = Frame(module=cls.module, name=cls.node.name, locals=cls.attrs)
            for statement in cls.node.body:
                if isinstance(statement, nodes.FunctionDef):
                    cls.attrs[statement.name] = UserFunction(statement, cls.module)
                elif isinstance(statement, (nodes.Assign, nodes.AnnAssign)):
                    try:
                        self.exec_stmt(statement, frame)
                    except (Untranslatable, Refused):
                        for target in _assigned_names(statement):
                            cls.attrs[target] = Unknown(f"{cls.node.name}.{target}", statement.lineno)
            for base in cls.node.bases:
                value = self.eval(base, Frame(module=cls.module, name="<bases>"))
                if isinstance(value, UserClass):
                    for key in self.class_attr_names(value):
                        cls.attrs.setdefault(key, self.class_attr(value, key))
        return cls.attrs.get(name, Unknown(f"{cls.node.name}.{name}"))

    def class_attr_names(self, cls: UserClass) -> list[str]:
        self.class_attr(cls, "__init__")
        return list(cls.attrs or {})

    # ---------------------------------------------------------------- statements
    def exec_block(self, statements, frame: Frame) -> None:
        for statement in statements:
            self.exec_stmt(statement, frame)

    def exec_stmt(self, stmt: nodes.NodeNG, frame: Frame) -> None:
        if isinstance(stmt, nodes.Expr):
            self.eval(stmt.value, frame)
        elif isinstance(stmt, nodes.Assign):
            value = self.eval(stmt.value, frame)
            for target in stmt.targets:
                self.assign(target, value, frame)
        elif isinstance(stmt, nodes.AnnAssign):
            if stmt.value is not None:
                self.assign(stmt.target, self.eval(stmt.value, frame), frame)
        elif isinstance(stmt, nodes.AugAssign):
            current = self.read_target(stmt.target, frame)
            value = self.binary(stmt.op.rstrip("="), current, self.eval(stmt.value, frame), stmt)
            self.assign(stmt.target, value, frame)
        elif isinstance(stmt, nodes.If):
            self.exec_if(stmt, frame)
        elif isinstance(stmt, nodes.For):
            self.exec_for(stmt, frame)
        elif isinstance(stmt, nodes.While):
            count = 0
            while self.truth(self.eval(stmt.test, frame), stmt.test):
                count += 1
                if count > MAX_ITERATIONS:
                    raise self.untranslatable("a while loop runs longer than the scaffold follows", stmt)
                try:
                    self.exec_block(stmt.body, frame)
                except _Break:
                    break
                except _Continue:
                    continue
        elif isinstance(stmt, nodes.With):
            for item, alias in stmt.items:
                value = self.eval(item, frame)
                if alias is not None:
                    self.assign(alias, value, frame)
            self.exec_block(stmt.body, frame)
        elif isinstance(stmt, nodes.Return):
            raise _Return(self.eval(stmt.value, frame) if stmt.value is not None else None)
        elif isinstance(stmt, nodes.Raise):
            raise Refused(f"raise at line {stmt.lineno}: {stmt.as_string()[:160]}", stmt.lineno, frame.module.path)
        elif isinstance(stmt, nodes.Try):
            self.exec_block(stmt.body, frame)
            self.exec_block(stmt.orelse, frame)
            self.exec_block(stmt.finalbody, frame)
        elif isinstance(stmt, nodes.Assert):
            value = self.eval(stmt.test, frame)
            if not isinstance(value, Unknown) and not self.truth(value, stmt.test):
                raise Refused(f"assert at line {stmt.lineno}", stmt.lineno, frame.module.path)
        elif isinstance(stmt, nodes.Break):
            raise _Break()
        elif isinstance(stmt, nodes.Continue):
            raise _Continue()
        elif isinstance(stmt, nodes.FunctionDef):
            frame.locals[stmt.name] = UserFunction(stmt, frame.module, frame)
        elif isinstance(stmt, nodes.ClassDef):
            frame.locals[stmt.name] = UserClass(stmt, frame.module)
        elif isinstance(stmt, (nodes.Pass, nodes.Import, nodes.ImportFrom, nodes.Global, nodes.Nonlocal, nodes.Delete)):
            return
        else:
            raise self.untranslatable(f"the statement {type(stmt).__name__} is not modelled", stmt)

    def exec_for(self, stmt: nodes.For, frame: Frame) -> None:
        value = self.eval(stmt.iter, frame)
        accumulator = element_count_loop(stmt)
        if isinstance(value, ShapeValue) and value.refs and accumulator and not stmt.orelse:
            # `for d in shape: n *= d` (static builds: d an int): n times the element count, which the host knows.
            frame.locals[accumulator] = self.binary("*", self.lookup(accumulator, frame, stmt),
                                                    Scalar(numel_expr(value.refs), None), stmt)
            self.notes.append((f"for {stmt.target.as_string()} in {stmt.iter.as_string()[:80]}: {accumulator} times "
                               f"the element count, computed by the host from the input shapes", stmt.lineno,
                               frame.module.path))
            return
        if self.differ_search(stmt, frame):
            return
        try:
            iterable = self.iterate(value, stmt.iter)
        except Untranslatable:
            # A loop over what the facts do not know (a dynamic shape's dims) that only checks input is assumed to
            # pass, as an undecidable check that only rejects is.
            if not stmt.orelse and only_checks(stmt.body):
                self.notes.append((f"assumed to pass (a loop that only rejects input): for ... in "
                                   f"{stmt.iter.as_string()[:100]}", stmt.lineno, frame.module.path))
                return
            names = local_loop(stmt)
            if names is not None:
                # What it sets is unknown from here on: a use that matters stops the trace with this reason, a
                # check that only rejects is assumed to pass, a port's range is not read by the kernel.
                for name in names:
                    frame.locals[name] = Unknown(f"{name}, set by a loop over {stmt.iter.as_string()[:60]} that the "
                                                 "scaffold does not follow", stmt.lineno)
                self.notes.append((f"not followed (it only sets {', '.join(sorted(names))}, unknown from here on): "
                                   f"for ... in {stmt.iter.as_string()[:100]}", stmt.lineno, frame.module.path))
                return
            raise
        for count, item in enumerate(iterable):
            if count > MAX_ITERATIONS:
                raise self.untranslatable("a for loop runs longer than the scaffold follows", stmt)
            self.assign(stmt.target, item, frame)
            try:
                self.exec_block(stmt.body, frame)
            except _Break:
                return
            except _Continue:
                continue
        else:
            self.exec_block(stmt.orelse, frame)

    def assign(self, target: nodes.NodeNG, value, frame: Frame) -> None:
        if isinstance(target, nodes.AssignName):
            frame.locals[target.name] = value
        elif isinstance(target, (nodes.Tuple, nodes.List)):
            items = self.iterate(value, target)
            starred = [i for i, e in enumerate(target.elts) if isinstance(e, nodes.Starred)]
            if starred:
                at = starred[0]
                tail = len(target.elts) - at - 1
                items = [*items[:at], list(items[at:len(items) - tail]), *items[len(items) - tail:]]
            if len(items) != len(target.elts):
                raise self.untranslatable(f"cannot unpack {len(items)} values into {len(target.elts)}", target)
            for element, item in zip(target.elts, items):
                self.assign(element.value if isinstance(element, nodes.Starred) else element, item, frame)
        elif isinstance(target, nodes.Subscript):
            container = self.eval(target.value, frame)
            key = self.eval(target.slice, frame)
            if isinstance(container, list) and isinstance(key, int) and not isinstance(key, bool) \
                    and not -len(container) <= key < len(container):
                # `w = [1] * len(shape); w[1] = c` of a rank-1 shape: Python raises IndexError there, TBE refuses
                raise Refused(f"{target.as_string()[:80]} at line {target.lineno}: index {key} of a list of "
                              f"{len(container)} (IndexError)", target.lineno, self.current_path)
            if isinstance(container, (dict, list)):
                try:
                    container[key] = value
                except (TypeError, IndexError, KeyError):
                    pass
        elif isinstance(target, nodes.AssignAttr):
            owner = self.eval(target.expr, frame)
            if isinstance(owner, (UserInstance, Opaque)):
                owner.attrs[target.attrname] = value
            elif isinstance(owner, UserClass):
                self.class_attr(owner, target.attrname)
                owner.attrs[target.attrname] = value
        else:
            raise self.untranslatable(f"assignment to {type(target).__name__}", target)

    def read_target(self, target: nodes.NodeNG, frame: Frame):
        if isinstance(target, nodes.AssignName):
            return self.lookup(target.name, frame, target)
        if isinstance(target, nodes.AssignAttr):
            return self.attribute(self.eval(target.expr, frame), target.attrname, target)
        return self.eval(target, frame)

    # ---------------------------------------------------------------- value helpers
    def attribute(self, value, name: str, node):
        if isinstance(value, ModuleValue):
            return self.module_attr(value.ctx, name, node)
        if isinstance(value, UserInstance):
            if name in value.attrs:
                return value.attrs[name]
            found = self.class_attr(value.cls, name)
            if isinstance(found, UserFunction):
                return UserFunction(found.node, found.module, found.closure, value)
            return found
        if isinstance(value, UserClass):
            return self.class_attr(value, name)
        if isinstance(value, FrameworkRef):
            return self.framework.attribute(self, value.path, name, node)
        if isinstance(value, DslRef):
            return Unknown(f"{value.qualified}.{name}")
        return pybuiltins.attribute(self, value, name, node)

    def iterate(self, value, node) -> list:
        items = items_of(value)
        if items is not None:
            return items
        items = getattr(value, "cases", None)
        if items is not None:
            return list(items)
        raise self.untranslatable(f"cannot iterate over {self.describe(value)}", node,
                                  construct=node.as_string()[:120] if node is not None else "")

    def describe(self, value) -> str:
        if isinstance(value, Unknown):
            return value.reason
        if isinstance(value, FrameworkRef):
            return value.path
        if isinstance(value, UserFunction):
            return getattr(value.node, "name", "a lambda")
        if isinstance(value, (ShapeValue, AttrValue)):
            return pybuiltins.unknowable(value)
        return type(value).__name__

    def untranslatable(self, reason: str, node, construct: str = "") -> Untranslatable:
        return Untranslatable(reason, getattr(node, "lineno", None), self.current_path, construct)


def _assigned_names(statement: nodes.NodeNG) -> list[str]:
    return [n.name for n in statement.nodes_of_class(nodes.AssignName)]
