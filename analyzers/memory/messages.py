"""The finding kinds of the memory model (symbols are stable; tests assert on them)."""

from __future__ import annotations

from op_migrate.analyzers.findings import MessageCatalog, MessageDef, Severity

MESSAGES = MessageCatalog(
    MessageDef(
        "memory-unknown-size",
        "{tensor}: size of '{op}' output is unknown ({reason}); counted as output-sized N·S (conservative default)",
        "A tensor's shape rule could not be turned into a size formula; the model assumes the broadcast output size.",
    ),
    MessageDef(
        "memory-unknown-dtype",
        "{tensor}: dtype '{dtype}' is not a known dtype; its width is the symbol {symbol}",
        "A tensor's dtype text is neither a dtype name nor a parameter of the case.",
        Severity.INFO,
    ),
    MessageDef(
        "memory-view-exceeds-storage",
        "{tensor}: view of {view_bytes} bytes reaches past its storage of {base_bytes} bytes ({base})",
        "A view or alias whose furthest access lies outside the storage it shares.",
        Severity.ERROR,
    ),
    MessageDef(
        "memory-view-invalid",
        "{tensor}: {reason}",
        "A view whose shape, stride or dtype break the make_tensor rules.",
        Severity.ERROR,
    ),
    MessageDef(
        "memory-dangling-reference",
        "{tensor}: refers to '{ref}', which the route does not define",
        "A task or tensor names a tensor id the route does not hold.",
    ),
    MessageDef(
        "memory-case-missing-parameter",
        "case {case}: no shape for parameter '{name}', so the sizes that depend on it cannot be evaluated; "
        "add {name}=[...] to the case",
        "The case does not give a shape the route needs.",
        Severity.ERROR,
    ),
    MessageDef(
        "memory-case-not-broadcastable",
        "case {case}: the shapes {shapes} do not broadcast together; give the case shapes that broadcast",
        "The input shapes of a case are not broadcast-compatible.",
        Severity.ERROR,
    ),
    MessageDef(
        "memory-may-tensor",
        "{tensor}: created only under an undecided guard ({guards}); counted in the upper bound, not in the peak",
        "A tensor marked may: the model keeps it out of the reuse peak and in the no-reuse upper bound.",
        Severity.INFO,
    ),
    MessageDef(
        "memory-guards-undecided-for-case",
        "{entry}: the route was walked without the shapes of case {case}; {count} tensor(s) under undecided guards are "
        "left out of peak_bytes ({peak}; {peak_may} counting them). Pass the case's shapes as --shape NAME=[...] "
        "(and --dtype) so the guards are decided",
        "A case evaluated on a route whose guards could not be decided without that case's shapes.",
        Severity.WARNING,
    ),
    MessageDef(
        "memory-cases-skipped",
        "{entry}: {count} case(s) not evaluated on this route, whose facts fix other shapes ({facts}): {cases}",
        "Cases whose shapes differ from the shapes a route was walked with are left to the routes walked for them.",
        Severity.INFO,
    ),
    MessageDef(
        "memory-case-differs-from-facts",
        "{entry}: no case matches the shapes the route was walked with ({facts}); it is evaluated at every case, "
        "although other shapes may take other branches",
        "The route's facts give shapes that none of the cases has.",
        Severity.WARNING,
    ),
    MessageDef(
        "memory-gap-above-threshold",
        "{entry}: NPU peak {npu} vs GPU reference {gpu}: gap {gap:.1%} above {threshold:.0%}",
        "The predicted NPU device peak differs from the PyTorch reference by more than the threshold.",
        Severity.WARNING,
    ),
    MessageDef(
        "memory-no-gpu-reference",
        "{entry}: no PyTorch reference in analyzers/data/torch_reference.toml, so the gap is not computed; "
        "add the entry there to get one",
        "The entry point has no GPU reference entry.",
        Severity.INFO,
    ),
    MessageDef(
        "memory-unnamed-tensor",
        "{entry}: {count} launch(es) read or write a tensor the route cannot name, first [{index}] {op} {what}; a "
        "tensor of the chain used there would stay live until then, so the peak may be understated (the upper bound, "
        "every storage at once, still holds)",
        "A launch reads or writes a tensor the walk could not resolve to one of the route (an unknown value or a "
        "tensor list whose elements are not all known): lifetimes end too early if it is one of the chain's tensors.",
        Severity.WARNING,
    ),
    MessageDef(
        "memory-route-incomplete",
        "{entry}: the route is incomplete (unparsed construct or unresolved call); the peak may be understated",
        "The chain analysis did not resolve everything on this route.",
        Severity.WARNING,
    ),
    MessageDef(
        "pypto-unparsable",
        "cannot parse: {reason}",
        "A PyPTO kernel file that astroid cannot parse.",
        Severity.ERROR,
    ),
    MessageDef(
        "pypto-view-not-constant",
        "make_tensor '{name}': {what} is not a constant; the view is listed but not checked",
        "A make_tensor view whose shape/stride depend on runtime values.",
        Severity.INFO,
    ),
    MessageDef(
        "pypto-stride-rank-mismatch",
        "make_tensor '{name}': stride has {strides} entries but shape has {dims}",
        "An explicit stride must have one entry per shape dimension.",
        Severity.ERROR,
    ),
    MessageDef(
        "pypto-subbyte-inner-stride",
        "make_tensor '{name}': dtype {dtype} is sub-byte, so the innermost stride must be 1 (got {stride})",
        "Sub-byte dtypes need a contiguous innermost dimension.",
        Severity.ERROR,
    ),
    MessageDef(
        "pypto-merged-dims-not-contiguous",
        "make_tensor '{name}': dims {dims} of the source are merged but stride({outer}) = {outer_stride} ≠ {inner_dim}·{inner_stride}",
        "Two dimensions merge only when stride(d0) == d1·stride(d1).",
        Severity.ERROR,
    ),
    MessageDef(
        "pypto-view-stride-mismatch",
        "make_tensor '{name}': axis {axis} has stride {stride} but the source steps by {expected} there",
        "A view that regroups source dims must keep the source's memory layout: a merged dim takes the inner dim's stride.",
        Severity.ERROR,
    ),
    MessageDef(
        "pypto-view-exceeds-source",
        "make_tensor '{name}': the view reaches byte {view_bytes} but its source '{source}' holds {source_bytes} bytes",
        "A view whose furthest access lies outside its source.",
        Severity.ERROR,
    ),
)
