// dom.js has the small DOM and SVG helpers every view module uses. Text
// always goes in through textContent, never as HTML.

const SVGNS = "http://www.w3.org/2000/svg";

// h creates an HTML element with attributes and children (strings become
// text nodes). Attributes starting with "on" are event listeners.
export function h(tag, attrs = {}, ...children) {
  return fill(document.createElement(tag), attrs, children);
}

// s creates an SVG element with attributes and children.
export function s(tag, attrs = {}, ...children) {
  return fill(document.createElementNS(SVGNS, tag), attrs, children);
}

function fill(el, attrs, children) {
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else el.setAttribute(k, v === true ? "" : String(v));
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(typeof c === "string" || typeof c === "number" ? document.createTextNode(String(c)) : c);
  }
  return el;
}

// clear removes every child of el.
export function clear(el) {
  el.replaceChildren();
  return el;
}

// put replaces el's children with kids, skipping null, undefined and false
// (Element.append would write them out as text).
export function put(el, ...kids) {
  el.replaceChildren(...kids.flat().filter((k) => k !== null && k !== undefined && k !== false));
  return el;
}

// ICONS are the control icons, paths in a 16x16 box: fonts do not all have
// the media control characters.
const ICONS = {
  start: "M2 2h2.5v12H2ZM14 2v12L5 8Z",
  back: "M12.5 2v12L3.5 8Z",
  forward: "M3.5 2v12l9-6Z",
  end: "M11.5 2H14v12h-2.5ZM2 2v12l9-6Z",
  play: "M3.5 2v12l10-6Z",
  pause: "M3 2h3.5v12H3ZM9.5 2H13v12H9.5Z",
  replay: "M8 2.5a5.5 5.5 0 1 1-5.2 3.7l2 .7A3.4 3.4 0 1 0 8 4.6v2.2L4 3.6 8 .4Z",
  fullscreen: "M1 1h5v2H3v3H1Zm9 0h5v5h-2V3h-3ZM1 10h2v3h3v2H1Zm12 0h2v5h-5v-2h3Z",
  present: "M1 1.5h14v9.5H1Zm2 2v5.5h10V3.5ZM7 11h2v2h3v2H4v-2h3Z",
};

// icon returns the control icon called name.
export function icon(name) {
  return s("svg", { class: "icon", width: 18, height: 18, viewBox: "0 0 16 16", "aria-hidden": "true" }, s("path", { d: ICONS[name], fill: "currentColor" }));
}

// SHAPES are the thread markers, beside the colours so that no thread is
// told apart by colour alone: sixteen, all different, paths in a 16x16
// box; the second eight are hollow (evenodd holes).
const SHAPES = [
  "M8 1.5a6.5 6.5 0 1 0 0.01 0Z", // circle
  "M2 2h12v12H2Z", // square
  "M8 1.5 15 14.5H1Z", // triangle
  "M8 1 15 8 8 15 1 8Z", // diamond
  "M8 1l2 5h5l-4 3.5 1.6 5.5L8 12l-4.6 3 1.6-5.5L1 6h5Z", // star
  "M6 1h4v5h5v4h-5v5H6v-5H1V6h5Z", // cross
  "M1 1.5h14L8 14.5Z", // inverted triangle
  "M4.5 1.5h7L15 8l-3.5 6.5h-7L1 8Z", // hexagon
  "M8 1a7 7 0 1 0 0.01 0ZM8 5a3 3 0 1 1-0.01 0Z", // ring
  "M1.5 1.5h13v13h-13ZM5 5v6h6V5Z", // hollow square
  "M1.5 2 14.5 8 1.5 14Z", // triangle pointing right
  "M1.5 1.5h13L1.5 14.5h13Z", // hourglass
  "M3 1 8 6l5-5 2 2-5 5 5 5-2 2-5-5-5 5-2-2 5-5-5-5Z", // saltire
  "M8 1 15 6.5 12.3 15H3.7L1 6.5Z", // pentagon
  "M14.5 2 1.5 8 14.5 14Z", // triangle pointing left
  "M8 1 15 8 8 15 1 8ZM8 5 5 8l3 3 3-3Z", // hollow diamond
];

// PALETTE is Okabe and Ito's colour-blind-safe palette, in the order the
// threads take it; thread i and thread i+8 share a colour, never a shape.
export const PALETTE = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9", "#000000", "#F0E442"];

// MARKERS is how many threads have a marker of their own.
export const MARKERS = SHAPES.length;

// shapePath returns thread i's marker path (16x16 box).
export function shapePath(i) {
  return SHAPES[i % SHAPES.length];
}

// tc is the class that gives an element thread i's colour (--c).
export function tc(i) {
  return "t" + (i % PALETTE.length);
}

// threadColour returns thread i's colour.
export function threadColour(i) {
  return PALETTE[i % PALETTE.length];
}

// marker returns an inline SVG icon of thread i's shape in its colour.
export function marker(i, size = 18) {
  return s(
    "svg",
    { class: "marker", width: size, height: size, viewBox: "0 0 16 16", "aria-hidden": "true" },
    s("path", { d: shapePath(i), fill: threadColour(i), stroke: "#000", "stroke-width": 0.8, "fill-rule": "evenodd" }),
  );
}

// SHRINK are the scales fitText tries, largest first.
const SHRINK = [1, 0.92, 0.85, 0.78, 0.72];

// fitText scales the type of el's words (through --shrink, which the CSS
// multiplies their sizes by) down until they fit el's box: a box of fixed
// height must not cut a sentence off, since a room cannot scroll it.
export function fitText(el) {
  for (const k of SHRINK) {
    el.style.setProperty("--shrink", String(k));
    if (el.scrollHeight <= el.clientHeight + 1) return;
  }
}

// sheets are the style sheets styleSheet has loaded, by address.
const sheets = new Map();

// styleSheet loads the style sheet at href once, for a module the page
// loads when first used; it resolves once the sheet has loaded (or
// failed), so that nothing is drawn unstyled.
export function styleSheet(href) {
  if (!sheets.has(href)) {
    const link = document.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    sheets.set(
      href,
      new Promise((resolve) => {
        link.onload = link.onerror = resolve;
      }),
    );
    document.head.append(link);
  }
  return sheets.get(href);
}
