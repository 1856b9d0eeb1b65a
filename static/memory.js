// memory.js is the part of the page only the c11 memory model needs: the
// writes a thread's next read may return and the places its next store
// may take in its cell's modification order, offered under its button;
// the modification orders the stage draws under their cells; and their
// style sheet. app.js loads it when a state first offers a choice or has
// a modification order to draw.

import { h, s } from "./dom.js";
import { text, short } from "./svg.js";

const here = new URL(import.meta.url);
document.head.append(h("link", { rel: "stylesheet", href: new URL("./memory.css" + here.search, here).href }));

// words are this module's strings, by language.
const words = {
  en: {
    pick: "{thread} reads {cell}: choose the write",
    init: "initial value",
    stale: "stale",
    latest: "latest",
    place: "place in mo:",
    placeTitle: "{thread} stores into {cell}: pick its place in the modification order (mo), the order of the writes to {cell}",
    before: "before {value} ← {who}",
    end: "at the end",
    endTitle: "after every write so far (the default)",
    beforeTitle: "before this write, made earlier: a thread may still read it after the new one",
    mo: "mo",
    moTitle: "modification order of {cell}, oldest first: {writes}",
    older: "{n} older writes",
    initShort: "init",
    latestMark: "the latest",
  },
  zh: {
    pick: "{thread} 读取 {cell}：选择要读的写",
    init: "初始值",
    stale: "过时",
    latest: "最新",
    place: "修改顺序位置：",
    placeTitle: "{thread} 写入 {cell}：选择它在修改顺序（mo，即对 {cell} 的所有写的先后）中的位置",
    before: "在 {value} ← {who} 之前",
    end: "在末尾",
    endTitle: "排在目前所有写之后（默认）",
    beforeTitle: "排在这次较早的写之前：之后仍有线程可能读到它",
    mo: "mo",
    moTitle: "{cell} 的修改顺序，从旧到新：{writes}",
    older: "更早的 {n} 次写",
    initShort: "初始",
    latestMark: "最新",
  },
};

// say is the string named k in the page's language, with {thread} and
// {cell} filled in.
function say(app, k, vars = {}) {
  const w = (words[app.lang] || words.en)[k];
  return w.replace(/\{(\w+)\}/g, (_, v) => vars[v] ?? "");
}

// switchMemory reloads the lesson under memory model mm ("sc" or "c11"),
// keeping the steps on screen; going back to sc drops the reads' and the
// stores' choices, which only c11 has.
export function switchMemory(app, mm) {
  if (!app.lesson || !app.state) return;
  let schedule = app.state.schedule || "";
  if (mm === "sc") schedule = schedule.replace(/[<^][^\s*]*/g, "");
  const cmd = { lesson: app.initial.lesson, lang: app.lang, variant: app.lesson.variant, params: app.lesson.params, memory: mm };
  if (app.initial.source) cmd.source = app.initial.source;
  if (schedule) Object.assign(cmd, { schedule, step: app.state.position });
  app.send("load", cmd);
}

// cell puts el, the button of thread p, above the writes its next read
// may return, or the places its next store may take.
export function cell(app, p, el) {
  return h("div", { class: "thread-cell" }, el, p.reads ? readsBox(app, p) : placesBox(app, p));
}

// who names the writer of write c: "P@STX · #1", or the initial value.
function who(app, c) {
  return c.from === "init" ? say(app, "init") : `${c.thread}${c.label ? "@" + c.label : ""} · #${c.step + 1}`;
}

// readsBox lists the writes p's next read may return: one button each,
// the stale ones marked; a click steps the thread with that write.
function readsBox(app, p) {
  const { send } = app;
  const r = p.reads;
  const box = h("div", { class: "reads", "data-reads": p.thread });
  box.append(h("span", { class: "reads-title" }, say(app, "pick", { thread: p.thread, cell: r.cell })));
  for (const c of r.candidates) {
    box.append(
      h(
        "button",
        {
          type: "button",
          class: "read-choice" + (c.latest ? " latest" : " stale"),
          "data-from": c.from,
          title: say(app, c.latest ? "latest" : "stale"),
          onclick: () => send("step", c.latest ? { thread: p.thread } : { thread: p.thread, from: c.from }),
        },
        h("b", {}, c.value),
        " ← " + who(app, c) + (c.latest ? "" : " · " + say(app, "stale")),
      ),
    );
  }
  return box;
}

