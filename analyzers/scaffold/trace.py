"""Trace one TBE operator for one dtype combination on one SoC: run its entry function on the abstract interpreter
and return the chain of DSL calls that combination computes, or what stopped the trace."""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from astroid import nodes

from op_migrate.analyzers.scaffold.chain import Chain, ChainInput, ChainOp, ChainOutput, Gap
from op_migrate.analyzers.scaffold.dsl_calls import Dsl, Tracer
from op_migrate.analyzers.scaffold.framework import Framework, attr_value
from op_migrate.analyzers.scaffold.interp import Frame, Interpreter, UserFunction
from op_migrate.analyzers.scaffold.modules import ModuleCtx, ModuleLoader
from op_migrate.analyzers.scaffold.partial_outputs import UNBOUND, bind_results
from op_migrate.analyzers.scaffold.platform import Platform
from op_migrate.analyzers.scaffold.scalars import reinterpreted
from op_migrate.analyzers.scaffold.values import AttrBranch, Refused, ShapeValue, TensorValue, Unknown, Untranslatable
from op_migrate.analyzers.tbe.registration import read_registration

# Build-time options of the TBE framework, not operator attributes: the trace takes their default.
BUILD_OPTIONS = {"impl_mode"}


@dataclass(frozen=True)
class Port:
    """An operator input, output or attribute as the entry function declares it."""

    name: str
    role: str  # input | output | attr | kernel_name | extra
    declared_as: str | None
    default: str | None


@dataclass(frozen=True)
class EntryFacts:
    """The operator file's entry function and its parameters, read once for every combination."""

    module: ModuleCtx
    entry: nodes.FunctionDef | None
    ports: tuple[Port, ...]
    op_type: str | None
    bool_as_int8: bool


def with_roles(facts: EntryFacts, inputs: int, outputs: int) -> EntryFacts:
    """An entry without check_op_params declares no roles: its parameters take the op-info's order (inputs, outputs,
    then attributes; kernel_name stays what it is)."""
    if any(p.role in ("input", "output") for p in facts.ports):
        return facts
    ports = []
    for index, port in enumerate(facts.ports):
        if port.role == "kernel_name" or port.name == "kernel_name":
            ports.append(replace(port, role="kernel_name"))
        elif index < inputs:
            ports.append(replace(port, role="input"))
        elif index < inputs + outputs:
            ports.append(replace(port, role="output"))
        else:
            ports.append(replace(port, role="attr"))
    return replace(facts, ports=tuple(ports))


def read_entry(loader: ModuleLoader, path: Path) -> EntryFacts:
    module = loader.parse_file(path, f"impl.dynamic.{path.stem}")
    info = read_registration(module.tree, path.stem, str(path))
    ports = tuple(Port(p.name, p.role, p.declared_as, p.default) for p in info.params)
    return EntryFacts(module=module, entry=info.entry, ports=ports, op_type=info.op_type, bool_as_int8=info.bool_as_int8)


MAX_TRACES = 64  # traces per dtype combination (variants whose outputs do not match are dropped later)


# The fewest dims a shape in a storage format has (FRACTAL_NZ: the original rank + 2, at least 4). The original
# formats (NCHW ...) say nothing: a [C] input of an NCHW operator is rank 1.
STORAGE_RANKS = {"NC1HWC0": 5, "NDC1HWC0": 6, "FRACTAL_Z": 4, "FRACTAL_Z_3D": 4, "FRACTAL_NZ": 4, "C1HWNCoC0": 6}
# The storage formats whose rank is that number exactly (N C1 H W C0; N D C1 H W C0): len() compared with any
# number decides (PRelu's `w_dim != 5` of an NC1HWC0 weight).
EXACT_RANKS = {"NC1HWC0", "NDC1HWC0"}

# The original format a storage format comes from (what the graph hands an operator as ori_format).
ORIGINAL_FORMATS = {"NC1HWC0": "NCHW", "NDC1HWC0": "NCDHW", "FRACTAL_Z": "NCHW", "FRACTAL_Z_3D": "NCDHW",
                    "FRACTAL_NZ": "ND", "C1HWNCoC0": "HWCN"}


