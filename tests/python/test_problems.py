"""Every problem by name, from Python, against the command line's counts."""
import pytest

import backtrack
from conftest import REPO

SUDOKU = "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79"

# (problem, options as Python gives them, the same for the command line)
CASES = [
    ("nqueens", {"n": 8}, ["-n", "8"]),
    ("magic-square", {"n": 3}, ["-n", "3"]),
    ("pentomino", {"shape": "3x20"}, ["--shape", "3x20"]),
    ("sudoku", {"puzzle": SUDOKU}, ["--puzzle", SUDOKU]),
    ("xcc", {"file": REPO / "examples/xcc/langford-7.xcc"}, ["--file", str(REPO / "examples/xcc/langford-7.xcc")]),
    ("xcc", {"f": REPO / "examples/xcc/word-square-3x3.xcc"}, ["-f", str(REPO / "examples/xcc/word-square-3x3.xcc")]),
]


@pytest.mark.parametrize("problem,options,args", CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)])
def test_count_matches_the_command_line(cli, problem, options, args):
    assert backtrack.count(problem, **options) == int(cli(problem, *args)["solutions"])


@pytest.mark.parametrize("strategy", backtrack.strategies("nqueens"))
def test_every_nqueens_strategy_counts_as_the_command_line(cli, strategy):
    want = int(cli("nqueens", "-n", "9", "--strategy", strategy)["solutions"])
    result = backtrack.run("nqueens", n=9, strategy=strategy, threads=1)
    assert result.count == want == 352
    assert result.status == "complete" and result.nodes > 0


def test_every_problem_is_listed_with_its_strategies():
    names = {p["name"] for p in backtrack.problems()}
    assert {"nqueens", "sudoku", "xcc", "fzn", "golomb", "magic-square", "pentomino"} <= names
    assert "word" in backtrack.strategies("nqueens")


def test_solve_finds_a_valid_board():
    result = backtrack.solve("nqueens", n=10, strategy="word")
    rows = result["rows"]
    cols = [r.index("Q") for r in rows]
    assert sorted(cols) == list(range(10))
    assert len({c - r for r, c in enumerate(cols)}) == 10 and len({c + r for r, c in enumerate(cols)}) == 10
    assert "<table" in result.solution._repr_html_()


def test_sudoku_from_a_string_keeps_its_givens():
    grid = backtrack.solve("sudoku", puzzle=SUDOKU)["grid"]
    for i, given in enumerate(SUDOKU):
        if given != ".":
            assert grid[i // 9][i % 9] == int(given)
    for k in range(9):
        assert sorted(grid[k]) == list(range(1, 10))
        assert sorted(row[k] for row in grid) == list(range(1, 10))


def test_golomb_is_solved_to_its_optimum(cli):
    result = backtrack.solve("golomb", marks=6)
    want = cli("golomb", "--marks", "6")
    assert result.objective == want["objective"] == 17
    assert result.optimal
    assert result.solution["marks"][-1] == 17


def test_flatzinc_from_a_file(tmp_path, cli):
    path = tmp_path / "m.fzn"
    path.write_text("var 1..4: x :: output_var;\nvar 1..4: y :: output_var;\n"
                    "constraint int_lin_le([1,1],[x,y],5);\nsolve satisfy;\n")
    assert backtrack.count("fzn", file=path) == int(cli("fzn", "--file", str(path))["solutions"]) == 10


def test_solutions_are_listed_one_by_one_and_the_loop_may_stop():
    seen = [s["rows"] for s in backtrack.solutions("nqueens", n=6)]
    assert len(seen) == 4 and len({tuple(r) for r in seen}) == 4
    for i, _ in enumerate(backtrack.solutions("nqueens", n=12, threads=1)):
        if i == 2:
            break
    assert len(list(backtrack.solutions("nqueens", n=8, limit=5))) == 5


def test_limits_give_partial_statistics():
    result = backtrack.run("nqueens", n=14, strategy="word", max_nodes=1000, threads=1)
    assert result.status == "node_limit" and result.partial and result.nodes == 1000


def test_bad_options_are_value_errors_with_the_command_line_message():
    with pytest.raises(ValueError, match="unknown problem 'nqeens'.*nqueens"):
        backtrack.count("nqeens", n=8)
    with pytest.raises(ValueError, match="strategy"):
        backtrack.count("nqueens", n=8, strategy="nope")
    with pytest.raises(ValueError, match="unrecognised option"):
        backtrack.count("nqueens", n=8, colour="red")
    with pytest.raises(ValueError):
        backtrack.count("nqueens", n=8, prune="domain", strategy="word")
    with pytest.raises(ValueError):
        backtrack.count("sudoku", puzzle="12")
    with pytest.raises(ValueError, match="count"):
        backtrack.count("golomb", marks=5)


def test_missing_files_are_file_not_found():
    with pytest.raises(FileNotFoundError):
        backtrack.count("xcc", file="/no/such/file.xcc")
    with pytest.raises(FileNotFoundError):
        backtrack.count("fzn", file="/no/such/model.fzn")
    with pytest.raises(FileNotFoundError):
        backtrack.load_plugin("/no/such/plugin.so")


def test_compare_returns_its_rows():
    rows = backtrack.compare("nqueens", n="6..7", strategy="word,bitset", frame=False)
    assert [(r["n"], r["strategy"], r["solutions"]) for r in rows] == [
        (6, "word", 4), (6, "bitset", 4), (7, "word", 40), (7, "bitset", 40)]
    frame = backtrack.compare("nqueens", n=8, strategy="csp", vary={"prune": ["forward", "arc"]})
    try:
        import pandas  # noqa: F401
    except ImportError:
        assert isinstance(frame, list)
    else:
        assert list(frame["solutions"]) == [92, 92]


def test_a_search_tree_draws_itself():
    tree = backtrack.tree("nqueens", n=4, strategy="word")
    assert tree._repr_svg_().lstrip().startswith("<")
    assert "<svg" in tree._repr_svg_()
