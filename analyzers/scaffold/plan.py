"""Everything the scaffolded operator is made of, decided before any file is rendered: ports, attributes, the
combinations per SoC with their traced chains and lowered compute bodies, and what could not be translated."""

from __future__ import annotations

import ast

import json
import re
from dataclasses import dataclass, field, replace
from pathlib import Path

from op_migrate.analyzers.model import JsonModel
from op_migrate.analyzers.proto.sources import CapabilitySources
from op_migrate.analyzers.scaffold.chain import Chain, Gap
from op_migrate.analyzers.scaffold.combos import CombinationError, registered
from op_migrate.analyzers.scaffold import list_inputs
from op_migrate.analyzers.scaffold.lower import Lowerer, Val
from op_migrate.analyzers.scaffold.modules import ModuleLoader
from op_migrate.analyzers.scaffold.platform import Platform, PlatformError, load_platform
from op_migrate.analyzers.scaffold.scalars import BYTES, cxx_type
from op_migrate.analyzers.scaffold.select_format import select_combinations
from op_migrate.analyzers.scaffold.slots import place
from op_migrate.analyzers.scaffold.attr_cases import satisfying
from op_migrate.analyzers.scaffold.trace import BUILD_OPTIONS, EntryFacts, read_entry, trace_variants
from op_migrate.analyzers.tbe.registration import snake_case

SUPPORTED_DTYPES = set(BYTES) - {"float64"}
_ATTR_KINDS = {"float": ("float", "Float"), "int": ("int64_t", "Int"), "bool": ("bool", "Bool"), "str": (None, "String")}


MAX_QUEUE_BUFFERS = 8  # TQue buffers per TPosition on A2 (TQue/AllocTensor.md)


def queue_buffers(count: int) -> int:
    """Double buffering while the queues of one position fit A2's 8 buffers, else one buffer each (more than 8
    inputs are read into plain buffers with their syncs by hand: one buffer each too)."""
    return 2 if 2 * count <= MAX_QUEUE_BUFFERS else 1


class PlanError(ValueError):
    """The operator cannot be scaffolded at all (no op-info, no SoC, no implementation file)."""


@dataclass(frozen=True)
class AttrPlan(JsonModel):
    name: str
    kind: str  # float | int | bool | str | list ...
    default: str | None
    field: str  # the tiling data member
    cxx: str | None  # float | int64_t | bool; None when the kernel cannot carry it
    opdef: str | None  # "Float" | "Int" | "Bool"
    used: bool


@dataclass(frozen=True)
class ComboPlan(JsonModel):
    """One dtype combination: its tiling key, the SoCs that register it, its chain and its compute body."""

    key: int
    label: str
    dtypes: tuple[tuple[str, str], ...]
    socs: tuple[str, ...]
    chain: Chain
    body: tuple[str, ...]
    tmp_units: int
    bytes_per_8: int  # every UB byte per 8 tile elements: double-buffered queues and the scratch slots
    scalar_loops: int
    gaps: tuple[Gap, ...]
    apis: tuple[str, ...]
    conditions: tuple = ()  # attribute branches this variant takes: {predicate, outcome, text, line, path}
    runtime_scalars: tuple = ()  # attribute-dependent scalar expressions, td.scalars[i] in this order
    formats: tuple = ()  # the op-info's format columns for these dtypes: one format per port each
    attr_values: dict = field(default_factory=dict)  # attribute values that select it (the tests use them)
    by_format: bool = False  # another key has the same dtypes and outcomes: the host tells them by storage format
    stages: tuple = ()  # a tensor-list operator's fold (list_inputs.py): {name, body, in_types, out_types, tmp_units}
    acc_type: str | None = None  # its accumulator's C++ type

    @property
    def translated(self) -> bool:
        return not self.gaps

    def input_dtypes(self) -> list[str]:
        return [d for pid, d in self.dtypes if pid.startswith("input")]

    def output_dtypes(self) -> list[str]:
        return [d for pid, d in self.dtypes if pid.startswith("output")]


