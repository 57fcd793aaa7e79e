"""Renders a scaffolded operator folder from its plan: relative path -> text, every file through templates/scaffold."""

from __future__ import annotations

import json
from pathlib import Path

from op_migrate.analyzers import catalog
from op_migrate.analyzers.scaffold.plan import ScaffoldPlan
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
    ("docs/design.md.j2", "docs/design.md"),
    ("docs/verify_policy.toml.j2", "docs/verify_policy.toml"),
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
CXX_KEYWORDS = {"default", "delete", "new", "class", "template", "operator", "register", "union", "int", "float",
                "char", "short", "long", "double", "bool", "auto", "case", "switch", "this", "out", "in"}
GE_TYPES = {"float16": "DT_FLOAT16", "bfloat16": "DT_BF16", "float32": "DT_FLOAT", "int8": "DT_INT8",
            "uint8": "DT_UINT8", "int16": "DT_INT16", "uint16": "DT_UINT16", "int32": "DT_INT32", "uint32": "DT_UINT32",
            "int64": "DT_INT64", "uint64": "DT_UINT64", "bool": "DT_BOOL"}
ACL_TYPES = {"float16": "ACL_FLOAT16", "bfloat16": "ACL_BF16", "float32": "ACL_FLOAT", "int8": "ACL_INT8",
             "uint8": "ACL_UINT8", "int16": "ACL_INT16", "uint16": "ACL_UINT16", "int32": "ACL_INT32",
             "uint32": "ACL_UINT32", "int64": "ACL_INT64", "uint64": "ACL_UINT64", "bool": "ACL_BOOL"}


def render_folder(plan: ScaffoldPlan, extra: dict) -> dict[str, str]:
    """Every file of the operator folder. `extra` holds what the pipeline measured or read (report tables, the
    TBE flowcharts, the chains JSON)."""
    context = build_context(plan, extra)
    files = {}
    for template, pattern in FILES:
        relative = pattern.format(op=plan.op, api=context["api"])
        files[relative] = render(f"scaffold/{template}", **context)
    files[f"tests/portable/{plan.op}_chains.json"] = json.dumps(extra["chains"], indent=1, ensure_ascii=False) + "\n"
    return files


def build_context(plan: ScaffoldPlan, extra: dict) -> dict:
    license_cpp = catalog.data_path("license_header.txt").read_text(encoding="utf-8").rstrip("\n")
    license_py = "\n".join("# " + line.strip(" /*").rstrip() if line.strip(" /*") else "#"
                           for line in license_cpp.splitlines()[1:-1])
    inputs = [{"name": _cname(name), "port": name, "index": i} for i, name in enumerate(plan.inputs)]
    outputs = [{"name": _cname(name), "port": name, "index": i} for i, name in enumerate(plan.outputs)]
    combos = []
    for combo in plan.combos:
        dtypes = dict(combo.dtypes)
        storage = {port: "int8" if d == "bool" else d for port, d in dtypes.items()}
        in_bytes = [BYTES[storage[p]] for p in plan.inputs]
        out_bytes = [BYTES[storage[p]] for p in plan.outputs]
        combos.append({
            "key": combo.key,
            "label": combo.label,
            "macro": f"{plan.op.upper()}_TPL_{combo.key}",
            "struct": f"{plan.op_type}Chain{combo.key}",
            "in_types": [cxx_type(storage[p]) for p in plan.inputs],
            "out_types": [cxx_type(storage[p]) for p in plan.outputs],
            "ge_types": [GE_TYPES[dtypes[p]] for p in (*plan.inputs, *plan.outputs)],
            "acl_types": [ACL_TYPES[dtypes[p]] for p in (*plan.inputs, *plan.outputs)],
            "dtype_text": ", ".join(f"{p} {d}" for p, d in combo.dtypes),
            "socs_text": ", ".join(combo.socs),
            "socs": list(combo.socs),
            "tmp_units": combo.tmp_units,
            "bytes_per_8": combo.bytes_per_8,
            "row_align": 32 // min([*in_bytes, *out_bytes]),
            "out_align": 32 // min(out_bytes),
            "out_bytes": out_bytes,
            "body": list(combo.body),
            "translated": combo.translated,
            "gaps": [gap.to_json() for gap in combo.gaps],
            "dtypes": dtypes,
        })
    attrs = []
    for attr in plan.attrs:
        if attr.cxx is None:
            continue
        default = attr.default if attr.default not in (None, "") else "0"
        default = {"true": "1", "false": "0"}.get(default.lower(), default)
        attrs.append({"name": attr.name, "field": attr.field, "cxx": attr.cxx, "opdef": attr.opdef,
                      "default_cxx": default, "default": attr.default})
    op_upper = plan.op.upper()
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
        "combos": combos,
        "key_bits": max(1, max(len(combos) - 1, 1).bit_length()),
        "plan": plan,
        **extra,
    }


def _cname(name: str) -> str:
    return f"{name}_" if name in CXX_KEYWORDS else name
