"""The one jinja2 environment of op-migrate: templates from the `templates` package, strict undefined."""

from __future__ import annotations

import functools
import json
from importlib import resources

import jinja2


@functools.lru_cache(maxsize=1)
def environment() -> jinja2.Environment:
    """Templates hold loops and ifs only; every value is computed before rendering."""
    root = resources.files("op_migrate.templates")
    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(root)),
        undefined=jinja2.StrictUndefined,
        autoescape=False,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    env.filters["mermaid_label"] = mermaid_label
    env.filters["md_cell"] = md_cell
    return env


def render(template: str, **context) -> str:
    """Render templates/<template> with the given context."""
    return environment().get_template(template).render(**context)


def mermaid_label(text: str) -> str:
    """Quote-safe text for a mermaid node label."""
    return str(text).replace('"', "#quot;").replace("\n", "<br/>")


def md_cell(text) -> str:
    """Text safe inside a Markdown table cell."""
    return str(text).replace("|", "\\|").replace("\n", " ")


def to_json_text(document: dict) -> str:
    """The canonical JSON text of a report document (stable key order as built, 2-space indent)."""
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"