@dataclass(frozen=True)
class ScaffoldPlan(JsonModel):
    SCHEMA = "op-migrate/scaffold@1"

    op_type: str
    op: str
    source_op_type: str
    tbe_path: str
    install: str | None
    socs: tuple[str, ...]  # op-info spellings, in the order asked
    short_socs: tuple[str, ...]
    inputs: tuple[str, ...]
    outputs: tuple[str, ...]
    optional_inputs: tuple[str, ...]
    attrs: tuple[AttrPlan, ...]
    combos: tuple[ComboPlan, ...]
    refused: tuple[tuple[str, str, str], ...]  # (soc, combination label, why TBE refuses it)
    untyped: tuple[tuple[str, str, str], ...]  # (soc, label, why): registered dtypes the scaffold has no storage for
    pattern: str | None
    min_bytes: int
    platform_files: tuple[str, ...]
    opinfo_files: tuple[str, ...]
    notes: tuple[str, ...] = field(default=())

    @property
    def gaps(self) -> list[tuple[str, Gap]]:
        found = [(combo.label, gap) for combo in self.combos for gap in combo.gaps]
        return found + [(label, Gap(f"dtype combination {label}", why, None, None)) for _, label, why in self.untyped]


def build_plan(op: str, roots: list[Path], socs: list[str], tbe_file: Path, op_type: str, sources: CapabilitySources,
               new_type: str | None = None, pattern: str | None = None) -> ScaffoldPlan:
    loader = ModuleLoader(roots)
    facts = read_entry(loader, tbe_file)

    def select(info):
        return select_combinations(facts, loader, load_platform(roots, info.soc), info)

    try:
        per_soc = registered(sources, op_type, socs, select)
    except (CombinationError, PlatformError) as error:
        raise PlanError(str(error)) from error
    missing = [soc for soc in socs if soc not in per_soc]
    if not per_soc:
        raise PlanError(f"{op_type} has no AI Core op-info entry on {', '.join(socs)}")
    platforms: dict[str, Platform] = {}
    for soc in per_soc:
        try:
            platforms[soc] = load_platform(roots, soc)
        except PlatformError as error:
            raise PlanError(str(error)) from error
    first = next(iter(per_soc.values()))
    names = {pid: name for pid, name, _, _ in first.ports}
    input_ids = [pid for pid, _, role, _ in first.ports if role == "input"]
    output_ids = [pid for pid, _, role, _ in first.ports if role == "output"]
    inputs = tuple(names[pid] for pid in input_ids)
    outputs = tuple(names[pid] for pid in output_ids)
    optional = tuple(name for _, name, role, kind in first.ports if role == "input" and kind == "optional")
    attrs = _attrs(facts, sources, op_type, first.flags)
    attr_types = {a.name: a.kind for a in attrs}
    defaults = {a.name: _default_value(a) for a in attrs}
    fixed = {a.name: value for a in attrs if a.opdef is None and (value := _list_default(a)) is not None}
    list_port = list_inputs.list_port(facts)
    count_attrs = list_inputs.count_attrs(attrs) if list_port else ()
    chains: dict[tuple, list] = {}  # (combination, attribute outcomes) -> [(soc, chain, combination, values)]
    refused, untyped, dropped = [], [], []
    format_columns: dict[tuple, list[str]] = {}
    layout_notes: set[str] = set()
    for soc, combos in per_soc.items():
        for combo in combos.combinations:
            unsupported = [d for _, d in combo.dtypes if d not in SUPPORTED_DTYPES]
            formats = {f for _, f in combo.formats}
            layouts = formats - {"ND"}
            if len(layouts) > 1 or layouts and any(f == "ND" for pid, f in combo.formats if pid.startswith("output")):
                untyped.append((soc, combo.label(), f"ports of different formats ({', '.join(sorted(formats))}): the "
                                                    "kernel reads every tensor in one layout"))
                continue
            nd_inputs = [names[pid] for pid, f in combo.formats if f == "ND" and pid.startswith("input")] \
                if layouts else []
            if unsupported:
                untyped.append((soc, combo.label(), f"dtype {unsupported[0]} has no Ascend C vector type on A2; the "
                                                    "scaffold does not translate it"))
                continue
            dtypes = combo.dtype_map()
            ins = [(names[pid], dtypes[pid]) for pid in input_ids]
            outs = [(names[pid], dtypes[pid]) for pid in output_ids]
            layouts_of = {names[pid]: f for pid, f in combo.formats}
            if list_port is not None:
                variants = list_inputs.trace_list_variants(trace_variants, facts, loader, platforms[soc], ins, outs,
                                                           attr_types, layouts_of, fixed, count_attrs, list_port)
            else:
                variants = trace_variants(facts, loader, platforms[soc], ins, outs, attr_types, layouts_of, fixed)
            kept = 0
            for chain in variants:
                conditions = chain.extra.get("conditions", [])
                # branches on the shapes are chosen by the call's shapes (the generated cases), not by attributes
                by_attrs = [c for c in conditions if not c["predicate"].get("shape")]
                values = satisfying(by_attrs, attr_types, defaults) if by_attrs else {}
                if conditions and any(g.construct.startswith("output ") for g in chain.gaps):
                    mismatch = next(g.reason for g in chain.gaps if g.construct.startswith("output "))
                    dropped.append(f"{soc} {combo.label()} {_conditions_text(conditions)}: the chain computes no "
                                   "output of the registered dtype, so these attribute values never go with it")
                    continue
                if chain.refused and conditions:
                    dropped.append(f"{soc} {combo.label()} {_conditions_text(conditions)}: TBE raises ({chain.refused})")
                    continue
                if chain.refused:
                    refused.append((soc, combo.label(), chain.refused))
                    continue
                stray = [n for n in nd_inputs if n not in chain.extra.get("one_element_inputs", [])]
                if stray:
                    layout_notes.add(f"in the {'/'.join(sorted(layouts))} columns, ND inputs {', '.join(stray)} must "
                                     "hold one element (they broadcast the same in any layout only then)")
                if values is None:
                    dropped.append(f"{soc} {combo.label()} {_conditions_text(conditions)}: no attribute value takes "
                                   "these branches together")
                    continue
                kept += 1
                key = (combo.dtypes, tuple(sorted((json.dumps(c["predicate"], sort_keys=True), c["outcome"])
                                                  for c in conditions)))
                key = _format_key(key, chains, soc, chain, tuple(f for _, f in combo.formats))
                chains.setdefault(key, []).append((soc, chain, combo, values))
                format_columns.setdefault(key, [])
                column = tuple(f for _, f in combo.formats)
                if column not in format_columns[key]:
                    format_columns[key].append(column)
            if not kept and not any(r[0] == soc and r[1] == combo.label() for r in refused):
                whys = {text.split(": ", 1)[1] for text in dropped if text.startswith(f"{soc} {combo.label()} ")}
                outputs_only = whys and all(why.startswith("the chain computes no output") for why in whys)
                # Every variant computes another dtype than the registered one (ActsULQ's bool masks computed as
                # float16): TBE's code cannot serve the column; say that, not that it raises.
                refused.append((soc, combo.label(), f"every attribute variant: {mismatch}" if outputs_only
                                else "every attribute variant is refused by the TBE code"))
    plans = []
    split = {k[:2] for k in chains if len(k) > 2}
    for key, (chain_key, found) in enumerate(chains.items()):
        combo_plan = _combo_plan(key, chain_key[0], found, inputs, outputs, attrs)
        by_format = chain_key[:2] in split
        layouts = "/".join(sorted({column[0] for column in format_columns[chain_key]}))
        plans.append(replace(combo_plan, formats=tuple(format_columns[chain_key]), by_format=by_format,
                             label=f"{combo_plan.label} ({layouts})" if by_format else combo_plan.label))
    if not plans:
        why = "; ".join(f"{soc} {label}: {reason}" for soc, label, reason in [*refused, *untyped][:4])
        raise PlanError(f"no registered ND combination is left to scaffold ({why or 'none registered'})")
    name = new_type or op_type
    notes = tuple(f"{soc}: the install has no AI Core op-info for {op_type}" for soc in missing) + tuple(
        f"variant left out: {text}" for text in dropped) + tuple(sorted(layout_notes))
    return ScaffoldPlan(
        op_type=name,
        op=snake_case(name) if new_type else tbe_file.stem,
        source_op_type=op_type,
        tbe_path=str(tbe_file),
        install=None,
        socs=tuple(per_soc),
        short_socs=tuple(platforms[s].short_soc for s in per_soc),
        inputs=inputs,
        outputs=outputs,
        optional_inputs=optional,
        attrs=tuple(a for a in attrs),
        combos=tuple(plans),
        refused=tuple(refused),
        untyped=tuple(untyped),
        pattern=pattern,
        min_bytes=min([BYTES[d] for combo in plans for _, d in combo.dtypes] or [1]),
        platform_files=tuple(sorted({platforms[s].ini_path for s in platforms} | {platforms[s].dsl_util_path or ""
                                                                                   for s in platforms} - {""})),
        opinfo_files=tuple(per_soc[s].source for s in per_soc),
        notes=notes,
    )


