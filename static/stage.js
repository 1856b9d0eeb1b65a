// stage.js draws #stage, the memory picture, as one SVG:
//
//   - the primitive object, one row per cell (m_state shows its sentinel
//     name, or an arrow to the head of the waiter stack);
//   - one lane per worker thread (context): num_wait, the coroutines it is
//     running (an inline resume sits next to its waker), its run queue, and
//     the frames of its other coroutines;
//   - each coroutine frame with its awaiter node inside, linked by m_next
//     arrows in list order;
//   - a card describing the step that led here (a failed CAS shows
//     expected, observed, the step that changed the cell, and the retry).
//
// Frames and arrows are kept between renders and moved with CSS
// transitions, so a push swings the head arrow and a wakeup slides the
// frame into its run queue (unless the user prefers reduced motion).

import { s, clear, shapePath, threadColour } from "./dom.js";
import { kindName } from "./i18n.js";

const W = 760; // viewBox width
const PRIM = { x: 4, y: 4, w: 350, head: 34, row: 36 };
const CARD = { y: 26 };
const MONO = 10.25; // width of a character of the 17px monospace font
const LANE = { head: 118, h: 100, gap: 8 };
const FRAME = { w: 190, h: 88, gap: 12 };
const NODE = { dx: 8, dy: 35, w: 174, h: 45 };

// Stage owns #stage.
export class Stage {
  constructor(root, app) {
    this.root = root;
    this.app = app;
  }

  // loaded creates the SVG for a lesson.
  loaded() {
    const { t } = this.app;
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
    for (const name of ["lanes", "frames", "prim", "card", "arrows", "labels"]) {
      this.layers[name] = s("g", { class: name });
      this.svg.append(this.layers[name]);
    }
    this.frames = new Keyed(this.layers.frames, "g");
    this.arrows = new Keyed(this.layers.arrows, "path");
    clear(this.root).append(this.svg);
  }

