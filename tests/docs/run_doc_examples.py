#!/usr/bin/env python3
"""Runs the examples of the documentation and compares their output.

    run_doc_examples.py [--expect-stale] BACKTRACK FILE_OR_DIR...

In each Markdown file (a directory: its *.md files), a fenced block tagged `console`
holds examples. A line that starts with `$ ` is a command (a line ending in `\\` goes on
on the next line); the lines after it, up to the next command or the end of the block,
are what it prints, stdout and stderr together as a terminal shows them. A last line
`[exit N]` says the command exits with N; without it, it must exit 0. Blocks tagged
`sh` are commands without output and are not run.

Each command runs with bash, with the program under test first on PATH as `backtrack`
(pipes such as `backtrack solve ... | backtrack check ...` work), on 2 CPUs where the
machine has them (so that the default thread count is the one the docs show), in a
fresh directory that links every top-level entry of the repository (so `examples/...`
resolves and files a command writes are thrown away).

Times and rates change from run to run, so both sides are masked before comparing:
values of keys that hold `seconds` or `per_second` (`key: v`, `key v`, `key=v`, JSON)
and of JSON's `speed`, a number
followed by a time unit (`0.12 s`, `5 ms`) or by `nodes/s`, and the columns setup,
warm-up, search, seconds, cpu, nodes/s and speed of a table (text or CSV) whose header names them.
Then runs of blanks count as one, so masked columns need not line up. Everything else,
counts and node numbers included, must match exactly.

Links between the files (`[text](other.md#heading)`) must lead to a file and a heading
that exist.

A command that starts with `python3` uses the Python module (docs/python.md): it runs
with --pythonpath DIR on PYTHONPATH (a build's python/ folder), and is left out
without it (a build without the module).

--expect-stale turns the check around, for the test that proves a stale example fails:
it passes only if every example in the files runs and differs from what it shows.
"""

import argparse
import difflib
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[2]
COMMAND_TIMEOUT_S = 20  # generous: the examples take well under a second, even under ASan
MASK = "<~>"
NUMBER = r"[-+]?\d+(?:\.\d+)?(?:[eE][-+]?\d+)?"
TIMED_COLUMNS = {"setup", "warm-up", "search", "seconds", "cpu", "nodes/s", "speed"}
EXIT_LINE = re.compile(r"^\[exit (\d+)\]$")

MASKS = [
    # JSON: "seconds": 0.01, "nodes_per_second": 9423619.08, compare's "speed": 3.16
    (re.compile(r'("(?:[A-Za-z_]*(?:seconds|per_second)[A-Za-z_]*|speed)"\s*:\s*)' + NUMBER),
     r"\g<1>" + MASK),
    # text: "search_seconds: 0.000025", "nodes_per_second: 1.468e+07", "seconds 0.0002,"
    (re.compile(r"(\b[A-Za-z_]*(?:seconds|per_second)[A-Za-z_]*[:=]?[ \t]*)" + NUMBER), r"\g<1>" + MASK),
    # rates: "3.662e+07 nodes/s", "2.0M nodes/s"
    (re.compile(NUMBER + r"\s?[kMG]?\s?nodes/s"), MASK + " nodes/s"),
    # durations: "0.00156 s", "12 ms", "5 us"
    (re.compile(NUMBER + r"\s?(s|ms|us|µs|ns)(?![A-Za-z])"), MASK + r" \1"),
]


class Example:
    def __init__(self, path, line, command, expected, exit_code):
        self.path, self.line, self.command = path, line, command
        self.expected, self.exit_code = expected, exit_code


def parse_examples(path):
    """The examples of one Markdown file, from its ```console blocks."""
    examples = []
    lines = path.read_text(encoding="utf-8").splitlines()
    fence = None  # the backticks that opened the block we are in, and its tag
    current = None
    i = 0
    while i < len(lines):
        line = lines[i]
        stripped = line.strip()
        opening = re.match(r"^(`{3,})\s*(\S*)", stripped)
        if fence is None and opening:
            fence = (opening.group(1), opening.group(2))
        elif fence and stripped.startswith(fence[0]) and not stripped.strip("`"):
            if current:
                examples.append(finish(current))
                current = None
            fence = None
        elif fence and fence[1] == "console":
            if line.startswith("$ "):
                if current:
                    examples.append(finish(current))
                command, start = line[2:], i + 1
                while command.endswith("\\") and i + 1 < len(lines):
                    i += 1
                    command = command[:-1] + " " + lines[i].lstrip("> ").strip()
                current = {"line": start, "command": command, "output": []}
            elif current is not None:
                current["output"].append(line)
            elif stripped:
                raise SystemExit(f"{path}:{i + 1}: output before any '$ ' command in a console block")
        i += 1
    if fence:
        raise SystemExit(f"{path}: a code block is not closed")
    return [Example(path, e["line"], e["command"], e["expected"], e["exit"]) for e in examples]


def finish(current):
    output = current["output"]
    while output and not output[-1].strip():
        output.pop()
    current["expected"], current["exit"] = output, 0
    if output and EXIT_LINE.match(output[-1].strip()):
        current["exit"] = int(EXIT_LINE.match(output[-1].strip()).group(1))
        output.pop()
    return current


def mask_table_columns(lines):
    """Masks the timed columns of the tables that compare prints (text or CSV)."""
    masked, timed = [], None
    for line in lines:
        separator = "," if "," in line and " " not in line.strip() else None
        cells = line.split(separator)
        if not line.strip():
            timed = None
        elif TIMED_COLUMNS & {c.strip() for c in cells} and not re.search(r"\d", line):
            timed = {k for k, c in enumerate(cells) if c.strip() in TIMED_COLUMNS}, separator
        elif timed and timed[1] == separator:
            columns, _ = timed
            cells = [MASK if k in columns and cells[k].strip() else c for k, c in enumerate(cells)]
            line = (separator or " ").join(cells)
        masked.append(line)
    return masked


