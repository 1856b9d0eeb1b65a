// challenge.js plays a bug lesson as a challenge (the ◎ button, or
// ?challenge=1): a goal in plain words, the reader steps the threads, and
// the page says when the engine's outcome is the goal's. Whenever the
// reader stops, the server's reach search
// (web/playground/protocol/protocol.md) says whether the goal can still be
// reached from the step shown: the page says "cannot be reached from here"
// only when that search covered every execution from there, and "not found
// within" its bound when it stopped first. Up to three hints come one at a
// time, "Find the bug" is hidden until asked for, and once the goal is
// reached the fix can be proved: on the fixed variant, try to break it,
// then Verify, whose exhaustive search says whether the fix held. Progress
// is remembered in the browser (progress.js). The lesson's challenge comes
// with its loaded event; everything is computed by the server. Each time
// it draws, the panel tells the page how far the reader got (a
// "challenge-status" event on the page's root: the state its status line
// says, the schedule and the step shown), which a room's page reports to
// the room (room.js).

import { h, put } from "./dom.js";
import { kindName } from "./i18n.js";
import { openPanel, closePanel, fill } from "./toolarea.js";
import { readProgress, markProgress } from "./progress.js";

const STRINGS = {
  en: {
    title: "Challenge",
    fixTitle: "Prove the fix: ",
    goalLead: "Goal: ",
    play: "You are the scheduler: step the threads until the engine's verdict is {kind}.",
    checking: "Checking whether the goal can still be reached from here…",
    reached: "Goal reached at step {step}: the engine says {kind}.",
    gone: "The goal cannot be reached from here: every execution from this step was searched ({states} states), and none ends in {kind}. Go back a few steps, or start over.",
    // A run with no choice left from here caches no state: no count.
    goneOne: "The goal cannot be reached from here: every execution from this step was searched, and none ends in {kind}. Go back a few steps, or start over.",
    unknown: "No way to the goal was found within {states} states from here; there may still be one.",
    ended: "The run ended in {kind}, not the goal. Go back a few steps, or start over.",
    other: "The challenge is played on {variant}.",
    back: "Back to {variant}",
    hint: "Hint {n} of {of}",
    noHint: "No more hints",
    restart: "Start over",
    showFind: "Show “Find the bug”",
    prove: "Prove the fix on {fix}",
    fixPlay: "On {fix}, try to reach {kind} again. When you believe it cannot be done, press Verify: it searches every interleaving.",
    fixBroke: "The fix did not hold here: the run ended in {kind}.",
    held: "The fix held: Verify covered every interleaving of this lesson, and none reaches {kind}.",
    notHeld: "The fix did not hold: Verify found {kind}.",
    notDone: "Verify stopped before it covered every interleaving: the fix is not proved.",
    done: "✓ Done before",
    close: "Leave the challenge",
  },
  zh: {
    title: "挑战",
    fixTitle: "证明修复：",
    goalLead: "目标：",
    play: "你就是调度器：逐步推进各个线程，直到引擎的结论是{kind}。",
    checking: "正在检查从这里还能否达到目标……",
    reached: "在第 {step} 步达到目标：引擎判定为{kind}。",
    gone: "从这里已无法达到目标：从这一步出发的每一种执行都已搜索（{states} 个状态），没有一种以{kind}结束。后退几步，或者重新开始。",
    goneOne: "从这里已无法达到目标：从这一步出发的每一种执行都已搜索，没有一种以{kind}结束。后退几步，或者重新开始。",
    unknown: "从这里出发，在 {states} 个状态之内没有找到通往目标的路；也许仍然有。",
    ended: "运行以{kind}结束，不是目标。后退几步，或者重新开始。",
    other: "这个挑战在 {variant} 上进行。",
    back: "回到 {variant}",
    hint: "提示 {n}/{of}",
    noHint: "没有更多提示",
    restart: "重新开始",
    showFind: "显示“找出缺陷”",
    prove: "在 {fix} 上证明修复",
    fixPlay: "在 {fix} 上再试着达到{kind}。当你相信做不到时，按“验证”：它会搜索每一种交错。",
    fixBroke: "修复在这里没有守住：运行以{kind}结束。",
    held: "修复守住了：“验证”覆盖了本课的每一种交错，没有一种达到{kind}。",
    notHeld: "修复没有守住：“验证”找到了{kind}。",
    notDone: "“验证”在覆盖每一种交错之前就停下了：修复没有得到证明。",
    done: "✓ 以前完成过",
    close: "离开挑战",
  },
};

// WAIT is how long the reader must stop before the reach search runs, in
// ms: a search per click would only queue behind itself.
const WAIT = 600;

// Tool is the challenge's panel.
export class Tool {
  constructor(app) {
    this.app = app;
    this.w = STRINGS[app.lang] || STRINGS.en;
    this.on = false;
    this.hints = 0; // hints shown
    this.inflight = 0; // the id of the reach search running, or 0
    this.reach = { key: "", result: null }; // the last reach asked: for which state, and its answer
    this.verify = null; // the last Verify's result on the fix
  }

