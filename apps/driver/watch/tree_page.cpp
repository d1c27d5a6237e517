#include "tree_page.hpp"

namespace backtrack {

// Shapes tell the kinds apart in grey-scale print too; the colours help on a screen.
const std::string_view tree_style = R"css(
.title { font: bold 15px sans-serif; }
.totals, .legend-label { font: 12px sans-serif; fill: #222; }
.edge { stroke: #999; stroke-width: 1.2; fill: none; }
.node .shape, .legend .shape { stroke: #222; stroke-width: 1.2; }
.inner .shape { fill: #d9d9d9; }
.solution .shape { fill: #1b7837; }
.failure .shape { fill: #d7301f; }
.stopped .shape { fill: white; stroke: #e66101; stroke-width: 2.5; stroke-dasharray: 3 2; }
.roots .shape { fill: #777; stroke: none; stroke-width: 0; }
.fold { fill: #f0f0f0; stroke: #555; stroke-width: 1; }
.fold-label { font: 9px sans-serif; text-anchor: middle; fill: #222; }
.ring { fill: none; stroke: #5e3c99; stroke-width: 2.5; }
)css";

const std::string_view tree_page_style = R"css(
html, body { margin: 0; height: 100%; font: 13px sans-serif; }
body { display: flex; flex-direction: column; }
header { padding: 6px 12px; border-bottom: 1px solid #ccc; }
h1 { font-size: 16px; margin: 0 0 4px 0; }
.hint { color: #666; }
.side { display: block; margin-bottom: 3px; }
button { min-width: 2em; }
main { flex: 1; display: flex; min-height: 0; }
#view { flex: 1; cursor: grab; background: white; user-select: none; }
#view .node { cursor: pointer; }
#view .edge, #view .shape, #view .ring { vector-effect: non-scaling-stroke; }
#info { width: 280px; padding: 8px; border-left: 1px solid #ccc; overflow: auto; }
#drawing { font-family: monospace; line-height: 1.1; }
#selftest:empty { display: none; }
.legend-bar { display: block; margin-top: 4px; }
)css";

// Draws the trees of <script id="tree-data"> into #viewport: one or (comparison) two of
// them side by side at one scale; pan, zoom, fold on click, path and drawing on hover;
// "#selftest" checks the page from within and writes the result into #selftest.
const std::string_view tree_page_script = R"js(
"use strict";
const UNIT = 24, LEVEL = 48, TOP = 20, GAP = 60;  // pixels: a leaf, a level, above the root, between trees
let level = LEVEL;  // taller for a tree much wider than the window (fit())
const SVGNS = "http://www.w3.org/2000/svg";
const DATA = JSON.parse(document.getElementById("tree-data").textContent);
const svg = document.getElementById("view"), viewport = document.getElementById("viewport");
const pageErrors = [];
window.addEventListener("error", e => pageErrors.push(String(e.message)));

function element(name, attributes, parent, text) {
  const e = document.createElementNS(SVGNS, name);
  for (const [key, value] of Object.entries(attributes)) e.setAttribute(key, value);
  if (text !== undefined) e.textContent = text;
  if (parent) parent.appendChild(e);
  return e;
}

// Each node with its children, level, path of moves and the key that matches it to a
// node of another tree (its path; a root's several children told apart by position).
const trees = DATA.trees.map(tree => {
  const nodes = tree.nodes.map((a, i) => ({ i, parent: a[0], kind: a[1], folded: a[2] === 1, move: a[3],
    drawing: a[4], count: a[5], solutions: a[6], failures: a[7], children: [], collapsed: false }));
  for (const v of nodes) {
    const p = v.parent >= 0 ? nodes[v.parent] : null;
    v.level = p ? p.level + 1 : 0;
    v.path = (p ? p.path : []).concat(v.move === "" ? [] : [v.move]);
    v.key = p ? p.key + "\u0001" + (v.move === "" ? "#" + p.children.length : v.move) : "";
    if (p) p.children.push(v);
  }
  const keys = new Set(nodes.filter(v => v.kind !== "roots").map(v => v.key));
  return Object.assign({}, tree, { nodes, keys });
});
let shown = trees.length === 0 ? [] : DATA.comparison ? [0, Math.min(1, trees.length - 1)] : [0];

function shape(kind, g) {
  if (kind === "solution") element("path", { class: "shape", d: "M0,-8L8,0L0,8L-8,0Z" }, g);
  else if (kind === "failure") element("rect", { class: "shape", x: -6, y: -6, width: 12, height: 12 }, g);
  else element("circle", { class: "shape", r: kind === "roots" ? 3 : 7 }, g);
}

// The tidy layout of the nodes shown (tree_layout.cpp, over what is not folded away).
function layOut(tree) {
  const shownNodes = [];
  let leaves = 0;
  for (const v of tree.nodes) {
    v.shown = v.parent < 0 || (tree.nodes[v.parent].shown && !tree.nodes[v.parent].collapsed);
    if (!v.shown) continue;
    shownNodes.push(v);
    if (v.collapsed || v.children.length === 0) v.x = leaves++;
  }
  for (let k = shownNodes.length - 1; k >= 0; --k) {
    const v = shownNodes[k];
    if (!v.collapsed && v.children.length > 0) v.x = (v.children[0].x + v.children[v.children.length - 1].x) / 2;
  }
  return { shownNodes, leaves };
}

function drawTree(t, side, group, other) {
  const tree = trees[t];
  const { shownNodes, leaves } = layOut(tree);
  const px = v => (v.x + 0.5) * UNIT, py = v => TOP + v.level * level;
  if (other !== undefined) {  // beside the side's list, readable at any zoom
    const only = tree.nodes.filter(v => v.kind !== "roots" && !trees[other].keys.has(v.key)).length;
    const totals = document.getElementById(side === 0 ? "left-totals" : "right-totals");
    totals.textContent = tree.totals + "; " + only + " node" + (only === 1 ? "" : "s") + " only in this tree (ringed)";
    totals.setAttribute("data-only", only);
  }
  for (const v of shownNodes) {
    if (v.parent < 0) continue;
    const p = tree.nodes[v.parent];
    element("line", { class: "edge", x1: px(p), y1: py(p), x2: px(v), y2: py(v) }, group);
  }
  for (const v of shownNodes) {
    const g = element("g", { transform: "translate(" + px(v) + "," + py(v) + ")", "data-tree": t, "data-index": v.i }, group);
    if (v.kind === "roots") { g.setAttribute("class", "roots"); shape("roots", g); continue; }
    const only = other !== undefined && !trees[other].keys.has(v.key);
    g.setAttribute("class", "node " + v.kind + (v.folded ? " folded" : "") + (v.collapsed ? " collapsed" : "") + (only ? " only" : ""));
    shape(v.kind, g);
    if (only) element("circle", { class: "ring", r: 12 }, g);
    if (v.folded || v.collapsed) {
      element("path", { class: "fold", d: "M0,8L-10,30L10,30Z" }, g);
      element("text", { class: "fold-label", y: 42 }, g, String(v.count));
      if (v.solutions > 0) element("text", { class: "fold-label", y: 53 }, g, v.solutions + " sol");
    }
  }
  return Math.max(leaves * UNIT, 320);
}

function render() {
  viewport.textContent = "";
  let offset = 0;
  shown.forEach((t, side) => {
    const group = element("g", { transform: "translate(" + offset + ",0)" }, viewport);
    offset += drawTree(t, side, group, DATA.comparison ? shown[1 - side] : undefined) + GAP;
  });
}

// Pan and zoom: one transform for everything drawn, so both trees keep one scale.
const view = { x: 20, y: 10, s: 1 };
function applyView() { viewport.setAttribute("transform", "translate(" + view.x + "," + view.y + ") scale(" + view.s + ")"); }
function zoom(factor, cx, cy) {
  const s = Math.min(8, Math.max(0.01, view.s * factor)), k = s / view.s;
  view.x = cx - (cx - view.x) * k; view.y = cy - (cy - view.y) * k; view.s = s;
  applyView();
}
// The whole drawing in the window, centred, however small a large tree gets (its lines
// keep their width at any scale: #view's style), and zoom and pan look closer. A tree
// much wider than the window gets taller levels, so that it fills the window and its
// shape shows, not a strip of dots.
function fit() {
  const box = svg.getBoundingClientRect();
  const wide = shown.reduce((sum, t) => sum + Math.max(layOut(trees[t]).leaves * UNIT, 320) + GAP, -GAP);
  const levels = Math.max(1, ...shown.map(t => trees[t].nodes.reduce((m, v) => Math.max(m, v.level + 1), 0)));
  level = Math.max(LEVEL, wide * (box.height - 80) / Math.max(box.width - 40, 1) / levels);
  render();
  const drawn = viewport.getBBox();
  const s = Math.min(1.5, (box.width - 40) / Math.max(drawn.width, 1), (box.height - 20) / Math.max(drawn.height, 1));
  view.s = Math.max(0.001, s);
  view.x = (box.width - drawn.width * view.s) / 2 - drawn.x * view.s;
  view.y = 10 - drawn.y * view.s;
  applyView();
}
svg.addEventListener("wheel", e => {
  e.preventDefault();
  const box = svg.getBoundingClientRect();
  zoom(Math.exp(-e.deltaY * 0.0015), e.clientX - box.left, e.clientY - box.top);
}, { passive: false });
let drag = null, dragged = false;
svg.addEventListener("pointerdown", e => { drag = { x: e.clientX, y: e.clientY, vx: view.x, vy: view.y }; dragged = false; });
window.addEventListener("pointermove", e => {
  if (!drag) return;
  const dx = e.clientX - drag.x, dy = e.clientY - drag.y;
  if (Math.abs(dx) + Math.abs(dy) > 3) dragged = true;
  view.x = drag.vx + dx; view.y = drag.vy + dy;
  applyView();
});
window.addEventListener("pointerup", () => { drag = null; });
document.getElementById("zoom-in").addEventListener("click", () => zoom(1.25, svg.clientWidth / 2, svg.clientHeight / 2));
document.getElementById("zoom-out").addEventListener("click", () => zoom(0.8, svg.clientWidth / 2, svg.clientHeight / 2));
document.getElementById("fit").addEventListener("click", () => fit());

function nodeOf(g) { return trees[+g.getAttribute("data-tree")].nodes[+g.getAttribute("data-index")]; }
// A click folds or unfolds a node's subtree; a node folded by the budget has no more to show.
svg.addEventListener("click", e => {
  const g = e.target.closest && e.target.closest(".node");
  if (!g || dragged) return;
  const v = nodeOf(g);
  if (v.children.length === 0) return;
  v.collapsed = !v.collapsed;
  render();
});
svg.addEventListener("mouseover", e => {
  const g = e.target.closest && e.target.closest(".node");
  if (!g) return;
  const v = nodeOf(g);
  const counts = v.count > 1 ? "\nsubtree: " + v.count + " nodes, " + v.solutions + " solutions, " + v.failures + " failures" : "";
  document.getElementById("path").textContent = "root" + v.path.map(m => " \u2192 " + m).join("") +
    "\n(" + v.kind + (v.folded ? ", folded by the node budget" : "") +
    (g.classList.contains("only") ? ", only in this tree" : "") + ")" + counts;
  document.getElementById("drawing").textContent = v.drawing;
});

if (DATA.comparison) {
  for (const id of ["left", "right"]) {
    const select = document.getElementById(id);
    trees.forEach((tree, i) => { const o = document.createElement("option"); o.value = i; o.textContent = tree.title; select.appendChild(o); });
    const side = id === "left" ? 0 : 1;
    if (shown[side] !== undefined) select.value = shown[side];
    select.addEventListener("change", () => { shown[side] = +select.value; fit(); });
  }
}

// A mark's look, as the legend must show it.
function look(e) {
  const c = getComputedStyle(e);
  return [e.tagName, c.fill, c.stroke, c.strokeWidth, c.strokeDasharray].join(" ");
}

function selftest() {
  const result = { errors: [] };
  try {
    const box = svg.getBoundingClientRect(), drawn = viewport.getBoundingClientRect();
    result.opens_fitted = drawn.left >= box.left - 1 && drawn.right <= box.right + 1 && drawn.top >= box.top - 1 &&
      drawn.bottom <= box.bottom + 1;
    // Every mark drawn has its sample in the legend, and looks like it.
    const legend = document.querySelector(".legend-bar"), unlike = new Set();
    const compare = (mark, sample, name) => {
      if (!sample) unlike.add(name + ": not in the legend");
      else if (look(mark) !== look(sample)) unlike.add(name + ": " + look(mark) + " where the legend has " + look(sample));
    };
    for (const g of viewport.querySelectorAll(".node, .roots")) {
      const kind = g.classList.contains("roots") ? "roots" : nodeOf(g).kind;
      compare(g.querySelector(".shape"), legend.querySelector(".legend." + kind + " .shape"), kind);
      for (const mark of ["fold", "ring"]) {
        const drawnMark = g.querySelector("." + mark);
        if (drawnMark) compare(drawnMark, legend.querySelector(".legend ." + mark), mark);
      }
    }
    result.unlike_legend = Array.from(unlike);
    const searchNodes = t => trees[t].nodes.filter(v => v.kind !== "roots");
    result.nodes_in_data = shown.reduce((sum, t) => sum + searchNodes(t).length, 0);
    result.searched_nodes = shown.reduce((sum, t) => sum + trees[t].searched_nodes, 0);
    result.counted_nodes = shown.reduce((sum, t) => sum + (trees[t].nodes.length ? trees[t].nodes[0].count : 0), 0);
    result.visible_before = viewport.querySelectorAll(".node").length;
    // An inner node below the root, so that folding it leaves more than the root shown.
    const inner = Array.from(viewport.querySelectorAll(".node.inner")).filter(g => nodeOf(g).children.length > 0);
    const target = inner.find(g => nodeOf(g).parent >= 0) || inner[0];
    result.foldable = target !== undefined;
    if (target) {
      const v = nodeOf(target);
      target.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      result.visible_after_click = viewport.querySelectorAll(".node").length;
      const again = viewport.querySelector('.node[data-tree="' + target.getAttribute("data-tree") + '"][data-index="' + v.i + '"]');
      again.dispatchEvent(new MouseEvent("mouseover", { bubbles: true }));
      result.hover_path = document.getElementById("path").textContent;
      again.dispatchEvent(new MouseEvent("click", { bubbles: true }));
      result.visible_after_second_click = viewport.querySelectorAll(".node").length;
    }
    const counter = document.getElementById("node-count");
    if (counter) result.node_count_text = counter.textContent;
    result.only = Array.from(document.querySelectorAll("[data-only]")).map(e => +e.getAttribute("data-only"));
  } catch (e) {
    result.errors.push(String(e));
  }
  result.errors.push(...pageErrors);
  document.getElementById("selftest").textContent = JSON.stringify(result);
}

fit();
if (location.hash === "#selftest") selftest();
)js";

}  // namespace backtrack
