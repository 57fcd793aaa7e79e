"""The memory section of `migrate analyze CHAIN.cpp --case/--cases`: routes + cases -> Markdown, text, JSON, charts."""

from __future__ import annotations

from dataclasses import dataclass, field

from op_migrate.analyzers.findings import Finding
from op_migrate.analyzers.memory import MESSAGES, CaseError, evaluate, load_cases, parse_case, plan
from op_migrate.analyzers.memory.case import Case
from op_migrate.analyzers.route.facts import FactsError, facts_for, parse_dtype, parse_scalar, parse_shape
from op_migrate.analyzers.route.model import Facts, Route
from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.errors import MigrateError
from op_migrate.migrate.exit_codes import USAGE
from op_migrate.reports.findings_text import finding_line
from op_migrate.reports.memory_chart import chart_data, lifetime_png, lifetime_svg
from op_migrate.reports.memory_report import markdown_section, summary_markdown, summary_rows, text_table


@dataclass(frozen=True)
class MemoryAttachment:
    """What the aclnn pipeline adds to its report: one section per route, JSON per route index, chart files."""

    markdown: str
    text: str
    json_by_route: dict[int, dict]
    files: tuple[tuple[str, bytes], ...]
    findings: tuple[Finding, ...] = field(default=())


def cases_from_config(config: AnalyzeConfig) -> tuple[Case, ...]:
    """Every --case text and the cases of --cases FILE, in that order; a bad one is a usage error."""
    try:
        cases = [parse_case(text, label=f"case {i}" if len(config.cases) > 1 else "") for i, text in enumerate(config.cases, 1)]
        if config.cases_file is not None:
            cases.extend(load_cases(config.cases_file))
    except (CaseError, OSError) as error:
        raise MigrateError(f"--case/--cases: {error}", USAGE) from error
    return tuple(cases)


def case_facts(config: AnalyzeConfig) -> list[Facts]:
    """One Facts per (SoC, case): the case's shapes and dtypes (plus --scalar and named --dtype/--shape it lacks).

    Walking routes with these facts decides shape and dtype guards per case, so that each route's peak counts
    what that case really allocates; attach() then evaluates every route at the case it was walked for.
    """
    try:
        scalars = tuple(parse_scalar(text) for text in config.scalars)
        extra_shapes = [parse_shape(text) for text in config.shapes]
        extra_dtypes = [parse_dtype(text) for text in config.dtypes]
    except FactsError as error:
        raise MigrateError(str(error), USAGE) from error
    rows = []
    for soc in config.socs or (None,):
        for case in cases_from_config(config):
            shapes = {t.name: t.shape for t in case.tensors}
            dtypes = {t.name: t.dtype for t in case.tensors if t.dtype}
            for name, partner in (("self", "selfRef"), ("selfRef", "self")):
                if name in shapes and partner not in shapes:
                    shapes[partner] = shapes[name]
                    if name in dtypes:
                        dtypes[partner] = dtypes[name]
            for name, dims in extra_shapes:
                shapes.setdefault(name, dims)
            for name, dtype in extra_dtypes:
                dtypes.setdefault(name, dtype)
            if len(set(dtypes.values())) == 1:
                dtypes = {"*": next(iter(dtypes.values()))}  # one dtype for every tensor reads as such
            try:
                rows.append(facts_for(soc, tuple(dtypes.items()), tuple(shapes.items()), scalars))
            except FactsError as error:
                raise MigrateError(str(error), USAGE) from error
    return rows


def _matches(route: Route, case: Case) -> bool:
    return all(case.get(name) is None or case.get(name).shape == tuple(dims) for name, dims in route.facts.shapes)


def cases_for(route: Route, cases: tuple[Case, ...]) -> tuple[Case, ...]:
    """The cases a route was walked for: those agreeing with every shape in its facts (all cases when none do).

    A route walked with one case's shapes may have taken branches only that case takes; evaluating it at
    another case would mix two routes. Routes walked without shapes apply to every case.
    """
    if not route.facts.shapes:
        return cases
    matching = tuple(case for case in cases if _matches(route, case))
    return matching or cases


