"""Operators with one dynamic input (a tensor list: AddN, AccumulateNV2, Eltwise): traced for several list lengths
and, where the chains of consecutive lengths differ by one repeated step, translated as a fold the kernel runs over
any length: `head` reads element 0 into an accumulator, `step` combines the accumulator with element i (i >= 1),
`tail` turns the accumulator into the output. A length-1 list whose chain TBE writes differently (AccumulateNV2 adds
a zero tensor, Eltwise adds 0) runs its own traced chain (`single`). The golden of a length is that length's traced
chain as TBE writes it, never the fold, so the generated tests check the decomposition too.

What is not a fold (a step that reads the element's index, an attribute list per element, a tail that depends on
the length, steps in another order than the elements) stays a gap naming it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from op_migrate.analyzers.scaffold.chain import Chain, ChainInput, ChainOp, ChainOutput, Gap

# Lengths traced: 2 and 3 give the fold, 4 checks it; 1 is the single-element chain (or TBE refuses it).
LENGTHS = (1, 2, 3, 4)
TESTED_LENGTHS = (1, 3)  # lengths the generated tests run (the shortest TBE accepts, if it refuses 1)
# REG_OP's attribute holding a tensor list's length (TF's AddN / AccumulateNV2 `N`): traced as the list's length.
COUNT_ATTR_KEYS = ("N",)


def count_attrs(attrs) -> tuple[str, ...]:
    """The int attributes REG_OP names N (plan.AttrPlan field attrN): the length of the tensor list."""
    return tuple(a.name for a in attrs if a.field in {f"attr{k}" for k in COUNT_ATTR_KEYS} and a.kind == "int")


def list_port(facts) -> str | None:
    """The operator's dynamic input, when it has exactly one and no dynamic output (else None: the old gap)."""
    dynamic = [p for p in facts.ports if p.declared_as and p.declared_as.startswith("DYNAMIC_")]
    ports = [p for p in facts.ports if p.role in ("input", "output")]
    if len(dynamic) != 1 or dynamic[0].role != "input" or len(ports) != 2:
        return None  # the list kernel reads one list and writes one output
    return dynamic[0].name


def trace_list_variants(trace_variants, facts, loader, platform, ins, outs, attr_types, formats, fixed,
                        count_attrs: tuple[str, ...], port: str) -> list[Chain]:
    """One chain per attribute variant: the length-2 chain, with extra["list"] = {port, min_length, lengths: {L:
    Chain}} and the gap if the lengths are no fold. count_attrs: attributes traced as the list's length."""
    per_length: dict[int, list[Chain]] = {}
    for length in LENGTHS:
        traced = {**(fixed or {}), **{name: length for name in count_attrs}}
        per_length[length] = [dataflow_order(c) for c in trace_variants(
            facts, loader, platform, ins, outs, attr_types, formats, traced, {port: length})]
    chains = []
    where = (facts.entry.lineno if facts.entry else None, facts.module.path)
    for chain in per_length[2]:
        key = _conditions(chain)
        same = {length: _matching(per_length[length], key, exact=length > 1) for length in LENGTHS}
        lengths = {length: found for length, found in same.items() if found is not None}
        single = lengths.get(1)
        min_length = 1 if single is not None and single.refused is None else 2
        info = {"port": port, "min_length": min_length, "lengths": lengths}
        gaps = list(chain.gaps)
        reshaped = sorted({*chain.extra.get("shape_overrides", {}), *chain.extra.get("one_element_inputs", [])})
        if reshaped and not gaps:
            gaps.append(Gap(port, f"tensor list {port}: TBE reads {', '.join(reshaped)} in another shape than the "
                                  "caller's; the list kernel reads every element in element 0's", *_where(chain)))
        if not gaps and chain.refused is None:
            for length in (3, 4):
                other = lengths.get(length)
                if other is None or other.gaps or other.refused:
                    why = "no chain" if other is None else (other.refused or other.gaps[0].reason)
                    gaps.append(Gap(port, f"tensor list {port} of {length} elements: {why}", *_where(chain)))
                    break
            if not gaps:
                if min_length == 1 and single.gaps:
                    gaps.append(replace(single.gaps[0], reason=f"tensor list {port} of 1 element: "
                                                               f"{single.gaps[0].reason}"))
                else:
                    try:
                        found = fold(lengths[2], lengths[3])
                        for length in (2, 3, 4):
                            if _canonical(found.composed(length)) != _canonical(lengths[length]):
                                raise NotAFold(f"head, {length - 1} steps and tail are not the chain of {length} "
                                               "elements")
                    except NotAFold as error:
                        gaps.append(Gap(port, f"tensor list {port}: the chains of 2, 3 and 4 elements are no fold "
                                              f"(head, one repeated step per element, tail): {error}",
                                        *_where(chain)))
        counted = tuple(f"attribute {name} (" for name in count_attrs)
        notes = tuple(n for n in chain.notes if not n[0].startswith(counted)) + tuple(
            (f"attribute {name} is the length of tensor list {port} (REG_OP's N): traced as that length; the host "
             "checks it", *where) for name in count_attrs)
        if min_length == 2:
            why = single.refused if single is not None else "no chain"
            notes = (*notes, (f"a tensor list {port} of 1 element is refused by TBE ({why}): the host refuses fewer "
                              "than 2 elements", *where))
        chains.append(replace(chain, gaps=tuple(gaps), notes=notes, extra={**chain.extra, "list": info}))
    return chains