// placesBox lists the places p's next store may take in its cell's
// modification order, oldest first: before each write it may precede,
// then the end; a click steps the thread with its store placed there.
function placesBox(app, p) {
  const { send } = app;
  const pl = p.places;
  const box = h("div", { class: "reads places", "data-places": p.thread, role: "group", "aria-label": say(app, "placeTitle", { thread: p.thread, cell: pl.cell }) });
  box.append(h("span", { class: "reads-title", title: say(app, "placeTitle", { thread: p.thread, cell: pl.cell }) }, say(app, "place")));
  for (const c of pl.places) {
    const end = c.latest;
    box.append(
      h(
        "button",
        {
          type: "button",
          class: "place-choice" + (end ? " latest" : " before"),
          "data-before": c.from,
          title: say(app, end ? "endTitle" : "beforeTitle"),
          onclick: () => send("step", end ? { thread: p.thread } : { thread: p.thread, before: c.from }),
        },
        end ? say(app, "end") : say(app, "before", { value: c.value, who: who(app, c) }),
      ),
    );
  }
  return box;
}

// ORDER lays out a cell's modification order on the stage: the row's
// height, a character's width in the 16px monospace type (a wide one's
// in CJK), a write's padding, the gap between two writes (an arrow), and
// the room of the row's "mo" label.
const ORDER = { row: 28, char: 9.7, wide: 16.5, pad: 10, gap: 20, label: 34 };

// orderHeight is the height of the row orderRow draws.
export const orderHeight = ORDER.row;

// orderRow draws o, the modification order of a cell whose row spans x
// to x + w, in the row below it at y: its writes oldest first, each its
// value (an awaiter's address by its coroutine) and its writer ("1
// P#1"), the latest outlined; as many of the
// latest as the row holds, the older ones counted.
export function orderRow(app, o, x, y, w) {
  const names = o.writes.map((c) => `${short(c.value)} ${c.from === "init" ? say(app, "initShort") : c.thread + "#" + (c.step + 1)}`);
  const full = o.writes.map((c, i) => names[i] + (c.latest ? " (" + say(app, "latestMark") + ")" : "")).join(" → ");
  const older = o.older || 0;
  const g = s("g", { class: "mo", "data-mo": o.cell }, s("title", {}, say(app, "moTitle", { cell: o.cell, writes: (older ? "… " : "") + full })));
  const base = y + 19;
  g.append(text(x + 14, base, say(app, "mo"), "mo-label"));
  const width = (str) => [...str].reduce((n, ch) => n + (/[\u3000-\u9fff\uff00-\uffef]/.test(ch) ? ORDER.wide : ORDER.char), 0) + ORDER.pad;
  const more = (n) => `…${n}`;
  // From the latest back, as many writes as the row holds, leaving room
  // for the count of the older ones.
  const room = w - 24 - ORDER.label;
  let from = names.length;
  let used = 0;
  for (let i = names.length - 1; i >= 0; i--) {
    const need = width(names[i]) + (i < names.length - 1 ? ORDER.gap : 0);
    const hidden = older + i;
    const count = hidden ? width(more(hidden)) + ORDER.gap : 0;
    if (used + need + count > room && from < names.length) break;
    used += need;
    from = i;
  }
  let cx = x + 14 + ORDER.label;
  const hidden = older + from;
  if (hidden) {
    g.append(s("text", { x: cx, y: base, class: "mo-more" }, more(hidden), s("title", {}, say(app, "older", { n: hidden }))));
    cx += width(more(hidden)) + ORDER.gap;
  }
  for (let i = from; i < names.length; i++) {
    const c = o.writes[i];
    if (i > from || hidden) g.append(text(cx - ORDER.gap / 2, base, "→", "mo-arrow", "middle"));
    const cw = width(names[i]);
    const chip = s("g", { class: "mo-write" + (c.latest ? " latest" : "") + (c.from === "init" ? " init" : ""), "data-from": c.from });
    chip.append(s("rect", { x: cx, y: y + 2, width: cw, height: ORDER.row - 6, rx: 4 }), text(cx + ORDER.pad / 2, base, names[i], "mo-text"));
    g.append(chip);
    cx += cw + ORDER.gap;
  }
  return g;
}
