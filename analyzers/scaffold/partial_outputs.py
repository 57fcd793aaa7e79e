"""Outputs an attribute turns off: TBE's tensor list then holds fewer results than the operator has outputs
(MaximumGrad's grad_x False builds dy alone), and the list does not say which output each result is.

A result is the output that computes the same thing (the same DSL calls on the same inputs, scalars and params) in
the variants that build every output: bound there when exactly one output does; the outputs left are not written
by that variant (the kernel leaves their memory as it was). Anything else stays the gap it was."""

from __future__ import annotations

from dataclasses import replace

from op_migrate.analyzers.scaffold.chain import Chain, ChainOutput

UNBOUND = "?"  # the port of a result of a tensor list shorter than the outputs, until bind_results binds it


def bind_results(leaves: list[Chain], ports: list[str], dtype_gaps) -> list[Chain]:
    """The traced variants with each partial one's results bound to outputs (dtype_gaps(chain): its port checks),
    or, where that cannot be decided, as they were traced before binding (no inputs, ops or outputs; the gap)."""
    complete = [c for c in leaves if c.translated and [o.port for o in c.outputs] == ports]
    return [_bind(chain, complete, ports, dtype_gaps) if _partial(chain) else chain for chain in leaves]


def _partial(chain: Chain) -> bool:
    return any(o.port == UNBOUND for o in chain.outputs)


def _bind(chain: Chain, complete: list[Chain], ports: list[str], dtype_gaps) -> Chain:
    bound: dict[str, ChainOutput] = {}
    for result in chain.outputs:
        mine = signature(chain, result.ref)
        matches = {o.port for other in complete for o in other.outputs if signature(other, o.ref) == mine}
        if len(matches) != 1 or next(iter(matches)) in bound:
            return _unbound(chain)
        port = matches.pop()
        bound[port] = replace(result, port=port)
    outputs = tuple(bound[p] for p in ports if p in bound)
    unwritten = [p for p in ports if p not in bound]
    build = chain.gaps[0]  # the tbe.build gap of the short tensor list: where the note points
    written = replace(chain, outputs=outputs, gaps=())
    gaps = dtype_gaps(written)
    if gaps:
        return replace(written, gaps=gaps)
    note = (f"the tensor list holds {len(outputs)} result(s) for {len(ports)} outputs: each computes what output "
            f"{', '.join(o.port for o in outputs)} computes where every output is built, and is written there; "
            f"{', '.join(unwritten)} is not written (its memory is left as it was); which output's address TBE's own "
            f"kernel of {len(outputs)} output(s) writes is not in the install", build.line, build.path)
    return replace(written, notes=(*chain.notes, note),
                   extra={**chain.extra, "unwritten_outputs": unwritten,
                          "output_indices": {o.port: ports.index(o.port) for o in outputs}})


def _unbound(chain: Chain) -> Chain:
    extra = {k: v for k, v in chain.extra.items() if k != "one_element_inputs"}
    return replace(chain, inputs=(), ops=(), outputs=(), attrs=(), extra=extra)


def signature(chain: Chain, ref: str) -> str:
    """What a value computes: its DSL calls down to the inputs (by port), with every scalar and param, no lines."""
    producers = {op.ref: op for op in chain.ops}
    ports = {item.ref: (item.port, item.dtype) for item in chain.inputs}
    memo: dict[str, str] = {}

    def walk(name: str) -> str:
        if name in memo:
            return memo[name]
        if name in ports:
            text = f"input{ports[name]!r}"
        elif name in producers:
            op = producers[name]
            operands = [walk(o[1]) if o[0] == "ref" else repr(o) for o in op.operands]
            text = f"{op.name}[{op.dtype}]({', '.join(operands)}; {sorted(op.params.items())!r})"
        else:
            text = f"unknown {name}"
        memo[name] = text
        return text

    return walk(ref)
