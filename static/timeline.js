// timeline.js draws #timeline: every step of the history as a button in
// its thread's colour (click to go there), a slider to scrub, and marks on
// the steps the findings name. A thread's run of own steps (touching
// nothing shared) folds into its first entry, which opens on demand; the
// run holding the current step stays open.

import { h, clear, tc } from "./dom.js";

// Timeline owns #timeline.
export class Timeline {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.opened = new Set(); // first positions of runs opened by hand
  }

  // loaded builds the empty timeline for a lesson.
  loaded() {
    const { t, send } = this.app;
    this.pos = h("span", { class: "pos" });
    this.range = h("input", {
      type: "range",
      min: 0,
      max: 0,
      value: 0,
      "aria-label": t("timeline.label"),
      oninput: () => send("goto", { step: Number(this.range.value) }),
    });
    this.ticks = h("ol", { class: "ticks" });
    this.opened.clear();
    this.ticks.addEventListener("click", (e) => {
      const f = e.target.closest("button[data-fold]");
      if (f) {
        const at = Number(f.dataset.fold);
        if (!this.opened.delete(at)) this.opened.add(at);
        if (this.state) this.update(this.state);
        return;
      }
      const b = e.target.closest("button[data-step]");
      if (b) send("goto", { step: Number(b.dataset.step) });
    });
    clear(this.root).append(h("div", { class: "tl-head" }, h("b", {}, t("timeline.label")), this.pos, this.range), this.ticks);
  }

  // update redraws the timeline for state.
  update(state) {
    const { t, lesson } = this.app;
    this.pos.textContent = t("timeline.pos", { pos: state.position, len: state.length });
    this.range.max = String(state.length);
    this.range.value = String(state.position);
    this.state = state;
    const bad = badSteps(state);
    const runs = ownRuns(state.history, bad);
    const want = state.history.length + 1;
    while (this.ticks.children.length > want) this.ticks.lastChild.remove();
    while (this.ticks.children.length < want) this.ticks.append(h("li", {}, h("button", { type: "button" })));
    [...this.ticks.children].forEach((li, n) => {
      const b = li.firstChild;
      const run = runs.get(n);
      const open = run && (this.opened.has(run.first) || (state.position >= run.first && state.position <= run.last));
      li.hidden = !!run && !open && n !== run.first;
      li.classList.toggle("fold-first", !!run && n === run.first);
      let f = li.querySelector("button[data-fold]");
      if (run && n === run.first) {
        if (!f) li.append((f = h("button", { type: "button", class: "fold" })));
        f.dataset.fold = String(run.first);
        const k = run.last - run.first + 1;
        f.textContent = open ? "‹" : "+" + (k - 1);
        f.setAttribute("aria-expanded", String(!!open));
        f.title = t("timeline.fold", { k, thread: state.history[n - 1].thread });
      } else if (f) f.remove();
      const rec = n === 0 ? null : state.history[n - 1];
      const ti = rec ? lesson.threads.indexOf(rec.thread) : -1;
      b.dataset.step = String(n);
      b.className = [
        rec ? tc(ti) : "origin",
        n === state.position ? "current" : "",
        n > state.position ? "future" : "",
        bad.has(n) ? "bad" : "",
      ].join(" ");
      b.textContent = rec ? rec.label || rec.op : t("timeline.start");
      if (rec) b.prepend(h("small", {}, rec.thread));
      if (bad.has(n)) b.append(h("i", { "aria-hidden": "true" }, "⚠"));
      b.setAttribute("aria-current", n === state.position ? "step" : "false");
      b.title = rec ? t("timeline.goto", { n, thread: rec.thread, label: rec.label || rec.op }) : t("timeline.start");
    });
    const cur = this.ticks.children[state.position];
    if (cur) scrollInto(this.ticks, cur);
  }
}

// ownRuns maps each position in a run (2+ consecutive own steps of one
// thread, none bad) to the run's first and last positions.
function ownRuns(history, bad) {
  const out = new Map();
  let i = 0;
  while (i < history.length) {
    let j = i;
    while (j < history.length && history[j].own && !bad.has(j + 1) && history[j].thread === history[i].thread) j++;
    if (j - i >= 2) {
      const run = { first: i + 1, last: j };
      for (let n = run.first; n <= run.last; n++) out.set(n, run);
    }
    i = Math.max(j, i + 1);
  }
  return out;
}

// badSteps returns the positions (step index + 1) that findings and the
// outcome point at, including the other access a data race names.
function badSteps(state) {
  const out = new Set();
  const add = (f) => {
    if (!f) return;
    if (f.step >= 0) out.add(f.step + 1);
    for (const s of f.related || []) out.add(s + 1);
  };
  (state.findings || []).forEach(add);
  if (state.outcome && state.outcome.kind !== "ok") add(state.outcome);
  return out;
}

// scrollInto scrolls the box horizontally so that el is visible. box is
// positioned, so it is el's offsetParent.
function scrollInto(box, el) {
  const left = el.offsetLeft;
  if (left < box.scrollLeft) box.scrollLeft = left - 8;
  else if (left + el.offsetWidth > box.scrollLeft + box.clientWidth) box.scrollLeft = left + el.offsetWidth - box.clientWidth + 8;
}