  get c() {
    return this.app.lesson && this.app.lesson.challenge;
  }

  // toggle opens or closes the challenge. Opened by a click, it starts
  // from the first step of its variant; opened by a link (fromLink), it
  // keeps the step the link shows.
  async toggle(on, fromLink) {
    this.on = on && !!this.c;
    this.app.root.classList.toggle("challenging", this.on);
    if (!this.on) {
      this.cancelReach();
      if (this.panel) closePanel(this.app.root, this.panel);
      return;
    }
    // What this browser had done before this challenge was opened.
    this.before = readProgress()[this.app.lesson.id];
    this.build();
    await openPanel(this.app.root, this.panel);
    const { lesson, state } = this.app;
    const other = lesson.variant !== this.c.variant;
    if (fromLink) {
      // A link keeps its step; on the fix, only once the goal was reached.
      if (other && !(lesson.variant === this.c.fix && this.before)) this.app.send("variant", { variant: this.c.variant });
    } else {
      if (other) this.app.send("variant", { variant: this.c.variant });
      if (other || (state && state.position > 0)) this.app.send("reset");
    }
    if (state) this.stateChanged(state);
    this.draw();
  }

  build() {
    const w = this.w;
    this.goal = h("p", { class: "goal", "data-testid": "challenge-goal" });
    this.status = h("p", { class: "say", role: "status", "data-testid": "challenge-status" });
    this.hintButton = h("button", { type: "button", "data-action": "hint", onclick: () => this.nextHint() });
    this.hintList = h("ol", { class: "hints", "data-testid": "hints" });
    this.buttons = h("span", { class: "buttons" });
    this.panel = h(
      "section",
      { class: "tool-panel challenge", "data-order": "1", "data-testid": "challenge", "aria-label": w.title },
      h("div", { class: "lead" }, this.goal, this.buttons),
      this.status,
      this.hintList,
    );
  }

  event(msg) {
    if (!this.on) return;
    switch (msg.type) {
      case "loaded":
        if (!this.c) return this.app.toggleTool("challenge", false);
        this.verify = null;
        this.cancelReach();
        break;
      case "state":
        this.stateChanged(msg);
        break;
      case "reach-result":
        if (msg.id !== this.inflight) return;
        this.inflight = 0;
        if (msg.id === this.reach.id) this.reach.result = msg;
        if (this.pending) this.askReach();
        break;
      case "explore-result":
        if (this.phase() === "fix" && msg.strategy === "exhaustive" && msg.variant === this.c.fix) {
          this.verify = msg;
          if (proved(msg, this.c.kind)) markProgress(this.app.lesson.id, "fix");
        }
        break;
      case "error":
        if (msg.command !== "reach" || msg.id !== this.inflight) return;
        this.inflight = 0;
        this.reach = { key: "", result: null };
        break;
      default:
        return;
    }
    this.draw();
  }

  // phase is "goal" on the challenge's variant, "fix" on its fix, and
  // "other" on any other variant.
  phase() {
    const v = this.app.lesson.variant;
    return v === this.c.variant ? "goal" : v === this.c.fix ? "fix" : "other";
  }

