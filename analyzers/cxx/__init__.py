"""C++ front ends (tree-sitter by default, libclang where headers exist) producing one CxxUnit model."""

from op_migrate.analyzers.cxx.frontend import parse_file, parse_source
from op_migrate.analyzers.cxx.messages import MESSAGES
from op_migrate.analyzers.cxx.model import Case, CxxUnit, Expr, Function, GlobalDecl, Param, Stmt
from op_migrate.analyzers.cxx.unit_json import unit_from_json

__all__ = ["MESSAGES", "Case", "CxxUnit", "Expr", "Function", "GlobalDecl", "Param", "Stmt", "parse_file",
           "parse_source", "unit_from_json"]
