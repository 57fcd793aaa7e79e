"""The real-headers check: every operator in ops/ compiled against real Ascend C, stub and host headers."""

from .check import CheckConfig, CheckReport, FileResult, run_check
from .findings import Finding

__all__ = ["CheckConfig", "CheckReport", "FileResult", "Finding", "run_check"]