def attach(config: AnalyzeConfig, routes: list[Route], invalid: dict[int, str] | None = None) -> MemoryAttachment:
    """Evaluate every route at every case of the config; charts are drawn for each route's first evaluated case,
    numbered 1, 2, ... in the order drawn. A route its checks reject, or whose facts do not broadcast (`invalid`:
    route index -> why), is no call: no figure and no chart stands for it."""
    invalid = invalid or {}
    cases = cases_from_config(config)
    markdown_parts, text_parts, files, all_findings = [], [], [], []
    summary_inputs = []
    json_by_route: dict[int, dict] = {}
    for index, route in enumerate(routes):
        memory_plan = plan(route)
        soc = config.socs[0] if config.socs else route.facts.soc
        # A route its checks reject launches nothing because the call fails: no memory figure stands for it.
        refused = route.rejected.message if route.rejected is not None else invalid.get(index)
        evaluations = [] if refused else [
            evaluate(memory_plan, case, soc=soc, measure_gpu=config.measure_gpu) for case in cases_for(route, cases)]
        findings = list(memory_plan.findings)
        shown = ", ".join(f"{name}={list(dims)}" for name, dims in route.facts.shapes)
        if route.facts.shapes and cases and not any(_matches(route, case) for case in cases):
            findings.append(MESSAGES.make("memory-case-differs-from-facts", entry=route.entry, facts=shown))
        skipped = [case.text() for case in cases if case not in cases_for(route, cases)]
        if skipped:
            findings.append(MESSAGES.make("memory-cases-skipped", entry=route.entry, count=len(skipped), facts=shown,
                                          cases="; ".join(skipped)))
        for evaluation in evaluations:
            findings.extend(f for f in evaluation.findings if f not in findings)
        all_findings.extend(findings)
        documents = [e.document for e in evaluations]
        summary_inputs.append((index, route.entry, soc, documents))
        plan_json = memory_plan.to_json()
        first = next((e for e in evaluations if e.document.get("evaluated")), None)
        chart_name = None
        if first is not None:
            data = chart_data(memory_plan, first, f"{route.entry} — {first.document['case']}")
            # Charts sit next to `-o REPORT`; the report's stem keeps two reports in one folder apart.
            drawn = sum(1 for name, _ in files if name.endswith(".svg")) + 1
            stem = f"{config.output.stem}_memory_chart{drawn}" if config.output is not None else f"memory_chart{drawn}"
            chart_name = f"{stem}.svg"
            files.append((chart_name, lifetime_svg(data).encode("utf-8")))
            files.append((f"{stem}.png", lifetime_png(data)))
        summary = dict(first.document) if first is not None else {"formula": memory_plan.formula, "evaluated": False}
        if refused:
            summary["rejected"] = refused
        json_by_route[index] = {
            **summary,
            "cases": documents,
            "plan": plan_json,
            "findings": [f.to_json() for f in findings],
        }
        finding_docs = [f.to_json() for f in findings]
        markdown_parts.append(markdown_section(plan_json, documents, finding_docs, chart_name))
        if refused:
            text_parts.append(f"memory: route {index} {route.entry}: not evaluated, no valid call for these facts\n")
        else:
            title = f"memory: route {index} {route.entry}  peak = entry tensors + {memory_plan.formula}"
            text_parts.append(text_table(title, documents))
        text_parts.extend(f"  {finding_line(f.to_json())}\n" for f in findings)
    if len(routes) > 1:
        markdown_parts.insert(0, summary_markdown(summary_rows(summary_inputs)))
    return MemoryAttachment("\n".join(markdown_parts), "".join(text_parts), json_by_route, tuple(files), tuple(all_findings))
