// controls.js draws the scheduler's controls: one button per thread
// (#threads) and the position, autoplay, replay and variant controls
// (#controls). Every control only sends a command; the buttons' state is
// redrawn from the next state event.

import { h, clear, put, marker, icon } from "./dom.js";
import { kindName } from "./i18n.js";

// SPEEDS are the autoplay speeds offered, in steps per second.
const SPEEDS = [0.5, 1, 2, 4, 8];

// Controls owns #controls and #threads.
export class Controls {
  constructor(root, threadsRoot, app) {
    this.root = root;
    this.threadsRoot = threadsRoot;
    this.app = app;
    this.buttons = new Map(); // thread name -> {button, what}
  }

  // loaded builds the controls for a newly loaded lesson.
  loaded(lesson) {
    const { t, send } = this.app;
    const keep = { speed: this.speed?.value, schedule: this.schedule?.value };
    const button = (action, label, onclick) =>
      h("button", { type: "button", class: "icon", "data-action": action, "aria-label": label, title: label, onclick }, icon(action));
    this.start = button("start", t("ctl.start"), () => send("goto", { step: 0 }));
    this.back = button("back", t("ctl.back"), () => send("back"));
    this.forward = button("forward", t("ctl.forward"), () => send("forward"));
    this.end = button("end", t("ctl.end"), () => send("goto", { step: this.app.state.length }));
    this.play = h("button", { type: "button", class: "play", "data-action": "play", onclick: () => this.app.togglePlay() });
    this.speed = h(
      "select",
      { "aria-label": t("ctl.speed"), title: t("ctl.speed"), onchange: () => this.app.speedChanged() },
      SPEEDS.map((v) => h("option", { value: v, selected: v === 2 }, `${v}×`)),
    );
    this.schedule = h(
      "select",
      { class: "schedule", "aria-label": t("ctl.schedule"), title: t("ctl.schedule") },
      lesson.schedules.map((sc) => h("option", { value: sc.name }, sc.title || sc.name)),
    );
    this.replay = h("button", { type: "button", class: "replay", "data-action": "replay", onclick: () => this.app.replay() }, icon("replay"), " " + t("ctl.replay"));
    this.variant = h(
      "select",
      { "aria-label": t("ctl.variant"), title: t("ctl.variant"), onchange: () => send("variant", { variant: this.variant.value }) },
      lesson.variants.map((v) => h("option", { value: v, selected: v === lesson.variant }, v)),
    );
    this.expect = h("span", { class: "expect" });
    this.memory = h("input", { type: "checkbox", "data-action": "memory", onchange: () => this.app.switchMemory(this.memory.checked ? "c11" : "sc") });
    const memoryToggle = h("label", { class: "memory-toggle", title: t("memory.title") }, this.memory, " " + t("memory.c11"));
    this.schedule.addEventListener("change", () => this.showExpect());
    this.status = h("span", { class: "status", role: "status" });
    const group = (cls, ...kids) => h("span", { class: "group " + cls }, ...kids);
    put(
      this.root,
      group("nav", this.start, this.back, this.forward, this.end),
      group("auto", this.play, this.speed),
      group("mem", memoryToggle),
      lesson.schedules.length ? group("sched", this.schedule, this.replay) : null,
      // The page header's variant links do the same when the page has them.
      document.getElementById("variants") || lesson.variants.length < 2 ? null : group("var", h("label", {}, t("ctl.variant") + " ", this.variant)),
      this.status,
    );
    if (keep.speed) this.speed.value = keep.speed;
    if (keep.schedule && lesson.schedules.some((sc) => sc.name === keep.schedule)) this.schedule.value = keep.schedule;
    this.buildThreads(lesson);
    this.showExpect();
  }

  // showExpect shows what the chosen interleaving leads to in each variant.
  showExpect() {
    const sc = this.app.lesson.schedules.find((x) => x.name === this.schedule.value);
    this.schedule.title = sc
      ? Object.entries(sc.expect || {})
          .map(([v, k]) => this.app.t("ctl.expect", { variant: v, kind: kindName(this.app.t, k) }))
          .join(" · ")
      : "";
  }

