// room-challenge.js plays the lesson's challenge with the whole room
// (web/classroom/room.md, "Challenges"): the presenter starts it from the
// room's column, reveals hints to everyone and ends it; every student's
// page plays it on its own, as the scheduler, with the lesson page's
// challenge panel (challenge.js), and reports how far it got. The room
// counts the reports; this module only carries them and draws the counts.

import { h, clear, put } from "./dom.js";

const STRINGS = {
  en: {
    start: "◎ Challenge the room",
    startTitle: "Every student plays this lesson's challenge on their own page",
    title: "Challenge",
    goal: "Goal: ",
    count: "{k} of {n} reached the goal",
    stuck: "{k} stuck",
    hint: "Reveal hint {i} of {of} to all",
    nohint: "All hints revealed",
    show: "End, and show a winning run",
    end: "End the challenge",
    playing: "Challenge: you are the scheduler. Reach the goal on your own.",
    reached: "{k} of the room reached the goal",
  },
  zh: {
    start: "◎ 全班挑战",
    startTitle: "每个学生在自己的页面上玩本课的挑战",
    title: "挑战",
    goal: "目标：",
    count: "{n} 人中 {k} 人达到了目标",
    stuck: "{k} 人走进了死路",
    hint: "向全班揭示提示 {i}/{of}",
    nohint: "提示已全部揭示",
    show: "结束，并展示一个成功的运行",
    end: "结束挑战",
    playing: "挑战：你就是调度器。自己达到目标。",
    reached: "全班已有 {k} 人达到目标",
  },
};

// words returns the strings of lang with a filler of {name} holes.
function words(lang) {
  const w = STRINGS[lang] || STRINGS.en;
  return (key, vars = {}) => w[key].replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""));
}

// STUCK are the states of the challenge panel's status line from which
// the goal cannot be reached: the search covered every run from there,
// or the run is over.
const STUCK = new Set(["gone", "ended"]);

// openOf is the open challenge a welcome or challenge event says, or null.
function openOf(ev) {
  return ev.challenge && !ev.challenge.ended ? ev.challenge : null;
}

// PresenterChallenge is the challenge's section of the presenter's room
// column. room is the presenter's Room (room.js): its socket, its page's
// playground (app) and how many students it has.
export class PresenterChallenge {
  constructor(room, lang) {
    this.room = room;
    this.t = words(lang);
    this.open = null; // the open challenge, or null
    this.progress = null; // its latest progress
    this.el = h("section", { id: "room-challenge", class: "room-challenge", "data-testid": "room-challenge", "aria-label": this.t("title") });
    document.getElementById("room-ask").before(this.el);
  }

  // lesson is the lesson's challenge on the presenter's page, or null.
  get lesson() {
    const l = this.room.app.lesson;
    return (l && l.challenge) || null;
  }

  // start starts the challenge for everyone, at the first step of its
  // variant, and takes the presenter's page there.
  start() {
    const { lesson, state } = this.room.app;
    const c = this.lesson;
    if (!c || !state) return;
    const position = { lesson: lesson.id, variant: c.variant, params: lesson.params, lang: state.lang, schedule: "", position: 0 };
    if (state.memory === "c11") position.memory = "c11";
    this.room.sock.send("challenge", { position });
    const load = { lesson: lesson.id, variant: c.variant, params: lesson.params, step: 0, exact: true, lang: this.room.app.lang };
    if (position.memory) load.memory = "c11";
    this.room.app.send("load", load);
  }

  // end ends the challenge; with a win, the presenter's page then shows
  // its run, which every student's page follows, and without one what it
  // shows now (the presenter may have stepped on their own meanwhile).
  end(win) {
    const c = this.lesson;
    this.room.sock.send("end");
    this.open = null;
    if (win && c) {
      const { lesson } = this.room.app;
      this.room.app.send("load", { lesson: lesson.id, variant: c.variant, params: lesson.params, schedule: win.schedule, step: win.step, exact: true, lang: this.room.app.lang });
    } else {
      this.room.publish();
    }
    this.draw();
  }

  // event takes the room's welcome, challenge and progress events.
  event(ev) {
    if (ev.challenge || ev.type === "welcome") this.open = openOf(ev);
    if (ev.progress) this.progress = ev.progress;
    if (!this.open) this.progress = null;
    this.draw();
  }

