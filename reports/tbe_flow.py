"""Mermaid flowcharts from a TBE document's flow trees: the registration/build flow and the compute flow."""

from __future__ import annotations

from op_migrate.reports.render import mermaid_label

_LIMIT = 100
_DECISION_LIMIT = 120  # guards carry the SoC names and dtypes a reader looks for; cut them later
# The words the charts add around the code they quote, per document language.
WORDS = {
    "en": {"each": "each", "done": "done", "yes": "yes", "no": "no", "external": "[external {name}, not analysed]"},
    "zh": {"each": "逐个", "done": "结束", "yes": "是", "no": "否", "external": "[外部函数 {name}，未分析]"},
}


def _short(text: str, limit: int = _LIMIT) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[: limit - 3] + "..."


class _Chart:
    """Accumulates mermaid lines; node ids are N0, N1 ... in creation order (stable for goldens)."""

    def __init__(self, direction: str, lang: str = "en") -> None:
        self.lines = [f"flowchart {direction}"]
        self.count = 0
        self.words = WORDS[lang]

    def node(self, label: str, shape: str = "box") -> str:
        name = f"N{self.count}"
        self.count += 1
        text = mermaid_label(_short(label, _DECISION_LIMIT if shape == "decision" else _LIMIT))
        opening, closing = {"box": ('["', '"]'), "decision": ('{"', '"}'), "sub": ('[["', '"]]'), "end": ('(["', '"])')}[shape]
        self.lines.append(f"    {name}{opening}{text}{closing}")
        return name

    def edge(self, source: str, target: str, label: str | None) -> None:
        if label:
            self.lines.append(f"    {source} -->|{mermaid_label(label)}| {target}")
        else:
            self.lines.append(f"    {source} --> {target}")

    def sequence(self, items: list, exits: list) -> list:
        """Draw items one after another; `exits` are (node, edge label) pairs waiting for the next node."""
        for item in items:
            entry, item_exits = self._item(item)
            for source, label in exits:
                self.edge(source, entry, label)
            exits = item_exits
        return exits

    def _item(self, item: dict):
        kind = item["type"]
        if kind in ("call", "step"):
            name = self.node(item["label"])
            return name, [(name, None)]
        if kind == "return":
            name = self.node(item["label"], "end")
            return name, []
        if kind == "helper":
            name = self.node(item["label"], "sub")
            return name, [(name, None)]
        if kind == "external":
            # Defined in another module: drawn as a subroutine that was not opened.
            name = self.node(f"{item['label']} " + self.words["external"].format(name=item["qualified"]), "sub")
            return name, [(name, None)]
        if kind == "loop":
            name = self.node(item["label"], "decision")
            body_exits = self.sequence(item["body"], [(name, self.words["each"])])
            for source, label in body_exits:
                if source != name:
                    self.edge(source, name, label)
            return name, [(name, self.words["done"])]
        name = self.node(item["guard"] + "?", "decision")
        then_exits = self.sequence(item["then"], [(name, self.words["yes"])])
        else_exits = self.sequence(item["else"], [(name, self.words["no"])])
        return name, then_exits + else_exits


def chart(title: str, items: list, direction: str = "TD", lang: str = "en") -> str:
    """One flowchart: a start node titled `title`, then the items."""
    drawing = _Chart(direction, lang)
    start = drawing.node(title, "end")
    drawing.sequence(items, [(start, None)])
    return "\n".join(drawing.lines)


def build_chart(document: dict, lang: str = "en") -> str:
    """Registration and build flow: the entry function with the compute collapsed, plus check_supported."""
    flow = document.get("flow") or {}
    roots = flow.get("roots", {})
    entry = document.get("entry")
    drawing = _Chart("TD", lang)
    for name, items in roots.items():
        registration = next(
            (r for r in document.get("registrations", []) if r["function"] == name and r["decorator"] == "register_operator"),
            None,
        )
        params = ", ".join(p["name"] for p in document.get("params", [])) if name == entry else "..."
        title = f"{name}({params})" + (f" @register_operator({registration['op_name']})" if registration else "")
        start = drawing.node(title, "end")
        drawing.sequence(items, [(start, None)])
    for name, items in (flow.get("hooks") or {}).items():
        start = drawing.node(f"{name}(...)", "end")
        drawing.sequence(items, [(start, None)])
    return "\n".join(drawing.lines)


def compute_charts(document: dict, lang: str = "en") -> list[dict]:
    """The compute function(s) first, then every other inlined helper, one chart each."""
    helpers = (document.get("flow") or {}).get("helpers", {})
    computes = [name for name in document.get("compute", []) if name in helpers]
    others = [name for name in helpers if name not in computes]
    charts = []
    for name in computes + others:
        charts.append({"name": name, "text": chart(name, helpers[name], "TD" if name in computes else "LR", lang)})
    return charts
