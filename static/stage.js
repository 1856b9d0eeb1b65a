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

import { s, clear, shapePath, threadColour, tc } from "./dom.js";
import { kindName, opName } from "./i18n.js";
import { rangeName } from "./groups.js";
import { stepTitle } from "./narration.js";

const W = 420; // least viewBox width
const PRIM = { x: 4, y: 4, w: 350, head: 34, row: 36 };
const CARD = { y: 26 };
const MONO = 10.25; // width of a character of the 17px monospace font
// SMALLEST is the smallest font size on the stage, in viewBox units: the
// stage is never drawn so small that it renders below #stage's font size.
const SMALLEST = 16;
// GROW is how much larger than that the stage may be drawn to fill its box.
const GROW = 1.6;
// Lanes: full for a few threads, compact for many.
const FULL = { head: 118, h: 100, gap: 8, frame: { w: 196, h: 88, gap: 12 }, node: { dx: 8, dy: 35, w: 180, h: 45 } };
const COMPACT = { head: 124, h: 60, gap: 6, frame: { w: 196, h: 54, gap: 10 }, node: { dx: 5, dy: 25, w: 186, h: 26 } };
const QUEUE = { pad: 8, chip: 54, gap: 6, label: 18, least: 88 };

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
      handles: new Map(), // coroutine name -> its handle in a run queue
      locals: new Map(), // "D1.head" -> where the local's pointer starts
    };
    for (const f of (step && step.findings) || []) {
      if (f.kind === "data-race") ctx.race.add(raceCell(f) || step.cell);
      if (f.kind === "use-after-free") ctx.uaf = f;
    }
    clear(this.layers.labels);
    const primBottom = this.drawPrimitive(ctx);
    let card = this.drawCard(ctx);
    // A stage too narrow for the card beside the primitive has it below.
    if (card.right + 8 > this.room()) card = this.drawCard(ctx, primBottom);
    const top = Math.max(primBottom, card.bottom) + 14;
    const lanes = this.drawLanes(ctx, top, Math.max(W, card.right + 8, this.primW + 8));
    this.drawArrows(ctx);
    this.fit(Math.max(W, lanes.width, card.right + 8, this.primW + 8), lanes.bottom + 2);
  }

  // fit sizes the SVG: as large as #stage allows, up to GROW times its
  // least size, and never smaller than the size at which its smallest
  // text renders at #stage's font size; #stage scrolls if even that does
  // not fit.
  fit(w, h) {
    this.svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    const least = this.least();
    const box = this.root.getBoundingClientRect();
    const fit = Math.min((box.width - 2) / w, (box.height - 2) / h);
    const k = Math.max(least, Math.min(fit, least * GROW));
    this.svg.setAttribute("width", String(Math.floor(w * k)));
    this.svg.setAttribute("height", String(Math.floor(h * k)));
    this.scale = k;
  }

  // least is the smallest scale the stage may be drawn at.
  least() {
    return (parseFloat(getComputedStyle(this.root).fontSize) || 14) / SMALLEST;
  }

  // room is the width #stage offers, in viewBox units at the least scale.
  room() {
    return Math.max(W, (this.root.clientWidth - 2) / this.least());
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
  drawCard(ctx, below) {
    const { t } = this.app;
    const g = clear(this.layers.card);
    const x = below ? PRIM.x + 8 : PRIM.x + this.primW + 56;
    let y = below ? below + 26 : CARD.y;
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
    line(stepTitle(t, st), "card-title");
    // A submit names the awaiter node; its first cell stands for it.
    const cell = st.op === "submit" && st.cell ? st.cell.replace(/\.[^.]*$/, "") : st.cell;
    line(`${opName(t, st.op)}${cell ? " " + cell : ""}${st.order ? " (" + st.order + ")" : ""}`, "card-op");
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
    for (const f of st.findings || []) {
      const where = f.kind === "data-race" ? raceCell(f) || cell : cell;
      line(`⚠ ${kindName(t, f.kind)}${where ? ": " + where : ""}`, "card-fail");
    }
    return { bottom: y - 18, right };
  }

  // drawLanes draws a lane per group of threads (groups.js), each with its
  // run queue and the frames of its coroutines, in as many columns as fit
  // the stage's width; it returns the width and the bottom it needed.
  drawLanes(ctx, top, least) {
    const { t, lesson } = this.app;
    const g = clear(this.layers.lanes);
    const coros = new Map(ctx.snap.coroutines.map((c) => [c.name, c]));
    const threads = new Map(ctx.snap.threads.map((th) => [th.name, th]));
    const groups = this.app.groups.length ? this.app.groups : lesson.threads.map((n, i) => ({ threads: [n], indexes: [i], label: n }));
    // Full lanes if they fit the stage's height, else compact ones; in as
    // many columns as the width allows.
    const room = Math.max(least, this.room());
    const height = (this.root.clientHeight - 2) / this.least();
    let plan = null;
    for (const base of [FULL, COMPACT]) {
      plan = this.planLanes(ctx, groups, threads, base, room);
      if (top + plan.rows * (plan.L.h + plan.L.gap) - plan.L.gap <= height) break;
    }
    const { L, lanes, laneW, cols, rows } = plan;
    this.L = L;
    const placed = new Set();
    lanes.forEach((lane, li) => {
      const { grp, th, slots, queueW } = lane;
      const ti = grp.indexes[0];
      const x0 = (li % cols) * (laneW + 10);
      const y = top + Math.floor(li / cols) * (L.h + L.gap);
      const many = grp.threads.length > 1;
      const numWait = ctx.cells.get(`${th.name}.ctx.num_wait`);
      const nw = numWait ? numWait.name : "";
      const w = cols > 1 ? laneW : Math.max(least, laneW);
      const lg = s("g", { class: `lane ${tc(ti)}` + (many ? " group" : "") + (ctx.changed.has(nw) ? " changed" : "") + (ctx.touched === nw ? " touched" : ""), "data-thread": th.name, "data-threads": grp.threads.join(" ") });
      if (many) lg.append(s("rect", { class: "lane-bg stack", x: x0 + 8, y: y + 5, width: w - 4, height: L.h, rx: 10 }));
      const compact = L.compact;
      lg.append(
        s("rect", { class: "lane-bg", x: x0 + 2, y, width: w - 4, height: L.h, rx: 10 }),
        s("path", { d: shapePath(ti), transform: `translate(${x0 + 10} ${y + (compact ? 6 : 9)}) scale(${compact ? 1.2 : 1.4})`, fill: threadColour(ti), stroke: "#000", "stroke-width": 0.7, "fill-rule": "evenodd" }),
        text(x0 + (compact ? 34 : 40), y + (compact ? 23 : 30), grp.label, many ? "lane-name lane-group" : "lane-name"),
        text(x0 + 10, y + (compact ? 47 : 55), "num_wait", "lane-nw-label"),
        s("rect", { class: "nw-bg", x: x0 + (compact ? 90 : 10), y: y + (compact ? 30 : 62), width: compact ? 28 : 60, height: compact ? 24 : 30, rx: 5 }),
        text(x0 + (compact ? 104 : 40), y + (compact ? 48 : 84), String(th.num_wait), "lane-nw", "middle"),
      );
      if (many) lg.append(text(x0 + w - 12, y + L.h - 8, `×${grp.threads.length}`, "lane-count", "end"));
      if (queueW) this.drawQueue(lg, ctx, th, x0 + L.head, y, queueW, L, ti);
      g.append(lg);
      let x = x0 + L.head + (queueW ? queueW + 10 : 0);
      for (const slot of slots) {
        const c = coros.get(slot.name);
        if (!c) continue;
        placed.add(c.name);
        const names = many ? rangeName(grp.threads.flatMap((n) => ctx.snap.coroutines.filter((k) => k.thread === n).map((k) => k.name)).filter((n, i, a) => a.indexOf(n) === i && coros.get(n).op === c.op)) : c.name;
        this.drawFrame(ctx, c, slot.role, x, y + (L.h - L.frame.h) / 2, many ? names : "");
        x += L.frame.w + L.frame.gap;
      }
    });
    // The frames of a group's other members are not drawn: they go.
    this.frames.sweep();
    return { width: cols > 1 ? cols * (laneW + 10) - 10 : Math.max(least, laneW), bottom: top + rows * (L.h + L.gap) - L.gap };
  }

  // planLanes lays the lanes out with lane style base in a stage room
  // units wide: the style, each lane's slots and width, and the columns.
  planLanes(ctx, groups, threads, base, room) {
    // The lane's head is wide enough for the longest name ("W10–W16").
    const longest = Math.max(...groups.map((grp) => grp.label.length));
    const L = { ...base, head: Math.max(base.head, (base === COMPACT ? 40 : 46) + longest * 15.5), compact: base === COMPACT };
    const lanes = groups.map((grp) => {
      const th = threads.get(grp.threads[0]);
      const slots = [];
      th.stack.forEach((name, k) => slots.push({ name, role: k === 0 ? "running" : "inline" }));
      for (const c of ctx.snap.coroutines) {
        if (c.thread === th.name && !th.stack.includes(c.name)) slots.push({ name: c.name, role: th.queue.includes(c.name) ? "queued" : "rest" });
      }
      // A compact lane leaves its run queue out while it is empty.
      const queueW = L.compact && !th.queue.length ? 0 : Math.max(QUEUE.least, QUEUE.pad * 2 + th.queue.length * (QUEUE.chip + QUEUE.gap) - QUEUE.gap);
      const width = L.head + (queueW ? queueW + 10 : 0) + slots.length * (L.frame.w + L.frame.gap) + 4;
      return { grp, th, slots, queueW, width };
    });
    const laneW = Math.max(...lanes.map((l) => l.width), 300);
    const cols = Math.max(1, Math.min(Math.floor((room + 10) / (laneW + 10)), Math.ceil(lanes.length / 2)));
    return { L, lanes, laneW, cols, rows: Math.ceil(lanes.length / cols) };
  }

  // drawQueue draws thread th's run queue: a box holding the handles of
  // the coroutines waiting in it, front first.
  drawQueue(g, ctx, th, x, y, w, L, ti) {
    const { t } = this.app;
    const qy = y + 8;
    const h = L.h - 16;
    const box = s("g", { class: "queue" + (th.queue.length ? "" : " empty"), "data-queue": th.name });
    box.append(s("rect", { class: "queue-box", x, y: qy, width: w, height: h, rx: 6 }), text(x + 6, qy + QUEUE.label - 2, t("stage.queue"), "queue-label"));
    th.queue.forEach((name, i) => {
      const cx = x + QUEUE.pad + i * (QUEUE.chip + QUEUE.gap);
      const spec = this.app.lesson.coroutines.find((k) => k.name === name);
      const ci = this.app.lesson.threads.indexOf(spec ? spec.thread : th.name);
      box.append(
        s("rect", { class: `handle ${tc(ci)}`, x: cx, y: qy + QUEUE.label + 2, width: QUEUE.chip, height: h - QUEUE.label - 6, rx: 4 }),
        text(cx + QUEUE.chip / 2, qy + h - 9, name, "handle-name", "middle"),
      );
      ctx.handles.set(name, { x: cx, y: qy + QUEUE.label + 2, w: QUEUE.chip, h: h - QUEUE.label - 6 });
    });
    g.append(box);
  }

  // drawFrame draws coroutine c's frame, with its awaiter inside, at x, y;
  // label, when given, names the group of coroutines it stands for.
  drawFrame(ctx, c, role, x, y, label) {
    const { t, lesson } = this.app;
    const { frame: F, node: N } = this.L;
    const compact = this.L.compact;
    const spec = lesson.coroutines.find((k) => k.name === c.name);
    const ti = lesson.threads.indexOf(spec ? spec.thread : c.thread);
    const g = this.frames.get(c.name);
    const events = new Set(((ctx.step && ctx.step.events) || []).filter((e) => e.coroutine === c.name).map((e) => e.kind));
    const aw = `${c.name}.awaiter`;
    const uafHere = !!(ctx.uaf && ctx.step && ctx.step.cell && ctx.step.cell.startsWith(c.name + "."));
    const linked = ctx.snap.lists.some((l) => l.nodes.some((n) => n.name === aw));
    const cls = [
      "frame",
      tc(ti),
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
      s("rect", { class: "frame-box", width: F.w, height: F.h, rx: 8 }),
      s("rect", { class: "frame-band", width: F.w, height: 7, rx: 3, fill: threadColour(ti) }),
      text(10, compact ? 21 : 28, label || c.name, "frame-name"),
      text(F.w - 8, compact ? 20 : 27, status, "frame-status", "end"),
    );
    const next = ctx.cells.get(`${aw}.m_next`);
    if (c.awaiter_live || linked || uafHere) {
      const mine = (set) => [...set].some((n) => n.startsWith(aw + "."));
      const nodeCls = ["node", c.awaiter_live ? "" : "dead", ctx.touched && ctx.touched.startsWith(aw + ".") ? "touched" : "", mine(ctx.changed) ? "changed" : "", mine(ctx.race) ? "race" : ""];
      g.append(s("rect", { class: nodeCls.filter(Boolean).join(" "), x: N.dx, y: N.dy, width: N.w, height: N.h, rx: 6 }));
      if (!compact) g.append(text(N.dx + 7, N.dy + 16, c.op ? `${t("stage.awaiter")} · ${c.op}` : t("stage.awaiter"), "node-title"));
      g.append(
        text(N.dx + 7, N.dy + N.h - 9, "m_next", "field"),
        text(N.dx + N.w - 7, N.dy + N.h - 9, next ? short(next.value) : "", "val", "end"),
      );
    } else if (c.locals && c.locals.length) {
      this.drawLocals(ctx, g, c, x, y);
    } else {
      g.append(text(F.w / 2, N.dy + N.h - 10, c.op && c.frame_live ? t("stage.in_op", { op: c.op }) : "", "node-none", "middle"));
    }
    ctx.boxes.set(c.name, { x, y, w: F.w, h: F.h });
    ctx.nodes.set(aw, { x: x + N.dx, y: y + N.dy, w: N.w, h: N.h });
    if (next) ctx.anchors.set(next.name, { x: x + N.dx + N.w, y: y + N.dy + N.h - 14 });
  }

  // drawLocals draws coroutine c's locals that point into a waiter list,
  // in the place of its awaiter, at x, y: each its name and a dot the
  // arrow leaves from, or nullptr.
  drawLocals(ctx, g, c, x, y) {
    const { node: N } = this.L;
    const w = N.w / c.locals.length;
    c.locals.forEach((l, i) => {
      const lx = N.dx + i * w;
      const cy = N.dy + N.h / 2;
      g.append(s("rect", { class: "local", x: lx + 2, y: N.dy + 2, width: w - 4, height: N.h - 4, rx: 5 }), text(lx + 8, N.dy + N.h - 9, l.name, "field"));
      if (l.addr) {
        g.append(s("circle", { class: "local-dot", cx: lx + w - 12, cy, r: 5 }));
        ctx.locals.set(`${c.name}.${l.name}`, { x: x + lx + w - 12, y: y + cy });
      } else {
        g.append(text(lx + w - 8, N.dy + N.h - 9, "∅", "val", "end"));
      }
    });
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
        const d = Math.abs(b.y - a.y) < this.L.node.h && b.x > a.x ? across(a, { x: b.x, y: b.y + b.h / 2 }) : bulge(a, pointAt(b), i % 2 ? 58 : 24);
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
