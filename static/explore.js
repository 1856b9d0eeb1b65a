// explore.js adds the model checker to the lesson page: one button that
// asks the server to search the lesson's interleavings (protocol.md's
// explore): "Find the bug" on a buggy variant, few preemptions first;
// "Verify" on one that should survive every interleaving, all of them.
// The line under it shows progress, then the verdict; the counterexample
// is in the timeline. explore-search.js, loaded at the first search,
// draws them.

import { h, s } from "./dom.js";

// The page loads app.js with its version (?v=...): importing it with the
// same query shares that module instead of starting a second playground.
const here = new URL(import.meta.url);
const { watch } = await import(new URL("./app.js" + here.search, here).href);


// PATHS are the button's icons in a 16x16 box: a magnifier and a check.
const PATHS = {
  find: "M6.5 1a5.5 5.5 0 0 1 4.4 8.8l4.1 4.1-1.4 1.4-4.1-4.1A5.5 5.5 0 1 1 6.5 1Zm0 2a3.5 3.5 0 1 0 0 7 3.5 3.5 0 0 0 0-7Z",
  verify: "M6 11.2 2.8 8 1.4 9.4 6 14l8.6-8.6L13.2 4Z",
};

// Explorer owns the explore row of #controls: the button and the
// progress; and in #verdict, the search's verdict and a button for each
// counterexample found.
class Explorer {
  constructor(app) {
    this.app = app;
    // w.name is the search's string name, in the page's language (i18n.js).
    this.w = new Proxy({}, { get: (_, k) => app.t("explore." + String(k)) });
    this.id = 0; // the id of the explore command whose search runs
    this.running = false;
    this.progress = null; // the last explore-progress
    this.result = null; // the last explore-result, for the variant shown
  }

  // event follows the page's socket.
  event(msg) {
    switch (msg.type) {
      case "hello": // a new session: nothing runs on it
        this.running = false;
        this.result = null;
        break;
      case "loaded":
        // Another variant or language: the last verdict no longer applies.
        if (this.result && (this.result.variant !== msg.lesson.variant || this.resultLang !== msg.lesson.lang)) this.result = null;
        this.build(msg.lesson);
        break;
      case "explore-progress":
        if (msg.id !== this.id) return;
        this.running = true;
        this.progress = msg;
        break;
      case "explore-result":
        if (msg.id !== this.id) return;
        this.running = false;
        // A search that a variant switch ended says nothing of this one.
        this.result = this.app.lesson && msg.variant === this.app.lesson.variant ? msg : null;
        this.resultLang = this.app.lesson && this.app.lesson.lang;
        break;
      case "error":
        // The explore command refused, or its search failed.
        if (msg.command !== "explore" || msg.id !== this.id) return;
        this.running = false;
        break;
      case "state":
        if (this.search) this.search.markLoaded(this, msg);
        return;
      default:
        return;
    }
    this.draw();
  }

  // build makes the row for a newly drawn set of controls: Controls
  // rebuilds #controls at every loaded event.
  build(lesson) {
    const w = this.w;
    const verify = expectsOK(lesson);
    this.strategy = verify ? "exhaustive" : "preemption";
    this.button = h(
      "button",
      { type: "button", class: "find", "data-action": "explore", "data-strategy": this.strategy, title: verify ? w.verifyTitle : w.findTitle, onclick: () => this.start() },
      s("svg", { class: "icon", width: 18, height: 18, viewBox: "0 0 16 16", "aria-hidden": "true" }, s("path", { d: PATHS[verify ? "verify" : "find"], fill: "currentColor" })),
      " " + (verify ? w.verify : w.find),
    );
    this.aside = h("span", { class: "aside" });
    this.cancel = h("button", { type: "button", class: "cancel", "data-action": "cancel", onclick: () => this.app.send("cancel") }, w.cancel);
    this.numbers = h("span", { class: "numbers", "aria-hidden": "true" });
    // The search's words go in the verdict's box, which has room kept for
    // them: nothing moves when they come.
    const old = document.getElementById("explore-line");
    if (old) old.remove();
    this.line = h("p", { id: "explore-line", class: "result", role: "status" });
    this.chips = h("p", { class: "explore-chips" });
    this.row = h("div", { class: "explore", "data-testid": "explore" }, this.button, this.aside);
    const root = document.getElementById("controls");
    root.insertBefore(this.row, root.querySelector(".status"));
    const verdict = document.getElementById("verdict");
    for (const old of document.querySelectorAll(".explore-chips")) old.remove();
    if (verdict) verdict.append(this.line, this.chips);
    else this.row.append(this.line, this.chips);
    this.draw();
  }

  // start starts a search, loading the module that draws it first.
  async start() {
    if (this.running || !this.app.state) return;
    if (!this.search) this.search = await import(new URL("./explore-search.js" + here.search, here).href);
    if (this.running || !this.app.state) return;
    this.result = null;
    this.progress = null;
    this.running = true;
    this.id = this.app.send("explore", { strategy: this.strategy });
    if (!this.id) this.running = false; // the socket is closed
    this.draw();
  }

  // draw shows the search's progress or its verdict (explore-search.js);
  // until a search starts there is neither.
  draw() {
    if (!this.row) return;
    this.button.disabled = this.running;
    this.row.dataset.state = this.running ? "running" : this.result ? "done" : "idle";
    const said = this.line.textContent;
    if (this.search) this.search.draw(this);
    if (this.line.textContent !== said) this.app.narration.fit(); // in the verdict's box
  }
}

// expectsOK reports whether the lesson's schedules all expect the variant
// to end well: then the button verifies instead of hunting.
function expectsOK(lesson) {
  const expects = (lesson.schedules || []).map((sc) => (sc.expect || {})[lesson.variant]).filter(Boolean);
  return expects.length > 0 && expects.every((k) => k === "ok");
}

const link = document.createElement("link");
link.rel = "stylesheet";
link.href = new URL("./explore.css" + here.search, here).href;
document.head.append(link);

const app = watch((msg) => explorer.event(msg));
const explorer = new Explorer(app);
if (app.lesson) explorer.build(app.lesson);