def trace_variants(facts: EntryFacts, loader: ModuleLoader, platform: Platform, inputs: list[tuple[str, str]],
                   outputs: list[tuple[str, str]], attr_types: dict[str, str] | None = None,
                   formats: dict[str, str] | None = None, fixed: dict | None = None,
                   lists: dict[str, int] | None = None) -> list[Chain]:
    """Every chain of one dtype combination: a branch on an attribute known only at run time forks the trace into
    one chain per outcome (extra["conditions"] says which), at most MAX_TRACES traces. fixed: attributes the
    generated operator does not carry (list kinds), traced with these values (their op-info defaults). lists: a
    dynamic (tensor-list) input traced as a list of that many tensors (list_inputs.py), its elements `port[i]`."""
    leaves: list[Chain] = []
    pending: list[dict] = [{}]
    seen: dict[str, dict] = {}
    static = False
    while pending:
        decisions = pending.pop(0)
        chain, branch = _trace(facts, loader, platform, inputs, outputs, attr_types, decisions, formats or {}, static,
                               fixed, lists)
        if not static and branch is None and chain.gaps and chain.refused is None:
            # The dynamic path stops (a scalar left to the C++ op tiling by tbe.var, whose value is not in the
            # install; a dimension or rank it does not know). TBE's static build of the same operator computes the
            # same function for known shapes, which the host has per call: trace that path (is_unknown False, every
            # dim known) and, if it goes through, every further variant that way.
            retry, retry_branch = _trace(facts, loader, platform, inputs, outputs, attr_types, decisions,
                                         formats or {}, True, fixed, lists)
            if not retry.gaps or retry_branch is not None:
                static = True
                chain, branch = retry, retry_branch
            elif _needs_tiling_var(chain):
                gap = chain.gaps[0]
                chain = replace(chain, gaps=(replace(gap, reason=f"{gap.reason}; its static path: "
                                                                 f"{retry.gaps[0].reason}"), *chain.gaps[1:]))
        if static:
            chain = replace(chain, notes=(*chain.notes, (
                "traced on the static path (is_unknown() False, every dimension known), as a TBE build of the call's "
                "shapes: the dynamic path stops (tbe.var scalars the C++ op tiling sets, whose source is not in the "
                "install, or dims it does not know); the host computes the static build's values from the shapes of "
                "each call (the same function assumed, only a TBE build could confirm)",
                facts.entry.lineno if facts.entry else None, facts.module.path)))
        conditions = [{**seen[key], "outcome": outcome} for key, outcome in decisions.items()]
        if conditions:
            chain = replace(chain, extra={**chain.extra, "conditions": conditions})
        if branch is None:
            leaves.append(chain)
            continue
        seen[branch.key] = {"predicate": branch.predicate, "text": branch.text, "line": branch.line,
                            "path": branch.path}
        traced = len(leaves) + len(pending)
        if traced + 2 > MAX_TRACES:
            leaves.append(replace(chain, gaps=(Gap(branch.text, f"more than {MAX_TRACES} attribute branch outcomes",
                                                   branch.line, branch.path),)))
            continue
        pending += [{**decisions, branch.key: True}, {**decisions, branch.key: False}]
    return bind_results(leaves, [port for port, _ in outputs],
                        lambda chain: port_dtype_gaps(facts, chain.inputs, chain.outputs, inputs, outputs))


def trace(facts: EntryFacts, loader: ModuleLoader, platform: Platform, inputs: list[tuple[str, str]],
          outputs: list[tuple[str, str]], attr_types: dict[str, str] | None = None) -> Chain:
    """The chain of one combination when no attribute decides a branch (else the first attribute branch is a gap)."""
    chain, branch = _trace(facts, loader, platform, inputs, outputs, attr_types, {}, {})
    return chain


def _needs_tiling_var(chain: Chain) -> bool:
    return any(gap.construct and gap.reason.startswith(f"{gap.construct}: a scalar from tbe.var(") for gap in chain.gaps)


