#!/usr/bin/env python3
"""Checks drawings of search trees (backtrack's --tree files) with the tools a person
opens them with. Standard library only.

usage: check_tree_files.py [--expect-nodes N] [--screenshot-dir DIR] PATH...

PATH: a .svg, .html or .dot file, or a directory (its files of those kinds).
  .svg   parsed by xml.etree: well-formed; one element of class "node" per search node
         drawn (the <svg>'s data-drawn-nodes); the root's subtree count equals
         data-searched-nodes.
  .dot   rendered by `dot -Tsvg`: exit 0; as many Graphviz nodes named n<index> as the
         first line's "drawn=" says.
  .html  loaded by headless Chromium as FILE#selftest: no console message (an error or
         an uncaught exception), and the page's own test (<pre id="selftest">): every
         node of its data drawn, the counts of its trees equal to the search's, a click
         on an inner node changes the number of nodes shown and a second click restores
         it (on a comparison page, each side counts the nodes only it visits); the
         drawing opens whole in the window, however large; every mark drawn (a kind's
         shape, a fold, a ring) has its sample in the legend and looks like it; then a
         screenshot (1200x800, PNG) to DIR/<file name>.png when --screenshot-dir is given.
--expect-nodes N: the searched nodes of every one-tree file must be N (a comparison
page's trees are only checked against their own counts).

Exit 0 when every file passes, 1 when one fails, 2 on a usage error, and 77 (ctest's
SKIP_RETURN_CODE) when chromium or dot, needed by a file, is not installed.
"""
import argparse
import html
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ET

SVG_NS = "{http://www.w3.org/2000/svg}"
CHROMIUM_TIMEOUT = 120


def classes(element):
    return element.get("class", "").split()


def check_svg(path, expect_nodes):
    root = ET.parse(path).getroot()
    if root.tag != SVG_NS + "svg":
        return ["the root element is %s, not svg" % root.tag]
    errors = []
    nodes = [e for e in root.iter(SVG_NS + "g") if "node" in classes(e)]
    drawn = int(root.get("data-drawn-nodes", "-1"))
    searched = int(root.get("data-searched-nodes", "-1"))
    if len(nodes) != drawn:
        errors.append("%d node elements, data-drawn-nodes=%d" % (len(nodes), drawn))
    if any(e.find(SVG_NS + "title") is None for e in nodes):
        errors.append("a node without a <title>")
    # The first node drawn is the root, or the point above several roots that sums them.
    top = next((e for e in root.iter(SVG_NS + "g") if {"node", "roots"} & set(classes(e)) and "legend" not in classes(e)),
               None)
    counted = int(top.get("data-nodes")) if top is not None else 0
    if counted != searched:
        errors.append("the root counts %d nodes, data-searched-nodes=%d" % (counted, searched))
    if expect_nodes is not None and searched != expect_nodes:
        errors.append("data-searched-nodes=%d, expected %d" % (searched, expect_nodes))
    return errors


def check_dot(path, expect_nodes):
    with open(path, encoding="utf-8") as f:
        first = f.readline()
    match = re.match(r"// backtrack search tree: drawn=(\d+) searched=(\d+)", first)
    if not match:
        return ["no '// backtrack search tree: drawn=N searched=M' first line"]
    drawn, searched = int(match.group(1)), int(match.group(2))
    run = subprocess.run(["dot", "-Tsvg", path], capture_output=True, text=True, timeout=120)
    if run.returncode != 0:
        return ["dot -Tsvg exits %d: %s" % (run.returncode, run.stderr.strip())]
    errors = ["dot: " + line for line in run.stderr.splitlines() if line.strip()]
    root = ET.fromstring(run.stdout)
    titles = [e.find(SVG_NS + "title") for e in root.iter(SVG_NS + "g") if "node" in classes(e)]
    count = sum(1 for t in titles if t is not None and re.fullmatch(r"n\d+", t.text or ""))
    if count != drawn:
        errors.append("dot drew %d search nodes, the file says drawn=%d" % (count, drawn))
    if expect_nodes is not None and searched != expect_nodes:
        errors.append("searched=%d, expected %d" % (searched, expect_nodes))
    return errors


def chromium(args, url, profile):
    command = ["chromium", "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=" + profile] + args + [url]
    return subprocess.run(command, capture_output=True, text=True, timeout=CHROMIUM_TIMEOUT)


