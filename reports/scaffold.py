"""Renders a scaffolded operator folder from its plan: relative path -> text, every file through templates/scaffold."""

from __future__ import annotations

import json
from pathlib import Path

from op_migrate.analyzers import catalog
from op_migrate.analyzers.scaffold import list_inputs
from op_migrate.analyzers.scaffold.attr_cases import cxx_condition, cxx_expr_condition
from op_migrate.analyzers.scaffold.scalars import host_expr
from op_migrate.analyzers.scaffold.chain import numel_ports
from op_migrate.analyzers.scaffold.plan import MAX_QUEUE_BUFFERS, ScaffoldPlan, queue_buffers
from op_migrate.analyzers.scaffold.scalars import BYTES, cxx_type
from op_migrate.reports.render import render

# (template, output path with {op} / {api} placeholders)
FILES = (
    ("op_kernel/entry.cpp.j2", "op_kernel/{op}.cpp"),
    ("op_kernel/kernel.h.j2", "op_kernel/{op}.h"),
    ("op_kernel/chains.h.j2", "op_kernel/{op}_chains.h"),
    ("op_kernel/tiling_data.h.j2", "op_kernel/{op}_tiling_data.h"),
    ("op_kernel/tiling_key.h.j2", "op_kernel/{op}_tiling_key.h"),
    ("op_host/tiling_core.h.j2", "op_host/{op}_tiling_core.h"),
    ("op_host/tiling.cpp.j2", "op_host/{op}_tiling.cpp"),
    ("op_host/def.cpp.j2", "op_host/{op}_def.cpp"),
    ("op_host/infershape.cpp.j2", "op_host/{op}_infershape.cpp"),
    ("op_api/l0.cpp.j2", "op_api/{op}.cpp"),
    ("op_api/l0.h.j2", "op_api/{op}.h"),
    ("op_api/aclnn.cpp.j2", "op_api/aclnn_{op}.cpp"),
    ("op_api/aclnn.h.j2", "op_api/aclnn_{op}.h"),
    ("CMakeLists.txt.j2", "CMakeLists.txt"),
    ("README.md.j2", "README.md"),
    ("docs/aclnn.md.j2", "docs/{api}.md"),
    ("docs/design_facts.toml.j2", "docs/design_facts.toml"),
    ("docs/design.md.j2", "docs/{op}_design.md"),
    ("docs/verify_policy.toml.j2", "docs/verify_policy.toml"),
    ("docs/operator.toml.j2", "docs/operator.toml"),
    ("docs/scaffold_report.md.j2", "docs/scaffold_report.md"),
    ("examples/example.cpp.j2", "examples/test_aclnn_{op}.cpp"),
    ("tests/kernel_main.cpp.j2", "tests/portable/kernel_main.cpp"),
    ("tests/conftest.py.j2", "tests/portable/conftest.py"),
    ("tests/test_kernel.py.j2", "tests/portable/test_{op}_kernel.py"),
    ("tests/ut_kernel_cmake.j2", "tests/ut/op_kernel/CMakeLists.txt"),
    ("tests/ut_kernel.cpp.j2", "tests/ut/op_kernel/test_{op}.cpp"),
    ("tests/ut_tiling.cpp.j2", "tests/ut/op_host/test_{op}_tiling.cpp"),
    ("tests/ut_aclnn.cpp.j2", "tests/ut/op_api/test_aclnn_{op}.cpp"),
)
# A tensor-list operator's own versions (the L2 API takes an aclTensorList).
LIST_TEMPLATES = {"op_api/aclnn.cpp.j2": "op_api/aclnn_list.cpp.j2"}
# Every C++20 keyword and alternative token (SelectV2's input `else`), and two names the generated code uses itself.
CXX_KEYWORDS = frozenset("""
    alignas alignof and and_eq asm auto bitand bitor bool break case catch char char8_t char16_t char32_t class compl
    concept const consteval constexpr constinit const_cast continue co_await co_return co_yield decltype default delete
    do double dynamic_cast else enum explicit export extern false float for friend goto if inline int long mutable
    namespace new noexcept not not_eq nullptr operator or or_eq private protected public register reinterpret_cast
    requires return short signed sizeof static static_assert static_cast struct switch template this thread_local
    throw true try typedef typeid typename union unsigned using virtual void volatile wchar_t while xor xor_eq
    out in""".split())
