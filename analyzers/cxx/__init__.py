"""C++ front ends (tree-sitter by default, libclang where headers exist) producing one CxxUnit model."""

from analyzers.cxx.frontend import parse_file, parse_source
from analyzers.cxx.messages import MESSAGES
from analyzers.cxx.model import Case, CxxUnit, Expr, Function, GlobalDecl, Param, Stmt
from analyzers.cxx.unit_json import unit_from_json

__all__ = ["MESSAGES", "Case", "CxxUnit", "Expr", "Function", "GlobalDecl", "Param", "Stmt", "parse_file",
           "parse_source", "unit_from_json"]