def _format_key(key: tuple, chains: dict, soc: str, chain: Chain, column: tuple) -> tuple:
    """The key of a chain: one per dtype combination and attribute outcome, unless the chain of this format column
    differs on the same SoC (a static path reading format-dependent dims): then one key per such column, which the
    host chooses by the storage format."""
    same_soc = [k for k in chains if k[:2] == key and chains[k][0][0] == soc]
    if not same_soc:
        return key
    for existing in same_soc:
        if _chain_text(chains[existing][0][1]) == _chain_text(chain):
            return existing
    return (*key, column)


def _combo_plan(key: int, dtypes: tuple, found: list, inputs, outputs, attrs) -> ComboPlan:
    socs = tuple(soc for soc, _, _, _ in found)
    chain = found[0][1]
    gaps = list(chain.gaps)
    first_formats = "/".join(f for _, f in found[0][2].formats)
    for soc, other, combo, _ in found[1:]:
        if _chain_text(other) == _chain_text(chain):
            continue
        if soc != socs[0]:
            gaps.append(Gap("SoC", f"the traced chain on {soc} differs from the one on {socs[0]}; scaffold them "
                                   "with one --soc each", None, None))
        else:  # one kernel serves every format column of a dtype combination
            formats = "/".join(f for _, f in combo.formats)
            gaps.append(Gap("format", f"the traced chain of the {formats} column on {soc} differs from the "
                                      f"{first_formats} column's", None, None))
    conditions = tuple(chain.extra.get("conditions", []))
    label = found[0][2].label() + (f" [{_conditions_text(conditions)}]" if conditions else "")
    stages, acc_type, acc_units = (), None, 0
    if chain.extra.get("list") and not chain.gaps:
        lowered = list_inputs.lower_stages(chain, gaps)
        body, tmp_units, loops, apis, runtime = (), lowered.tmp_units, lowered.scalar_loops, lowered.apis, ()
        stages, acc_type, acc_units = lowered.stages, cxx_type(_storage(lowered.acc_dtype)), 16 * BYTES[
            _storage(lowered.acc_dtype)]  # two accumulators (ping-pong)
    else:
        body, tmp_units, loops, apis, runtime = _lower(chain, inputs, outputs, attrs, gaps)
    if len(outputs) > MAX_QUEUE_BUFFERS:
        gaps.append(Gap("queues", f"{len(outputs)} outputs: A2 allows {MAX_QUEUE_BUFFERS} queue buffers per position",
                        None, None))
    in_buffers, out_buffers = queue_buffers(len(inputs)), queue_buffers(len(outputs))
    queues = 8 * (in_buffers * sum(BYTES[_storage(d)] for pid, d in dtypes if pid.startswith("input"))
                  + out_buffers * sum(BYTES[_storage(d)] for pid, d in dtypes if pid.startswith("output")))
    return ComboPlan(key=key, label=label, dtypes=dtypes, socs=socs, chain=chain, body=body, tmp_units=tmp_units,
                     bytes_per_8=queues + tmp_units + acc_units, scalar_loops=loops, gaps=tuple(gaps), apis=apis,
                     conditions=conditions, attr_values=dict(found[0][3]), runtime_scalars=runtime, stages=stages,
                     acc_type=acc_type)


