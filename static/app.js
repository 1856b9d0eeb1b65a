// app.js starts the playground: it reads the lesson, variant, parameters,
// schedule, step and language from #app's data attributes, opens the
// WebSocket, and hands every event to the views. The server computes
// every state; the page only draws what it is sent.

import { Connection, socketURL } from "./protocol.js";
import { translator, loadLanguage } from "./i18n.js";
import { Controls } from "./controls.js";
import { Stage } from "./stage.js";
import { Code } from "./code.js";
import { Timeline } from "./timeline.js";
import { Narration } from "./narration.js";
import { bindKeys } from "./keys.js";
import { groupThreads } from "./groups.js";
import { View } from "./present.js";
import { styleSheet } from "./dom.js";

const $ = (id) => document.getElementById(id);

// App is the page's state: the lesson as loaded, the last state, and the
// views that draw them.
class App {
  constructor(root) {
    const d = root.dataset;
    this.root = root;
    this.lang = d.lang === "zh" ? "zh" : "en";
    this.t = translator(this.lang);
    this.initial = {
      lesson: d.lesson,
      variant: d.variant || undefined,
      params: parseParams(d.params),
      schedule: d.schedule || undefined,
      step: d.step !== undefined && d.step !== "" ? Number(d.step) : undefined,
      exact: d.exact === "true" || undefined,
      // A lesson written in the browser travels with its link (src).
      source: initialField("source"),
      memory: initialField("memory"),
    };
    this.lesson = null;
    this.state = null;
    // expanded are the declarations whose threads are shown one by one;
    // groups are the state's threads grouped (groups.js).
    this.expanded = new Set();
    this.groups = [];
    this.send = (type, fields) => this.conn.send(type, fields);
    // A change of type size redraws the stage and the columns (laid out
    // for their room).
    this.view = new View(() => this.relayout());
    // The other variant's pane (compare.js), loaded when first asked for.
    this.compare = { on: false, started: false, update() {}, draw() {}, toggle: (on) => this.openCompare(on) };
    // The tools (challenge.js, edit.js) are loaded when first opened; each
    // sees every event after the views (its event method).
    this.tools = {};
    this.controls = new Controls($("controls"), $("threads"), this);
    // A page may leave out the source, the timeline or the shortcuts; the
    // other containers are always there.
    this.narration = new Narration($("narration"), $("verdict"), this, this.root);
    this.views = [this.controls, new Stage($("stage"), this), this.narration];
    if ($("code")) this.views.push(new Code($("code"), this));
    if ($("timeline")) this.views.push(new Timeline($("timeline"), this));
    this.conn = new Connection(socketURL(location, initialSocket()), {
      onEvent: (msg) => {
        this.event(msg);
        for (const tool of Object.values(this.tools)) tool.event(msg);
        for (const fn of watchers) fn(msg);
      },
      onStatus: (st) => this.status(st),
    });
  }

  start() {
    bindKeys($("shortcuts"), this);
    const resized = new ResizeObserver(() => this.relayout());
    for (const id of ["app", "stage", "code"]) if ($(id)) resized.observe($(id));
    // The header's variant links would reload the page and lose the
    // schedule; switching in place keeps the threads' order.
    const variants = $("variants");
    if (variants) {
      variants.addEventListener("click", (e) => {
        const a = e.target.closest("a[data-key]");
        if (!a || !this.lesson || e.ctrlKey || e.metaKey || e.shiftKey) return;
        e.preventDefault();
        this.send("variant", { variant: a.dataset.key });
      });
    }
    // The language links reload the page: let them keep what it shows.
    const langs = $("languages");
    if (langs && location.pathname.startsWith("/lesson/")) {
      langs.addEventListener("click", (e) => {
        const a = e.target.closest("a[data-key]");
        if (!a) return;
        const q = new URLSearchParams(location.search);
        q.set("lang", a.dataset.key);
        a.href = `${location.pathname}?${q}`;
      });
    }
    this.conn.open();
  }

  // markVariant marks the current variant among the header's links.
  markVariant(variant) {
    for (const a of document.querySelectorAll("#variants a[data-key]")) {
      if (a.dataset.key === variant) a.setAttribute("aria-current", "page");
      else a.removeAttribute("aria-current");
    }
  }