GE_TYPES = {"float16": "DT_FLOAT16", "bfloat16": "DT_BF16", "float32": "DT_FLOAT", "int8": "DT_INT8",
            "uint8": "DT_UINT8", "int16": "DT_INT16", "uint16": "DT_UINT16", "int32": "DT_INT32", "uint32": "DT_UINT32",
            "int64": "DT_INT64", "uint64": "DT_UINT64", "bool": "DT_BOOL",
            "complex32": "DT_COMPLEX32", "complex64": "DT_COMPLEX64"}
ACL_TYPES = {"float16": "ACL_FLOAT16", "bfloat16": "ACL_BF16", "float32": "ACL_FLOAT", "int8": "ACL_INT8",
             "uint8": "ACL_UINT8", "int16": "ACL_INT16", "uint16": "ACL_UINT16", "int32": "ACL_INT32",
             "uint32": "ACL_UINT32", "int64": "ACL_INT64", "uint64": "ACL_UINT64", "bool": "ACL_BOOL",
             "complex32": "ACL_COMPLEX32", "complex64": "ACL_COMPLEX64"}


def render_folder(plan: ScaffoldPlan, extra: dict) -> dict[str, str]:
    """Every file of the operator folder. `extra` holds what the pipeline measured or read (report tables, the
    TBE flowcharts, the chains JSON)."""
    context = build_context(plan, extra)
    files = {}
    for template, pattern in FILES:
        relative = pattern.format(op=plan.op, api=context["api"])
        if context["list_input"] and template in LIST_TEMPLATES:
            template = LIST_TEMPLATES[template]
        files[relative] = render(f"scaffold/{template}", **context)
    files[f"tests/portable/{plan.op}_chains.json"] = json.dumps(extra["chains"], indent=1, ensure_ascii=False) + "\n"
    return files