def check_html(path, expect_nodes, screenshot_dir, profile):
    url = "file://" + os.path.abspath(path)
    run = chromium(["--virtual-time-budget=5000", "--enable-logging=stderr", "--v=0", "--dump-dom"],
                   url + "#selftest", profile)
    errors = []
    if run.returncode != 0:
        errors.append("chromium exits %d" % run.returncode)
    # Every console message: the page writes none, so any is an error or an exception.
    errors += ["console: " + line for line in run.stderr.splitlines() if ":CONSOLE" in line or "Uncaught" in line]
    match = re.search(r'<pre id="selftest">(.*?)</pre>', run.stdout, re.S)
    if not match or not match.group(1).strip():
        return errors + ["the page wrote no self-test result"]
    result = json.loads(html.unescape(match.group(1)))
    errors += ["page: " + e for e in result.get("errors", [])]
    if result.get("visible_before") != result.get("nodes_in_data"):
        errors.append("%s nodes drawn of %s in the data" % (result.get("visible_before"), result.get("nodes_in_data")))
    if result.get("counted_nodes") != result.get("searched_nodes"):
        errors.append("the trees count %s nodes, the searches %s" % (result.get("counted_nodes"), result.get("searched_nodes")))
    if result.get("opens_fitted") is not True:
        errors.append("the drawing does not open whole in the window")
    errors += ["legend: " + e for e in result.get("unlike_legend", ["no check of the legend"])]
    if result.get("foldable"):
        if result.get("visible_after_click") == result.get("visible_before"):
            errors.append("a click on an inner node left %s nodes shown" % result.get("visible_before"))
        if result.get("visible_after_second_click") != result.get("visible_before"):
            errors.append("a second click showed %s nodes, not %s again" % (result.get("visible_after_second_click"),
                                                                             result.get("visible_before")))
        if not result.get("hover_path", "").startswith("root"):
            errors.append("hovering a node showed no path")
    one_tree = '<body class="comparison">' not in run.stdout
    if not one_tree and len(result.get("only", [])) != 2:
        errors.append("the comparison shows %s counts of nodes only one tree visits, not 2" % len(result.get("only", [])))
    if one_tree:
        body = re.search(r'<body data-nodes="(\d+)"', run.stdout)
        if not body or int(body.group(1)) != result.get("searched_nodes"):
            errors.append("<body data-nodes> is not the searched nodes, %s" % result.get("searched_nodes"))
        if result.get("node_count_text") != "%s node%s" % (result.get("searched_nodes"), "" if result.get("searched_nodes") == 1 else "s"):
            errors.append("#node-count reads %r" % result.get("node_count_text"))
        if expect_nodes is not None and result.get("searched_nodes") != expect_nodes:
            errors.append("%s searched nodes, expected %d" % (result.get("searched_nodes"), expect_nodes))
    if screenshot_dir:
        os.makedirs(screenshot_dir, exist_ok=True)
        picture = os.path.join(screenshot_dir, os.path.basename(path) + ".png")
        if os.path.exists(picture):
            os.remove(picture)
        chromium(["--hide-scrollbars", "--window-size=1200,800", "--screenshot=" + picture], url, profile)
        if not os.path.exists(picture):
            errors.append("no screenshot written")
        else:
            with open(picture, "rb") as f:
                if f.read(8) != b"\x89PNG\r\n\x1a\n":
                    errors.append("the screenshot is no PNG")
    return errors


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--expect-nodes", type=int)
    parser.add_argument("--screenshot-dir")
    parser.add_argument("paths", nargs="+")
    options = parser.parse_args()
    files = []
    for path in options.paths:
        if os.path.isdir(path):
            files += sorted(os.path.join(path, name) for name in os.listdir(path)
                            if os.path.splitext(name)[1] in (".svg", ".html", ".dot"))
        else:
            files.append(path)
    kinds = {os.path.splitext(f)[1] for f in files}
    for tool, kind in (("chromium", ".html"), ("dot", ".dot")):
        if kind in kinds and shutil.which(tool) is None:
            print("SKIP: %s is not installed, needed for the %s files (Debian: apt-get install %s)"
                  % (tool, kind, "graphviz" if tool == "dot" else tool))
            return 77
    checks = {".svg": check_svg, ".dot": check_dot}
    failed = 0
    with tempfile.TemporaryDirectory() as profile:
        for f in files:
            kind = os.path.splitext(f)[1]
            try:
                if kind == ".html":
                    errors = check_html(f, options.expect_nodes, options.screenshot_dir, profile)
                elif kind in checks:
                    errors = checks[kind](f, options.expect_nodes)
                else:
                    errors = ["not a .svg, .html or .dot file"]
            except (OSError, ValueError, ET.ParseError, subprocess.TimeoutExpired) as e:
                errors = [str(e)]
            print("%s %s" % ("FAIL" if errors else "ok  ", f))
            for e in errors:
                print("    " + e)
            failed += bool(errors)
    print("%d of %d files pass" % (len(files) - failed, len(files)))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