def _trace(facts: EntryFacts, loader: ModuleLoader, platform: Platform, inputs: list[tuple[str, str]],
           outputs: list[tuple[str, str]], attr_types: dict[str, str] | None, decisions: dict, formats: dict,
           static: bool = False, fixed: dict | None = None, lists: dict[str, int] | None = None):
    """inputs / outputs: (port, dtype) in the op-info's order, matched by position with the entry's input and output
    parameters. dtypes are as the op-info registers them (bool stays bool; the framework's int8 view of it is applied
    here when the operator keeps register_operator's default trans_bool_to_s8)."""
    tracer = Tracer()
    framework = Framework(platform, tracer, static)
    interp = Interpreter(loader, Dsl(tracer, framework), framework)
    interp.current_path = facts.module.path
    interp.attr_decisions = dict(decisions)
    branch = None
    combination = {**{f"input{i}": d for i, (_, d) in enumerate(inputs)},
                   **{f"output{i}": d for i, (_, d) in enumerate(outputs)}}
    base = dict(combination=combination, soc=platform.short_soc, inputs=(), ops=(), outputs=(), attrs=(),
                queries=(), notes=())
    where = (facts.entry.lineno if facts.entry else 1, facts.module.path)
    facts = with_roles(facts, len(inputs), len(outputs))
    if facts.entry is None:
        return Chain(**base, gaps=(Gap("entry", "no entry function (register_operator) in the file", *where),)), None
    entry_inputs = [p for p in facts.ports if p.role == "input"]
    entry_outputs = [p for p in facts.ports if p.role == "output"]
    if len(entry_inputs) != len(inputs) or len(entry_outputs) != len(outputs):
        return Chain(**base, gaps=(Gap("entry", f"the entry takes {len(entry_inputs)} inputs and {len(entry_outputs)} "
                                                f"outputs, the op-info registers {len(inputs)} and {len(outputs)}",
                                       *where),)), None
    registered = dict(zip([p.name for p in entry_inputs + entry_outputs], [*inputs, *outputs]))
    args = []
    port_inputs = list(inputs)  # (port, dtype) per placeholder the build lists: a tensor list's elements each
    attr_types = attr_types or {}
    tracer.attr_types = attr_types
    for port in facts.ports:
        if port.role in ("input", "output"):
            name, dtype = registered[port.name]
            seen = "int8" if dtype == "bool" and facts.bool_as_int8 else dtype
            layout = formats.get(name, "ND")
            if port.declared_as and port.declared_as.startswith("DYNAMIC_"):
                if port.role != "input" or port.name not in (lists or {}):
                    return Chain(**base, gaps=(Gap(port.name, f"dynamic {port.role} {port.name} (a tensor list)",
                                                   *where),)), None
                elements = [f"{name}[{i}]" for i in range(lists[port.name])]
                at = next(i for i, (n, _) in enumerate(port_inputs) if n == name)
                port_inputs[at:at + 1] = [(element, dtype) for element in elements]
                args.append([_port_dict(element, seen, layout) for element in elements])
                continue
            args.append(_port_dict(name, seen, layout))
        elif port.role == "attr" and port.name in (fixed or {}):
            args.append(fixed[port.name])
            interp.notes.append((f"attribute {port.name} ({attr_types.get(port.name, 'a list')}) is not in the "
                                 f"generated OpDef: traced with its op-info default {fixed[port.name]!r}",
                                 facts.entry.lineno, facts.module.path))
        elif port.role == "attr" and port.name not in BUILD_OPTIONS:
            default = _default(interp, facts, port)
            args.append(attr_value(port.name, default, attr_types.get(port.name)))
        elif port.role == "kernel_name":
            args.append(_default(interp, facts, port) or facts.entry.name)
        else:
            args.append(_default(interp, facts, port))
    gaps: tuple = ()
    refused = None
    try:
        interp.run_function(UserFunction(facts.entry, facts.module), args, {}, facts.entry)
    except AttrBranch as error:
        branch = error
        gaps = (Gap(error.construct, error.reason, error.line, error.path),)
    except Untranslatable as error:
        construct = error.construct or error.reason.split(":")[0]
        gaps = (Gap(construct, error.reason, error.line, error.path),)
    except Refused as error:
        refused = f"{error.reason} ({Path(error.path).name if error.path else '?'}:{error.line})"
    except RecursionError:
        gaps = (Gap("recursion", "the helpers recurse deeper than the scaffold follows", *where),)
    chain_inputs, chain_outputs, more_gaps = _ports(facts, tracer, port_inputs, outputs)
    if not gaps and refused is None:
        gaps = more_gaps
    if any(o.port == UNBOUND for o in chain_outputs) and (gaps != more_gaps or _narrow_outputs(
            tracer, chain_inputs, chain_outputs, _inputs_of(tracer.scalar_tensors, tracer.ops, chain_inputs), where)):
        # stopped earlier, or a result narrower than the broadcast shape: nothing to bind
        chain_inputs, chain_outputs = (), ()
    ops = _live_ops(tracer.ops, chain_outputs)
    one_element = _inputs_of(tracer.scalar_tensors, tracer.ops, chain_inputs)
    if not gaps and refused is None:
        gaps = _narrow_outputs(tracer, chain_inputs, chain_outputs, one_element, where)
    return Chain(
        combination=combination,
        soc=platform.short_soc,
        inputs=chain_inputs,
        ops=tuple(ChainOp(**op) for op in ops),
        outputs=chain_outputs,
        attrs=tuple(sorted(_attrs(ops))),
        queries=tuple(tracer.queries),
        notes=tuple(interp.notes),
        gaps=gaps,
        refused=refused,
        classify_mode=tracer.classify_mode,
        extra={**({"one_element_inputs": one_element} if one_element else {}),
               **({"shape_overrides": dict(tracer.shape_overrides)} if tracer.shape_overrides else {})},
    ), branch


