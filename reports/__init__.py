"""Renderers from analysis models to Markdown, mermaid, JSON, SARIF, charts and terminal text."""
