"""Registration decorators, the entry function and its check_op_params signature, op type and mode."""

from __future__ import annotations

import re
from dataclasses import dataclass

from astroid import nodes

from op_migrate.analyzers.tbe.model import Param, Registration

_REGISTRATION_SUFFIXES = (
    "register_operator",
    "register_operator_compute",
    "register_op_compute",
    "fusion_manager.register",
    "register_param_generalization",
    "check_op_params",
    "check_input_type",
)
_CAMEL_BOUNDARY = re.compile(r"(?<=[a-z0-9])(?=[A-Z])")
COMPUTE_DECORATORS = ("register_operator_compute", "register_op_compute", "fusion_manager.register")


@dataclass(frozen=True)
class EntryInfo:
    """What the registration pass found, before dtype and compute analysis."""

    registrations: tuple[Registration, ...]
    entry: nodes.FunctionDef | None
    computes: tuple[nodes.FunctionDef, ...]
    params: tuple[Param, ...]
    declared_count: int
    op_type: str | None
    op_type_source: str | None
    mode: str | None
    mode_evidence: tuple[str, ...]
    bool_as_int8: bool  # register_operator(trans_bool_to_s8=True), the default: bool tensors reach the kernel as int8


def camel_case(snake: str) -> str:
    """floor_mod -> FloorMod (the op type the framework derives from a module name)."""
    return "".join(part[:1].upper() + part[1:] for part in snake.split("_") if part)


def snake_case(camel: str) -> str:
    return _CAMEL_BOUNDARY.sub("_", camel).lower()


def _decorator_name(decorator: nodes.NodeNG) -> str:
    func = decorator.func if isinstance(decorator, nodes.Call) else decorator
    return func.as_string()


def _matches(name: str, suffix: str) -> bool:
    return name == suffix or name.endswith("." + suffix)


def _registration(function: nodes.FunctionDef, decorator: nodes.NodeNG) -> Registration | None:
    name = _decorator_name(decorator)
    suffix = next((s for s in _REGISTRATION_SUFFIXES if _matches(name, s)), None)
    if suffix is None:
        return None
    op_name = None
    options: dict = {}
    if isinstance(decorator, nodes.Call):
        if decorator.args and isinstance(decorator.args[0], nodes.Const) and isinstance(decorator.args[0].value, str):
            op_name = decorator.args[0].value
        for keyword in decorator.keywords or ():
            value = keyword.value
            options[keyword.arg] = value.value if isinstance(value, nodes.Const) else value.as_string()
        if suffix in ("check_op_params", "check_input_type"):
            op_name = None
            options = {"constants": [_constant_name(arg) for arg in decorator.args]}
    return Registration(decorator=suffix, function=function.name, line=decorator.lineno, op_name=op_name, options=options)


def _entry_rank(kinds: set[str]) -> int | None:
    """How surely a function with these decorators is the operator's entry (lower is surer); None: it is not one.

    register_operator registers the entry itself. A fusion compute function often carries check_input_type (or
    even check_op_params) as well: it is the entry only when no function without a compute decorator is one.
    """
    compute = bool(kinds & set(COMPUTE_DECORATORS))
    for rank, decorator in enumerate(("register_operator", "check_op_params", "check_input_type")):
        if decorator in kinds:
            return rank + (3 if compute else 0)
    return None


def _constant_name(node: nodes.NodeNG) -> str:
    """para_check.REQUIRED_INPUT -> REQUIRED_INPUT; a tuple (one parameter, several kinds) -> "A | B"."""
    if isinstance(node, (nodes.Tuple, nodes.List)):
        return " | ".join(_constant_name(element) for element in node.elts)
    text = node.as_string()
    return text if text == "type(None)" else text.rsplit(".", 1)[-1]


def _role(constant: str) -> str:
    """The role a check_op_params constant (or check_input_type's Python types) gives its parameter.

    check_input_type says `dict` for inputs and outputs alike: such a parameter is a tensor, which one it is
    the decorator does not say; (type(None), dict) is an optional one.
    """
    roles = {_one_role(part.strip()) for part in constant.split("|")}
    if len(roles) > 1:
        roles.discard("none")
    return roles.pop() if len(roles) == 1 else "unknown"


_PYTHON_TYPES = {"int", "float", "str", "bool", "list", "tuple"}


def _one_role(constant: str) -> str:
    if constant == "KERNEL_NAME":
        return "kernel_name"
    if constant.endswith("_INPUT"):
        return "input"
    if constant.endswith("_OUTPUT"):
        return "output"
    if "_ATTR_" in constant:
        return "attr"
    if constant in ("dict", "Tensor"):
        return "tensor"
    if constant in _PYTHON_TYPES:
        return "attr"
    return "none" if constant in ("NONE_TYPE", "type(None)", "NoneType") else "unknown"