def build_context(plan: ScaffoldPlan, extra: dict) -> dict:
    license_cpp = catalog.data_path("license_header.txt").read_text(encoding="utf-8").rstrip("\n")
    license_py = "\n".join("# " + line.strip(" /*").rstrip() if line.strip(" /*") else "#"
                           for line in license_cpp.splitlines()[1:-1])
    inputs = [{"name": _cname(name), "port": name, "index": i} for i, name in enumerate(plan.inputs)]
    taken = {item["name"] for item in inputs}
    outputs = [{"name": _cname(name) + ("_out" if _cname(name) in taken else ""), "port": name, "index": i}
               for i, name in enumerate(plan.outputs)]
    combos = []
    for combo in plan.combos:
        in_dtypes, out_dtypes = combo.input_dtypes(), combo.output_dtypes()
        in_storage = ["int8" if d == "bool" else d for d in in_dtypes]
        out_storage = ["int8" if d == "bool" else d for d in out_dtypes]
        in_bytes = [BYTES[d] for d in in_storage]
        out_bytes = [BYTES[d] for d in out_storage]
        combos.append({
            "key": combo.key,
            "label": combo.label,
            "macro": f"{plan.op.upper()}_TPL_{combo.key}",
            "struct": f"{plan.op_type}Chain{combo.key}",
            "in_types": [cxx_type(d) for d in in_storage],
            "out_types": [cxx_type(d) for d in out_storage],
            "ge_types": [GE_TYPES[d] for d in (*in_dtypes, *out_dtypes)],
            "acl_types": [ACL_TYPES[d] for d in (*in_dtypes, *out_dtypes)],
            "in_dtypes": in_dtypes,
            "out_dtypes": out_dtypes,
            "dtype_text": ", ".join(f"{p} {d}" for p, d in zip((*plan.inputs, *plan.outputs), (*in_dtypes, *out_dtypes))),
            "ge_qualified": [f"ge::{GE_TYPES[d]}" for d in (*in_dtypes, *out_dtypes)],
            # keys told apart by the storage format of the first port (every port of a column has one layout)
            "first_formats": sorted({f"ge::FORMAT_{column[0]}" for column in combo.formats}) if combo.by_format
            else [],
            "op_types": [f"op::DataType::{GE_TYPES[d]}" for d in (*in_dtypes, *out_dtypes)],
            "tile_192k": _tile(combo.bytes_per_8),
            "op_count": len(combo.chain.ops),
            "scalar_loops": combo.scalar_loops,
            "check_text": extra.get("checks", {}).get(str(combo.key), "not run"),
            "socs_text": ", ".join(combo.socs),
            "socs": list(combo.socs),
            "tmp_units": combo.tmp_units,
            "bytes_per_8": combo.bytes_per_8,
            "row_align": 32 // min([*in_bytes, *out_bytes]),
            "out_align": 32 // min(out_bytes),
            "out_bytes": out_bytes,
            "body": list(combo.body),
            # outputs this combination's variant writes (an attribute may turn some off: partial_outputs)
            "writes": [name not in combo.chain.extra.get("unwritten_outputs", ()) for name in plan.outputs],
            "translated": combo.translated,
            "gaps": [gap.to_json() for gap in combo.gaps],
        })
    listed = next((c.chain.extra["list"] for c in plan.combos if c.chain.extra.get("list")), None)
    list_input = {"port": plan.inputs[0], "name": inputs[0]["name"],
                  "count_attrs": list(list_inputs.count_attrs(plan.attrs))} \
        if listed else None
    for entry, combo in zip(combos, plan.combos):  # a tensor-list operator's fold (list_inputs.py)
        entry.update(stages=list(combo.stages), acc_type=combo.acc_type,
                     min_length=combo.chain.extra.get("list", {}).get("min_length", 1))
    attrs = []
    for index, attr in enumerate(plan.attrs):
        if attr.opdef is None:
            continue
        default = attr.default if attr.default not in (None, "") else ("" if attr.kind == "str" else "0")
        if attr.kind != "str":
            default = {"true": "1", "false": "0"}.get(default.lower(), default)
        kind = {"float": ("double", "float", "Float", "1.5", "CreateFloat"),
                "int": ("int64_t", "int64_t", "Int", "2", "CreateInt"),
                "bool": ("bool", "bool", "Bool", "true", "CreateBool"),
                "str": ("const char*", "char", "String", '"' + default.strip("'\"") + '"', "CreateString")}[attr.kind]
        attrs.append({"name": attr.name, "field": attr.field, "cxx": attr.cxx, "opdef": attr.opdef, "kind": attr.kind,
                      "default_cxx": default, "default": attr.default, "default_text": default.strip("'\""), "api_type": kind[0], "host_type": kind[1],
                      "opdef_default": _opdef_default(attr.kind, default), "example": kind[3],
                      "any_value": kind[4], "ut_value": kind[3], "index": index, "td": attr.cxx is not None})
    kinds = {a["name"]: a["kind"] for a in attrs}
    fields = {a["name"]: a["field"] for a in attrs}
    for entry, combo in zip(combos, plan.combos):
        chain_json = combo.chain.to_json()
        index_of = {item["port"]: item["index"] for item in inputs}

        def numel_field(refs, index=None, differ=None, rank=False, chain_json=chain_json):
            mask = sum(1 << index_of[port] for port in numel_ports(chain_json, refs))
            if rank:
                return f"Rank(inputs, {mask}U)"
            if differ is not None:
                other = sum(1 << index_of[port] for port in numel_ports(chain_json, differ[0]))
                return f"ShapesDiffer(inputs, {mask}U, {other}U, {differ[1]})"
            return f"ElementCount(inputs, {mask}U)" if index is None else f"Dimension(inputs, {mask}U, {index}, ok)"

        terms = []
        for condition in combo.conditions:
            predicate = condition["predicate"]
            if "expr" in predicate:
                text = cxx_expr_condition(predicate, lambda name: fields.get(name, name), numel_field)
            else:
                text = cxx_condition(predicate, fields.get(predicate["attr"], predicate["attr"]),
                                     kinds.get(predicate["attr"], ""))
            terms.append(text if condition["outcome"] else f"!{text}")
        entry["condition_cxx"] = " && ".join(terms) if terms else "true"

        entry["runtime"] = [host_expr(expr, lambda name: f"td.{fields.get(name, name)}", numel_field)
                            for expr in combo.runtime_scalars]
        overrides = combo.chain.extra.get("shape_overrides", {})
        entry["overrides"] = [{"index": index_of[port], "rank": len(exprs),
                               "dims": [f"static_cast<int64_t>({host_expr(e, str, numel_field)})" for e in exprs]}
                              for port, exprs in overrides.items()]
        entry["conditions_text"] = "; ".join(f"{c['text']} is {c['outcome']}" for c in combo.conditions)
    op_upper = plan.op.upper()
    one_element = sorted({port for combo in plan.combos for port in combo.chain.extra.get("one_element_inputs", [])})
    cnames = {item["port"]: item["name"] for item in inputs}
    first = plan.combos[0] if plan.combos else None
    pattern_text = {"ELEWISE": "elementwise (classify ELEWISE)",
                    "ELEWISE_WITH_BROADCAST": "elementwise with broadcast (classify ELEWISE_WITH_BROADCAST)"}.get(
        plan.pattern or "", f"pattern {plan.pattern}")
    return {
        "license_cpp": license_cpp,
        "license_py": license_py,
        "op": plan.op,
        "op_upper": op_upper,
        "op_type": plan.op_type,
        "source_op_type": plan.source_op_type,
        "ns": f"{plan.op_type}Ns",
        "guard": "OPS_EXPERIMENTAL",
        "api": f"aclnn{plan.op_type}",
        "tbe_name": Path(plan.tbe_path).name,
        "tbe_path": plan.tbe_path,
        "short_socs": list(plan.short_socs),
        "socs": list(plan.socs),
        "inputs": inputs,
        "outputs": outputs,
        "attrs": attrs,
        "opdef_limits": any("numeric_limits" in a["opdef_default"] for a in attrs),
        "td_attrs": [a for a in attrs if a["td"]],
        "max_scalars": max([1, *[len(c.runtime_scalars) for c in plan.combos]]),
        "combos": combos,
        "unwritten_outputs": any(not all(c["writes"]) for c in combos),
        "key_bits": max(1, max(len(combos) - 1, 1).bit_length()),
        "in_buffers": queue_buffers(len(plan.inputs)),
        "input_tbuf": len(plan.inputs) > MAX_QUEUE_BUFFERS,
        "out_buffers": queue_buffers(len(plan.outputs)),
        "plan": plan,
        "install": plan.install or "a CANN install",
        "pattern_text": pattern_text,
        "one_element_inputs": one_element,
        "list_input": list_input,
        "rewrites": any(entry["overrides"] for entry in combos),
        "one_element_cnames": [cnames[p] for p in one_element if p in cnames],
        "entry_name": extra.get("entry_name", "?"),
        "port_names": [*plan.inputs, *plan.outputs],
        "param_rows": _param_rows(plan, inputs, outputs, attrs),
        "chain_summary": _chain_summary(first.chain) if first else "-",
        "refused": [f"{soc} {label}: {why}" for soc, label, why in plan.refused],
        "refused_text": "; ".join(f"{label} ({why})" for _, label, why in plan.refused) or "无",
        "queries": sorted({q[0] for combo in plan.combos for q in combo.chain.queries}),
        "notes": sorted({f"{Path(n[2]).name}:{n[1]}: {n[0]}" for combo in plan.combos for n in combo.chain.notes})
        + list(plan.notes),
        "differences_text": _differences(plan),
        "gap_rows": [{"combo": label, "construct": gap.construct, "where": f"{Path(gap.path).name}:{gap.line}"
                      if gap.path else "-", "reason": gap.reason} for label, gap in plan.gaps],
        "opdef_groups": _opdef_groups(plan, inputs, outputs),
        "policy_routes": _policy_routes(plan, inputs, outputs),
        "policy_cases": _policy_cases(plan, inputs, outputs, one_element),
        "example": _example(first, inputs, outputs) if first else {},
        "check_rows": extra.get("check_rows", []),
        "comparison": extra.get("comparison"),
        "compute_flow": extra.get("compute_flow", 'flowchart TD\n    N0["no flowchart"]'),
        **{k: v for k, v in extra.items() if k not in ("checks",)},
    }