  draw() {
    const { t } = this;
    const c = this.lesson;
    this.el.dataset.state = this.open ? "open" : "idle";
    if (!this.open) {
      clear(this.el);
      if (c) this.el.append(h("button", { type: "button", "data-action": "room-challenge", title: t("startTitle"), onclick: () => this.start() }, t("start")));
      return;
    }
    const p = this.progress && this.progress.challenge === this.open.id ? this.progress : { reached: 0, stuck: 0, wins: [] };
    const count = h("p", { class: "count", "data-testid": "room-challenge-count", "data-reached": String(p.reached), "data-stuck": String(p.stuck) },
      h("b", {}, t("count", { k: p.reached, n: this.room.students })), p.stuck ? " · " + t("stuck", { k: p.stuck }) : "");
    const { hints, shown } = this.open;
    const wins = p.wins || [];
    // put leaves out the parts that are null: append would print them.
    put(
      this.el,
      h("h2", {}, t("title")),
      c ? h("p", { class: "goal" }, h("b", {}, t("goal")), c.goal) : null,
      count,
      // The hints every page shows now, so the presenter can speak to them.
      c && shown ? h("ol", { class: "hints", "data-testid": "room-challenge-hints" }, ...c.hints.slice(0, shown).map((x) => h("li", {}, x))) : null,
      h("div", { class: "buttons" },
        hints ? h("button", { type: "button", "data-action": "room-hint", disabled: shown >= hints, onclick: () => this.room.sock.send("hint") }, shown < hints ? t("hint", { i: shown + 1, of: hints }) : t("nohint")) : null,
        h("button", { type: "button", "data-action": "room-show-win", disabled: !wins.length, onclick: () => this.end(wins[0]) }, t("show")),
        h("button", { type: "button", "data-action": "room-end", onclick: () => this.end(null) }, t("end")),
      ),
    );
  }
}

// StudentChallenge plays the room's challenge on a student's page: it
// loads the challenge's position, opens the challenge panel once the
// lesson is loaded, shows the hints the presenter revealed, and reports
// the panel's state to the room. room is the student's Room (room.js).
export class StudentChallenge {
  constructor(room, lang) {
    this.room = room;
    this.t = words(lang);
    this.open = null; // the open challenge, or null
    this.playing = 0; // the id of the challenge this page plays, or 0
    this.loadID = 0; // the load of its position
    this.sent = ""; // the last report, as a key
    this.line = h("p", { class: "room-challenge-count", "data-testid": "room-challenge-count", hidden: true });
    document.getElementById("room-roster").after(this.line);
    room.app.root.addEventListener("challenge-status", (e) => this.report(e.detail));
  }

  // event takes the room's welcome, challenge and progress events; it
  // returns whether the challenge this page played ended (a welcome
  // without it, after a reconnect, says so too).
  event(ev) {
    let ended = false;
    if (ev.challenge || ev.type === "welcome") {
      this.open = openOf(ev);
      ended = this.playing !== 0 && (!this.open || this.open.id !== this.playing);
      if (this.open && this.playing === this.open.id) this.showHints();
    }
    if (ev.progress && this.open && ev.progress.challenge === this.open.id) {
      this.line.hidden = false;
      this.line.textContent = this.t("reached", { k: ev.progress.reached });
    }
    if (ended) this.stop();
    return ended;
  }

  // play starts playing the open challenge from pos, once.
  play(pos) {
    if (!this.open || this.playing === this.open.id) return;
    this.playing = this.open.id;
    this.sent = "";
    const cmd = { lesson: pos.lesson, params: pos.params, step: pos.position, lang: this.room.app.lang, exact: true };
    if (pos.variant) cmd.variant = pos.variant;
    if (pos.schedule) cmd.schedule = pos.schedule;
    if (pos.memory) cmd.memory = pos.memory;
    this.loadID = this.room.app.send("load", cmd);
    return this.loadID;
  }

  // loaded opens the challenge panel once the lesson this page plays it
  // on is loaded.
  async loaded(msg) {
    if (!this.playing || msg.id !== this.loadID) return;
    this.loadID = 0;
    const id = this.playing;
    await this.room.app.toggleTool("challenge", true, true);
    // The challenge may have ended while the panel's code was loading.
    if (this.playing !== id) return this.room.app.toggleTool("challenge", false);
    this.showHints();
    this.send("playing", "", 0);
  }

  showHints() {
    const tool = this.room.app.tools.challenge;
    if (tool && tool.on && this.open) tool.showHints(this.open.shown);
  }

  // report tells the room the panel's state, when it changed.
  report(d) {
    if (!this.playing || !this.open || this.open.id !== this.playing || d.phase !== "goal") return;
    if (d.state === "reached") this.send("reached", d.schedule, d.step);
    else this.send(STUCK.has(d.state) ? "stuck" : "playing", "", d.step);
  }

  send(state, schedule, step) {
    const key = state === "reached" ? state + " " + schedule : state;
    if (key === this.sent) return;
    this.sent = key;
    const fields = { challenge: this.playing, state, step };
    if (schedule) fields.schedule = schedule;
    this.room.sock.send("progress", fields);
  }

  // stop ends the play: the panel closes, and the page follows again.
  stop() {
    this.playing = 0;
    this.loadID = 0;
    this.line.hidden = true;
    const tool = this.room.app.tools.challenge;
    if (tool && tool.on) this.room.app.toggleTool("challenge", false);
  }

  // status is the line the room's panel says while a challenge is played.
  status() {
    return this.t("playing");
  }
}
