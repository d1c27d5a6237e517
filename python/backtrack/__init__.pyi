# Types of the package backtrack, for completion and type checkers.
from os import PathLike
from typing import Any, Iterable, Iterator, Sequence, Union

from .model import (BoolVar as BoolVar, Constraint as Constraint, Expr as Expr, IntVar as IntVar, Model as Model,
                    all_different as all_different, circuit as circuit, cumulative as cumulative,
                    element as element, global_cardinality as global_cardinality, increasing as increasing,
                    maximum as maximum, minimum as minimum, table as table)
from .results import Result as Result, SearchTree as SearchTree, Solution as Solution

# An option's value: a number, a text, a file, True for a flag, a list written comma-separated.
OptionValue = Union[int, float, str, bool, PathLike[str], Sequence[Union[int, str]], None]

def problems() -> list[dict[str, Any]]: ...
def strategies(problem: str) -> list[str]: ...
def run(problem: str, mode: str = "count", *, strategy: str = ..., threads: int = ..., time_limit: float = ...,
        max_nodes: int = ..., max_failures: int = ..., prune: str = ..., order: str = ..., values: str = ...,
        restarts: str = ..., seed: int = ..., limit: int = ..., **options: OptionValue) -> Result: ...
def solve(problem: str, *, strategy: str = ..., threads: int = ..., time_limit: float = ..., max_nodes: int = ...,
          prune: str = ..., order: str = ..., values: str = ..., restarts: str = ..., seed: int = ...,
          **options: OptionValue) -> Result: ...
def count(problem: str, *, strategy: str = ..., threads: int = ..., time_limit: float = ..., max_nodes: int = ...,
          prune: str = ..., order: str = ..., values: str = ..., restarts: str = ..., seed: int = ...,
          **options: OptionValue) -> int: ...
def solutions(problem: str, *, strategy: str = ..., threads: int = ..., limit: int = ..., time_limit: float = ...,
              **options: OptionValue) -> Iterator[Solution]: ...
def compare(problem: str, *, vary: dict[str, Iterable[Any]] | None = ..., frame: bool | None = ...,
            **options: OptionValue) -> Any: ...
def tree(problem: str, **options: OptionValue) -> SearchTree: ...
def load_plugin(path: str | PathLike[str]) -> None: ...
