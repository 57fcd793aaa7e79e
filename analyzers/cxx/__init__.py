"""C++ front ends (tree-sitter by default, libclang where headers exist) producing one CxxUnit model."""

from op_migrate.analyzers.cxx.frontend import parse_file, parse_source
from op_migrate.analyzers.cxx.macro_defs import MacroDef, MacroScan, scan_defines, scan_macros, split_macro_args
from op_migrate.analyzers.cxx.macro_expand import Expansion, expand, expand_text
from op_migrate.analyzers.cxx.macro_index import MacroIndex
from op_migrate.analyzers.cxx.messages import MESSAGES
from op_migrate.analyzers.cxx.model import Case, CxxUnit, Expr, Function, GlobalDecl, Param, Stmt
from op_migrate.analyzers.cxx.unit_json import unit_from_json

__all__ = ["MESSAGES", "Case", "CxxUnit", "Expansion", "Expr", "Function", "GlobalDecl", "MacroDef", "MacroIndex",
           "MacroScan", "Param", "Stmt", "expand", "expand_text", "parse_file", "parse_source", "scan_defines",
           "scan_macros", "split_macro_args", "unit_from_json"]