def dataflow_order(chain: Chain) -> Chain:
    """The chain's calls in the order the outputs demand them (operands left to right, each call after what it reads).
    The DSL calls are pure elementwise functions, so this computes the same; it puts TBE's casts of every element up
    front (the bfloat16 wrapper of Eltwise) next to the step that reads them."""
    by_ref = {op.ref: op for op in chain.ops}
    ordered: list[ChainOp] = []
    seen: set[str] = set()
    for output in chain.outputs:
        pending = [(output.ref, False)]
        while pending:
            ref, expanded = pending.pop()
            if ref in seen or ref not in by_ref:
                continue
            if expanded:
                seen.add(ref)
                ordered.append(by_ref[ref])
                continue
            pending.append((ref, True))
            pending.extend((o[1], False) for o in reversed(by_ref[ref].operands) if o[0] == "ref")
    return replace(chain, ops=tuple(ordered)) if len(ordered) == len(chain.ops) else chain


def _where(chain: Chain) -> tuple:
    return (chain.ops[0].line, chain.ops[0].path) if chain.ops else (None, None)


def _conditions(chain: Chain) -> tuple:
    return tuple(sorted((c["text"], c["outcome"]) for c in chain.extra.get("conditions", [])))


def _matching(chains: list[Chain], key: tuple, exact: bool) -> Chain | None:
    """The chain of another length taking the same attribute branches (length 1 may decide fewer of them: Eltwise
    reads `mode` only inside its loop over elements 1..N-1)."""
    for chain in chains:
        mine = _conditions(chain)
        if mine == key if exact else set(mine) <= set(key):
            return chain
    return None


class NotAFold(ValueError):
    """The chains of consecutive lengths do not differ by one repeated step."""


@dataclass(frozen=True)
class Fold:
    """The stages of a fold, each a chain of its own: head (element 0 -> acc), step (acc, element i -> acc),
    tail (acc -> output)."""

    head: Chain
    step: Chain
    tail: Chain
    acc_dtype: str

    def composed(self, length: int) -> Chain:
        """The chain the fold computes for `length` elements: head, length - 1 steps, tail, in TBE's order."""
        inputs = tuple(replace(self.head.inputs[0], ref=f"e{i}", port=f"element{i}") for i in range(length))
        ops: list[ChainOp] = []

        def run(stage: Chain, given: dict, tag: str) -> str:
            names = dict(given)
            for op in stage.ops:
                names[op.ref] = f"{tag}.{op.ref}"
                ops.append(replace(op, ref=names[op.ref], operands=tuple(
                    ("ref", names.get(o[1], o[1])) if o[0] == "ref" else o for o in op.operands)))
            return names.get(stage.outputs[0].ref, stage.outputs[0].ref)

        acc = run(self.head, {self.head.inputs[0].ref: "e0"}, "h")
        for i in range(1, length):
            acc = run(self.step, {self.step.inputs[0].ref: acc, self.step.inputs[1].ref: f"e{i}"}, f"s{i}")
        out = run(self.tail, {self.tail.inputs[0].ref: acc}, "t")
        return replace(self.head, inputs=inputs, ops=tuple(ops),
                       outputs=(replace(self.tail.outputs[0], ref=out),))