  // load asks for the lesson; after a reconnect it asks for the schedule
  // and position last shown, so the page comes back where it was.
  load() {
    const cmd = { lesson: this.initial.lesson, lang: this.lang };
    if (this.initial.source) cmd.source = this.initial.source;
    const last = this.state && this.lesson;
    if (last) {
      Object.assign(cmd, { lesson: this.lesson.id, variant: this.lesson.variant, params: this.lesson.params, schedule: this.state.schedule, step: this.state.position, memory: this.state.memory, exact: true });
    } else {
      for (const k of ["variant", "params", "schedule", "step", "memory", "exact"]) if (this.initial[k] !== undefined) cmd[k] = this.initial[k];
    }
    this.send("load", cmd);
  }

  event(msg) {
    switch (msg.type) {
      case "hello":
        this.load();
        break;
      case "loaded":
        if (this.lesson && this.lesson.id !== msg.lesson.id) this.expanded.clear();
        this.lesson = msg.lesson;
        // Until the state that follows, the last one is another lesson's:
        // nothing redraws it (relayout).
        this.stale = true;
        this.root.dataset.variant = msg.lesson.variant;
        this.root.dataset.fingerprint = msg.lesson.fingerprint || ""; // embed.js puts it in its links as h
        this.markVariant(msg.lesson.variant);
        for (const v of this.views) if (v.loaded) v.loaded(msg.lesson);
        this.root.classList.add("ready");
        // Another variant, or the first load of a ?compare=1 page: the
        // pane beside it shows the other one.
        if (this.compare.on || (!this.compare.started && new URLSearchParams(location.search).get("compare") === "1")) {
          this.compare.toggle(false);
          this.compare.toggle(true);
        }
        this.compare.started = true;
        // A link with challenge=1 or edit=1 reopens those tools, in turn:
        // with both, the challenge is the one in use.
        if (!this.toolsStarted) {
          const q = new URLSearchParams(location.search);
          (async () => { for (const name of ["edit", "challenge"]) if (q.get(name) === "1") await this.toggleTool(name, true, true); })();
        }
        this.toolsStarted = true;
        break;
      case "state":
        if (!this.lesson) return;
        this.state = msg;
        this.stale = false;
        this.draw();
        this.compare.update(msg);
        this.root.dataset.position = String(msg.position);
        this.keepURL(msg);
        // embed.js names the schedule the page opened with while the
        // history is still the one it led to, even when loaded later.
        if (this.root.dataset.opened === undefined) {
          this.root.dataset.openedName = this.root.dataset.schedule || "";
          this.root.dataset.opened = msg.schedule || "";
        }
        this.root.dataset.schedule = msg.schedule || ""; // embed.js builds share links from it
        this.controls.setStatus("");
        break;
      case "error":
        // Before a lesson is loaded there are no controls: the page says it
        // where it says it is connecting.
        // A schedule's error comes in Chinese too (message_zh).
        msg = { msg: (this.lang === "zh" && msg.message_zh) || msg.message };
        if (!this.lesson) this.root.dataset.statusText = this.t("status.error", msg);
        else this.controls.setStatus(this.t("status.error", msg), true);
        break;
    }
  }

  // keepURL makes a lesson page's address reopen what it shows (lesson,
  // as its fingerprint h or, written in the browser, src; variant,
  // parameters, schedule, step, language), to be copied and shared.
  // Other pages (a classroom, an embed) keep theirs.
  keepURL(state) {
    if (!location.pathname.startsWith("/lesson/")) return;
    const q = new URLSearchParams();
    if (this.initial.source) q.set("src", this.initial.source);
    q.set("variant", this.lesson.variant);
    for (const [k, v] of Object.entries(this.lesson.params || {})) q.set(k, String(v));
    if (state.schedule) {
      q.set("schedule", state.schedule);
      q.set("step", String(state.position));
    }
    if (state.memory === "c11") q.set("memory", "c11");
    q.set("lang", this.lang);
    if (this.lesson.fingerprint && !this.initial.source) q.set("h", this.lesson.fingerprint);
    if (this.view.present) q.set("present", "1");
    if (this.compare.on) q.set("compare", "1");
    for (const [name, tool] of Object.entries(this.tools)) if (tool.on) q.set(name, "1");
    const url = `${location.pathname}?${q}`;
    if (url !== location.pathname + location.search) history.replaceState(null, "", url);
  }


  // memoryUI is memory.js once loaded, else null: asking loads it.
  memoryUI() {
    this.memoryLoading ||= import(new URL("./memory.js" + new URL(import.meta.url).search, import.meta.url).href).then((m) => {
      this.memoryModule = m;
      if (this.state) this.draw();
      return m;
    });
    return this.memoryModule || null;
  }

