"""backtrack from Python: the problems and strategies of every plugin by name, constraint
models with Python's operators, and compare's tables, all run by the command line's own
code (the registry, Solver::run, the CSP layer), with the GIL released while they search.

>>> import backtrack
>>> backtrack.count("nqueens", n=8)
92

Options are the command line's, as keyword arguments: ``n=12`` is ``-n 12``,
``time_limit=2`` is ``--time-limit 2``, ``strategy="word"``, ``prune="domain"``,
``threads=1``. Errors are Python's: ValueError for a bad option or input (the command
line's message), FileNotFoundError for a missing file, ImportError for a plugin module
that cannot be loaded. Ctrl-C raises KeyboardInterrupt with the partial Result as
``.result``.
"""
from __future__ import annotations

import json
import os
import tempfile
from typing import Iterator

from . import _backtrack, _search
from .model import (BoolVar, Constraint, Expr, IntVar, Model, all_different, circuit, cumulative, element,
                    global_cardinality, increasing, maximum, minimum, table)
from .results import Result, SearchTree, Solution

__all__ = ["problems", "strategies", "solve", "count", "run", "solutions", "compare", "tree", "load_plugin",
           "Result", "Solution", "SearchTree", "Model", "IntVar", "BoolVar", "Expr", "Constraint",
           "all_different", "table", "element", "circuit", "cumulative", "global_cardinality", "increasing",
           "minimum", "maximum"]


def problems() -> list[dict]:
    """Every problem: its name, summary, strategies and options, as `backtrack list` shows them."""
    return _backtrack.problems()


def strategies(problem: str) -> list[str]:
    """The names of a problem's strategies."""
    for info in problems():
        if info["name"] == problem:
            return [s["name"] for s in info["strategies"]]
    raise ValueError(f"unknown problem '{problem}' (known: {', '.join(p['name'] for p in problems())})")


def run(problem: str, mode: str = "count", **options) -> Result:
    """Runs `backtrack solve PROBLEM` in one mode: count, all, first, limit (with
    limit=K), unique, or best (every improvement of an optimisation, else the first)."""
    return _search.finish(_search.make(problem, mode, options))


def solve(problem: str, **options) -> Result:
    """The first solution, or the best where the problem optimises (golomb): a Result."""
    return run(problem, "best", **options)


def count(problem: str, **options) -> int:
    """How many solutions: ``backtrack.count("nqueens", n=12)`` is 14200."""
    return run(problem, "count", **options).count


def solutions(problem: str, **options) -> Iterator[Solution]:
    """Each solution as the search finds it (limit=K: the first K); breaking out of the
    loop stops the search."""
    mode = "limit" if options.get("limit") else "all"
    return _search.iterate(_search.make(problem, mode, options, hand_over=True))


def load_plugin(path) -> None:
    """Loads a plugin module (built with backtrack_add_plugin): its problems join the registry."""
    path = os.fspath(path)
    if not os.path.exists(path):
        raise FileNotFoundError(2, "no such plugin module", path)
    _backtrack.load_plugin(path)


def _command_arguments(options: dict) -> list[str]:
    return _search.arguments("", options)[1:]


def compare(problem: str, *, vary: dict | None = None, frame: bool | None = None, **options):
    """`backtrack compare PROBLEM` with its axes: ``n="8..12"``, ``strategy="word,bitset"``,
    ``vary={"prune": ["forward", "domain"]}``, ``repeat=3``, ``first=True``, ... Returns
    its rows as dicts, or a pandas DataFrame where pandas is installed (``frame=False``:
    dicts always)."""
    args = [problem] + _command_arguments(options)
    for name, values in (vary or {}).items():
        shown = ",".join(str(v) for v in values) if isinstance(values, (list, tuple)) else str(values)
        args += ["--vary", f"{name.replace('_', '-')}={shown}"]
    args += ["--format", "json"]
    table, code = _backtrack.command("compare", args)
    rows = [line for line in (json.loads(text) for text in table.splitlines() if text) if line.get("type") == "row"]
    for row in rows:
        row["solutions"] = int(row["solutions"])
    if code not in (0, 3):
        raise RuntimeError(f"compare ended with exit code {code} (its message is on stderr)")
    if frame is False:
        return rows
    try:
        import pandas
    except ImportError:
        if frame:
            raise
        return rows
    return pandas.DataFrame(rows)


def tree(problem: str, **options) -> SearchTree:
    """The search tree of `backtrack solve PROBLEM --tree FILE.svg` (one thread, in
    depth-first order; bound it, e.g. max_nodes=200), shown as a picture in Jupyter."""
    fd, path = tempfile.mkstemp(suffix=".svg", prefix="backtrack-tree-")
    os.close(fd)
    try:
        args = _search.arguments(problem, options) + ["--tree", path, "--print", "summary", "--format", "json"]
        _, code = _backtrack.command("solve", args)
        if code not in (0, 3):
            raise RuntimeError(f"solve --tree ended with exit code {code} (its message is on stderr)")
        with open(path, encoding="utf-8") as f:
            return SearchTree(f.read())
    finally:
        os.unlink(path)
