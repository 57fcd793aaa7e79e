"""Jinja2 templates shipped with op-migrate (reports, design documents, PR descriptions)."""
