"""What a search returns: a Result (status, solutions, objective, statistics) and each
Solution, with the representations Jupyter shows."""
from __future__ import annotations

import html
from typing import Any


class Solution:
    """One solution: ``fields`` as the command line's JSON has them (e.g. ``rows`` of a
    board, ``grid`` of a Sudoku), ``text`` as it prints them, ``values`` for a model's
    variables (``solution[x]``)."""

    def __init__(self, fields: dict, text: str, values: dict | None = None):
        self.fields = fields
        self.text = text
        self.values = values or {}

    def __getitem__(self, key):
        if not isinstance(key, str) and key in self.values:
            return self.values[key]
        return self.fields[key]

    @property
    def objective(self):
        return self.fields.get("objective")

    def __repr__(self):
        if self.values:
            shown = ", ".join(f"{k.name}={v}" for k, v in self.values.items())
            return f"Solution({shown})"
        return self.text

    def _repr_html_(self):
        # A board drawn as a table of squares, where the solution has rows of characters.
        rows = self.fields.get("rows")
        grid = self.fields.get("grid")
        cells = [list(r) for r in rows] if isinstance(rows, list) and all(isinstance(r, str) for r in rows) else grid
        if not cells:
            return f"<pre>{html.escape(self.text)}</pre>"
        out = ['<table style="border-collapse:collapse;font-family:monospace">']
        for i, row in enumerate(cells):
            out.append("<tr>")
            for j, cell in enumerate(row):
                shade = "#eee" if (i + j) % 2 else "#fff"
                mark = "&#9819;" if cell == "Q" else ("" if cell in (".", 0) else html.escape(str(cell)))
                out.append(f'<td style="width:1.6em;height:1.6em;text-align:center;border:1px solid #999;'
                           f'background:{shade}">{mark}</td>')
            out.append("</tr>")
        out.append("</table>")
        return "".join(out)


class Result:
    """A search's outcome. ``status``: complete, solution_limit, time_limit,
    node_limit, interrupted, ...; ``count``: the solutions counted; ``solutions``: those
    kept; ``objective`` and ``optimal`` for an optimisation; ``stats``: the command
    line's JSON summary (nodes, failures, counters such as propagations, seconds)."""

    def __init__(self, summary: dict, solutions: list):
        self.stats: dict[str, Any] = summary
        self.solutions: list = solutions

    @property
    def status(self) -> str:
        return self.stats.get("status", "")

    @property
    def count(self) -> int:
        return int(self.stats.get("solutions", 0))

    @property
    def nodes(self) -> int:
        return int(self.stats.get("nodes", 0))

    @property
    def failures(self) -> int:
        return int(self.stats.get("failures", 0))

    @property
    def propagations(self) -> int | None:
        counters = self.stats.get("counters") or {}
        return counters.get("propagations")

    @property
    def seconds(self) -> float:
        return float(self.stats.get("search_seconds", 0.0))

    @property
    def partial(self) -> bool:
        return bool(self.stats.get("partial", False))

    @property
    def objective(self):
        return self.stats.get("objective")

    @property
    def optimal(self) -> bool:
        return bool(self.stats.get("optimal", False))

    @property
    def solution(self) -> Solution | None:
        """The last solution kept (the best one of an optimisation), or None."""
        return self.solutions[-1] if self.solutions else None

    def __getitem__(self, key):
        if self.solution is None:
            raise KeyError(f"{key!r}: the search found no solution ({self.status})")
        return self.solution[key]

    def __bool__(self):
        return bool(self.solutions) or self.count > 0

    def __repr__(self):
        shown = f"Result(status={self.status!r}, count={self.count}, nodes={self.nodes}"
        if self.objective is not None:
            shown += f", objective={self.objective}"
        return shown + ")"

    def _repr_html_(self):
        head = html.escape(repr(self))
        return f"<div><code>{head}</code>{self.solution._repr_html_() if self.solution else ''}</div>"


class SearchTree:
    """A search tree as the command line draws it (solve --tree FILE.svg)."""

    def __init__(self, svg: str):
        self.svg = svg

    def _repr_svg_(self):
        return self.svg
