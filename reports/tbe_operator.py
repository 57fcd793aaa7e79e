"""TBE operator reports (one operator by name): the capability matrix as table rows, Markdown and terminal text."""

from __future__ import annotations

from op_migrate.reports.findings_text import finding_lines
from op_migrate.reports.render import render
from op_migrate.reports.tbe_matrix import matrix_context
from op_migrate.reports.tbe_report import PARTIAL, dtype_entry_text, op_context

def _summary(role: str, document: dict) -> dict:
    calls = sorted({c["name"] for c in document.get("dsl_calls", []) if c["category"] != "framework"})
    dtypes = {name: ", ".join(e["dtype"] for e in entries) for name, entries in document.get("dtypes", {}).items()}
    return {"role": role, "doc": document, "calls": calls, "dtypes": dtypes}


def operator_context(report: dict) -> dict:
    implementations = report["implementations"]
    primary = implementations[0] if implementations else None
    return {
        "report": report,
        "matrix": matrix_context(report["capability"]),
        "primary": op_context(primary, show_capability=False) if primary else None,
        "primary_role": primary["role"] if primary else None,
        "others": [_summary(item["role"], item) for item in implementations[1:]],
        "capability_findings": [f for f in report["findings"] if f.get("socs") is not None],
    }


def compiled_phrase(item: dict) -> str:
    """", compiled on ascend310, sd3403" / ", not compiled on any SoC reported ..." (nothing without op-info)."""
    socs = item.get("compiled_on")
    if socs is None:
        return ""
    if not socs:
        return ", not compiled on any SoC reported; their op-info picks the other file"
    unflagged = item.get("compiled_without_flag") or []
    flagged = [soc for soc in socs if soc not in unflagged]
    text = f", compiled on {', '.join(flagged)}" if flagged else ""
    if unflagged:
        text += (f"{'; presumably also' if flagged else ', presumably compiled'} on {', '.join(unflagged)}, whose op-info "
                 "does not set dynamicShapeSupport, as no static file exists")
    return text


def operator_markdown(report: dict) -> str:
    return render("reports/tbe/operator.md.j2", **operator_context(report), compiled_phrase=compiled_phrase)


def operator_text(report: dict) -> tuple[str, str]:
    """(the lines above the matrix, the lines below it); the caller renders the matrix between them."""
    implementations = report["implementations"]
    head = [report["title"]]
    if report.get("install"):
        head.append(f"  install: {report['install']}")
    for item in implementations:
        mode = f"{item.get('mode') or '-'}"
        head.append(f"  {item['role']}: {item['path']} ({item['status']}, {mode}){compiled_phrase(item)}")
        if item.get("ascendc"):
            source = item["ascendc"].get("kernel_source") or f"not found ({', '.join(item['ascendc']['candidates'][:2])} ...)"
            head.append(f"    Ascend C kernel: {source}")
    primary = implementations[0] if implementations else {}
    for name, entries in primary.get("dtypes", {}).items():
        parts = [dtype_entry_text(e) for e in entries]
        partial = PARTIAL if name in primary.get("dtypes_partial", ()) else ""
        head.append(f"  checks {name}: {', '.join(parts)}{partial}")
    calls = sorted({c["name"] for c in primary.get("dsl_calls", []) if c["category"] != "framework"})
    if calls:
        head.append(f"  DSL compute calls: {', '.join(calls)}")
    missing = [m["name"] for m in primary.get("mappings", []) if m["category"] == "compute" and not m["ascend_c"]]
    if missing:
        head.append(f"  no direct Ascend C API: {', '.join(missing)}")
    for condition in primary.get("aicpu_fallbacks", []):
        head.append(f"  check_supported hands it to AI CPU when {condition}")
    tail = finding_lines(report["findings"], default_path=primary.get("path"))
    return "\n".join(head) + "\n", "\n".join(tail) + "\n"