def _params(entry: nodes.FunctionDef, constants: list[str]) -> tuple[Param, ...]:
    arguments = entry.args
    names = [arg.name for arg in (arguments.posonlyargs or []) + (arguments.args or [])]
    defaults = [None] * (len(names) - len(arguments.defaults)) + [d.as_string() for d in arguments.defaults]
    params = []
    for index, name in enumerate(names):
        declared = constants[index] if index < len(constants) else None
        # Beyond the decorator's constants a parameter is extra (impl_mode); with no decorator at all, undeclared.
        if name == "kernel_name":
            role = "kernel_name"
        else:
            role = _role(declared) if declared else ("extra" if constants else "undeclared")
        params.append(Param(name=name, role=role, declared_as=declared, default=defaults[index]))
    return tuple(params)


def declared_roles(function: nodes.FunctionDef, registrations) -> dict[str, str]:
    """Parameter -> the constant (or Python types) its check_op_params / check_input_type declares it with."""
    for registration in registrations:
        if registration.function == function.name and registration.decorator in ("check_op_params", "check_input_type"):
            constants = registration.options.get("constants", [])
            return {p.name: p.declared_as for p in _params(function, constants) if p.declared_as}
    return {}


def read_registration(tree: nodes.Module, module_stem: str, path: str = "", calls: list = ()) -> EntryInfo:
    """Find decorators, the entry (register_operator / check_op_params / module-named function) and the compute."""
    functions = [node for node in tree.body if isinstance(node, nodes.FunctionDef)]
    registrations: list[Registration] = []
    candidates: list[tuple[int, int, nodes.FunctionDef]] = []
    computes = []
    for order, function in enumerate(functions):
        found = [r for r in (_registration(function, d) for d in (function.decorators.nodes if function.decorators else ())) if r]
        registrations.extend(found)
        kinds = {r.decorator for r in found}
        rank = _entry_rank(kinds)
        if rank is not None:
            candidates.append((rank, order, function))
        if kinds & set(COMPUTE_DECORATORS) or (function.name.endswith("_compute") and not kinds):
            computes.append(function)
    entry = min(candidates, key=lambda item: item[:2])[2] if candidates else None
    if entry is None:
        entry = next((f for f in functions if f.name == module_stem), None)
    constants: list[str] = []
    if entry is not None:
        for registration in registrations:
            if registration.function == entry.name and registration.decorator in ("check_op_params", "check_input_type"):
                constants = list(registration.options.get("constants", []))
    params = _params(entry, constants) if entry is not None else ()
    op_type, source = _op_type(registrations, entry)
    mode, evidence = _mode(registrations, entry, path, calls)
    trans = next((r.options.get("trans_bool_to_s8") for r in registrations if r.decorator == "register_operator"), None)
    return EntryInfo(
        registrations=tuple(registrations),
        entry=entry,
        computes=tuple(computes),
        params=params,
        declared_count=len(constants),
        op_type=op_type,
        op_type_source=source,
        mode=mode,
        mode_evidence=evidence,
        bool_as_int8=trans not in (False, "False"),
    )


def _op_type(registrations: list[Registration], entry) -> tuple[str | None, str | None]:
    for decorator in ("register_operator", "register_operator_compute", "register_op_compute", "fusion_manager.register"):
        for registration in registrations:
            if registration.decorator == decorator and registration.op_name:
                name = registration.op_name
                if "_" in name or name.islower():
                    return camel_case(name), f"{decorator}({name!r}), converted to CamelCase"
                return name, f"{decorator}({name!r})"
    if entry is not None:
        return camel_case(entry.name), f"entry function name {entry.name!r}, converted to CamelCase"
    return None, None


def _mode(registrations: list[Registration], entry, path: str, calls) -> tuple[str | None, tuple[str, ...]]:
    """dynamic / static from what the file says about itself: decorators, its folder, its build call.

    The op-info's dynamicShapeSupport is added by whoever reads the op-info; a file under impl/dynamic built with
    a tiling flowtable is dynamic even without register_operator.
    """
    evidence: list[tuple[str, str]] = []
    for registration in registrations:
        op_mode = registration.options.get("op_mode")
        if op_mode in ("dynamic", "static"):
            evidence.append((op_mode, f"{registration.decorator}(op_mode={op_mode!r}) at line {registration.line}"))
    if any(r.decorator == "register_operator" for r in registrations):
        line = next(r.line for r in registrations if r.decorator == "register_operator")
        evidence.append(("dynamic", f"register_operator at line {line}"))
    parts = path.replace("\\", "/").split("/")
    if "dynamic" in parts[:-1]:
        evidence.append(("dynamic", "the file is under a dynamic/ folder"))
    for call in calls:
        name = call.func.attrname if isinstance(call.func, nodes.Attribute) else getattr(call.func, "name", "")
        if name == "BuildCCE":
            flowtable = any(k.arg == "flowtable" for k in call.keywords or ())
            evidence.append(("dynamic" if flowtable else "static",
                             f"BuildCCE at line {call.lineno} {'with' if flowtable else 'without'} a tiling flowtable"))
        elif name == "cce_build_code":
            evidence.append(("static", f"cce_build_code at line {call.lineno}"))
    if not evidence:
        if any(r.decorator == "fusion_manager.register" for r in registrations) or entry is not None:
            return "static", ("no dynamic registration, folder or build call",)
        return None, ()
    # The first piece of evidence decides (decorators, then the folder, then the build call); all are kept.
    texts = tuple(dict.fromkeys(text for _, text in evidence))
    return evidence[0][0], texts