def _conditions_text(conditions) -> str:
    return ", ".join(f"{c['text']} is {c['outcome']}" for c in conditions)


def _list_default(attr: "AttrPlan"):
    """The op-info default of a list attribute (listInt, listListInt ...), which the generated OpDef does not carry:
    the generated operator always runs TBE's compute with that value."""
    if not attr.kind.lower().startswith("list") or attr.default is None:
        return None
    try:
        value = ast.literal_eval(str(attr.default).strip())
    except (ValueError, SyntaxError):
        return None
    return value if isinstance(value, list) else None


def _default_value(attr: "AttrPlan"):
    text = attr.default
    if text is None:
        return None
    if attr.kind == "bool":
        return str(text).lower() in ("true", "1")
    if attr.kind in ("float", "int"):
        try:
            return float(text)
        except ValueError:
            return None
    return str(text).strip("'\"")


def _lower(chain: Chain, inputs, outputs, attrs, gaps: list):
    if chain.gaps:
        gap = chain.gaps[0]
        where = f"{Path(gap.path).name}:{gap.line}" if gap.path else "the entry"
        text = f"{gap.construct} at {where} is not translated: {gap.reason}".replace('"', "'").replace("\\", "/")
        return (f'static_assert(false, "{text}");',), 0, 0, (), ()
    dtypes = chain.combination
    in_vals = [Val(f"x{i}", _storage(dtypes[f"input{i}"]), "in") for i in range(len(inputs))]
    out_vals = [Val(f"y{i}", _storage(dtypes[f"output{i}"]), "out") for i in range(len(outputs))]
    indices = chain.extra.get("output_indices")
    if indices:  # a variant that writes some outputs only (partial_outputs)
        out_vals = [out_vals[indices[o.port]] for o in chain.outputs]
    lowered = Lowerer(chain, in_vals, out_vals).run()
    for construct, reason, line, path in lowered.gaps:
        gaps.append(Gap(construct, reason, line, path))
    placed = place(lowered)
    return placed.lines, placed.tmp_units, placed.scalar_loops, tuple(sorted(lowered.apis)), lowered.runtime


