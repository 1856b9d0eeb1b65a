// code.js shows #code, in tabs: Algorithm, a column per thread (or group,
// groups.js) with its operation's lines, the next step marked in its
// colour and shape; Go, the variant's source; and the other variants'
// algorithms (these two by code-more.js, loaded when shown). The lines are
// the server's (lesson.algorithms): nothing here knows an algorithm.

import { h, put, marker, tc } from "./dom.js";
import { rangeName } from "./groups.js";

const CPP_KEYWORDS = new Set("auto break continue else for goto if return while true false nullptr this panic".split(" "));

// MIN_COL is the narrowest algorithm column, in em of the code panel's
// font (the lines are set a little smaller).
const MIN_COL = 14;

// Code owns #code.
export class Code {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.lines = new Map(); // Go source: "file:line" -> line element
    this.tab = "algo";
  }

  // loaded builds the tabs for a lesson.
  loaded(lesson) {
    const { t } = this.app;
    this.algos = lesson.algorithms || {};
    const tabs = [["algo", t("code.algorithm")], ["go", t("code.go")]];
    for (const v of lesson.variants) if (v !== lesson.variant && this.algos[v]) tabs.push(["v:" + v, t("code.variant", { variant: v })]);
    if (!tabs.some(([k]) => k === this.tab)) this.tab = "algo";
    this.tabBar = h(
      "div",
      { class: "code-tabs", role: "tablist", "aria-label": t("code.label") },
      tabs.map(([k, label]) =>
        h("button", { type: "button", role: "tab", "data-tab": k, "aria-selected": String(k === this.tab), onclick: () => this.show(k) }, label),
      ),
    );
    this.algoBox = h("div", { class: "algo", role: "tabpanel", "data-panel": "algo" });
    this.lesson = lesson;
    this.goBox = h("div", { class: "go", role: "tabpanel", "data-panel": "go" });
    this.goBuilt = false;
    this.otherBox = h("div", { class: "algo other", role: "tabpanel", "data-panel": "other" });
    put(this.root, h("h2", { class: "sr-only" }, t("code.label")), this.tabBar, this.algoBox, this.goBox, this.otherBox);
    this.show(this.tab);
  }

  // show switches to tab k.
  show(k) {
    this.tab = k;
    for (const b of this.tabBar.children) b.setAttribute("aria-selected", String(b.dataset.tab === k));
    this.algoBox.hidden = k !== "algo";
    this.goBox.hidden = k !== "go";
    this.otherBox.hidden = !k.startsWith("v:");
    if (k !== "algo") this.more(k);
    if (this.app.state) this.update(this.app.state);
  }

  // more draws tab k, the Go source or another variant's algorithms, with
  // code-more.js, which is loaded the first time one of them is shown.
  async more(k) {
    if (!this.extra) {
      const here = new URL(import.meta.url);
      this.extra = await import(new URL("./code-more.js" + here.search, here).href);
    }
    if (this.tab !== k) return;
    if (k === "go" && !this.goBuilt) {
      this.extra.buildGo(this, this.lesson);
      this.goBuilt = true;
    }
    if (k.startsWith("v:")) this.extra.drawOther(this, k.slice(2));
    if (this.app.state) this.update(this.app.state);
  }

  // update marks the lines for state.
  update(state) {
    this.drawAlgo(state);
    if (this.goBuilt) this.extra.markGo(this, state);
  }

  // drawAlgo draws the algorithm columns.
  drawAlgo(state) {
    const { lesson, t } = this.app;
    const ops = this.algos[lesson.variant] || [];
    if (!ops.length) return;
    const cols = this.columns(state);
    const box = withCols(h("div", { class: "cols" }), cols.length);
    for (const col of cols) {
      const algo = ops.find((a) => a.op === col.op);
      const head = h(
        "h3",
        { class: "col-head" },
        h("span", { class: "markers" }, col.indexes.slice(0, 3).map((i) => marker(i, 16))),
        h("b", {}, col.label),
        " · ",
        h("code", {}, (col.op || "—") + "()"),
        col.where ? h("span", { class: "where" }, " · " + col.where) : null,
      );
      const list = h("ol", { class: "alines" });
      for (const line of algo ? algo.lines : []) {
        const li = h(
          "li",
          { class: "aline", "data-label": line.label, title: line.doc },
          h("span", { class: "marks" }),
          h("span", { class: "lab" }, line.label),
          h("code", { class: "cpp" }, ...cppTokens(line.code)),
        );
        const at = col.marks.filter((m) => m.label === line.label);
        for (const m of at) {
          li.classList.add(m.kind);
          if (m.kind === "next" || m.kind === "held") {
            li.style.setProperty("--c", `var(--${tc(m.index)})`);
            li.firstChild.append(h("span", { class: "mk", title: m.name }, marker(m.index, 16), h("span", { class: "sr-only" }, m.name)));
          }
        }
        if (at.some((m) => m.kind === "ran")) li.title = `${t("code.ran")}: ${line.doc}`;
        list.append(li);
      }
      // The thread's whole script: the operations it calls before and
      // after this one, folded to their call.
      const calls = col.single ? callsOf(this.app.lesson.coroutines.find((c) => c.thread === col.threads[0]), ops) : [];
      const here = calls.indexOf(col.op);
      const folded = (names, when) => names.map((op) => h("li", { class: "aline folded " + when, "data-op": op }, h("span", { class: "marks" }), h("span", { class: "lab" }, when === "before" ? "✓" : "▸"), h("code", { class: "cpp" }, op + "()")));
      if (here >= 0) {
        list.prepend(...folded(calls.slice(0, here), "before"));
        list.append(...folded(calls.slice(here + 1), "after"));
      }
      box.append(h("section", { class: "col", "data-op": col.op, "data-threads": col.threads.join(" ") }, head, list));
    }
    put(this.algoBox, box);
    this.unclip();
    this.keepMarked();
  }

  // unclip breaks the lines still too wide (a name longer than a narrow
  // column) after an "_" too, else anywhere: nothing is cut off.
  unclip() {
    const wide = (c) => c.scrollWidth > c.clientWidth + 1;
    for (const c of this.algoBox.querySelectorAll(".aline .cpp")) {
      if (!wide(c)) continue;
      put(c, ...cppTokens(c.textContent, IN_NAMES));
      if (wide(c)) c.classList.add("anywhere");
    }
  }

  // keepMarked scrolls each column to its thread's next line, or else to
  // where it waits, or else to the line that ran; again whenever the
  // column's box changes size (a tool's panel opening above the code).
  keepMarked() {
    const box = this.algoBox.firstElementChild;
    if (!box) return;
    for (const col of box.children) {
      const at = col.querySelector(".aline.next") || col.querySelector(".aline.held") || col.querySelector(".aline.ran");
      if (at) keepVisible(col, at);
    }
    if (this.watched !== this.algoBox) {
      this.resized ??= new ResizeObserver(() => this.keepMarked());
      this.resized.disconnect();
      this.resized.observe(this.algoBox);
      this.watched = this.algoBox;
    }
  }

  // columns are the algorithm's columns for state: one per group of
  // threads, or per operation when more groups than fit. Each has its op,
  // label, threads, and its lines' marks: next (a thread's next step), held
  // (where a thread that cannot move goes on), ran (the step just taken).
  columns(state) {
    const { lesson } = this.app;
    const units = this.app.groups.map((g) => ({ ...g, op: this.opOf(state, g.threads[0]) }));
    const fit = Math.max(1, Math.floor(this.algoBox.clientWidth / (MIN_COL * fontPx(this.algoBox))) || 1);
    let cols = units;
    if (units.length > fit) {
      // Merge by operation, keeping the order in which they first appear.
      const byOp = new Map();
      for (const u of units) {
        const c = byOp.get(u.op);
        if (c) {
          c.threads.push(...u.threads);
          c.indexes.push(...u.indexes);
          c.parts.push(u);
        } else byOp.set(u.op, { op: u.op, threads: [...u.threads], indexes: [...u.indexes], parts: [u] });
      }
      cols = [...byOp.values()];
    } else cols = units.map((u) => ({ ...u, parts: [u] }));
    return cols.map((c) => {
      const marks = [];
      for (const u of c.parts) {
        const name = u.threads[0];
        const p = state.pending.find((x) => x.thread === name) || {};
        const co = this.coroutineOf(state, name);
        if (p.can_move && p.label) marks.push({ kind: "next", label: p.label, index: u.indexes[0], name: u.label });
        else if (co && co.label) marks.push({ kind: "held", label: co.label, index: u.indexes[0], name: u.label });
      }
      const st = state.step;
      if (st && c.threads.includes(st.thread) && st.label) marks.push({ kind: "ran", label: st.label });
      const label = c.parts.length === 1 ? c.parts[0].label : rangeName(c.threads);
      const labels = [...new Set(marks.filter((m) => m.kind !== "ran").map((m) => m.label))];
      const where = labels.length === 1 ? labels[0] : this.statusOf(state, c.threads[0]);
      return { op: c.op, threads: c.threads, indexes: c.indexes, label: label || rangeName(c.threads), marks, where, single: c.parts.length === 1 };
    });
  }

  // coroutineOf is the coroutine of thread name that moves next, or else
  // the first one the lesson put on it (another may run there now, after
  // an inline resume).
  coroutineOf(state, name) {
    const p = state.pending.find((x) => x.thread === name) || {};
    const coros = state.snapshot.coroutines;
    const home = this.app.lesson.coroutines.find((c) => c.thread === name);
    return coros.find((c) => c.name === p.coroutine) || (home && coros.find((c) => c.name === home.name)) || coros.find((c) => c.thread === name);
  }

  // statusOf says where thread name's coroutine is when it has no label
  // to point at.
  statusOf(state, name) {
    const co = this.coroutineOf(state, name);
    return co && co.status === "done" ? this.app.t("status.done") : "";
  }

  // opOf is the operation thread name is in, or, between operations, the
  // one it last called.
  opOf(state, name) {
    const co = this.coroutineOf(state, name);
    if (co && co.op) return co.op;
    const spec = co && this.app.lesson.coroutines.find((c) => c.name === co.name);
    const ops = this.algos[this.app.lesson.variant] || [];
    const called = callsOf(spec, ops);
    return called.length ? called[called.length - 1] : ops[0]?.op || "";
  }

}