  buildThreads(lesson) {
    const { t } = this.app;
    this.buttons.clear();
    const list = h("div", { class: "thread-buttons" });
    lesson.threads.forEach((name, i) => {
      const what = h("span", { class: "what" });
      const reads = h("div", { class: "reads", "data-reads": name, hidden: true });
      const button = h(
        "button",
        {
          type: "button",
          class: `thread t${i % 8}`,
          "data-thread": name,
          "aria-keyshortcuts": i < 9 ? String(i + 1) : undefined,
          onclick: () => this.app.send("step", { thread: name }),
        },
        h("span", { class: "who" }, i < 9 ? h("kbd", { title: t("thread.key", { n: i + 1 }) }, String(i + 1)) : null, marker(i), h("b", {}, name)),
        what,
      );
      this.buttons.set(name, { button, what, reads });
      list.append(h("div", { class: "thread-cell" }, button, reads));
    });
    put(this.threadsRoot, h("h2", { class: "sr-only" }, t("threads.label")), list);
  }

  // update redraws the controls for state.
  update(state) {
    const { t } = this.app;
    for (const p of state.pending) {
      const b = this.buttons.get(p.thread);
      if (!b) continue;
      b.button.disabled = !p.can_move;
      b.button.classList.toggle("blocked", !p.can_move);
      this.showReads(b.reads, p);
      clear(b.what);
      if (p.can_move) {
        b.button.removeAttribute("title");
        if (p.label) b.what.append(h("b", { class: "label" }, p.label), " ");
        b.what.append(...breakable(p.text || t("thread.resume", { co: p.coroutine || "" })));
      } else {
        b.button.title = p.why || "";
        b.what.append(p.why || "");
      }
    }
    this.memory.checked = state.memory === "c11";
    this.start.disabled = this.back.disabled = state.position === 0;
    this.forward.disabled = this.end.disabled = state.position >= state.length;
    put(this.play, icon(state.playing ? "pause" : "play"), " " + t(state.playing ? "ctl.pause" : "ctl.play"));
    this.play.setAttribute("aria-pressed", String(state.playing));
    this.play.disabled = !state.playing && state.outcome !== null && state.position >= state.length;
  }

  // showReads lists the writes a thread's next read may return (c11):
  // one button each, the stale ones marked; a click steps the thread with
  // that write.
  showReads(box, p) {
    const { t, send } = this.app;
    const r = p.can_move ? p.reads : null;
    box.hidden = !r;
    clear(box);
    if (!r) return;
    box.append(h("span", { class: "reads-title" }, t("read.pick", { thread: p.thread, cell: r.cell })));
    for (const c of r.candidates) {
      const who = c.from === "init" ? t("read.init") : `${c.thread}${c.label ? "@" + c.label : ""} · #${c.step}`;
      box.append(
        h(
          "button",
          {
            type: "button",
            class: "read-choice" + (c.latest ? " latest" : " stale"),
            "data-from": c.from,
            title: c.latest ? t("read.latest") : t("read.stale"),
            onclick: () => send("step", c.latest ? { thread: p.thread } : { thread: p.thread, from: c.from }),
          },
          h("b", {}, c.value),
          " ← " + who + (c.latest ? "" : " · " + t("read.stale")),
        ),
      );
    }
  }

  // setStatus shows a connection or error message ("" hides it).
  setStatus(text, isError = false) {
    this.status.textContent = text;
    this.status.classList.toggle("error", isError);
  }

  // speedValue is the chosen autoplay speed in steps per second.
  speedValue() {
    return Number(this.speed.value);
  }
}

// breakable splits text after each dot, with a line break opportunity
// there, so that a long cell name wraps at its fields.
function breakable(text) {
  return text.split(/(?<=\.)/).flatMap((part, i) => (i ? [h("wbr"), part] : [part]));
}
