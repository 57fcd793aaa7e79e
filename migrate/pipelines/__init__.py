"""One pipeline per input kind for `migrate analyze`: AnalyzeConfig -> Rendered (analysis, then rendering)."""