def _port_dict(name: str, dtype: str, layout: str) -> dict:
    """The dict TBE's entry receives for one tensor (an element of a tensor list too: its own shape)."""
    shape = ShapeValue(name, (f"port:{name}",), min_rank=STORAGE_RANKS.get(layout, 0),
                       exact_rank=layout in EXACT_RANKS)
    # ori_shape is the same shape only where the storage format is the original one (ND, NCHW ...).
    ori_shape = shape if ORIGINAL_FORMATS.get(layout, layout) == layout else ShapeValue(name)
    return {"dtype": dtype, "shape": shape, "ori_shape": ori_shape, "format": layout,
            "ori_format": ORIGINAL_FORMATS.get(layout, layout), "range": Unknown(f"the range of {name}"),
            "param_name": name}


def _narrow_outputs(tracer: Tracer, inputs: tuple, outputs: tuple, one_element: list[str], where) -> tuple:
    """An output TBE computes from some of the inputs only has their broadcast shape (BN's batch_mean: the shape of
    sum, not of x), which the kernel, writing every output at the broadcast shape of all inputs, does not give.
    Only a broadcasting pattern lets the shapes differ; one-element inputs (read as t[0]) widen nothing."""
    if tracer.classify_mode not in ("broadcast", "ELEWISE_WITH_BROADCAST") or not outputs:
        return ()
    ports = {item.ref: item.port for item in inputs}
    every = set(ports.values()) - set(one_element)
    gaps = []
    for output, value in zip(outputs, tracer.results):
        found: set[str] = set()
        pending, seen = list(value.shape_refs or (value.ref,)), set()
        while pending and found != set(ports.values()):
            ref = pending.pop()
            if ref in seen:
                continue
            seen.add(ref)
            sources = tracer.shape_sources.get(ref)
            if ref == "*" or ref.startswith("port:") and ref[5:] not in ports.values() or sources == ():
                found |= set(ports.values())  # the output's shape, or a value that reads no input (a fill)
            elif ref.startswith("port:"):
                found.add(ref[5:])
            elif ref in ports:
                found.add(ports[ref])
            else:
                pending.extend(sources or ())
        missing = sorted(every - found)
        if inputs and inputs[0].port in missing:
            gaps.append(Gap(f"shape of output {output.port}",
                            f"output {output.port} is computed from {', '.join(sorted(found)) or 'no input'} only "
                            f"(TBE gives it their broadcast shape); the kernel writes every output at the broadcast "
                            f"shape of all inputs ({', '.join(missing)} too)", *where))
    return tuple(gaps)


def _inputs_of(refs: set[str], ops: list[dict], inputs: tuple) -> list[str]:
    """The input ports whose values reach `refs` (they are read as t[0]: each must hold one element)."""
    producers = {op["ref"]: op for op in ops}
    pending, seen, found = list(refs), set(), set()
    while pending:
        ref = pending.pop()
        if ref in seen:
            continue
        seen.add(ref)
        if ref in producers:
            pending += [o[1] for o in producers[ref]["operands"] if o[0] == "ref"]
        else:
            found.add(ref)
    return [item.port for item in inputs if item.ref in found]


def _default(interp: Interpreter, facts: EntryFacts, port: Port):
    if port.default is None:
        return None
    arguments = facts.entry.args
    names = [a.name for a in (arguments.posonlyargs or []) + (arguments.args or [])]
    index = names.index(port.name) - (len(names) - len(arguments.defaults))
    try:
        return interp.eval(arguments.defaults[index], Frame(module=facts.module, name="<defaults>"))
    except (Untranslatable, Refused):
        return None


