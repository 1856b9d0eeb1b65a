// svg.js holds the small SVG helpers of the stage: texts, arrow heads,
// and the paths of its arrows. Every arrow is one cubic curve, so CSS can
// interpolate from any arrow to another.

import { s } from "./dom.js";

export function text(x, y, str, cls, anchor) {
  return s("text", { x, y, class: cls, "text-anchor": anchor }, str);
}

export function arrowHead(id, colour) {
  return s(
    "marker",
    { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse", markerUnits: "strokeWidth" },
    s("path", { d: "M0 0 10 5 0 10Z", fill: colour }),
  );
}

// short abbreviates an awaiter pointer for the small m_next field.
export function short(v) {
  return v.replace(/\.awaiter$/, "");
}

export function topOf(b) {
  return { x: b.x + b.w / 2, y: b.y };
}

export function rightOf(b) {
  return { x: b.x + b.w, y: b.y + b.h / 2 };
}

// pointAt is where a pointer to node b ends: its right side, high up, so
// that it stays clear of the node's own m_next arrow.
export function pointAt(b) {
  return { x: b.x + b.w, y: b.y + 12 };
}

// cubic is the path of a cubic curve from a to b with control points c1,
// c2. Every arrow is one, so CSS can interpolate from any arrow to another.
export function cubic(a, c1, c2, b) {
  const p = (q) => `${Math.round(q.x)} ${Math.round(q.y)}`;
  return `M${p(a)}C${p(c1)} ${p(c2)} ${p(b)}`;
}

// hook leaves a to the right and comes back into b from its right, heading
// left: a pointer into the side of a node.
export function hook(a, b) {
  return cubic(a, { x: a.x + 70, y: a.y }, { x: b.x + 90, y: b.y }, b);
}

// bulge swings dx to the right of both a and b.
export function bulge(a, b, dx) {
  const x = Math.max(a.x, b.x) + dx;
  return cubic(a, { x, y: a.y }, { x, y: b.y }, b);
}

// arc rises h above a and b.
export function arc(a, b, h) {
  const y = Math.min(a.y, b.y) - h;
  return cubic(a, { x: a.x, y }, { x: b.x, y }, b);
}

// across goes right from a into the left side of b, on about one level.
export function across(a, b) {
  const dx = Math.max(30, (b.x - a.x) / 2);
  return cubic(a, { x: a.x + dx, y: a.y }, { x: b.x - dx, y: b.y }, b);
}

// pathRight is how far right path d (one cubic curve, as cubic writes it)
// reaches.
export function pathRight(d) {
  const n = d.match(/-?\d+(\.\d+)?/g).map(Number);
  const [x0, x1, x2, x3] = [n[0], n[2], n[4], n[6]];
  let right = Math.max(x0, x3);
  for (let i = 1; i < 16; i++) {
    const u = i / 16;
    const v = 1 - u;
    right = Math.max(right, v * v * v * x0 + 3 * v * v * u * x1 + 3 * v * u * u * x2 + u * u * u * x3);
  }
  return right;
}
