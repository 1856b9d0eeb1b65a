// export.js saves the stage on screen as a picture that stands alone: an
// SVG file whose every element carries the styles it is drawn with
// (copied from the page's style sheets into its style attributes, through
// the CSS object model), or a PNG drawn from that SVG on a canvas. It is
// loaded by link.js on first use, so the lesson page does not
// carry it. The page's Content-Security-Policy allows images from data:
// URLs, which is how the PNG's canvas reads the SVG; the file itself is
// handed to the browser as a blob to download.

// PROPS are the style properties that decide how SVG is drawn.
const PROPS = [
  "fill", "fill-opacity", "stroke", "stroke-width", "stroke-dasharray", "stroke-opacity", "stroke-linecap",
  "stroke-linejoin", "opacity", "font-family", "font-size", "font-weight", "font-style", "text-anchor",
  "dominant-baseline", "letter-spacing", "text-decoration", "paint-order", "visibility", "display", "transform",
  "transform-origin", "transform-box", "marker-start", "marker-end", "color",
];

// PNG_SCALE is how many pixels of the PNG a CSS pixel of the stage takes.
const PNG_SCALE = 2;

// saveStage saves the stage on screen as format, "svg" or "png".
export async function saveStage(format) {
  const text = stageSVG();
  const name = fileName(format);
  if (format === "svg") {
    download(new Blob([text], { type: "image/svg+xml" }), name);
    return;
  }
  download(await pngOf(text), name);
}

// stageSVG is the stage's picture as the text of a standalone SVG file.
export function stageSVG() {
  const src = document.querySelector("#stage svg");
  if (!src) throw new Error("there is no stage to save yet");
  const copy = src.cloneNode(true);
  inline(src, copy);
  const box = src.getBoundingClientRect();
  copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
  copy.setAttribute("width", String(Math.ceil(box.width)));
  copy.setAttribute("height", String(Math.ceil(box.height)));
  // The stage's paper, behind everything.
  const paper = document.createElementNS("http://www.w3.org/2000/svg", "rect");
  for (const [k, v] of [["x", "-50%"], ["y", "-50%"], ["width", "200%"], ["height", "200%"]]) paper.setAttribute(k, v);
  paper.style.setProperty("fill", paperOf(src));
  copy.prepend(paper);
  return new XMLSerializer().serializeToString(copy);
}

// inline copies the computed style of every element of src onto its
// twin in copy, which has the same tree.
function inline(src, copy) {
  const cs = getComputedStyle(src);
  for (const p of PROPS) {
    const v = cs.getPropertyValue(p);
    if (v) copy.style.setProperty(p, v);
  }
  copy.removeAttribute("class");
  const a = src.children;
  const b = copy.children;
  for (let i = 0; i < a.length; i++) inline(a[i], b[i]);
}

// paperOf is the colour behind el: its own or its nearest ancestor's that
// is not transparent, else white.
function paperOf(el) {
  for (let e = el; e; e = e.parentElement) {
    const bg = getComputedStyle(e).backgroundColor;
    if (bg && bg !== "transparent" && !/rgba\(.*,\s*0\)$/.test(bg)) return bg;
  }
  return "#fff";
}

// pngOf draws the SVG text on a canvas and returns the PNG.
async function pngOf(text) {
  const img = new Image();
  img.src = "data:image/svg+xml;charset=utf-8," + encodeURIComponent(text);
  await img.decode();
  const canvas = document.createElement("canvas");
  canvas.width = img.naturalWidth * PNG_SCALE;
  canvas.height = img.naturalHeight * PNG_SCALE;
  const ctx = canvas.getContext("2d");
  ctx.scale(PNG_SCALE, PNG_SCALE);
  ctx.drawImage(img, 0, 0);
  return new Promise((ok, fail) => canvas.toBlob((b) => (b ? ok(b) : fail(new Error("the PNG could not be made"))), "image/png"));
}

// fileName names the picture after the lesson, its variant and the step.
function fileName(ext) {
  const d = document.getElementById("app").dataset;
  const lesson = location.pathname.split("/").pop() || "lesson";
  return `${lesson}-${d.variant || ""}-step-${d.position || 0}.${ext}`.replace(/--/g, "-");
}

// download hands blob to the browser as a file called name.
function download(blob, name) {
  const a = document.createElement("a");
  a.href = URL.createObjectURL(blob);
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(a.href), 10_000);
}
