// stage.js draws #stage, the memory picture, as one SVG: the objects
// (objects.js; m_state a sentinel or an arrow to the waiter stack), a lane
// per worker thread (lanes.js) with its frames and awaiters linked by
// m_next, and a card for the step that led here (a failed CAS: expected,
// observed, who changed it). Frames and arrows are kept between renders
// and moved by CSS transitions (unless the user prefers reduced motion).

import { s, clear } from "./dom.js";
import { kindName, opName } from "./i18n.js";
import { laneMethods } from "./lanes.js";
import { objectMethods, PRIM } from "./objects.js";
import { stepTitle } from "./narration.js";
import { text, arrowHead, topOf, rightOf, pointAt, hook, bulge, arc, across, pathRight } from "./svg.js";

const W = 420; // least viewBox width
const CARD = { y: 26, least: 240 };
// SMALLEST is the smallest font size on the stage, in viewBox units: the
// stage is never drawn so small that it renders below #stage's font size.
const SMALLEST = 16;
// GROW is how much larger than that the stage may be drawn to fill its box.
const GROW = 1.6;

// Stage owns #stage.
export class Stage {
  constructor(root, app) {
    this.root = root;
    this.app = app;
  }

  // loaded creates the SVG for a lesson.
  loaded() {
    const { t } = this.app;
    this.widths = new Map();
    this.svg = s(
      "svg",
      { class: "stage", role: "img", "aria-label": t("stage.label"), preserveAspectRatio: "xMidYMin meet" },
      s(
        "defs",
        {},
        arrowHead("arrow", "#1a1a1a"),
        arrowHead("arrow-bad", "#B34200"),
        arrowHead("arrow-wake", "#0072B2"),
        s(
          "pattern",
          { id: "hatch", width: 8, height: 8, patternUnits: "userSpaceOnUse", patternTransform: "rotate(45)" },
          s("rect", { width: 8, height: 8, fill: "#FFE9DA" }),
          s("line", { x1: 0, y1: 0, x2: 0, y2: 8, stroke: "#D55E00", "stroke-width": 3 }),
        ),
      ),
    );
    this.layers = {};
    // The card is drawn over the arrows, its words haloed, so that an
    // arrow passing behind it leaves them legible.
    for (const name of ["lanes", "frames", "prim", "arrows", "card", "labels"]) {
      this.layers[name] = s("g", { class: name });
      this.svg.append(this.layers[name]);
    }
    this.frames = new Keyed(this.layers.frames, "g");
    this.arrows = new Keyed(this.layers.arrows, "path");
    clear(this.root).append(this.svg);
  }

  // update draws state, measuring #stage once first (a read after a
  // change lays the page out again).
  update(state) {
    this.measured = this.box();
    try {
      this.draw(state);
    } finally {
      this.measured = null;
    }
  }

  // box is #stage's size and least scale, as update measured it.
  box() {
    if (this.measured) return this.measured;
    const r = this.root.getBoundingClientRect();
    return { width: r.width, height: r.height, clientWidth: this.root.clientWidth, least: this.least() };
  }

  draw(state) {
    const snap = state.snapshot;
    const step = state.step;
    const ctx = {
      state,
      snap,
      step,
      changed: new Set(step ? step.changed || [] : []),
      touched: step ? step.cell : "", // the cell the step accessed
      race: new Set(),
      uaf: null,
      cells: new Map(snap.cells.map((c) => [c.name, c])),
      anchors: new Map(), // cell name -> {x, y} where its pointer starts
      nodes: new Map(), // node (awaiter) name -> box
      boxes: new Map(), // coroutine name -> frame box
      handles: new Map(), // coroutine name -> its handle in a run queue
      locals: new Map(), // "D1.head" -> where the local's pointer starts
    };
    for (const f of (step && step.findings) || []) {
      if (f.kind === "data-race") ctx.race.add(raceCell(f) || step.cell);
      if (f.kind === "use-after-free") ctx.uaf = f;
    }
    clear(this.layers.labels);
    this.right = 0; // how far right the arrows reach
    const primBottom = this.drawPrimitive(ctx);
    const room = this.room();
    // The card stands where the objects leave it room, below them, or
    // beside the lanes: whichever lets the stage be drawn larger.
    let best = null;
    const consider = (spot, top, plan, bottom, right) => {
      const least = Math.max(W, right + 8, this.primW + 8, plan.width);
      const scale = this.scaleFor(least, Math.max(top + plan.height, bottom));
      if (!best || scale > best.scale + 0.001) best = { spot, top, least, plan, scale };
    };
    for (const spot of this.cardSpots(primBottom, room)) {
      const card = this.drawCard(ctx, spot);
      if (card.right + 8 > room) continue;
      const top = Math.max(primBottom, card.bottom) + 14;
      consider(spot, top, this.chooseLanes(ctx, top, Math.max(W, card.right + 8, this.primW + 8)), card.bottom, card.right);
    }
    const top = primBottom + 14;
    const plan = this.chooseLanes(ctx, top, Math.max(W, this.primW + 8));
    const beside = { x: PRIM.x + plan.width + 24, y: top + CARD.y - 4 };
    if (room - beside.x - 8 >= CARD.least) {
      const card = this.drawCard(ctx, beside);
      if (card.right + 8 <= room) consider(beside, top, plan, card.bottom, card.right);
    }
    const card = this.drawCard(ctx, best.spot);
    const lanes = this.drawLanes(ctx, best.top, best.least, best.plan);
    this.drawArrows(ctx);
    // Arrows swinging out right of the lanes widen the picture, up to the
    // room the stage has: they never make it scroll.
    const content = Math.max(W, lanes.width, card.right + 8, this.primW + 8);
    this.fit(Math.max(content, Math.min(this.reach(), room)), Math.max(lanes.bottom, card.bottom) + 2);
  }