// callsOf is the operations the script of coroutine spec calls, in
// order, of the algorithm's ops.
function callsOf(spec, ops) {
  const known = new Set(ops.map((a) => a.op));
  return spec ? spec.script.split(/[^A-Za-z_]+/).filter((w) => known.has(w)) : [];
}

// fontPx is el's font size in pixels.
function fontPx(el) {
  return parseFloat(getComputedStyle(el).fontSize) || 16;
}

// cppTokens splits one line of an algorithm into spans the same way,
// breakable where at matches.
export function cppTokens(line, at = BREAKS) {
  return tokens(line, /(\/\/.*$)|("(?:[^"\\]|\\.)*")|\b([a-z_]+)\b/g, CPP_KEYWORDS, at);
}

export function tokens(line, re, keywords, at = BREAKS) {
  const out = [];
  let last = 0;
  for (const m of line.matchAll(re)) {
    if (m[3] && !keywords.has(m[3])) continue;
    if (m.index > last) out.push(...breakable(line.slice(last, m.index), at));
    out.push(h("span", { class: m[1] ? "cm" : m[2] ? "st" : "kw" }, m[0]));
    last = m.index + m[0].length;
  }
  out.push(...breakable(line.slice(last), at));
  return out;
}

// BREAKS are where a line may break (wbr): after each ".", "(", "," and
// "->" and before each "&&", "||" and "?", so that a line too long for its
// column wraps between tokens, never inside a name; IN_NAMES, after each
// "_" in a name too. A wbr adds nothing to the text.
const BREAKS = /(?<=\.|\(|,|->)(?=[^\s)])|(?=&&|\|\||\?)/;
const IN_NAMES = new RegExp(BREAKS.source + "|(?<=\\w_)(?=\\w)");

function breakable(code, at) {
  const out = [];
  for (const part of code.split(at)) {
    if (out.length) out.push(h("wbr"));
    out.push(part);
  }
  return out;
}

// keepVisible scrolls box (not the page) so that el sits in its upper third
// when it is out of view. box is positioned, so it is el's offsetParent.
export function keepVisible(box, el) {
  const top = el.offsetTop;
  if (top < box.scrollTop + 8 || top + el.offsetHeight > box.scrollTop + box.clientHeight - 8) {
    box.scrollTop = Math.max(0, top - box.clientHeight / 3);
  }
}

// withCols sets el's --cols, the number of its columns, through the CSS
// object model: the site's Content-Security-Policy refuses style
// attributes.
export function withCols(el, n) {
  el.style.setProperty("--cols", String(n));
  return el;
}