def normalise(lines):
    text = "\n".join(mask_table_columns(lines))
    for pattern, replacement in MASKS:
        text = pattern.sub(replacement, text)
    return [" ".join(line.split()) for line in text.splitlines()]


def heading_anchors(path):
    """The anchors GitHub gives the headings of a Markdown file."""
    anchors, in_code = set(), False
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip().startswith("```"):
            in_code = not in_code
        elif not in_code and line.startswith("#"):
            title = line.lstrip("#").strip().lower()
            anchors.add(re.sub(r"[^\w\- ]", "", title).replace(" ", "-"))
    return anchors


def broken_links(path):
    """Links to files or headings of this repository that lead nowhere."""
    text = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.S)
    text = re.sub(r"`[^`\n]*`", "", text)  # a link shown as code is no link
    broken = []
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"^[a-z]+:", target):
            continue  # http:, mailto: and the like are not checked
        file_part, _, anchor = target.partition("#")
        linked = (path.parent / file_part).resolve() if file_part else path
        if not linked.exists():
            broken.append(f"{os.path.relpath(path)}: link to a missing file: {target}")
        elif anchor and linked.suffix == ".md" and anchor not in heading_anchors(linked):
            broken.append(f"{os.path.relpath(path)}: link to a missing heading: {target}")
    return broken


def make_sandbox(program):
    """A directory that looks like the repository root, with `backtrack` on a PATH."""
    sandbox = Path(tempfile.mkdtemp(prefix="doc-examples-"))
    for entry in REPO_ROOT.iterdir():
        if not entry.name.startswith("."):
            (sandbox / entry.name).symlink_to(entry)
    bin_dir = sandbox / ".bin"
    bin_dir.mkdir()
    (bin_dir / "backtrack").symlink_to(program)
    fzn = Path(program).parent / "fzn-backtrack"  # what `minizinc --solver backtrack` runs
    if fzn.exists():
        (bin_dir / "fzn-backtrack").symlink_to(fzn)
    return sandbox, bin_dir


def pin_to_two_cpus():
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) >= 2:
        os.sched_setaffinity(0, cpus[:2])


def run(example, sandbox, bin_dir, pythonpath=None):
    env = dict(os.environ, PATH=f"{bin_dir}:{os.environ.get('PATH', '/usr/bin:/bin')}",
               LC_ALL="C.UTF-8", COLUMNS="80")
    if pythonpath:
        env["PYTHONPATH"] = str(pythonpath)
    env.pop("BACKTRACK_PLUGIN_PATH", None)  # the docs show the bundled problems only
    # The build's solver configuration (cmake/minizinc.cmake), for `minizinc --solver backtrack`.
    build_dir = Path(os.path.realpath(bin_dir / "backtrack")).parents[1]
    env["MZN_SOLVER_PATH"] = str(build_dir / "share" / "minizinc" / "solvers")
    try:
        done = subprocess.run(["bash", "-o", "pipefail", "-c", example.command], cwd=sandbox,
                              env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT, timeout=COMMAND_TIMEOUT_S,
                              preexec_fn=pin_to_two_cpus)
    except subprocess.TimeoutExpired:
        return None, [f"(timed out after {COMMAND_TIMEOUT_S} s)"]
    return done.returncode, done.stdout.decode("utf-8", "replace").splitlines()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--expect-stale", action="store_true",
                        help="pass only if every example differs from what it shows")
    parser.add_argument("--pythonpath", type=Path,
                        help="the Python module's folder, for the examples that run python3")
    parser.add_argument("program", type=Path)
    parser.add_argument("docs", nargs="+", type=Path)
    args = parser.parse_args()
    program = args.program.resolve()
    if not os.access(program, os.X_OK):
        sys.exit(f"not an executable program: {program}")

    files = []
    for doc in args.docs:
        files += sorted(doc.glob("*.md")) if doc.is_dir() else [doc]
    examples = [e for f in files for e in parse_examples(f)
                if args.pythonpath or not e.command.startswith("python3")]
    if not examples:
        sys.exit("no examples found")

    sandbox, bin_dir = make_sandbox(program)
    matched, stale = 0, []
    try:
        for example in examples:
            code, output = run(example, sandbox, bin_dir, args.pythonpath)
            want, got = normalise(example.expected), normalise(output)
            if code == example.exit_code and want == got:
                matched += 1
                continue
            where = f"{os.path.relpath(example.path)}:{example.line}"
            report = [f"{where}: $ {example.command}"]
            if code != example.exit_code:
                report.append(f"  exit {code}, the docs say {example.exit_code}")
            if want != got:
                report += ["  " + d for d in difflib.unified_diff(
                    want, got, "the docs (masked)", "the program (masked)", lineterm="")]
            stale.append((code, "\n".join(report)))
    finally:
        shutil.rmtree(sandbox)

    if args.expect_stale:
        crashed = [r for code, r in stale if code is None]
        if matched or crashed:
            print(f"{matched} of {len(examples)} stale examples matched the program, "
                  f"{len(crashed)} timed out: the runner would miss a stale example")
            return 1
        print(f"all {len(examples)} stale examples were caught")
        return 0
    for _, report in stale:
        print(report, end="\n\n")
    links = [b for f in files for b in broken_links(f)]
    for link in links:
        print(link)
    print(f"{matched} of {len(examples)} examples in {len(files)} files match the program; "
          f"{len(links)} broken links")
    return 1 if stale or links else 0


if __name__ == "__main__":
    sys.exit(main())