  // update draws state.
  update(state) {
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
    };
    for (const f of (step && step.findings) || []) {
      if (f.kind === "data-race") ctx.race.add(raceCell(f) || step.cell);
      if (f.kind === "use-after-free") ctx.uaf = f;
    }
    clear(this.layers.labels);
    const primBottom = this.drawPrimitive(ctx);
    const card = this.drawCard(ctx);
    const top = Math.max(primBottom, card.bottom) + 14;
    const width = this.drawLanes(ctx, top);
    this.drawArrows(ctx);
    const height = top + snap.threads.length * (LANE.h + LANE.gap) - LANE.gap + 2;
    this.svg.setAttribute("viewBox", `0 0 ${Math.max(W, width, card.right + 8)} ${height}`);
  }

  // drawPrimitive draws the primitive object and any shared data; it
  // returns the bottom edge. The box only ever grows within a lesson, so a
  // long value does not make the picture jump back and forth.
  drawPrimitive(ctx) {
    const g = clear(this.layers.prim);
    const { cells } = ctx.snap;
    if (!cells.length) return PRIM.y;
    // The primitive is laid out first, so the first cell is one of its own.
    const prim = cells[0].object;
    const runtime = /\.(ctx|frame|awaiter)$/;
    const groups = [prim, ...new Set(cells.map((c) => c.object).filter((o) => o !== prim && !runtime.test(o)))];
    const shown = cells.filter((c) => groups.includes(c.object));
    this.fieldW = Math.max(this.fieldW || 0, ...shown.map((c) => mono(c.name.length - c.object.length - 1) + 24));
    this.valueW = Math.max(this.valueW || 0, ...shown.map((c) => mono(c.value.length) + 18), 150);
    const w = Math.max(PRIM.w, this.fieldW + this.valueW + 20);
    this.primW = w;
    let y = PRIM.y;
    for (const obj of groups) {
      const rows = cells.filter((c) => c.object === obj);
      const h = PRIM.head + rows.length * PRIM.row + 6;
      const box = s("g", { class: "object" + (obj === prim ? " primitive" : " data") });
      box.append(
        s("rect", { x: PRIM.x, y, width: w, height: h, rx: 8 }),
        text(PRIM.x + 12, y + 25, obj === prim ? `${obj} · ${this.app.lesson.primitive}` : obj, "obj-title"),
      );
      rows.forEach((c, i) => {
        const ry = y + PRIM.head + i * PRIM.row;
        const cls = ["cell", ctx.touched === c.name ? "touched" : "", ctx.changed.has(c.name) ? "changed" : "", ctx.race.has(c.name) ? "race" : "", c.atomic ? "atomic" : "plain"];
        const row = s("g", { class: cls.filter(Boolean).join(" "), "data-cell": c.name });
        const vx = PRIM.x + w - this.valueW - 10;
        row.append(
          s("rect", { class: "cellbg", x: PRIM.x + 5, y: ry, width: w - 10, height: PRIM.row - 3, rx: 5 }),
          text(PRIM.x + 14, ry + 23, c.name.slice(obj.length + 1), "field"),
          s("rect", { class: "value", x: vx, y: ry + 3, width: this.valueW, height: PRIM.row - 9, rx: 4 }),
          text(vx + 8, ry + 23, c.value, "val"),
        );
        if (ctx.changed.has(c.name)) row.append(text(vx - 8, ry + 23, "Δ", "delta", "end"));
        if (ctx.race.has(c.name)) row.append(text(vx - 8, ry + 23, "⚠", "delta", "end"));
        ctx.anchors.set(c.name, { x: vx + this.valueW, y: ry + PRIM.row / 2 - 1 });
        box.append(row);
      });
      g.append(box);
      y += h + 10;
    }
    return y - 10;
  }

  // drawCard describes the step that led here, right of the primitive; it
  // returns the bottom edge and the right edge it needed.
  drawCard(ctx) {
    const { t } = this.app;
    const g = clear(this.layers.card);
    const x = PRIM.x + this.primW + 56;
    let y = CARD.y;
    let right = 0;
    const line = (str, cls) => {
      const el = text(x, y, str, cls);
      g.append(el);
      // Measured when the page shows the stage, else estimated.
      const w = el.getComputedTextLength() || str.length * 11;
      right = Math.max(right, x + w);
      y += cls === "card-title" ? 27 : 23;
    };
    const st = ctx.step;
    if (!st) {
      line(t("card.initial"), "card-note");
      return { bottom: y, right };
    }
    line(`${t("card.step", { n: st.index })} · ${st.thread} · ${st.label || st.op}`, "card-title");
    // A submit names the awaiter node; its first cell stands for it.
    const cell = st.op === "submit" && st.cell ? st.cell.replace(/\.[^.]*$/, "") : st.cell;
    line(`${st.op}${cell ? " " + cell : ""}${st.order ? " (" + st.order + ")" : ""}`, "card-op");
    if (st.op === "cas") {
      const retry = st.cas && st.cas.retry ? " · " + t("card.retry", { n: st.cas.retry }) : "";
      line(`${st.ok ? "✓" : "✗"} ${t(st.ok ? "card.cas_ok" : "card.cas_fail")}${retry}`, st.ok ? "card-ok" : "card-fail");
      line(`${t("card.expected")}: ${st.expected}`, "card-kv");
      line(`${t("card.observed")}: ${st.result}`, st.ok ? "card-kv" : "card-kv card-bad");
      if (st.ok) line(`${t("card.desired")}: ${st.value}`, "card-kv");
      const by = st.cas && st.cas.changed_by;
      if (by) line(t("card.changed_by", { step: by.step, thread: by.thread, label: by.label }), "card-kv card-bad");
    } else {
      const reads = ["load", "read", "exchange", "fetch_add"].includes(st.op);
      const writes = ["store", "write", "exchange", "fetch_add"].includes(st.op);
      if (writes && st.value) line(`${t(st.op === "fetch_add" ? "card.add" : "card.wrote")}: ${st.value}`, "card-kv");
      if (reads && st.result) line(`${t("card.read")}: ${st.result}`, "card-kv");
    }
    const rd = st.read;
    if (rd && rd.stale) {
      const latest = rd.candidates[rd.candidates.length - 1];
      line(t("card.stale", { value: rd.candidates[rd.chosen].value, latest: latest.value, step: latest.step }), "card-kv card-bad card-stale");
    }
    for (const f of st.findings || []) {
      const where = f.kind === "data-race" ? raceCell(f) || cell : cell;
      line(`⚠ ${kindName(t, f.kind)}${where ? ": " + where : ""}`, "card-fail");
    }
    return { bottom: y - 18, right };
  }

  // drawLanes draws a lane per thread and the frames in it; it returns the
  // width it needed.
  drawLanes(ctx, top) {
    const { t, lesson } = this.app;
    const g = clear(this.layers.lanes);
    const coros = new Map(ctx.snap.coroutines.map((c) => [c.name, c]));
    const placed = new Set();
    let width = W;
    ctx.snap.threads.forEach((th, li) => {
      const ti = lesson.threads.indexOf(th.name);
      const y = top + li * (LANE.h + LANE.gap);
      // Running coroutines first (an inline resume after its waker), then
      // the run queue, then the thread's other coroutines.
      const slots = [];
      th.stack.forEach((name, k) => slots.push({ name, role: k === 0 ? "running" : "inline" }));
      th.queue.forEach((name) => slots.push({ name, role: "queued" }));
      for (const c of ctx.snap.coroutines) {
        if (c.thread === th.name && !th.stack.includes(c.name) && !th.queue.includes(c.name)) slots.push({ name: c.name, role: "rest" });
      }
      const numWait = ctx.cells.get(`${th.name}.ctx.num_wait`);
      const right = LANE.head + slots.length * (FRAME.w + FRAME.gap) + 4;
      width = Math.max(width, right + 8);
      const nw = numWait ? numWait.name : "";
      const lane = s("g", { class: `lane t${ti % 8}` + (ctx.changed.has(nw) ? " changed" : "") + (ctx.touched === nw ? " touched" : ""), "data-thread": th.name });
      lane.append(
        s("rect", { class: "lane-bg", x: 2, y, width: Math.max(W, right) - 4, height: LANE.h, rx: 10 }),
        s("path", { d: shapePath(ti), transform: `translate(12 ${y + 11}) scale(1.4)`, fill: threadColour(ti), stroke: "#000", "stroke-width": 0.7 }),
        text(42, y + 30, th.name, "lane-name"),
        text(12, y + 53, "num_wait", "lane-nw-label"),
        s("rect", { class: "nw-bg", x: 10, y: y + 60, width: 64, height: 30, rx: 5 }),
        text(42, y + 82, String(th.num_wait), "lane-nw", "middle"),
      );
      g.append(lane);
      let x = LANE.head;
      for (const slot of slots) {
        const c = coros.get(slot.name);
        if (!c) continue;
        placed.add(c.name);
        this.drawFrame(ctx, c, slot.role, x, y + (LANE.h - FRAME.h) / 2);
        x += FRAME.w + FRAME.gap;
      }
    });
    for (const c of ctx.snap.coroutines) if (!placed.has(c.name)) this.frames.skip(c.name);
    this.frames.sweep();
    return width;
  }

  // drawFrame draws coroutine c's frame, with its awaiter inside, at x, y.
  drawFrame(ctx, c, role, x, y) {
    const { t, lesson } = this.app;
    const spec = lesson.coroutines.find((k) => k.name === c.name);
    const ti = lesson.threads.indexOf(spec ? spec.thread : c.thread);
    const g = this.frames.get(c.name);
    const events = new Set(((ctx.step && ctx.step.events) || []).filter((e) => e.coroutine === c.name).map((e) => e.kind));
    const aw = `${c.name}.awaiter`;
    const uafHere = !!(ctx.uaf && ctx.step && ctx.step.cell && ctx.step.cell.startsWith(c.name + "."));
    const linked = ctx.snap.lists.some((l) => l.nodes.some((n) => n.name === aw));
    const cls = [
      "frame",
      `t${ti % 8}`,
      "role-" + role,
      "st-" + c.status,
      c.frame_live ? "" : "ghost",
      c.dropped ? "dropped" : "",
      events.has("queued") || events.has("inline") || events.has("resumed") ? "woken" : "",
      uafHere ? "uaf" : "",
      ctx.step && ctx.step.coroutine === c.name ? "stepped" : "",
    ];
    g.setAttribute("class", cls.filter(Boolean).join(" "));
    g.setAttribute("data-coroutine", c.name);
    g.removeAttribute("data-list"); // set again by drawArrows while it is linked
    // A dropped coroutine is knocked askew: nothing will ever resume it.
    g.style.transform = `translate(${x}px, ${y}px)` + (c.dropped ? " rotate(-4deg)" : "");
    let status = c.dropped ? t("stage.dropped") : c.frame_live ? t("status." + c.status) : t("stage.ghost");
    if (role === "inline") status = "⤷ inline";
    if (c.holder) status += " · " + t("stage.holder");
    clear(g).append(
      s("rect", { class: "frame-box", width: FRAME.w, height: FRAME.h, rx: 8 }),
      s("rect", { class: "frame-band", width: FRAME.w, height: 7, rx: 3, fill: threadColour(ti) }),
      text(10, 28, c.name, "frame-name"),
      text(FRAME.w - 8, 27, status, "frame-status", "end"),
    );
    const next = ctx.cells.get(`${aw}.m_next`);
    if (c.awaiter_live || linked || uafHere) {
      const mine = (set) => [...set].some((n) => n.startsWith(aw + "."));
      const nodeCls = ["node", c.awaiter_live ? "" : "dead", ctx.touched && ctx.touched.startsWith(aw + ".") ? "touched" : "", mine(ctx.changed) ? "changed" : "", mine(ctx.race) ? "race" : ""];
      g.append(
        s("rect", { class: nodeCls.filter(Boolean).join(" "), x: NODE.dx, y: NODE.dy, width: NODE.w, height: NODE.h, rx: 6 }),
        text(NODE.dx + 7, NODE.dy + 15, c.op ? `${t("stage.awaiter")} · ${c.op}` : t("stage.awaiter"), "node-title"),
        text(NODE.dx + 7, NODE.dy + 37, "m_next", "field"),
        text(NODE.dx + NODE.w - 7, NODE.dy + 37, next ? short(next.value) : "", "val", "end"),
      );
    } else {
      g.append(text(FRAME.w / 2, NODE.dy + 28, c.op && c.frame_live ? t("stage.in_op", { op: c.op }) : "", "node-none", "middle"));
    }
    ctx.boxes.set(c.name, { x, y, w: FRAME.w, h: FRAME.h });
    ctx.nodes.set(aw, { x: x + NODE.dx, y: y + NODE.dy, w: NODE.w, h: NODE.h });
    if (next) ctx.anchors.set(next.name, { x: x + NODE.dx + NODE.w, y: y + NODE.dy + 31 });
  }

  // drawArrows draws the list heads, the m_next links, who woke whom, and
  // a dangling pointer read after free.
  drawArrows(ctx) {
    const { t } = this.app;
    for (const list of ctx.snap.lists) {
      const headCell = ctx.snap.cells.find((c) => c.name.endsWith("." + list.name));
      const from = headCell && ctx.anchors.get(headCell.name);
      if (!from) continue;
      const first = list.nodes[0] && ctx.nodes.get(list.nodes[0].name);
      const head = this.arrow(`head:${list.name}`, first ? hook(from, pointAt(first)) : hook(from, { x: from.x + 20, y: from.y + 1 }), first ? "ptr head" : "ptr head none", "arrow");
      head.dataset.to = first ? list.nodes[0].name : "";
      for (const n of list.nodes) {
        const frame = this.frames.els.get(n.coroutine);
        if (frame) frame.dataset.list = list.name;
      }
      list.nodes.forEach((n, i) => {
        const a = ctx.anchors.get(`${n.name}.m_next`);
        const b = list.nodes[i + 1] && ctx.nodes.get(list.nodes[i + 1].name);
        if (!a || !b) return;
        const d = Math.abs(b.y - a.y) < NODE.h && b.x > a.x ? across(a, { x: b.x, y: b.y + b.h / 2 }) : bulge(a, pointAt(b), 26);
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
        if (Math.abs(ownerBox.y - from.y) < LANE.h / 2) {
          // Same lane: an arc over the top, from the reader to the node.
          const a = { x: from.x + from.w - 30, y: from.y };
          const b = topOf(to);
          this.arrow("uaf", arc(a, b, 46), "dangling", "arrow-bad");
          this.layers.labels.append(text((a.x + b.x) / 2, Math.min(a.y, b.y) - 40, label, "dangling-label", "middle"));
        } else {
          const a = rightOf(from);
          const b = rightOf(to);
          this.arrow("uaf", bulge(a, b, 60), "dangling", "arrow-bad");
          this.layers.labels.append(text(Math.max(a.x, b.x) + 50, (a.y + b.y) / 2 + 6, label, "dangling-label"));
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
    return p;
  }
}

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

  // skip keeps key's element although it was not drawn this time.
  skip(key) {
    if (this.els.has(key)) this.seen.add(key);
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

function text(x, y, str, cls, anchor) {
  return s("text", { x, y, class: cls, "text-anchor": anchor }, str);
}

function arrowHead(id, colour) {
  return s(
    "marker",
    { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 7, markerHeight: 7, orient: "auto-start-reverse", markerUnits: "strokeWidth" },
    s("path", { d: "M0 0 10 5 0 10Z", fill: colour }),
  );
}

// short abbreviates an awaiter pointer for the small m_next field.
function short(v) {
  return v.replace(/\.awaiter$/, "");
}

function topOf(b) {
  return { x: b.x + b.w / 2, y: b.y };
}

function rightOf(b) {
  return { x: b.x + b.w, y: b.y + b.h / 2 };
}

// pointAt is where a pointer to node b ends: its right side, high up, so
// that it stays clear of the node's own m_next arrow.
function pointAt(b) {
  return { x: b.x + b.w, y: b.y + 12 };
}

// cubic is the path of a cubic curve from a to b with control points c1,
// c2. Every arrow is one, so CSS can interpolate from any arrow to another.
function cubic(a, c1, c2, b) {
  const p = (q) => `${Math.round(q.x)} ${Math.round(q.y)}`;
  return `M${p(a)}C${p(c1)} ${p(c2)} ${p(b)}`;
}

// hook leaves a to the right and comes back into b from its right, heading
// left: a pointer into the side of a node.
function hook(a, b) {
  return cubic(a, { x: a.x + 70, y: a.y }, { x: b.x + 90, y: b.y }, b);
}

// bulge swings dx to the right of both a and b.
function bulge(a, b, dx) {
  const x = Math.max(a.x, b.x) + dx;
  return cubic(a, { x, y: a.y }, { x, y: b.y }, b);
}

// arc rises h above a and b.
function arc(a, b, h) {
  const y = Math.min(a.y, b.y) - h;
  return cubic(a, { x: a.x, y }, { x: b.x, y }, b);
}

// across goes right from a into the left side of b, on about one level.
function across(a, b) {
  const dx = Math.max(30, (b.x - a.x) / 2);
  return cubic(a, { x: a.x + dx, y: a.y }, { x: b.x - dx, y: b.y }, b);
}

// mono is the width of n characters of the monospace font.
function mono(n) {
  return n * MONO;
}

// raceCell is the cell a data-race finding names.
function raceCell(f) {
  return f.cell || "";
}