def _ports(facts: EntryFacts, tracer: Tracer, inputs: list[tuple[str, str]], outputs: list[tuple[str, str]]):
    """The chain's inputs and outputs in the operator's port order, from the build's tensor list. A placeholder of
    another dtype than its port registers reads the port's bytes as that type: of the same width (SelectV2 reads
    int32 as float32 after v200) the golden and the kernel do so too; of another width it is a gap. A result of
    another dtype than its output registers is a gap (an attribute variant computing another column's dtype) unless
    a placeholder reads a port of the output's registered dtype as the result's dtype (SelectV2's float32 select of
    int32 bits, written back as int32)."""
    input_ports = [port for port, _ in inputs]
    where = (facts.entry.lineno if facts.entry else None, facts.module.path)
    if tracer.build is None or not tracer.build.tensor_lists:
        return (), (), (Gap("tbe.build", "the entry builds no tensor list the scaffold can read", *where),)
    listed = tracer.build.tensor_lists[0]
    listed = list(listed) if isinstance(listed, (list, tuple)) else [listed]
    flat = []
    for item in listed:
        flat.extend(item if isinstance(item, (list, tuple)) else [item])
    placeholders, results = flat[:len(input_ports)], flat[len(input_ports):]
    if not all(isinstance(t, TensorValue) and t.ref.startswith("in") for t in placeholders):
        return (), (), (Gap("tbe.build", f"the tensor list does not start with the {len(input_ports)} placeholders "
                                         "of the inputs", *where),)
    if len(results) != len(outputs):
        gap = Gap("tbe.build", f"the tensor list has {len(results)} results for {len(outputs)} outputs", *where)
        if 0 < len(results) < len(outputs) and all(isinstance(t, TensorValue) for t in results):
            # Fewer results than outputs (an attribute that turns outputs off): which output each result is, the
            # variants that build every output tell (partial_outputs.bind_results, after every variant is traced).
            tracer.results = results
            by_ref = {item["ref"]: item for item in tracer.inputs}
            chain_inputs = tuple(ChainInput(ref=t.ref, port=port, dtype=t.dtype, name=by_ref[t.ref]["name"],
                                            line=by_ref[t.ref]["line"]) for t, port in zip(placeholders, input_ports))
            return chain_inputs, tuple(ChainOutput(port=UNBOUND, ref=t.ref, dtype=t.dtype) for t in results), (gap,)
        return (), (), (gap,)
    # No tensor for an output (a branch that computes nothing): the build fails for the attribute values that take it.
    missing = [port for item, (port, _) in zip(results, outputs) if not isinstance(item, TensorValue)]
    if missing:
        return (), (), tuple(Gap(f"output {port}", f"the chain computes no tensor for output {port}", *where)
                             for port in missing)
    tracer.results = results
    by_ref = {item["ref"]: item for item in tracer.inputs}
    chain_inputs = tuple(ChainInput(ref=t.ref, port=port, dtype=t.dtype, name=by_ref[t.ref]["name"],
                                    line=by_ref[t.ref]["line"]) for t, port in zip(placeholders, input_ports))
    chain_outputs = tuple(ChainOutput(port=port, ref=t.ref, dtype=t.dtype) for t, (port, _) in zip(results, outputs))
    return chain_inputs, chain_outputs, port_dtype_gaps(facts, chain_inputs, chain_outputs, inputs, outputs)


def port_dtype_gaps(facts: EntryFacts, chain_inputs: tuple, chain_outputs: tuple, inputs: list, outputs: list) -> tuple:
    """Placeholders and results of another dtype than their ports register (chain_outputs: those the chain writes,
    matched with `outputs` by port)."""
    where = (facts.entry.lineno if facts.entry else None, facts.module.path)
    registered_of = dict(outputs)
    gaps = []
    for item, (_, registered) in zip(chain_inputs, inputs):
        seen = ("int8", "uint8", "bool") if registered == "bool" else (registered,)
        if item.dtype not in seen and not reinterpreted(registered, item.dtype):
            gaps.append(Gap(f"input {item.port}", f"the chain reads input {item.port} as {item.dtype} "
                                                  f"(placeholder {item.name}), registered as {registered}",
                            item.line, facts.module.path))
    read_as = {(item.dtype, registered) for item, (_, registered) in zip(chain_inputs, inputs)
               if reinterpreted(registered, item.dtype)}
    for output in chain_outputs:
        registered = registered_of[output.port]
        seen = ("int8", "uint8", "bool") if registered == "bool" else (registered,)
        if output.dtype not in seen and (output.dtype, registered) not in read_as:
            gaps.append(Gap(f"output {output.port}", f"the chain computes {output.dtype} for output {output.port}, "
                                                     f"registered as {registered}", *where))
        elif output.ref.startswith("in"):
            gaps.append(Gap("tbe.build", f"output {output.port} is an input unchanged: the scaffold writes no copy "
                                         "kernel", *where))
    return tuple(gaps)


def _live_ops(ops: list[dict], outputs: tuple) -> list[dict]:
    needed = {o.ref for o in outputs}
    kept = []
    for op in reversed(ops):
        if op["ref"] in needed:
            kept.append(op)
            needed |= {operand[1] for operand in op["operands"] if operand[0] == "ref"}
    return list(reversed(kept))


def _attrs(ops: list[dict]) -> set[str]:
    from op_migrate.analyzers.scaffold.values import attr_names

    names: set[str] = set()
    for op in ops:
        for operand in op["operands"]:
            if operand[0] == "scalar":
                names |= attr_names(operand[1])
    return names