def _storage(dtype: str) -> str:
    return "int8" if dtype == "bool" else dtype


def _chain_text(chain: Chain) -> str:
    # the shapes the kernel reads (an input rewritten by the static path) are part of what it computes
    return (repr([(op.name, op.operands, op.params, op.dtype) for op in chain.ops]) + repr(chain.gaps)
            + repr(sorted(chain.extra.get("shape_overrides", {}).items())))


def _attrs(facts: EntryFacts, sources: CapabilitySources, op_type: str, flags: dict) -> list[AttrPlan]:
    proto = sources.proto(op_type)
    proto_attrs = {p.name: p for p in proto.params if p.role in ("attr", "required_attr")} if proto else {}
    names = [p.name for p in facts.ports if p.role == "attr" and p.name not in BUILD_OPTIONS]
    listed = [n.strip() for n in str(flags.get("attr.list", "")).split(",") if n.strip()]
    plans = []
    for index, name in enumerate(names):
        key = name if name in listed or not listed else (listed[index] if index < len(listed) else name)
        kind = str(flags.get(f"attr_{key}.type", "")).lower()
        if not kind and key in proto_attrs and proto_attrs[key].attr_type:
            kind = proto_attrs[key].attr_type.lower()
        default = flags.get(f"attr_{key}.defaultValue")
        if default is None and key in proto_attrs:
            default = proto_attrs[key].default
        kind = {"string": "str", "listint": "listInt", "listfloat": "listFloat"}.get(kind, kind)
        cxx, opdef = _ATTR_KINDS.get(kind, (None, None))
        field_name = "attr" + "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]", key) if part)
        plans.append(AttrPlan(name=name, kind=kind or "unknown", default=_plain_default(kind, default),
                              field=field_name, cxx=cxx, opdef=opdef, used=True))
    return plans


def _plain_default(kind: str, default) -> str | None:
    """A REG_OP default as Python reads it: C++ literals lose their suffixes ('0.1f' -> '0.1', '0x10' -> '16');
    a number attribute whose default is no number has none the scaffold can state."""
    if default is None:
        return None
    text = str(default).strip()
    if kind not in ("float", "int"):
        return text
    if re.fullmatch(r"[-+]?0[xX][0-9a-fA-F]+[uUlL]*", text):
        return str(int(text.rstrip("uUlL"), 16))
    text = text.rstrip("fFuUlL") if not text.lower().endswith("inf") else text
    try:
        float(text)
    except ValueError:
        return None
    return text


def cxx_dtype(dtype: str) -> str:
    return cxx_type(dtype)
