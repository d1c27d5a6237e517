#!/usr/bin/env python3
"""Writes the example XCC files of this folder (run from anywhere: python3 generate.py).

Each file is a problem in the format of Knuth's DLX programs: a line of items (primary,
'|', secondary), then one option a line. Their counts are in README.md and tests/xcc/.
"""
import os

HERE = os.path.dirname(os.path.abspath(__file__))


def write(name, header, items_line, options):
    with open(os.path.join(HERE, name), "w") as out:
        for line in header:
            out.write("| " + line + "\n")
        out.write(items_line + "\n")
        for option in options:
            out.write(" ".join(option) + "\n")


def queens(n):
    """N-Queens: rows and columns primary, both diagonal families secondary."""
    rows = [f"r{r}" for r in range(n)]
    cols = [f"c{c}" for c in range(n)]
    sums = [f"a{d}" for d in range(2 * n - 1)]
    diffs = [f"b{d}" for d in range(2 * n - 1)]
    options = [[f"r{r}", f"c{c}", f"a{r + c}", f"b{r - c + n - 1}"] for r in range(n) for c in range(n)]
    write(f"nqueens-{n}.xcc",
          [f"{n} queens on an {n}x{n} board, none attacking another: {92 if n == 8 else '?'} solutions.",
           "rR, cC: row R and column C hold exactly one queen (primary);",
           "aD, bD: the diagonals r+c = D and r-c+n-1 = D hold at most one (secondary).",
           "An option: a queen on (R, C)."],
          " ".join(rows + cols) + " | " + " ".join(sums + diffs), options)


def langford(n):
    """Langford pairs: the two k's in squares i and i+k+1 of a row of 2n."""
    options = [[str(k), f"s{i}", f"s{i + k + 1}"] for k in range(1, n + 1) for i in range(1, 2 * n - k)]
    write(f"langford-{n}.xcc",
          [f"Langford pairs, n = {n}: two 1s, two 2s, ..., two {n}s in a row of {2 * n} squares, the two k's",
           "with k numbers between them. 52 rows for n = 7: 26 and their reversals.",
           "k: the number k is placed; sI: square I is filled. An option: the k's in squares I and I+k+1."],
          " ".join([str(k) for k in range(1, n + 1)] + [f"s{i}" for i in range(1, 2 * n + 1)]), options)


PENTOMINOES = [("F", ".##/##./.#."), ("I", "#####"), ("L", "####/#..."), ("N", "##../.###"),
               ("P", "##/##/#."), ("T", "###/.#./.#."), ("U", "#.#/###"), ("V", "#../#../###"),
               ("W", "#../##./.##"), ("X", ".#./###/.#."), ("Y", "####/.#.."), ("Z", "##./.#./.##")]


def orientations(picture):
    """The distinct images of a piece under the 8 symmetries of the square, each shifted to
    start at row 0, column 0 and sorted: k & 3 quarter turns, then a mirror for k >= 4."""
    cells = [(r, c) for r, line in enumerate(picture.split("/")) for c, ch in enumerate(line) if ch == "#"]
    result = []
    for k in range(8):
        image = []
        for r, c in cells:
            for _ in range(k & 3):
                r, c = c, -r
            if k >= 4:
                c = -c
            image.append((r, c))
        low_r = min(r for r, _ in image)
        low_c = min(c for _, c in image)
        image = sorted((r - low_r, c - low_c) for r, c in image)
        if image not in result:
            result.append(image)
    return result


def pentomino_box(rows, cols):
    """The 12 pentominoes in a box: one primary item per piece and per cell."""
    options = []
    for name, picture in PENTOMINOES:
        for shape in orientations(picture):
            for dr in range(rows):
                for dc in range(cols):
                    cells = [(r + dr, c + dc) for r, c in shape]
                    if all(r < rows and c < cols for r, c in cells):
                        options.append([name] + [f"{r}{c}" for r, c in cells])
    items = [name for name, _ in PENTOMINOES] + [f"{r}{c}" for r in range(rows) for c in range(cols)]
    write(f"pentomino-{rows}x{cols}.xcc",
          [f"The 12 pentominoes in a {rows}x{cols} box: 9356 tilings (2339 up to the box's 4 symmetries).",
           "F .. Z: the piece is placed; RC: the cell in row R, column C is covered.",
           "An option: one placement of one orientation of a piece. Pieces first, then the cells",
           "row by row, as `backtrack solve pentomino` numbers them: the same search tree."],
          " ".join(items), options)


WORDS = ["ace", "ape", "are", "ate", "car", "cat", "ear", "era", "eta", "pea", "per", "pet", "rap", "rat", "tap", "tea"]


def word_square():
    """3x3 word squares: every row and every column a word of the list. The squares are
    secondary items coloured by their letter: a row's word and a column's word may share
    a square only where they agree on its letter."""
    slots = [f"across{i}" for i in range(3)] + [f"down{i}" for i in range(3)]
    options = []
    for word in WORDS:
        for i in range(3):
            options.append([f"across{i}"] + [f"x{i}{j}:{word[j]}" for j in range(3)])
    for word in WORDS:
        for j in range(3):
            options.append([f"down{j}"] + [f"x{i}{j}:{word[i]}" for i in range(3)])
    write("word-square-3x3.xcc",
          ["3x3 word squares: each row (acrossI) and each column (downJ) a word of the list below,",
           "words may repeat. xIJ: the square in row I, column J, coloured by its letter, so that",
           "the row and the column through it agree there. Without colours it would have no",
           "solution (a square taken twice). Words: " + " ".join(WORDS)],
          " ".join(slots) + " | " + " ".join(f"x{i}{j}" for i in range(3) for j in range(3)), options)


if __name__ == "__main__":
    queens(8)
    langford(7)
    pentomino_box(6, 10)
    word_square()