  // switchMemory: see memory.js.
  switchMemory(mm) {
    this.memoryUI();
    this.memoryLoading.then((m) => m.switchMemory(this, mm));
  }

  // openCompare loads compare.js, with the page's version, and toggles the
  // pane it makes.
  async openCompare(on) {
    if (on === false) return;
    const here = new URL(import.meta.url);
    const { Compare } = await import(new URL("./compare.js" + here.search, here).href);
    if (!(this.compare instanceof Compare)) {
      const c = new Compare(this);
      c.started = this.compare.started;
      this.compare = c;
    }
    this.compare.toggle(true);
  }

  // toggleTool opens or closes a tool, loading its module (with the
  // page's version) the first time: "challenge" or "edit". fromLink says
  // the page's address opened it.
  async toggleTool(name, on, fromLink = false) {
    if (!this.tools[name]) {
      const here = new URL(import.meta.url);
      const { Tool } = await import(new URL(`./${name}.js` + here.search, here).href);
      this.tools[name] ||= new Tool(this);
    }
    const tool = this.tools[name];
    await tool.toggle(on ?? !tool.on, fromLink);
    const b = document.querySelector(`#controls [data-action="${name}"]`);
    if (b) b.setAttribute("aria-pressed", String(tool.on));
    if (this.state) this.keepURL(this.state);
    this.relayout();
  }

  // relayout redraws the last state once the page has its new size.
  relayout() {
    if (!this.state || this.stale) return;
    cancelAnimationFrame(this.relayoutFrame);
    this.relayoutFrame = requestAnimationFrame(() => this.draw());
  }

  // draw draws the last state in every view, unless it is another
  // lesson's (a redraw scheduled before a new lesson's first state).
  draw() {
    if (!this.state || this.stale) return;
    this.groups = groupThreads(this.lesson, this.state, this.expanded);
    for (const v of this.views) v.update(this.state);
    if (this.compare.on) this.compare.draw();
  }

  // toggleGroup shows the threads of declaration decl one by one, or
  // groups them again.
  toggleGroup(decl) {
    if (this.expanded.has(decl)) this.expanded.delete(decl);
    else this.expanded.add(decl);
    if (this.state) this.draw();
  }

  status(st) {
    this.root.dataset.connection = st;
    // Shown by the style sheet until the first lesson arrives.
    this.root.dataset.statusText = st === "open" ? "" : this.t("status." + st);
    if (this.lesson) this.controls.setStatus(st === "open" ? "" : this.t("status." + st), st === "closed");
  }

  togglePlay() {
    if (!this.state) return;
    if (this.state.playing) this.send("pause");
    else this.send("play", { speed: this.controls.speedValue() });
  }

  // speedChanged restarts autoplay at the new speed if it is running.
  speedChanged() {
    if (this.state && this.state.playing) this.send("play", { speed: this.controls.speedValue() });
  }

  replay() {
    const name = this.controls.schedule && this.controls.schedule.value;
    if (name) this.send("replay", { schedule: name });
  }

  nextVariant() {
    const vs = this.lesson ? this.lesson.variants : [];
    if (vs.length < 2) return;
    this.send("variant", { variant: vs[(vs.indexOf(this.lesson.variant) + 1) % vs.length] });
  }

  async toggleHelp() {
    const el = $("shortcuts");
    if (!el) return;
    const here = new URL(import.meta.url);
    await styleSheet(new URL("./shortcuts.css" + here.search, here).href);
    el.classList.toggle("open");
  }
}

// initialSocket is the WebSocket's path the page names in its initial
// load (#lockstep-initial), if any.
function initialSocket() {
  return initialField("socket");
}

// initialField is a field of the page's initial load (#lockstep-initial),
// if any.
function initialField(name) {
  try {
    return JSON.parse($("lockstep-initial").textContent)[name] || undefined;
  } catch {
    return undefined;
  }
}

// parseParams reads data-params: JSON like {"waiters":2}, or empty.
function parseParams(text) {
  if (!text) return undefined;
  try {
    const p = JSON.parse(text);
    return p && typeof p === "object" && Object.keys(p).length ? p : undefined;
  } catch {
    return undefined;
  }
}

// watchers see every event after the views drew it (see watch).
const watchers = [];

// watch calls fn with every event of the page's playground socket, after
// the views drew it, and returns the page's App, whose send drives the
// same socket. static/room.js follows and publishes a presenter's
// position through it.
export function watch(fn) {
  watchers.push(fn);
  return app;
}

await loadLanguage($("app").dataset.lang);
const app = new App($("app"));
app.start();
