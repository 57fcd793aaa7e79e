"""Pure analysis library of op-migrate: sources in, frozen models out; no click, rich or jinja2."""
