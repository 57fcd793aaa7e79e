"""`migrate analyze kernel.py` on PyPTO kernels: list each pl.make_tensor view, flag the invalid constant ones."""

from __future__ import annotations

from pathlib import Path

from op_migrate.analyzers.memory.pypto import analyze_file
from op_migrate.migrate import exit_codes
from op_migrate.migrate.config import AnalyzeConfig
from op_migrate.migrate.output import Rendered
from op_migrate.reports import memory_pypto
from op_migrate.reports.render import to_json_text


def run(config: AnalyzeConfig) -> Rendered:
    """Analyze every input file (a missing or unparsable one is a finding; the others still run)."""
    documents = [analyze_file(Path(item)).to_json() for item in config.inputs]
    code = exit_codes.outcome(severities=(f["severity"] for doc in documents for f in doc["findings"]))
    if config.fmt == "json":
        body = to_json_text({"schema": "op-migrate/pypto-analysis@1", "files": documents})
    elif config.fmt == "md":
        body = memory_pypto.markdown(documents)
    else:
        body = memory_pypto.text(documents)
    return Rendered(body, code)