  // cardSpots are the places the card may stand above the lanes: right of
  // each object where the room left is wide enough for it, at the height
  // the objects there leave free, and below them all.
  cardSpots(primBottom, room) {
    const spots = [];
    for (const r of this.placed) {
      const x = r.right + 40;
      if (room - x - 8 < CARD.least) continue;
      const y = Math.max(CARD.y, ...this.placed.filter((o) => o.right + 12 > x).map((o) => o.bottom + CARD.y));
      spots.push({ x, y });
    }
    spots.push({ x: PRIM.x + 8, y: primBottom + CARD.y });
    return spots;
  }

  // scaleFor is the scale a picture w x h may be drawn at in #stage: as
  // large as fits, up to GROW times the least scale; one that does not fit
  // at the least scale is ranked below every one that does.
  scaleFor(w, h) {
    const box = this.box();
    const low = box.least;
    const fit = Math.min((box.width - 2) / w, (box.height - 2) / (h + 2));
    return fit >= low - 0.001 ? Math.min(fit, low * GROW) : fit - 100;
  }

  // fit sizes the SVG: as large as #stage allows, up to GROW times its
  // least size, and never smaller than the size at which its smallest
  // text renders at #stage's font size; #stage scrolls if even that does
  // not fit.
  fit(w, h) {
    this.svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    const box = this.box();
    const least = box.least;
    const fit = Math.min((box.width - 2) / w, (box.height - 2) / h);
    const k = Math.max(least, Math.min(fit, least * GROW));
    this.svg.setAttribute("width", String(Math.floor(w * k)));
    this.svg.setAttribute("height", String(Math.floor(h * k)));
    this.scale = k;
    // The panels around may still be settling: a picture drawn above the
    // least scale that no longer fits is fitted again at the next frame.
    cancelAnimationFrame(this.refit);
    this.refit = requestAnimationFrame(() => {
      const r = this.root.getBoundingClientRect();
      if (k > least + 0.001 && (Math.floor(h * k) > r.height - 1 || Math.floor(w * k) > r.width - 1)) this.app.relayout();
    });
  }

  // least is the smallest scale the stage may be drawn at.
  least() {
    return (parseFloat(getComputedStyle(this.root).fontSize) || 14) / SMALLEST;
  }

  // room is the width #stage offers, in viewBox units at the least scale.
  room() {
    const box = this.box();
    return Math.max(W, (box.clientWidth - 2) / box.least);
  }

  // textLength is str's width in class cls in layer, measured once (type
  // sizes are fixed), or 0 while the stage is hidden.
  textLength(layer, str, cls) {
    const key = layer + "\u0000" + cls + "\u0000" + str;
    let w = this.widths.get(key);
    if (w !== undefined) return w;
    const el = text(0, 0, str, cls);
    this.layers[layer].append(el);
    w = el.getComputedTextLength();
    el.remove();
    if (w > 0) {
      if (this.widths.size > 4096) this.widths.clear();
      this.widths.set(key, w);
    }
    return w;
  }

