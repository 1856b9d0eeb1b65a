// compare.js puts a second variant beside the first on the lesson page
// (?compare=1, or the ⇆ button): its own stage, narration and verdict,
// stepping together with the page. It keeps a second session on its own
// WebSocket and has it follow the page's history: a named schedule is
// replayed as the lesson writes it for the other variant, at the same
// step; any other history is followed thread by thread, as far as the
// other variant can.
// The server computes both; this module only carries commands.

import { Connection, socketURL } from "./protocol.js";
import { h, put, styleSheet } from "./dom.js";
import { Stage } from "./stage.js";
import { Narration, parseSchedule } from "./narration.js";
import { groupThreads } from "./groups.js";

// The page loads this module, and its style sheet, when compare is first
// used.
await styleSheet(new URL("./compare.css" + new URL(import.meta.url).search, import.meta.url).href);

// Compare owns #cmp, #cmp-verdict and #cmp-narration while comparing.
export class Compare {
  constructor(app) {
    this.app = app;
    this.on = false;
    this.conn = null;
  }

  // other is the variant shown beside the page's: fixed beside tinycoro,
  // tinycoro beside any other.
  other() {
    const { variant, variants } = this.app.lesson;
    return variants.find((v) => v !== variant && v !== "go") || variants.find((v) => v !== variant);
  }

  // toggle starts or stops comparing.
  toggle(on = !this.on) {
    this.on = on && !!this.other();
    this.app.root.classList.toggle("comparing", this.on);
    const b = document.querySelector('#controls [data-action="compare"]');
    if (b) b.setAttribute("aria-pressed", String(this.on));
    const q = new URLSearchParams(location.search);
    if (this.on) q.set("compare", "1");
    else q.delete("compare");
    history.replaceState(null, "", `${location.pathname}?${q}`);
    if (this.on) this.start();
    else this.stop();
    this.app.relayout();
  }

  start() {
    const app = this.app;
    // The panes draw through the page's views, given a view of this
    // session: its lesson, state and groups, the page's words.
    this.side = { t: app.t, lang: app.lang, lesson: null, state: null, groups: [], expanded: app.expanded, send: (type, f) => app.send(type, f), relayout: () => {}, memoryUI: () => app.memoryUI() };
    this.title = h("h2", { class: "cmp-title" });
    this.stageRoot = h("section", { id: "cmp-stage", "aria-label": app.t("cmp.stage") });
    this.pane = h("section", { id: "cmp", "data-testid": "compare" }, this.title, this.stageRoot);
    this.say = h("section", { id: "cmp-narration", "aria-live": "polite" });
    this.verdict = h("section", { id: "cmp-verdict" });
    app.root.append(this.pane, this.verdict, this.say);
    this.stage = new Stage(this.stageRoot, this.side);
    this.narration = new Narration(this.say, this.verdict, this.side);
    this.note = h("p", { class: "cmp-note" });
    this.verdict.append(this.note);
    this.key = "";
    this.conn = new Connection(socketURL(location), { onEvent: (m) => this.event(m), onStatus: () => {} });
    this.conn.open();
  }

  stop() {
    if (this.conn) {
      this.conn.stopped = true;
      if (this.conn.ws) this.conn.ws.close(1000);
    }
    this.conn = null;
    for (const el of [this.pane, this.say, this.verdict]) if (el) el.remove();
  }

  // event handles the second session's events.
  event(msg) {
    const { lesson } = this.app;
    switch (msg.type) {
      case "hello":
        this.key = "";
        this.conn.send("load", { lesson: lesson.id, variant: this.other(), params: lesson.params, lang: this.app.lang, ...(this.app.initial.source ? { source: this.app.initial.source } : {}) });
        break;
      case "loaded":
        this.side.lesson = msg.lesson;
        this.title.textContent = msg.lesson.variant;
        this.stage.loaded(msg.lesson);
        if (this.app.state) this.follow(this.app.state);
        break;
      case "state":
        if (!this.side.lesson) return;
        this.side.state = msg;
        // A replay or run lands at 0: then go to the place wanted.
        if (this.pending !== undefined && msg.id === this.pendingID) {
          const step = Math.min(this.pending, msg.length);
          this.pending = undefined;
          if (step !== msg.position) this.conn.send("goto", { step });
        }
        this.draw();
        break;
      case "error": {
        // The other variant cannot follow the threads past some step: it
        // follows them up to there, and says so.
        put(this.note, this.app.t("cmp.diverges", { variant: this.other(), msg: (this.app.lang === "zh" && msg.message_zh) || msg.message }));
        this.note.hidden = false;
        const m = /step (\d+)/.exec(msg.message);
        if (this.threads && m) {
          const n = Math.max(0, Number(m[1]) - 1);
          this.threads = null;
          this.pending = Math.min(this.want, n);
          this.pendingID = n ? this.conn.send("run", { schedule: this.app.state.history.slice(0, n).map((x) => x.thread).join(" "), step: 0 }) : this.conn.send("reset");
        }
        break;
      }
    }
  }

  draw() {
    const s = this.side;
    if (!s.state) return;
    s.groups = groupThreads(s.lesson, s.state, this.app.expanded);
    this.stage.update(s.state);
    this.narration.update(s.state);
  }

  // follow has the second session show what the page's state shows.
  follow(state) {
    if (!this.on || !this.side.lesson || !this.conn) return;
    const mine = this.app.lesson.schedules;
    const theirs = this.side.lesson.schedules;
    const threads = state.history.map((x) => x.thread);
    // The page runs one of the lesson's schedules: replay the other
    // variant's spelling of it, at the same place from its end.
    const named = mine.find((sc) => {
      const steps = parseSchedule(sc.steps);
      return steps.length <= state.history.length && steps.every((s, i) => s.thread === state.history[i].thread && (!s.label || s.label === state.history[i].label));
    });
    const other = named && theirs.find((sc) => sc.name === named.name);
    let cmd;
    // Both panes stand at the same step of the schedule; at the end of
    // the page's run (finished, not merely at the last step taken so far:
    // the other's run of the same threads goes on to its end), the other
    // variant goes to the end of its own, for its verdict.
    const end = state.finished && state.position === state.length;
    const step = end ? Infinity : state.position;
    if (other) {
      cmd = { type: "replay", schedule: other.name };
    } else {
      cmd = { type: "run", schedule: threads.join(" ") };
    }
    const key = JSON.stringify(cmd);
    const have = this.side.state;
    this.want = step;
    if (key !== this.key) {
      this.key = key;
      this.note.hidden = true;
      this.threads = cmd.type === "run" ? threads : null;
      this.pending = step;
      this.pendingID = threads.length ? this.conn.send(cmd.type, { schedule: cmd.schedule, step: 0 }) : this.conn.send("reset");
      return;
    }
    const at = Math.min(step, have ? have.length : 0);
    if (have && at !== have.position) this.conn.send("goto", { step: at });
  }

  // update follows every state of the page.
  update(state) {
    if (this.on) this.follow(state);
  }
}