  stateChanged(state) {
    if (this.phase() !== "goal") return;
    if (reached(state, this.c.kind)) {
      markProgress(this.app.lesson.id, "goal");
      this.cancelReach();
      return;
    }
    if (state.finished) return this.cancelReach();
    // Ask again once the reader stops on a step not asked about yet.
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.askReach(), WAIT);
  }

  // key names the state a reach answer is about: the history up to the
  // position.
  key() {
    const s = this.app.state;
    return s ? `${this.app.lesson.variant} ${s.position} ${(s.history || []).slice(0, s.position).map((e) => e.thread + "@" + e.label).join(" ")}` : "";
  }

  // askReach asks the server whether the goal is still reachable from the
  // step shown, one search at a time (a session runs one): while one runs
  // for a step left behind, the new one waits for its end. The searches
  // are small and bounded (5 s at most), so none is cancelled.
  askReach() {
    const state = this.app.state;
    if (!this.on || this.phase() !== "goal" || !state || state.finished || reached(state, this.c.kind)) return;
    const key = this.key();
    if (this.reach.key === key) return;
    if (this.inflight) {
      this.pending = true;
      return;
    }
    this.pending = false;
    this.inflight = this.app.send("reach", { kind: this.c.kind });
    this.reach = { id: this.inflight, key, result: null };
    this.draw();
  }

  // cancelReach forgets the question asked: its answer, when it comes, is
  // about a state no longer shown.
  cancelReach() {
    clearTimeout(this.timer);
    this.pending = false;
    this.reach = { key: "", result: null };
  }

  nextHint() {
    this.showHints(this.hints + 1);
  }

  // showHints shows the first n hints, or more if more are shown already:
  // a room's presenter reveals hints to every student this way.
  showHints(n) {
    if (!this.c) return;
    this.hints = Math.max(this.hints, Math.min(n, this.c.hints.length));
    this.draw();
  }

  // draw shows the goal, what the engine says of it, the hints and the
  // buttons that fit the phase.
  draw() {
    if (!this.panel || !this.c) return;
    const { w, c } = this;
    const { t, lesson, state } = this.app;
    const kind = kindName(t, c.kind);
    const phase = this.phase();
    const before = this.before;
    this.panel.dataset.phase = phase;
    this.panel.title = fill(w.play, { kind });
    put(
      this.goal,
      h("b", {}, phase === "fix" ? w.fixTitle : w.goalLead),
      phase === "fix" ? fill(w.fixPlay, { fix: c.fix, kind }) : c.goal,
      before ? h("span", { class: "done-before", "data-level": before }, " " + w.done) : null,
    );
    const say = this.say(phase, state, kind);
    this.status.dataset.state = say[0];
    this.status.textContent = say[1];
    if (state) {
      const detail = { phase, state: say[0], schedule: state.schedule || "", step: state.position };
      this.app.root.dispatchEvent(new CustomEvent("challenge-status", { detail }));
    }
    const total = c.hints.length;
    this.hintButton.textContent = this.hints < total ? fill(w.hint, { n: this.hints + 1, of: total }) : w.noHint;
    this.hintButton.disabled = this.hints >= total;
    // Once the goal is reached the hints fold away, leaving the stage its
    // room: the run itself is now the answer.
    const hinting = phase === "goal" && say[0] !== "reached";
    put(this.hintList, hinting ? c.hints.slice(0, this.hints).map((text) => h("li", {}, text)) : null);
    const b = (action, text, onclick) => h("button", { type: "button", "data-action": action, onclick }, text);
    const goalDone = say[0] === "reached" || !!readProgress()[lesson.id];
    put(
      this.buttons,
      hinting ? this.hintButton : null,
      phase === "other" ? b("challenge-variant", fill(w.back, { variant: c.variant }), () => this.app.send("variant", { variant: c.variant })) : null,
      phase !== "other" ? b("restart", "↺ " + w.restart, () => this.app.send("reset")) : null,
      phase === "goal" && !this.app.root.classList.contains("find-shown")
        ? b("show-find", w.showFind, () => {
            this.cancelReach();
            this.app.root.classList.add("find-shown");
            this.draw();
          })
        : null,
      phase === "goal" && goalDone && c.fix ? b("prove-fix", fill(w.prove, { fix: c.fix }), () => this.app.send("variant", { variant: c.fix })) : null,
      phase === "fix" ? b("challenge-variant", fill(w.back, { variant: c.variant }), () => this.app.send("variant", { variant: c.variant })) : null,
      h("button", { type: "button", class: "close", "data-action": "leave", "aria-label": w.close, title: w.close, onclick: () => this.app.toggleTool("challenge", false) }, "✕"),
    );
  }

  // say is what the status line says: [state, text].
  say(phase, state, kind) {
    const { w, c } = this;
    if (phase === "other") return ["other", fill(w.other, { variant: c.variant })];
    if (!state) return ["play", ""];
    if (phase === "fix") {
      const v = this.verify;
      if (v) {
        if (proved(v, c.kind)) return ["held", fill(w.held, { kind })];
        if (v.counterexamples.some((x) => x.kind === c.kind)) return ["not-held", fill(w.notHeld, { kind })];
        if (!v.complete) return ["not-done", w.notDone];
      }
      if (state.outcome && state.outcome.kind !== "ok") return ["broke", fill(w.fixBroke, { kind: kindName(this.app.t, state.outcome.kind) })];
      return ["fix", ""];
    }
    if (reached(state, c.kind)) return ["reached", fill(w.reached, { step: guiltyStep(state, c.kind), kind })];
    if (state.finished) return ["ended", fill(w.ended, { kind: kindName(this.app.t, (state.outcome || { kind: "ok" }).kind) })];
    const r = this.reach;
    if (r.key === this.key() && r.result) {
      const states = count(r.result.reachable === "no" ? r.result.states : r.result.max_states);
      if (r.result.reachable === "no") return ["gone", fill(r.result.states ? w.gone : w.goneOne, { states, kind })];
      if (r.result.reachable === "unknown") return ["unknown", fill(w.unknown, { states })];
      return ["play", ""];
    }
    if (r.key === this.key()) return ["checking", w.checking];
    return ["play", ""];
  }
}

// reached reports whether the engine's outcome, or a finding so far, is
// of kind at this state.
function reached(state, kind) {
  return (state.outcome && state.outcome.kind === kind) || (state.findings || []).some((f) => f.kind === kind);
}

// guiltyStep is the step (from 1) of the first finding of kind.
function guiltyStep(state, kind) {
  const f = (state.findings || []).find((x) => x.kind === kind) || state.outcome;
  return f && f.step >= 0 ? f.step + 1 : state.position;
}

// proved reports whether a Verify result proves the fix against kind: it
// covered every execution, and none was of that kind.
function proved(r, kind) {
  return r.complete && !r.counterexamples.some((x) => x.kind === kind);
}

// count writes n with its thousands grouped.
function count(n) {
  return Number(n || 0).toLocaleString("en-US");
}
