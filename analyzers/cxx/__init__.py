"""C++ front ends (tree-sitter by default, libclang where headers exist) producing one CxxUnit model."""
