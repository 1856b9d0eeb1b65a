// edit.js is the lesson page's editor (the ✎ button, or ?edit=1): the
// schedule as text, to edit and run, and the lesson's parameters, each
// within the bounds the server takes (0 to max_param). Running sends the
// text as it is; when the server refuses it, its error points at the
// token (the error event's at), which is marked in a copy of the text
// under the box and selected in the box. New parameters reload the lesson
// with the same schedule, or with none when it no longer fits. The page's
// address keeps both (app.js keepURL), so a link reopens them.

import { h, put } from "./dom.js";
import { openPanel, closePanel, fill } from "./toolarea.js";

const STRINGS = {
  en: {
    title: "Edit",
    schedule: "Schedule",
    scheduleHelp: "e.g. W1*5 D1*2 W1",
    scheduleTitle: "Threads in order: W1*5 is five steps of W1, W1@G4 a step that must be at G4; Ctrl+Enter runs",
    run: "Run",
    runTitle: "Run this schedule from the start, to its end",
    params: "Parameters",
    apply: "Apply",
    applyTitle: "Reload the lesson with these parameters",
    range: "{name}: a whole number from {min} to {max}",
    badStep: "Step {step} cannot be taken",
    badToken: "This cannot be read",
    refit: "The schedule does not fit the new parameters; the history starts empty.",
    close: "Close",
  },
  zh: {
    title: "编辑",
    schedule: "调度",
    scheduleHelp: "例如 W1*5 D1*2 W1",
    scheduleTitle: "按顺序写线程：W1*5 是 W1 走五步，W1@G4 是必须位于 G4 的一步；Ctrl+Enter 运行",
    run: "运行",
    runTitle: "从头运行这个调度，直到结束",
    params: "参数",
    apply: "应用",
    applyTitle: "用这些参数重新载入本课",
    range: "{name}：{min} 到 {max} 之间的整数",
    badStep: "第 {step} 步无法执行",
    badToken: "这里无法读取",
    refit: "调度不适合新的参数；历史从空开始。",
    close: "关闭",
  },
};

// Tool is the editor's panel.
export class Tool {
  constructor(app) {
    this.app = app;
    this.w = STRINGS[app.lang] || STRINGS.en;
    this.on = false;
    this.dirty = false; // the box holds text not yet run
    this.runID = 0; // the run command whose state goes on to the end
    this.loadID = 0; // the load with new parameters
    this.build();
  }

  build() {
    const w = this.w;
    this.box = h("textarea", { class: "sched-text", rows: 2, spellcheck: "false", autocomplete: "off", "aria-label": w.schedule, placeholder: w.scheduleHelp, title: w.scheduleTitle, "data-testid": "schedule-text" });
    this.box.addEventListener("input", () => {
      this.dirty = true;
      this.showError(null);
    });
    // Ctrl+Enter runs; the page's single keys do not fire inside the box.
    this.box.addEventListener("keydown", (e) => {
      e.stopPropagation();
      if (e.key === "Enter" && (e.ctrlKey || e.metaKey)) {
        e.preventDefault();
        this.run();
      }
    });
    this.echo = h("p", { class: "sched-echo", "data-testid": "schedule-error", hidden: true });
    this.params = h("span", { class: "params" });
    this.panel = h(
      "form",
      { class: "tool-panel edit", "data-order": "2", "data-testid": "edit", "aria-label": w.title, onsubmit: (e) => (e.preventDefault(), this.run()) },
      h("label", { class: "sched-label" }, h("b", {}, w.schedule), this.box),
      h("button", { type: "submit", class: "run", "data-action": "run-schedule", title: w.runTitle }, "▶ " + w.run),
      this.params,
      h("button", { type: "button", class: "close", "aria-label": w.close, title: w.close, onclick: () => this.app.toggleTool("edit", false) }, "✕"),
      this.echo,
    );
  }

  async toggle(on) {
    this.on = on;
    if (!on) return closePanel(this.app.root, this.panel);
    await openPanel(this.app.root, this.panel);
    if (this.app.lesson) this.loaded(this.app.lesson);
    if (this.app.state) this.show(this.app.state);
  }

  event(msg) {
    if (!this.on) return;
    if (msg.type === "loaded") this.loaded(msg.lesson);
    else if (msg.type === "state") this.state(msg);
    else if (msg.type === "error") this.error(msg);
  }

