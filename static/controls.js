// controls.js draws the scheduler's controls: one button per thread
// (#threads) and the position, autoplay, replay and variant controls
// (#controls). Every control only sends a command; the buttons' state is
// redrawn from the next state event.

import { h, put, marker, icon, tc } from "./dom.js";
import { kindName } from "./i18n.js";
import { declOf } from "./groups.js";

// SPEEDS are the autoplay speeds offered, in steps per second.
const SPEEDS = [0.5, 1, 2, 4, 8];

// Controls owns #controls and #threads.
export class Controls {
  constructor(root, threadsRoot, app) {
    this.root = root;
    this.threadsRoot = threadsRoot;
    this.app = app;
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
    // The tools (app.toggleTool): the schedule as text and the parameters,
    // and the lesson played as a challenge; a lesson's own page has them
    // (a room and an embed follow another's lead).
    const toolButton = (name, text, title) =>
      h("button", { type: "button", class: "tool", "data-action": name, title, "aria-pressed": String(!!this.app.tools[name]?.on), onclick: () => this.app.toggleTool(name) }, text);
    const edit = toolButton("edit", "✎", t("ctl.edit.title"));
    edit.setAttribute("aria-label", t("ctl.edit.title"));
    // The challenge's button is its mark alone, as the edit button is: the
    // row has no room for words at 1280 pixels.
    const challenge = lesson.challenge ? toolButton("challenge", "◎", t("ctl.challenge.title")) : null;
    if (challenge) challenge.setAttribute("aria-label", t("ctl.challenge"));
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
    const view = this.app.view;
    const tool = (action, label, text, onclick) => h("button", { type: "button", "data-action": action, "aria-label": label, title: label, onclick }, text);
    this.presentButton = tool("present", t("ctl.present"), icon("present"), () => {
      view.setPresent(!view.present);
      this.presentButton.setAttribute("aria-pressed", String(view.present));
    });
    this.presentButton.setAttribute("aria-pressed", String(view.present));
    const viewGroup = h(
      "span",
      { class: "group view" },
      tool("smaller", t("ctl.smaller"), "A−", () => view.smaller()),
      tool("bigger", t("ctl.bigger"), "A+", () => view.bigger()),
      lesson.variants.length > 1 && document.getElementById("code")
        ? tool("compare", t("ctl.compare"), "⇆", () => this.app.compare.toggle())
        : null,
      this.presentButton,
      tool("fullscreen", t("ctl.fullscreen"), icon("fullscreen"), () => view.fullScreen()),
      tool("help", t("keys.title"), "?", () => this.app.toggleHelp()),
    );
    const group = (cls, ...kids) => h("span", { class: "group " + cls }, ...kids);
    put(
      this.root,
      group("nav", this.start, this.back, this.forward, this.end),
      group("auto", this.play, this.speed),
      group("mem", memoryToggle),
      lesson.schedules.length ? group("sched", this.schedule, this.replay) : null,
      location.pathname.startsWith("/lesson/") ? group("tools", edit, challenge) : null,
      // The page header's variant links do the same when the page has them.
      document.getElementById("variants") || lesson.variants.length < 2 ? null : group("var", this.variant),
      this.status,
      viewGroup,
    );
    if (keep.speed) this.speed.value = keep.speed;
    if (keep.schedule && lesson.schedules.some((sc) => sc.name === keep.schedule)) this.schedule.value = keep.schedule;
    this.buildThreads();
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

  buildThreads() {
    const { t } = this.app;
    this.list = h("div", { class: "thread-buttons" });
    put(this.threadsRoot, h("h2", { class: "sr-only" }, t("threads.label")), this.list);
  }

  // update redraws the controls for state.
  update(state) {
    const { t } = this.app;
    this.drawThreads(state);
    this.memory.checked = state.memory === "c11";
    this.start.disabled = this.back.disabled = state.position === 0;
    this.forward.disabled = this.end.disabled = state.position >= state.length;
    put(this.play, icon(state.playing ? "pause" : "play"), " " + t(state.playing ? "ctl.pause" : "ctl.play"));
    this.play.setAttribute("aria-pressed", String(state.playing));
    this.play.disabled = !state.playing && state.outcome !== null && state.position >= state.length;
  }

  // drawThreads draws one button per group of threads (groups.js): a
  // group's button steps its first thread, and a toggle beside it shows
  // its threads one by one. Keys 1 to 9 press the first nine buttons.
  drawThreads(state) {
    const { t, lesson } = this.app;
    const focused = document.activeElement && this.list.contains(document.activeElement) ? document.activeElement.dataset.thread : null;
    this.keys = [];
    const kids = [];
    for (const g of this.app.groups) {
      const name = g.threads[0];
      const ti = g.indexes[0];
      const p = state.pending.find((x) => x.thread === name) || {};
      const n = this.keys.length + 1;
      this.keys.push(name);
      const what = h("span", { class: "what" });
      if (p.can_move) {
        if (p.label) what.append(h("b", { class: "label" }, p.label), " ");
        what.append(...breakable(p.text || t("thread.resume", { co: p.coroutine || "" })));
      } else {
        what.append(g.threads.length > 1 ? (p.why || "").split(name).join(g.label) : p.why || "");
      }
      const many = g.threads.length > 1;
      const button = h(
        "button",
        {
          type: "button",
          class: `thread ${tc(ti)}` + (many ? " group" : "") + (p.can_move ? "" : " blocked"),
          "data-thread": name,
          "data-threads": g.threads.join(" "),
          "aria-keyshortcuts": n <= 9 ? String(n) : undefined,
          disabled: !p.can_move,
          title: p.can_move ? (many ? t("thread.group_step", { first: name, group: g.label }) : undefined) : p.why || undefined,
          onclick: () => this.app.send("step", { thread: name }),
        },
        h(
          "span",
          { class: "who" },
          n <= 9 ? h("kbd", { title: t("thread.key", { n }) }, String(n)) : null,
          h("span", { class: "markers" }, g.indexes.slice(0, 3).map((i) => marker(i))),
          h("b", {}, g.label),
        ),
        what,
      );
      // c11: the writes its read may return, or the places its store
      // may take, under it (memory.js).
      const ui = p.can_move && (p.reads || p.places) && this.app.memoryUI();
      const cell = (el) => (ui ? ui.cell(this.app, p, el) : el);
      if (!many) {
        kids.push(cell(button));
        continue;
      }
      const decl = declOf(lesson, name);
      const expand = h(
        "button",
        {
          type: "button",
          class: "expand",
          "data-group": decl,
          "aria-expanded": "false",
          title: t("thread.expand", { group: g.label }),
          onclick: () => this.app.toggleGroup(decl),
        },
        `${g.threads.length} ▾`,
      );
      kids.push(cell(h("span", { class: "thread-group" }, button, expand)));
    }
    const collapse = [...this.app.expanded].map((decl) =>
      h("button", { type: "button", class: "expand", "data-group": decl, "aria-expanded": "true", title: t("thread.collapse"), onclick: () => this.app.toggleGroup(decl) }, `${decl} ▴`),
    );
    put(this.list, ...kids, ...collapse);
    if (focused) {
      const b = this.list.querySelector(`button.thread[data-thread="${CSS.escape(focused)}"]`);
      if (b) b.focus();
    }
  }

  // keyThread is the thread the n-th key (1 to 9) steps, or undefined.
  keyThread(n) {
    return (this.keys || [])[n - 1];
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