def _tile(bytes_per_8: int) -> int:
    return (196608 - 1024) * 8 // bytes_per_8 // 256 * 256 if bytes_per_8 else 0


def _opdef_default(kind: str, default: str) -> str:
    if kind == "str":
        return '"' + default.strip("'\"") + '"'
    if kind == "bool":
        return "true" if default in ("1", "true", "True") else "false"
    if kind == "int":
        return str(int(float(default)))
    number = float(default)
    if number != number or number in (float("inf"), float("-inf")):
        special = "quiet_NaN()" if number != number else "infinity()"
        return ("-" if number < 0 else "") + f"std::numeric_limits<float>::{special}"
    text = repr(number)
    return text if "e" in text or "." in text else text + ".0"


_HOST = {"float16": "uint16_t", "bfloat16": "uint16_t", "float32": "float", "bool": "uint8_t"}
_VALUES = {"float16": "0x3E00", "bfloat16": "0x3FC0", "float32": "1.5f", "bool": "1"}


def _example(combo, inputs, outputs) -> dict:
    ins, outs = combo.input_dtypes(), combo.output_dtypes()
    return {"in_types": [_HOST.get(d, cxx_type(d)) for d in ins], "out_types": [_HOST.get(d, cxx_type(d)) for d in outs],
            "init": [_VALUES.get(d, "3") for d in ins], "in_acl": [f"aclDataType::{ACL_TYPES[d]}" for d in ins],
            "out_acl": [f"aclDataType::{ACL_TYPES[d]}" for d in outs]}