def fold(shorter: Chain, longer: Chain) -> Fold:
    """The fold both chains are (lengths n and n + 1): their common prefix ends with the last step of the shorter,
    the longer repeats that step once more before the common tail."""
    a_ops, b_ops = list(shorter.ops), list(longer.ops)
    if len(shorter.outputs) != 1 or len(longer.outputs) != 1:
        raise NotAFold(f"{len(shorter.outputs)} outputs (the fold has one)")
    mapping = {a.ref: b.ref for a, b in zip(shorter.inputs, longer.inputs)}
    prefix = 0
    while prefix < len(a_ops) and _same(a_ops[prefix], b_ops[prefix], mapping):
        mapping[a_ops[prefix].ref] = b_ops[prefix].ref
        prefix += 1
    size = len(b_ops) - len(a_ops)
    if size <= 0 or prefix < size:
        raise NotAFold(f"{len(a_ops)} and {len(b_ops)} DSL calls share no repeated step")
    head_ops, step_ops, tail_ops = a_ops[:prefix - size], a_ops[prefix - size:prefix], a_ops[prefix:]
    last = shorter.inputs[-1].ref  # the shorter's last element: read by its last step only
    acc_in = _reads_outside(step_ops) - {last}
    if len(acc_in) != 1 or last not in _reads_outside(step_ops):
        raise NotAFold(f"the step reads {', '.join(sorted(acc_in)) or 'no value'} besides the element")
    acc_in_ref = acc_in.pop()
    made = {op.ref for op in step_ops}
    later = _reads_outside(tail_ops) | {shorter.outputs[0].ref}
    carried = made & later
    if len(carried) != 1:
        raise NotAFold(f"the step hands on {len(carried)} values")
    acc_out_ref = carried.pop()
    head_made = {op.ref for op in head_ops} | {shorter.inputs[0].ref}
    if acc_in_ref not in head_made or not _reads_outside(head_ops) <= {shorter.inputs[0].ref}:
        raise NotAFold("the head reads more than element 0")
    if not _reads_outside(tail_ops) <= {acc_out_ref}:
        raise NotAFold("the tail reads more than the accumulator")
    acc_dtype = _dtype(shorter, acc_in_ref)
    if _dtype(shorter, acc_out_ref) != acc_dtype:
        raise NotAFold(f"the accumulator enters the step as {acc_dtype} and leaves it as "
                       f"{_dtype(shorter, acc_out_ref)}")
    # The longer's extra step: the same calls on its last element, reading what the shorter's step handed on.
    step_b = b_ops[prefix:prefix + size]
    extra_map = {last: longer.inputs[-1].ref, acc_in_ref: mapping.get(acc_out_ref, acc_out_ref)}
    for a, b in zip(step_ops, step_b):
        if not _same(a, b, extra_map):
            raise NotAFold(f"the repeated step differs at tbe.{a.name} (line {a.line}): it reads the element's "
                           "index or position")
        extra_map[a.ref] = b.ref
    tail_map = {acc_out_ref: extra_map[acc_out_ref]}
    for a, b in zip(tail_ops, b_ops[prefix + size:]):
        if not _same(a, b, tail_map):
            raise NotAFold(f"the tail differs at tbe.{a.name} (line {a.line}): it depends on the length")
        tail_map[a.ref] = b.ref
    element = shorter.inputs[0]
    in_dtype = element.dtype
    out = shorter.outputs[0]
    acc_input = ChainInput(ref=acc_in_ref, port="acc", dtype=acc_dtype, name="acc", line=None)
    head = _stage(shorter, (element,), head_ops, ChainOutput("acc", acc_in_ref, acc_dtype),
                  {"input0": in_dtype, "output0": acc_dtype})
    step_element = replace(shorter.inputs[-1], port="element")
    step = _stage(shorter, (acc_input, step_element), step_ops, ChainOutput("acc", acc_out_ref, acc_dtype),
                  {"input0": acc_dtype, "input1": in_dtype, "output0": acc_dtype})
    tail = _stage(shorter, (replace(acc_input, ref=acc_out_ref),), tail_ops, out,
                  {"input0": acc_dtype, "output0": shorter.combination.get("output0", out.dtype)})
    return Fold(head=head, step=step, tail=tail, acc_dtype=acc_dtype)


def _stage(chain: Chain, inputs: tuple, ops: list, output: ChainOutput, combination: dict) -> Chain:
    return replace(chain, inputs=tuple(inputs), ops=tuple(ops), outputs=(output,), combination=combination,
                   gaps=(), extra={})


def _reads_outside(ops: list[ChainOp]) -> set[str]:
    made = {op.ref for op in ops}
    return {o[1] for op in ops for o in op.operands if o[0] == "ref" and o[1] not in made}