  // drawCard describes the step that led here, its first line at spot; it
  // returns the bottom edge and the right edge it needed.
  drawCard(ctx, spot) {
    const { t } = this.app;
    const g = clear(this.layers.card);
    const x = spot.x;
    let y = spot.y;
    let right = 0;
    // A line too long for the stage's room wraps at its spaces, or
    // between two Chinese characters.
    const max = this.room() - x - 8;
    const line = (str, cls) => {
      const words = str.match(/[\u3000-\u9fff\uff00-\uffef]|[^\s\u3000-\u9fff\uff00-\uffef]+\s*|\s+/g) || [""];
      while (words.length) {
        let raw = words.shift();
        while (words.length && this.textLength("card", (raw + words[0]).trimEnd(), cls) <= max) raw += words.shift();
        const str = raw.trimEnd();
        g.append(text(x, y, str, cls));
        // Measured when the page shows the stage, else estimated.
        const w = this.textLength("card", str, cls) || str.length * 11;
        right = Math.max(right, x + w);
        y += cls === "card-title" ? 27 : 23;
      }
    };
    const st = ctx.step;
    if (!st) {
      line(t("card.initial"), "card-note");
      return { bottom: y, right };
    }
    line(stepTitle(t, st), "card-title");
    // A submit names the awaiter node; its first cell stands for it.
    const cell = st.op === "submit" && st.cell ? st.cell.replace(/\.[^.]*$/, "") : st.cell;
    if (st.op === "fence") line(`atomic_thread_fence(${st.order})`, "card-op");
    else line(`${opName(t, st.op)}${cell ? " " + cell : ""}${st.order ? " (" + st.order + ")" : ""}`, "card-op");
    if (st.op === "cas") {
      const retry = st.cas && st.cas.retry ? " · " + t("card.retry", { n: st.cas.retry }) : "";
      line(`${st.ok ? "✓" : "✗"} ${t(st.ok ? "card.cas_ok" : "card.cas_fail")}${retry}`, st.ok ? "card-ok" : "card-fail");
      line(`${t("card.expected")}: ${st.expected}`, "card-kv");
      line(`${t("card.observed")}: ${st.result}`, st.ok ? "card-kv" : "card-kv card-bad");
      if (st.ok) line(`${t("card.desired")}: ${st.value}`, "card-kv");
      const by = st.cas && st.cas.changed_by;
      if (by) line(t("card.changed_by", { step: by.step + 1, thread: by.thread, label: by.label }), "card-kv card-bad");
    } else {
      const reads = ["load", "read", "exchange", "fetch_add"].includes(st.op);
      const writes = ["store", "write", "exchange", "fetch_add"].includes(st.op);
      if (writes && st.value) line(`${t(st.op === "fetch_add" ? "card.add" : "card.wrote")}: ${st.value}`, "card-kv");
      if (reads && st.result) line(`${t("card.read")}: ${st.result}`, "card-kv");
    }
    const rd = st.read;
    if (rd && rd.stale) {
      const latest = rd.candidates[rd.candidates.length - 1];
      line(t("card.stale", { value: rd.candidates[rd.chosen].value, latest: latest.value, step: latest.step + 1 }), "card-kv card-bad card-stale");
    }
    const pl = st.place;
    if (pl && !pl.places[pl.chosen].latest) {
      const before = pl.places[pl.chosen];
      line(t("card.placed", { value: before.value, step: before.step + 1 }), "card-kv card-bad card-placed");
    }
    for (const f of st.findings || []) {
      const where = f.kind === "data-race" ? raceCell(f) || cell : cell;
      line(`⚠ ${kindName(t, f.kind)}${where ? ": " + where : ""}`, "card-fail");
    }
    return { bottom: y - 18, right };
  }