def _param_rows(plan: ScaffoldPlan, inputs, outputs, attrs) -> list[dict]:
    rows = []
    for items, kind, getter in ((inputs, "输入", "input_dtypes"), (outputs, "输出", "output_dtypes")):
        for item in items:
            dtypes = [getattr(c, getter)()[item["index"]] for c in plan.combos]
            rows.append({"name": item["name"], "kind": kind, "what": f"{plan.source_op_type} 的 {item['port']}",
                         "dtypes": ", ".join(dict.fromkeys(d.upper() for d in dtypes)), "format": "ND"})
    for attr in attrs:
        rows.append({"name": attr["name"], "kind": "属性", "what": f"默认值 {attr['default']}",
                     "dtypes": attr["api_type"], "format": "-"})
    return rows


def _chain_summary(chain) -> str:
    names = [op.name for op in chain.ops]
    if not names:
        return "（无计算：输出即输入）"
    shown = " → ".join(names[:24]) + (" → …" if len(names) > 24 else "")
    return f"{shown}（{len(names)} 个 DSL 调用）"


def _differences(plan: ScaffoldPlan) -> str:
    items = ["the inputs broadcast by strides in the kernel (TBE's tbe.broadcast materialised them in UB)"]
    if any("bfloat16" in c.input_dtypes() + c.output_dtypes() for c in plan.combos):
        items.append("bfloat16 ops A2 has no vector instruction for run in float32 and round once (TBE's "
                     "support_bfp16 wrapper casts the same way)")
    if any(c.scalar_loops for c in plan.combos):
        items.append("integer ops without an A2 vector instruction (int64, 8-bit arithmetic, integer compares) "
                     "run on the scalar unit")
    listed = next((c.chain.extra["list"] for c in plan.combos if c.chain.extra.get("list")), None)
    if listed:
        items.append(f"tensor list {plan.inputs[0]} (DYNAMIC) is read element by element through ListTensorDesc; "
                     "TBE's chain of N elements runs as head + N-1 steps + tail over an accumulator (the same calls "
                     "in dataflow order, checked against the traced chains of 2, 3 and 4 elements), one element as "
                     "its own traced chain where TBE accepts it")
    notes = {n[0] for c in plan.combos for n in c.chain.notes}
    if notes:
        items.append("the trace assumed: " + "; ".join(sorted(notes)))
    if plan.refused:
        items.append(f"{len(plan.refused)} registered combination(s) the TBE code refuses are left out")
    return "; ".join(items) + "."


