// lanes.js draws the stage's lanes (stage.js): one per group of threads
// (groups.js), full or compact, in as many columns as fit; each with its
// num_wait, its run queue of coroutine handles, and its coroutines' frames
// with their awaiters, or the locals an operation walks a list with. The
// methods are the Stage's, on its app, layers and frames.

import { s, clear, shapePath, threadColour, tc } from "./dom.js";
import { rangeName } from "./groups.js";
import { text, short } from "./svg.js";

// Lanes: full for a few threads, compact for many.
const FULL = { head: 118, h: 100, gap: 8, frame: { w: 196, h: 88, gap: 12 }, node: { dx: 8, dy: 35, w: 180, h: 45, tb: 36 } };
const COMPACT = { head: 124, h: 56, gap: 5, frame: { w: 196, h: 50, gap: 10 }, node: { dx: 5, dy: 23, w: 186, h: 24, tb: 18 } };
const QUEUE = { pad: 8, chip: 54, gap: 6, label: 18, least: 88 };
// ARROWS is the room the m_next links need right of the lanes.
const ARROWS = 24;

// laneMethods are the Stage's methods that draw its lanes.
export const laneMethods = {
  // drawLanes draws a lane per group of threads (groups.js), each with its
  // run queue and the frames of its coroutines, in as many columns as fit
  // the stage's width; it returns the width and the bottom it needed.
  drawLanes(ctx, top, least, plan) {
    const { t } = this.app;
    const g = clear(this.layers.lanes);
    const coros = new Map(ctx.snap.coroutines.map((c) => [c.name, c]));
    const { L, lanes, colX, colW, cols, rows } = plan;
    this.L = L;
    const placed = new Set();
    // A group's lane has a second one peeking out below and right of it,
    // inside the picture's width.
    const peek = lanes.some((l) => l.grp.threads.length > 1) ? 6 : 0;
    lanes.forEach((lane, li) => {
      const { grp, th, slots, queueW } = lane;
      const ti = grp.indexes[0];
      // In columns, lanes run down each column first: a stack's
      // neighbours stay one above the other, their links short.
      const col = Math.floor(li / rows);
      const x0 = colX[col];
      const y = top + (li % rows) * (L.h + L.gap);
      const many = grp.threads.length > 1;
      const numWait = ctx.cells.get(`${th.name}.ctx.num_wait`);
      const nw = numWait ? numWait.name : "";
      const w = cols > 1 ? colW[col] : Math.max(least - peek, colW[col]);
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
    return { width: Math.max(least, plan.width), bottom: top + plan.height };
  },

  // chooseLanes lays the lanes out below top, at least least units wide:
  // full or compact, in how many columns. It takes the layout drawn
  // largest (up to GROW times the least scale; one that does not fit at
  // the least scale loses), then full lanes in few columns. The plan says
  // its scale.
  chooseLanes(ctx, top, least) {
    const { lesson } = this.app;
    const threads = new Map(ctx.snap.threads.map((th) => [th.name, th]));
    const groups = this.app.groups.length ? this.app.groups : lesson.threads.map((n, i) => ({ threads: [n], indexes: [i], label: n }));
    const room = Math.max(least, this.room());
    let best = null;
    for (const base of [FULL, COMPACT]) {
      const lanes = this.planLanes(ctx, groups, threads, base);
      const n = lanes.lanes.length;
      // Two or three lanes may stand side by side; more keep two a column.
      for (let c = 1; c <= (n <= 3 ? n : Math.ceil(n / 2)); c++) {
        const rows = Math.ceil(n / c);
        const cols = Math.ceil(n / rows);
        // Each column is as wide as its widest lane.
        const colW = [];
        const colX = [];
        for (let k = 0; k < cols; k++) {
          colX.push(k ? colX[k - 1] + colW[k - 1] + 10 : 0);
          colW.push(Math.max(300, ...lanes.lanes.slice(k * rows, (k + 1) * rows).map((l) => l.width)));
        }
        // The last column keeps ARROWS free on its right for the links
        // that swing out of it.
        if (c > 1 && colX[cols - 1] + colW[cols - 1] + ARROWS > room) break;
        // A group's lane has a second one peeking out below it.
        const peek = lanes.lanes.some((l) => l.grp.threads.length > 1) ? 6 : 0;
        const width = colX[cols - 1] + colW[cols - 1] + peek;
        const height = rows * (lanes.L.h + lanes.L.gap) - lanes.L.gap + peek;
        const scale = this.scaleFor(Math.max(least, width), top + height);
        if (!best || scale > best.scale + 0.001) best = { ...lanes, cols, rows, colX, colW, width, height, scale };
      }
    }
    return best;
  },

  // planLanes lays the lanes out in style base: each one's slots, width.
  planLanes(ctx, groups, threads, base) {
    // The lane's head is wide enough for the longest name ("W10–W16").
    const longest = Math.max(...groups.map((grp) => (this.textLength("labels", grp.label, grp.threads.length > 1 ? "lane-name lane-group" : "lane-name") || grp.label.length * 15.5)));
    const L = { ...base, head: Math.max(base.head, (base === COMPACT ? 34 : 40) + longest + 12), compact: base === COMPACT };
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
    return { L, lanes };
  },

  // drawQueue draws thread th's run queue: a box holding the handles of
  // the coroutines waiting in it, front first.
  drawQueue(g, ctx, th, x, y, w, L, ti) {
    const { t } = this.app;
    const qy = y + (L.compact ? 4 : 8);
    const h = L.h - (L.compact ? 8 : 16);
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
  },

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
        text(N.dx + 7, N.dy + N.tb, "m_next", "field"),
        text(N.dx + N.w - 7, N.dy + N.tb, next ? short(next.value) : "", "val", "end"),
      );
    } else if (c.locals && c.locals.length) {
      this.drawLocals(ctx, g, c, x, y);
    } else {
      g.append(text(F.w / 2, N.dy + N.h - 10, c.op && c.frame_live ? t("stage.in_op", { op: c.op }) : "", "node-none", "middle"));
    }
    ctx.boxes.set(c.name, { x, y, w: F.w, h: F.h });
    ctx.nodes.set(aw, { x: x + N.dx, y: y + N.dy, w: N.w, h: N.h });
    if (next) ctx.anchors.set(next.name, { x: x + N.dx + N.w, y: y + N.dy + N.h - 14 });
  },

  // drawLocals draws coroutine c's locals that point into a waiter list,
  // in the place of its awaiter, at x, y: each its name and a dot the
  // arrow leaves from, or nullptr.
  drawLocals(ctx, g, c, x, y) {
    const { node: N } = this.L;
    const w = N.w / c.locals.length;
    c.locals.forEach((l, i) => {
      const lx = N.dx + i * w;
      const cy = N.dy + N.h / 2;
      g.append(s("rect", { class: "local", x: lx + 2, y: N.dy + 2, width: w - 4, height: N.h - 4, rx: 5 }), text(lx + 8, N.dy + N.tb, l.name, "field"));
      if (l.addr) {
        g.append(s("circle", { class: "local-dot", cx: lx + w - 12, cy, r: 5 }));
        ctx.locals.set(`${c.name}.${l.name}`, { x: x + lx + w - 12, y: y + cy });
      } else {
        g.append(text(lx + w - 8, N.dy + N.tb, "∅", "val", "end"));
      }
    });
  },
};