def _dtype(chain: Chain, ref: str) -> str:
    return chain.dtype_of(ref)


def _same(a: ChainOp, b: ChainOp, mapping: dict) -> bool:
    if (a.name, a.params, a.dtype, len(a.operands)) != (b.name, b.params, b.dtype, len(b.operands)):
        return False
    for x, y in zip(a.operands, b.operands):
        if x[0] != y[0]:
            return False
        if x[0] == "ref":
            if mapping.get(x[1]) != y[1]:
                return False
        elif _has_shape_read(x) or x != y:
            return False  # a scalar reading shapes names the chain's refs: not compared across lengths
    return True


def _has_shape_read(operand) -> bool:
    return "numel" in repr(operand) or "'dim'" in repr(operand) or "'rank'" in repr(operand)


def _canonical(chain: Chain) -> str:
    names = {item.ref: f"i{index}" for index, item in enumerate(chain.inputs)}
    lines = []
    for index, op in enumerate(chain.ops):
        names[op.ref] = f"o{index}"
        operands = [("ref", names.get(o[1], o[1])) if o[0] == "ref" else o for o in op.operands]
        lines.append(repr((op.name, operands, op.params, op.dtype)))
    lines.append(repr([names.get(o.ref, o.ref) for o in chain.outputs]))
    return "\n".join(lines)


# The operands of each stage as the kernel's type aliases: (inputs, output).
STAGE_PARAMS = {"Single": (["In0"], "Out0"), "Head": (["In0"], "Acc"), "Step": (["Acc", "In0"], "Acc"),
                "Tail": (["Acc"], "Out0")}


@dataclass(frozen=True)
class LoweredStages:
    stages: tuple  # {name, body, in_types, out_types, tmp_units}: Single (if 1 element is served), Head, Step, Tail
    tmp_units: int
    scalar_loops: int
    apis: tuple
    acc_dtype: str


def lower_stages(chain: Chain, gaps: list) -> LoweredStages:
    """Each stage of the fold (and the length-1 chain) lowered on its own; they run one after another on one scratch
    buffer, so it is as large as the largest stage's."""
    from op_migrate.analyzers.scaffold.lower import Lowerer, Val
    from op_migrate.analyzers.scaffold.scalars import cxx_type
    from op_migrate.analyzers.scaffold.slots import place

    info = chain.extra["list"]
    stages_of = fold(info["lengths"][2], info["lengths"][3])
    stages = [("Head", stages_of.head), ("Step", stages_of.step), ("Tail", stages_of.tail)]
    if info["min_length"] == 1:
        stages.insert(0, ("Single", info["lengths"][1]))
    lowered_stages, tmp_units, loops, apis = [], 0, 0, set()

    def storage(dtype: str) -> str:
        return "int8" if dtype == "bool" else dtype

    for name, stage in stages:
        ins = [storage(stage.combination.get(f"input{i}", item.dtype)) for i, item in enumerate(stage.inputs)]
        outs = [storage(stage.combination.get(f"output{i}", item.dtype)) for i, item in enumerate(stage.outputs)]
        lowered = Lowerer(stage, [Val(f"x{i}", d, "in") for i, d in enumerate(ins)],
                          [Val(f"y{i}", d, "out") for i, d in enumerate(outs)]).run()
        for construct, reason, line, path in lowered.gaps:
            gaps.append(Gap(construct, f"{name.lower()} of the fold over tensor list {info['port']}: {reason}", line,
                            path))
        if lowered.runtime:
            gaps.append(Gap(info["port"], f"the {name.lower()} of the fold over tensor list {info['port']} reads "
                                          "attribute-dependent scalars, which a list stage does not carry", None, None))
        placed = place(lowered)
        lowered_stages.append({"name": name, "body": list(placed.lines), "in_types": [cxx_type(d) for d in ins],
                               "out_types": [cxx_type(d) for d in outs], "tmp_units": placed.tmp_units,
                               # the kernel's type aliases of the stage's operands (chains.h: In0, Out0, Acc)
                               "in_params": STAGE_PARAMS[name][0], "out_param": STAGE_PARAMS[name][1]})
        tmp_units = max(tmp_units, placed.tmp_units)
        loops += placed.scalar_loops
        apis |= set(lowered.apis)
    return LoweredStages(tuple(lowered_stages), tmp_units, loops, tuple(sorted(apis)), stages_of.acc_dtype)
