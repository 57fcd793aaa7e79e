"""Finished Ascend C operators in the ops-math layout, shipped as package data."""
