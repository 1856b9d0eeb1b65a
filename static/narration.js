// narration.js fills #narration with the text of the step that led to the
// current position (an aria-live region, so screen readers speak it), and
// #verdict with the outcome once the run is over: the bug named, the
// guilty step, and a button that jumps to it.

import { h, clear, put } from "./dom.js";
import { kindName } from "./i18n.js";

// Narration owns #narration and #verdict.
export class Narration {
  constructor(root, verdictRoot, app) {
    this.root = root;
    this.verdictRoot = verdictRoot;
    this.app = app;
    this.shown = "";
    this.verdictKey = "";
    verdictRoot.hidden = true;
  }

  // update shows state's narration and verdict.
  update(state) {
    const { t } = this.app;
    const step = state.step;
    const text = step ? step.text : this.app.lesson.summary || t("card.initial");
    const caption = step ? captionFor(this.app.lesson, state) : "";
    // Rewriting the same text would make screen readers say it again.
    if (text + caption !== this.shown) {
      this.shown = text + caption;
      // The server's text starts with the label; it is shown once, bold.
      const label = step && step.label && text.startsWith(step.label) && !/^\w/.test(text.slice(step.label.length)) ? step.label : "";
      put(
        this.root,
        step ? h("b", { class: "steplabel" }, `${t("card.step", { n: step.index })} · ${step.thread} · ${step.label || step.op}`) : null,
        step ? " " : null,
        h("span", {}, label ? text.slice(label.length).trimStart() : text),
        caption ? h("span", { class: "caption" }, caption) : null,
      );
      this.root.classList.toggle("has-finding", !!(step && step.findings && step.findings.length));
    }
    this.verdict(state);
  }

  verdict(state) {
    const { t, lesson } = this.app;
    const o = state.outcome;
    const key = o ? `${o.kind}|${o.step}|${o.message}|${state.position}` : "";
    if (key === this.verdictKey) return;
    this.verdictKey = key;
    const root = clear(this.verdictRoot);
    root.hidden = !o;
    root.className = o ? (o.kind === "ok" ? "good" : "bad") : "";
    if (!o) {
      delete root.dataset.kind;
      return;
    }
    root.dataset.kind = o.kind;
    const ok = o.kind === "ok";
    root.setAttribute("role", ok ? "status" : "alert");
    const title = ok ? t("verdict.ok") : kindName(t, o.kind);
    put(
      root,
      h(
        "p",
        { class: "verdict-title" },
        h("span", { class: "badge", "aria-hidden": "true" }, ok ? "✓" : "✗"),
        h("strong", { class: "kind" }, title),
        !ok && lesson.bugs && lesson.bugs.length ? h("span", { class: "bugs" }, t("verdict.bug", { bugs: lesson.bugs.join(", ") })) : null,
      ),
      o.message ? h("p", { class: "verdict-msg" }, o.message) : null,
    );
    // The guilty step is the cause of a lost wakeup or a dropped task
    // (the add(-1), the drop), not the park it left behind.
    const guilty = o.cause_step !== undefined ? o.cause_step : o.step;
    if (!ok && guilty >= 0) {
      const here = state.position === guilty + 1;
      root.append(
        h(
          "button",
          { type: "button", class: "goto-guilty", disabled: here, onclick: () => this.app.send("goto", { step: guilty + 1 }) },
          "⤺ " + t("verdict.goto", { n: guilty }),
        ),
      );
    }
  }
}

// captionFor returns the caption a named schedule of the lesson gives the
// step that led to state, when the history so far follows that schedule.
function captionFor(lesson, state) {
  const i = state.step.index;
  for (const sc of lesson.schedules || []) {
    const cap = (sc.captions || []).find((c) => c.step === i);
    if (!cap) continue;
    const steps = parseSchedule(sc.steps);
    const follows = state.history.slice(0, i + 1).every((hs, k) => steps[k] && steps[k].thread === hs.thread && (!steps[k].label || steps[k].label === hs.label));
    if (follows && steps.length > i) return cap.text;
  }
  return "";
}

// parseSchedule reads a schedule's text form (NAME[@LABEL][*COUNT] tokens,
// '#' comments) into one {thread, label} per step.
function parseSchedule(text) {
  const out = [];
  for (const tok of text.replace(/#.*$/gm, "").split(/[\s,]+/)) {
    const m = tok.match(/^([^@*]+)(?:@([^*]+))?(?:\*(\d+))?$/);
    if (!m) continue;
    for (let n = Number(m[3] || 1); n > 0; n--) out.push({ thread: m[1], label: m[2] || "" });
  }
  return out;
}
