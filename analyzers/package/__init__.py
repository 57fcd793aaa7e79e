"""Checks an operator folder against ops-math's conventions before it is packaged (layout, license, hygiene)."""

from op_migrate.analyzers.package.hygiene import check_hygiene, check_license_headers
from op_migrate.analyzers.package.layout import check_layout
from op_migrate.analyzers.package.manifest import FileEntry, collect_files
from op_migrate.analyzers.package.messages import MESSAGES
from op_migrate.analyzers.package.operators import OperatorInfo, operator_info

__all__ = [
    "MESSAGES",
    "FileEntry",
    "OperatorInfo",
    "check_hygiene",
    "check_layout",
    "check_license_headers",
    "collect_files",
    "operator_info",
]