  // drawArrows draws the list heads, the m_next links, who woke whom, and
  // a dangling pointer read after free.
  drawArrows(ctx) {
    const { t } = this.app;
    const linked = new Set();
    for (const list of ctx.snap.lists) {
      // A list hangs from a cell of the primitive, or from a local of an
      // operation (done()'s head after it took the stack).
      let from;
      if (list.local) from = ctx.locals.get(`${list.coroutine}.${list.local}`);
      else {
        const headCell = ctx.snap.cells.find((c) => c.name.endsWith("." + list.name));
        from = headCell && ctx.anchors.get(headCell.name);
      }
      if (!from) continue;
      const first = list.nodes[0] && ctx.nodes.get(list.nodes[0].name);
      const key = list.local ? `local:${list.name}` : `head:${list.name}`;
      const path = !first ? hook(from, { x: from.x + 20, y: from.y + 1 }) : list.local ? bulge(from, pointAt(first), 34) : hook(from, pointAt(first));
      const head = this.arrow(key, path, (list.local ? "ptr local" : "ptr head") + (first ? "" : " none"), "arrow");
      head.dataset.to = first ? list.nodes[0].name : "";
      for (const n of list.nodes) {
        const frame = this.frames.els.get(n.coroutine);
        if (frame && !list.local) frame.dataset.list = list.name;
      }
      // Links a node on two lists (the stack, and the local walking it)
      // are drawn once; consecutive links swing out by turns, so that a
      // stack's arrows do not run down one line.
      list.nodes.forEach((n, i) => {
        const a = ctx.anchors.get(`${n.name}.m_next`);
        const b = list.nodes[i + 1] && ctx.nodes.get(list.nodes[i + 1].name);
        if (!a || !b || linked.has(n.name)) return;
        linked.add(n.name);
        const d = Math.abs(b.y - a.y) < this.L.node.h && b.x > a.x ? across(a, { x: b.x, y: b.y + b.h / 2 }) : bulge(a, pointAt(b), (i % 2 ? 58 : 24) * (this.L.compact ? 0.7 : 1));
        this.arrow(`next:${n.name}`, d, "ptr next" + (n.live ? "" : " bad"), n.live ? "arrow" : "arrow-bad");
      });
      // Following m_next came back to a node already listed.
      const last = list.cycle && list.nodes.length && ctx.nodes.get(list.nodes[list.nodes.length - 1].name);
      if (last) this.layers.labels.append(text(last.x + last.w + 8, last.y + last.h - 4, "↺ " + t("stage.cycle"), "dangling-label"));
    }
    const st = ctx.step;
    const from = st && ctx.boxes.get(st.coroutine);
    for (const e of (st && st.events) || []) {
      const to = ctx.boxes.get(e.coroutine);
      if (from && to && e.coroutine !== st.coroutine && ["queued", "inline", "dropped"].includes(e.kind)) {
        this.arrow(`wake:${e.coroutine}`, bulge(rightOf(from), rightOf(to), 46), "wake" + (e.kind === "dropped" ? " bad" : ""), e.kind === "dropped" ? "arrow-bad" : "arrow-wake");
      }
    }
    if (ctx.uaf && from && st.cell) {
      const owner = st.cell.split(".")[0];
      const to = ctx.nodes.get(owner + ".awaiter") || ctx.boxes.get(owner);
      if (to) {
        const label = t("stage.freed_read");
        const ownerBox = ctx.boxes.get(owner) || to;
        if (Math.abs(ownerBox.y - from.y) < this.L.h / 2) {
          // Same lane: an arc over the top, from the reader to the node.
          const a = { x: from.x + from.w - 30, y: from.y };
          const b = topOf(to);
          this.arrow("uaf", arc(a, b, 46), "dangling", "arrow-bad");
          this.layers.labels.append(text((a.x + b.x) / 2, Math.min(a.y, b.y) - 40, label, "dangling-label", "middle"));
        } else {
          const a = rightOf(from);
          const b = rightOf(to);
          this.arrow("uaf", bulge(a, b, 60), "dangling", "arrow-bad");
          const el = text(Math.max(a.x, b.x) + 50, (a.y + b.y) / 2 + 6, label, "dangling-label");
          this.layers.labels.append(el);
          // Kept inside the stage's room, over the arrow if need be.
          const over = Math.max(a.x, b.x) + 50 + el.getComputedTextLength() - (this.room() - 4);
          if (over > 0) el.setAttribute("x", String(Math.max(a.x, b.x) + 50 - over));
        }
      }
    }
    this.arrows.sweep();
  }

  // arrow draws (or moves) the arrow called key along path d.
  arrow(key, d, cls, head) {
    const p = this.arrows.get(key);
    p.setAttribute("class", "arrow " + cls);
    p.setAttribute("d", d);
    p.style.d = `path("${d}")`;
    p.setAttribute("marker-end", `url(#${head})`);
    this.right = Math.max(this.right, pathRight(d) + 6);
    return p;
  }

  // reach is how far right the arrows and their labels reach, so that the
  // picture is drawn wide enough to hold them.
  reach() {
    let right = this.right;
    if (this.layers.labels.childNodes.length) {
      const b = this.layers.labels.getBBox();
      right = Math.max(right, b.x + b.width + 4);
    }
    return Math.ceil(right);
  }
}

Object.assign(Stage.prototype, laneMethods, objectMethods);

// Keyed keeps SVG elements by key across renders, so CSS can animate them
// from their previous attributes.
class Keyed {
  constructor(parent, tag) {
    this.parent = parent;
    this.tag = tag;
    this.els = new Map();
    this.seen = new Set();
  }

  // get returns the element for key, creating it if needed.
  get(key) {
    let el = this.els.get(key);
    if (!el) {
      el = s(this.tag, { "data-key": key });
      this.els.set(key, el);
    }
    this.parent.append(el); // keep drawing order = call order
    this.seen.add(key);
    return el;
  }

  // sweep removes the elements not asked for since the last sweep.
  sweep() {
    for (const [key, el] of this.els) {
      if (!this.seen.has(key)) {
        el.remove();
        this.els.delete(key);
      }
    }
    this.seen.clear();
  }
}

// raceCell is the cell a data-race finding names.
function raceCell(f) {
  return f.cell || "";
}