  // loaded draws one number field per parameter of the lesson.
  loaded(lesson) {
    const w = this.w;
    const max = (lesson.limits || {}).max_param ?? 64;
    const names = Object.keys(lesson.params || {}).sort();
    // Enter in a field applies the parameters (not the form's Run).
    const enter = (e) => {
      if (e.key !== "Enter") return;
      e.preventDefault();
      this.apply();
    };
    this.fields = names.map((name) =>
      h("input", { type: "number", name, min: 0, max, step: 1, value: lesson.params[name], required: true, "aria-label": name, title: fill(w.range, { name, min: 0, max }), "data-param": name, onkeydown: enter }),
    );
    if (!names.length) return put(this.params);
    put(
      this.params,
      h("b", {}, w.params),
      ...names.map((name, i) => h("label", { class: "param" }, name + " ", this.fields[i])),
      h("button", { type: "button", "data-action": "apply-params", title: w.applyTitle, onclick: () => this.apply() }, w.apply),
    );
  }

  state(msg) {
    if (this.runID && msg.id === this.runID) {
      // The run's first state is at its start: go on to its end.
      this.runID = 0;
      if (msg.position < msg.length) this.app.send("goto", { step: msg.length });
    }
    this.show(msg);
  }

  // show puts the history's schedule in the box, unless the reader is
  // writing there.
  show(state) {
    if (this.dirty || document.activeElement === this.box) return;
    this.box.value = state.schedule || "";
  }

  run() {
    const text = this.box.value.trim();
    this.showError(null);
    this.dirty = false;
    if (!text) {
      this.app.send("reset");
      return;
    }
    this.sent = text;
    this.runID = this.app.send("run", { schedule: text, step: 0 });
  }

  // apply reloads the lesson with the fields' parameters, keeping the
  // schedule when it still fits (else error answers and the lesson is
  // loaded again without it).
  apply() {
    const params = {};
    for (const f of this.fields) {
      if (!f.reportValidity()) return;
      params[f.name] = Number(f.value);
    }
    const { lesson, state } = this.app;
    this.sent = state && state.schedule ? state.schedule : "";
    this.loadParams = params;
    this.loadID = this.app.send("load", { lesson: lesson.id, variant: lesson.variant, params, schedule: this.sent || undefined, lang: this.app.lang, ...sourceOf(this.app) });
  }

  error(msg) {
    if (msg.command === "load" && msg.id === this.loadID && this.sent) {
      this.loadID = 0;
      const { lesson } = this.app;
      this.app.send("load", { lesson: lesson.id, variant: lesson.variant, params: this.loadParams, lang: this.app.lang, ...sourceOf(this.app) });
      this.showError(msg.at ? msg : null, this.w.refit);
      return;
    }
    if (msg.command !== "run" || !msg.at) return;
    this.runID = 0;
    this.dirty = true;
    this.showError(msg);
  }

  // showError marks, in a copy of the text sent, the token msg.at points
  // at, and selects it in the box; null clears the mark.
  showError(msg, note) {
    if (!msg && !note) {
      this.echo.hidden = true;
      this.box.removeAttribute("aria-invalid");
      return;
    }
    const kids = [];
    if (msg && msg.at) {
      const { start, end, step } = msg.at;
      const text = this.sent || "";
      kids.push(
        h("span", { class: "why" }, step ? fill(this.w.badStep, { step }) : this.w.badToken, ": "),
        h("code", {}, text.slice(Math.max(0, start - 24), start), h("mark", { "data-testid": "bad-token" }, text.slice(start, end)), text.slice(end, end + 24)),
        " ",
        // The step is said already: the engine's reason follows.
        h("span", { class: "msg" }, said(this.app.lang, msg)),
      );
      if (this.box.value === text) {
        this.box.focus();
        this.box.setSelectionRange(start, end);
      }
      this.box.setAttribute("aria-invalid", "true");
    }
    if (note) kids.push(h("span", { class: "note" }, " " + note));
    put(this.echo, kids);
    this.echo.hidden = false;
  }
}

// said is the engine's reason in the error event msg, in the page's
// language (message_zh is a schedule's error in Chinese), without "bad
// schedule" and the step, which the page says already.
function said(lang, msg) {
  const text = (lang === "zh" && msg.message_zh) || msg.message;
  return text.replace(/^bad schedule: (bad read source: )?(step \d+: )?/, "").replace(/^调度有误：(读取来源有误：)?(第 \d+ 步：)?/, "");
}

// sourceOf is the lesson's source when it was written in the browser.
function sourceOf(app) {
  return app.initial.source ? { source: app.initial.source } : {};
}
