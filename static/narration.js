// narration.js fills #narration with the text of the step that led here
// (an aria-live region) and #verdict with the outcome once the run is
// over: the bug, and a button to the guilty step. Bug codes and kinds open
// their glossary entry. Steps count from 1, as in the timeline, the URL
// (step=N is the position after step N) and the command line's trace.

import { h, put, fitText } from "./dom.js";
import { kindName } from "./i18n.js";

// Narration owns #narration and #verdict; fit may grow the verdict's row
// through grid's --verdict-h.
export class Narration {
  constructor(root, verdictRoot, app, grid) {
    this.root = root;
    this.verdictRoot = verdictRoot;
    this.app = app;
    this.grid = grid;
    this.shown = "";
    this.verdictKey = null;
    this.outcome = h("div", { class: "outcome" });
    verdictRoot.append(this.outcome);
    verdictRoot.hidden = true;
    document.addEventListener("click", (e) => {
      if (this.pop && !this.pop.contains(e.target) && !e.target.closest(".term")) this.closeTerm();
    });
    document.addEventListener("keydown", (e) => {
      if (e.key === "Escape") this.closeTerm();
    });
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
      // The server's text starts with the label and what the code there
      // does, "G6 (CAS m_state...): "; the label is shown once, bold, and
      // the doc apart, since the code column shows that line.
      const label = step && step.label && text.startsWith(step.label) && !/^\w/.test(text.slice(step.label.length)) ? step.label : "";
      let rest = label ? text.slice(label.length).trimStart() : text;
      let doc = "";
      for (const [open, close] of [["(", "): "], ["（", "）："]]) {
        if (step && step.doc && rest.startsWith(open + step.doc + close)) {
          doc = step.doc;
          rest = rest.slice((open + step.doc + close).length);
        }
      }
      put(
        this.root,
        step ? h("b", { class: "steplabel" }, stepTitle(t, step)) : null,
        step ? " " : null,
        doc ? h("span", { class: "doc" }, `(${doc}) `) : null,
        h("span", { class: "said" }, rest),
        caption ? h("span", { class: "caption" }, caption) : null,
      );
      this.root.classList.toggle("has-finding", !!(step && step.findings && step.findings.length));
    }
    this.verdict(state);
    this.fit();
  }

  // fit fits the words in their boxes (fitText); a verdict too long even
  // in the smallest type grows, until it changes.
  fit() {
    fitText(this.root);
    const v = this.verdictRoot;
    fitText(v);
    const over = v.scrollHeight - v.clientHeight;
    if (over > 1 && this.grid) {
      this.grid.style.setProperty("--verdict-h", `${v.offsetHeight + over + 2}px`);
      fitText(v);
    }
  }

  verdict(state) {
    const { t, lesson } = this.app;
    const o = state.outcome;
    const key = o ? `${o.kind}|${o.step}|${o.message}|${state.position}|${state.litmus || ""}` : "";
    if (key === this.verdictKey) return;
    this.verdictKey = key;
    const root = this.verdictRoot;
    if (this.grid) this.grid.style.removeProperty("--verdict-h");
    root.hidden = !o;
    root.className = o ? (o.kind === "ok" ? "good" : "bad") : "";
    root.removeAttribute("role");
    if (!o) {
      delete root.dataset.kind;
      put(this.outcome, h("p", { class: "pending" }, t("verdict.pending")));
      return;
    }
    root.dataset.kind = o.kind;
    const ok = o.kind === "ok";
    root.setAttribute("role", ok ? "status" : "alert");
    const title = ok ? t("verdict.ok") : kindName(t, o.kind);
    put(
      this.outcome,
      h(
        "p",
        { class: "verdict-title" },
        h("span", { class: "badge", "aria-hidden": "true" }, ok ? "✓" : "✗"),
        h("strong", { class: "kind" }, title),
        this.termButton(o.kind, "?"),
        // The lesson's bugs that show up as this outcome.
        ...(!ok && lesson.bugs ? lesson.bugs.filter((b) => ((lesson.glossary || {})[b]?.kinds || []).includes(o.kind)).map((b) => this.termButton(b, b)) : []),
      ),
      // A Go panic's message starts with "panic: ": the title says it.
      o.message ? h("p", { class: "verdict-msg" }, o.message.replace(/^panic: /, "")) : null,
      // A litmus lesson: whether the run shows the outcome it is about.
      state.litmus ? h("p", { class: "verdict-msg litmus" }, state.litmus) : null,
    );
    // The guilty step is the cause of a lost wakeup or a dropped task
    // (the add(-1), the drop), not the park it left behind.
    const guilty = o.cause_step !== undefined ? o.cause_step : o.step;
    if (!ok && guilty >= 0) {
      const here = state.position === guilty + 1;
      this.outcome.append(
        h(
          "button",
          { type: "button", class: "goto-guilty", disabled: here, onclick: () => this.app.send("goto", { step: guilty + 1 }) },
          "⤺ " + t("verdict.goto", { n: guilty + 1 }),
        ),
      );
    }
  }

  // termButton is a button that opens the glossary entry of key (a bug
  // code or an outcome kind), showing text; null when there is none.
  termButton(key, text) {
    const e = (this.app.lesson.glossary || {})[key];
    if (!e) return null;
    return h(
      "button",
      { type: "button", class: "term", "data-term": key, "aria-label": e.name, title: e.name, "aria-expanded": "false", onclick: (ev) => this.openTerm(ev.currentTarget, key) },
      text,
    );
  }

  // openTerm shows key's glossary entry by button b (glossary.js, loaded
  // the first time an entry is opened); a second click on b closes it.
  async openTerm(b, key) {
    const open = this.pop && this.pop.dataset.term === key;
    this.closeTerm();
    if (open) return;
    if (!this.glossary) {
      const here = new URL(import.meta.url);
      this.glossary = await import(new URL("./glossary.js" + here.search, here).href);
    }
    this.closeTerm();
    this.pop = this.glossary.openEntry(this.app, b, key);
    this.popButton = b;
  }

  closeTerm() {
    if (!this.pop) return;
    this.pop.remove();
    this.pop = null;
    if (this.popButton) this.popButton.setAttribute("aria-expanded", "false");
  }
}

// stepTitle is "Step 8 · W1 · G6": the step's number counted from 1.
export function stepTitle(t, step) {
  return `${t("card.step", { n: step.index + 1 })} · ${step.thread} · ${step.label || step.op}`;
}

// captionFor returns the caption a named schedule of the lesson gives the
// step that led to state, when the history so far follows that schedule.
// The server sends captions only for the variants they were written for.
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
export function parseSchedule(text) {
  const out = [];
  for (const tok of text.replace(/#.*$/gm, "").split(/[\s,]+/)) {
    const m = tok.match(/^([^@*]+)(?:@([^*]+))?(?:\*(\d+))?$/);
    if (!m) continue;
    for (let n = Number(m[3] || 1); n > 0; n--) out.push({ thread: m[1], label: m[2] || "" });
  }
  return out;
}