def _opdef_groups(plan: ScaffoldPlan, inputs, outputs) -> list[dict]:
    """One OpDef column per (dtype combination, format) a SoC registers; SoCs with the same columns share a config."""
    groups: dict[tuple, list[str]] = {}
    for soc in plan.socs:
        keys = tuple(c.key for c in plan.combos if soc in c.socs)
        groups.setdefault(keys, []).append(soc)
    result = []
    for index, (keys, socs) in enumerate(groups.items()):
        columns = []
        for combo in plan.combos:
            if combo.key in keys:
                dtypes = [*combo.input_dtypes(), *combo.output_dtypes()]
                for fmt in combo.formats or (("ND",) * len(dtypes),):
                    if (tuple(dtypes), fmt) not in columns:
                        columns.append((tuple(dtypes), fmt))
        ports = []
        for items, kind in ((inputs, "Input"), (outputs, "Output")):
            for item in items:
                position = item["index"] + (len(inputs) if kind == "Output" else 0)
                optional = kind == "Input" and item["port"] in plan.optional_inputs
                ports.append({"kind": kind, "name": item["port"], "var": f"{kind.upper()}{item['index']}",
                              "param_type": "OPTIONAL" if optional else "REQUIRED",
                              "dtypes": [f"ge::{GE_TYPES[d[position]]}" for d, _ in columns],
                              "formats": [f"ge::FORMAT_{fmt[position]}" for _, fmt in columns]})
        result.append({"socs": socs, "tag": f"G{index}", "config": f"aicoreConfig{index}", "ports": ports,
                       "combos": [c for c in plan.combos if c.key in keys]})
    return result


def _policy_routes(plan: ScaffoldPlan, inputs, outputs) -> list[dict]:
    routes: dict[tuple, list[dict]] = {}
    for combo in plan.combos:
        socs = tuple(_SOC_NAMES.get(s, s) for s in combo.socs)
        dtypes = {item["name"]: d for item, d in zip(inputs, combo.input_dtypes())}
        dtypes.update({item["name"]: d for item, d in zip(outputs, combo.output_dtypes())})
        routes.setdefault(socs, []).append(dtypes)
    return [{"socs": list(socs), "dtypes": dtypes} for socs, dtypes in routes.items()]


_SOC_NAMES = {"ascend910b": "Ascend910B", "ascend910_93": "Ascend910_93", "ascend910": "Ascend910",
              "ascend310p": "Ascend310P"}


def _policy_cases(plan: ScaffoldPlan, inputs, outputs, one_element) -> list[dict]:
    def case(name, first, other, out):
        shapes = {item["name"]: ([1] if item["port"] in one_element else (first if item["index"] == 0 else other))
                  for item in inputs}
        shapes.update({item["name"]: out for item in outputs})
        return {"name": name, "shapes": shapes}

    cases = [case("same-shape", [1000], [1000], [1000])]
    if plan.pattern == "ELEWISE_WITH_BROADCAST" and len(inputs) - len(one_element) >= 2:
        cases.append(case("broadcast-both", [256, 1, 32], [1, 512, 32], [256, 512, 32]))
    return cases


def _cname(name: str) -> str:
    return f"{name}_" if name in CXX_KEYWORDS else name
