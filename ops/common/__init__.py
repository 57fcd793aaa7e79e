"""Shared parts of the operators: the CPU model of the Ascend C API and the check against the real headers."""
