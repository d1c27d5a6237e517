"""From Python's keyword arguments to the command line's options, and from the compiled
searches to Results: the one path every search of the package takes."""
from __future__ import annotations

import errno
import json
import os
from typing import Callable, Iterator

from . import _backtrack
from .results import Result, Solution


def _input_options(problem: str) -> set[str]:
    for info in _backtrack.problems():
        if info["name"] == problem:
            names = set()
            for option in info["options"]:
                if option["names_input_file"]:
                    names.add(option["name"])
                    if option["short_name"]:
                        names.add(option["short_name"])
            return names
    return set()


def arguments(problem: str, options: dict) -> list[str]:
    """``nqueens, {n: 12, strategy: "word", time_limit: 2}`` -> ``nqueens -n 12
    --strategy word --time-limit 2``: one letter a short option, underscores as dashes,
    True a flag, a list comma-separated, None and False left out."""
    if not isinstance(problem, str):
        raise TypeError(f"the problem is named by a string, got {type(problem).__name__}")
    files = _input_options(problem)
    args = [problem]
    for key, value in options.items():
        if value is None or value is False:
            continue
        name = key.replace("_", "-")
        flag = f"-{name}" if len(name) == 1 else f"--{name}"
        if value is True:
            args.append(flag)
            continue
        if isinstance(value, (list, tuple)):
            value = ",".join(str(v) for v in value)
        value = os.fspath(value) if isinstance(value, os.PathLike) else str(value)
        if name in files and value != "-":
            for path in value.split(","):
                if not os.path.exists(path):
                    raise FileNotFoundError(errno.ENOENT, f"{problem}: no such file for --{name}", path)
        args += [flag, value]
    return args


def make(problem: str, mode: str, options: dict, hand_over: bool = False):
    """The compiled search, built (its input read, its options checked), not started."""
    return _backtrack.Search(arguments(problem, options), mode, hand_over)


def _solution(found, values_of: Callable | None) -> Solution:
    fields = json.loads(found.json)
    return Solution(fields, found.text, values_of(fields) if values_of else None)


def _result(search, values_of) -> Result:
    kept = []
    while (found := search.next()) is not None:
        kept.append(_solution(found, values_of))
    return Result(json.loads(search.summary()), kept)


def finish(search, values_of: Callable | None = None) -> Result:
    """Runs a built search to its end. Ctrl-C stops it: the KeyboardInterrupt then
    carries the partial Result as ``.result``."""
    search.start()
    try:
        search.wait()
    except KeyboardInterrupt as interrupt:
        interrupt.result = _result(search, values_of)
        raise
    return _result(search, values_of)


def iterate(search, values_of: Callable | None = None) -> Iterator[Solution]:
    """Each solution as the search finds it; the search waits for each to be taken, and
    stops when the loop breaks (the generator is closed)."""
    try:
        search.start()
        while (found := search.next()) is not None:
            yield _solution(found, values_of)
    finally:
        search.stop()
