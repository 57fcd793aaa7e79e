"""TBE operator reports (one operator by name): the capability matrix as table rows, Markdown and terminal text."""

from __future__ import annotations

from op_migrate.reports.findings_text import findings_text
from op_migrate.reports.render import render
from op_migrate.reports.tbe_matrix import matrix_context, matrix_text
from op_migrate.reports.tbe_report import op_context, op_summary_lines, wrap


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


def operator_text(report: dict) -> str:
    """The operator's files and checks, where each dtype combination runs, then every finding (path:line)."""
    implementations = report["implementations"]
    head = [report["title"]]
    if report.get("install"):
        head.append(f"  install: {report['install']}")
    for item in implementations:
        mode = f"{item.get('mode') or '-'}"
        head += wrap(f"  {item['role']}: {item['path']} ({item['status']}, {mode}){compiled_phrase(item)}", "      ")
        if item.get("ascendc"):
            source = item["ascendc"].get("kernel_source") or f"not found ({', '.join(item['ascendc']['candidates'][:2])} ...)"
            head += wrap(f"    Ascend C kernel: {source}", "      ")
    primary = implementations[0] if implementations else {}
    if primary and primary.get("status") not in ("not_operator", "failed"):
        head += op_summary_lines(primary)[1:]
    findings = findings_text(report["findings"], default_path=primary.get("path"))
    return "\n".join(head) + "\n" + matrix_text(report["capability"]) + findings
