// room.js joins a live classroom (web/classroom/room.md). It starts the
// page's playground (app.js), which keeps its own playground socket, and
// opens the room's socket beside it:
//   - on the presenter's page it publishes the position after every state,
//     asks the class to predict the next step, shows the tally live and
//     reveals, which steps the chosen thread;
//   - on a student's page it mirrors the presenter's position on the
//     page's own playground socket until the student acts on their own
//     (branching off), and snaps back on request; the student votes;
//   - while the room plays the lesson's challenge (room-challenge.js),
//     each student's page plays it on its own and the presenter's column
//     counts who reached the goal.
// The server computes the polls and counts the votes; this module only
// carries commands and draws what it is sent.

import { watch } from "./app.js";
import { Connection, socketURL } from "./protocol.js";
import { h, clear } from "./dom.js";
import { PollCard } from "./room-poll.js";
import { LessonPicker } from "./room-pick.js";
import { MemberList } from "./room-members.js";
import { PresenterChallenge, StudentChallenge } from "./room-challenge.js";
import { STRINGS, lang, t, said } from "./room-words.js";

// VERSION is the room protocol's version.
const VERSION = 1;

// FINAL is the close status of a refusal (no such room, a full room, a bad
// token): reconnecting would be refused again.
const FINAL = 4403;

const $ = (id) => document.getElementById(id);

// Room is the page's side of the room: the socket, the panel and the role.
class Room {
  constructor(cfg) {
    this.cfg = cfg;
    this.panel = $("room");
    this.status = $("room-status");
    this.roster = $("room-roster");
    this.title = $("room-lesson");
    this.app = watch((msg) => {
      if (msg.type === "loaded") this.loaded(msg.lesson);
      this.playground(msg);
    });
    this.card = new PollCard($("room-poll"), cfg.role === "presenter", t, {
      vote: (poll, option) => this.sock.send("vote", { poll, option }),
      reveal: (option) => this.sock.send("reveal", option >= 0 ? { option } : {}),
      cancel: () => this.sock.send("cancel"),
    });
    // The room's socket reconnects after a drop, and stops for good after
    // a refusal or a closed event that says not to retry.
    this.sock = new Connection(socketURL(location, cfg.socket), {
      onEvent: (ev) => this.event(ev),
      onStatus: (st) => this.connection(st),
      version: VERSION,
      greeting: "welcome",
      final: (msg, code) => (msg ? msg.type === "closed" && !msg.retry : code === FINAL),
    });
  }

  start() {
    this.sock.open();
  }

  connection(st) {
    this.panel.dataset.connection = st;
    if (st === "connecting" && !this.panel.dataset.welcomed) this.say(t("connecting"));
    else if (st === "closed") this.say(t("lost"));
    else if (st === "open") this.say("");
  }

  // say shows a status line; the server's messages start in lower case.
  say(text) {
    this.status.textContent = text ? text[0].toUpperCase() + text.slice(1) : "";
  }

  // event handles one event of the room's socket.
  event(ev) {
    switch (ev.type) {
      case "welcome":
        this.panel.dataset.welcomed = "true";
        this.panel.dataset.member = ev.member;
        if (ev.roster) this.drawRoster(ev.roster);
        if (ev.poll) this.card.open(ev.poll, ev.tally);
        this.welcome(ev);
        break;
      case "challenge":
      case "progress":
        this.challenged(ev);
        break;
      case "roster":
        this.drawRoster(ev.roster);
        break;
      case "members":
        this.drawMembers(ev.members || []);
        break;
      case "poll":
        this.card.open(ev.poll, ev.tally);
        break;
      case "tally":
        this.card.tally(ev.tally);
        break;
      case "voted":
        this.card.voted(ev.poll_id, ev.vote);
        break;
      case "reveal":
        this.card.reveal(ev.result);
        this.revealed(ev.result);
        break;
      case "cancel":
        this.card.cancel(ev.poll_id);
        break;
      case "position":
        this.position(ev);
        break;
      case "error":
        this.say(t("error", { msg: said(ev) }));
        break;
      case "closed":
        // The reason in the page's language; the server's words otherwise.
        this.say(ev.reason && STRINGS.en["closed-" + ev.reason] ? t("closed-" + ev.reason) : said(ev));
        this.panel.dataset.closed = ev.retry ? "" : "true";
        if (!ev.retry) this.closed();
        break;
    }
  }

  // loaded names the lesson on screen in the header.
  loaded(lesson) {
    this.title.textContent = lesson.title;
  }

  // The hooks each role fills in.
  welcome() {}
  challenged() {}
  position() {}
  revealed() {}
  closed() {}
  playground() {}
  drawRoster() {}
  drawMembers() {}
}

// Presenter publishes its page's position and runs the polls.
class Presenter extends Room {
  constructor(cfg) {
    super(cfg);
    this.ask = $("room-ask");
    this.picker = new LessonPicker($("room-pick"), cfg.variants, this.app);
    this.members = new MemberList($("room-members"), (seat) => this.sock.send("remove", { seat }), t);
    this.challenge = new PresenterChallenge(this, lang);
    this.students = 0;
    this.shown = null; // the last position published, as a key
    $("room-close").addEventListener("click", () => {
      if (confirm(t("confirmclose"))) this.sock.send("close");
    });
    // In presentation mode the header's Room button shuts the room's
    // column, open at first (the class needs the code to join); a poll
    // opens it whatever the button says.
    const panel = $("room");
    panel.classList.add("open");
    const drawer = h("button", { type: "button", id: "room-drawer", class: "room-drawer", "aria-controls": "room", "aria-expanded": "true" }, t("drawer"));
    drawer.addEventListener("click", () => {
      const open = panel.classList.toggle("open");
      drawer.setAttribute("aria-expanded", String(open));
    });
    document.querySelector("header.site").append(drawer);
  }

  // welcome publishes the page's position, unless the room plays a
  // challenge: the students play it from the position it started at.
  welcome(ev) {
    this.challenge.event(ev);
    this.drawMembers(ev.members || []);
    this.publish();
  }

  drawMembers(seats) {
    this.members.draw(seats);
  }

  challenged(ev) {
    this.challenge.event(ev);
    if (this.app.state) this.drawAsk(this.app.state);
  }

  drawRoster(r) {
    this.students = r.students;
    if (this.challenge.open) this.challenge.draw();
    this.roster.textContent = t(r.students === 1 ? "student1" : "students", { n: r.students, k: r.following });
    this.roster.dataset.students = String(r.students);
    this.roster.dataset.following = String(r.following);
  }

  // playground publishes every state the page shows.
  playground(msg) {
    if (msg.type !== "state") return;
    this.publish();
    this.drawAsk(msg);
  }

  loaded(lesson) {
    super.loaded(lesson);
    this.picker.loaded(lesson);
    this.challenge.draw();
  }

  // publish sends the position on screen; a new one also moves a revealed
  // poll's card along (PollCard.moved).
  publish() {
    const { lesson, state } = this.app;
    if (!lesson || !state || this.challenge.open) return;
    const position = { lesson: lesson.id, variant: state.variant, params: lesson.params, lang: state.lang, schedule: state.schedule, position: state.position, memory: state.memory === "c11" ? "c11" : undefined };
    const key = JSON.stringify(position);
    if (this.shown !== null && key !== this.shown) this.card.moved();
    this.shown = key;
    this.sock.send("publish", { position });
  }

  // drawAsk offers the questions the position allows: who moves next, and
  // for each thread about to touch a cell, what it will hold or read.
  drawAsk(state) {
    const movers = state.pending.filter((p) => p.can_move);
    const cellOps = new Set(["load", "read", "store", "write", "exchange", "cas", "fetch_add"]);
    const poll = (fields) => () => this.sock.send("poll", fields);
    const buttons = [];
    if (this.challenge.open) return clear(this.ask);
    if (movers.length >= 2) buttons.push(h("button", { type: "button", "data-kind": "thread", onclick: poll({ kind: "thread" }) }, t("asknext")));
    for (const p of movers) {
      if (!cellOps.has(p.op) || !p.cell) continue;
      const key = p.op === "load" || p.op === "read" ? "askread" : "askhold";
      buttons.push(
        h("button", { type: "button", "data-kind": "value", "data-thread": p.thread, onclick: poll({ kind: "value", thread: p.thread }) },
          t(key, { thread: p.thread, cell: p.cell })),
      );
    }
    clear(this.ask).append(h("h2", {}, t("ask")), ...buttons);
  }

  // revealed steps the thread the poll's result names.
  revealed(res) {
    if (res.thread) this.app.send("step", { thread: res.thread });
  }

  closed() {
    clear(this.ask);
    $("room-close").disabled = true;
  }
}

// Student mirrors the presenter's position until it branches off.
class Student extends Room {
  constructor(cfg) {
    super(cfg);
    this.following = true;
    this.latest = null; // the presenter's latest position event
    this.mirrored = null; // what the playground last loaded from it
    this.ours = new Set(); // ids of the playground commands sent here
    this.toggle = $("room-toggle");
    this.follow = $("room-follow");
    this.toggle.addEventListener("click", () => (this.following ? this.branch() : this.snapBack()));
    this.challenge = new StudentChallenge(this, lang);
    this.drawFollow();
  }

  // challenged plays the challenge once it and its position are both
  // known (the position comes first), and follows again when it ends.
  challenged(ev) {
    if (this.challenge.event(ev)) return this.snapBack();
    this.mirror();
  }

  drawRoster(r) {
    this.roster.textContent = t("inroom", { n: r.students }) + (r.presenter ? "" : " · " + t("nopresenter"));
  }

  welcome(ev) {
    if (ev.seat) $("room-seat").textContent = t("you", { n: ev.seat });
    if (this.challenge.event(ev)) this.following = true;
    this.drawFollow();
    if (ev.position && (!this.latest || ev.seq !== this.latest.seq)) this.latest = ev;
    if (!ev.position) this.follow.textContent = t("waiting");
    this.sock.send("follow", { following: this.following });
    this.mirror();
  }

  position(ev) {
    if (this.latest && ev.seq <= this.latest.seq) return;
    this.latest = ev;
    this.card.moved();
    this.mirror();
  }

  // playground watches the page's own socket: a reconnect mirrors again,
  // and any reply to a command this module did not send means the student
  // acted on their own, which branches off.
  playground(msg) {
    if (msg.type === "hello") {
      // app.js has just sent its own load for the reconnect.
      this.ours.add(this.app.conn.nextID - 1);
      this.mirrored = null;
      this.mirror();
      return;
    }
    if (msg.type === "loaded") this.challenge.loaded(msg);
    if (msg.id === undefined || this.challenge.playing) return;
    if (!this.ours.has(msg.id)) {
      if (this.following && msg.type !== "loaded") this.branch();
      return;
    }
    if (msg.type !== "loaded") this.ours.delete(msg.id);
  }

  // mirror shows the presenter's latest position on the page: a goto
  // along the history already loaded, else a load of its history. The
  // position's mode (room.md) is the panel's data-mode, followed or not.
  mirror() {
    if (!this.latest) return;
    const pos = this.latest.position;
    this.panel.dataset.mode = pos.mode || "";
    if (pos.mode === "challenge") {
      // The student plays on their own: the roster does not count them
      // as following until the challenge ends (snapBack).
      if (this.challenge.play(pos)) {
        this.following = false;
        this.sock.send("follow", { following: false });
        this.drawFollow();
      }
      return;
    }
    if (!this.following) return;
    this.drawFollow();
    const key = JSON.stringify([pos.lesson, pos.variant || "", sorted(pos.params), pos.schedule, pos.memory || ""]);
    let id;
    if (key === this.mirrored) {
      id = this.app.send("goto", { step: pos.position });
    } else {
      // exact: the presenter's history as it is, no future filled in.
      const cmd = { lesson: pos.lesson, params: pos.params, step: pos.position, lang: this.app.lang, exact: true };
      if (pos.variant) cmd.variant = pos.variant;
      if (pos.schedule) cmd.schedule = pos.schedule;
      if (pos.memory) cmd.memory = pos.memory;
      id = this.app.send("load", cmd);
      this.mirrored = id ? key : null;
    }
    if (id) this.ours.add(id);
  }

  branch() {
    this.following = false;
    this.sock.send("follow", { following: false });
    this.drawFollow();
  }

  snapBack() {
    this.following = true;
    this.mirrored = null;
    this.sock.send("follow", { following: true });
    this.mirror();
    this.drawFollow();
  }

  drawFollow() {
    this.panel.dataset.following = String(this.following);
    this.follow.textContent = this.challenge.playing ? this.challenge.status() : this.following ? (this.latest ? t("following") : t("waiting")) : t("exploring");
    this.toggle.textContent = this.following ? t("explore") : t("back");
  }

  closed() {
    this.following = false;
    this.toggle.disabled = true;
    this.panel.dataset.following = "false";
    this.follow.textContent = "";
  }
}

// sorted is params with its keys in order, so equal maps compare equal.
function sorted(params) {
  return Object.fromEntries(Object.entries(params || {}).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const cfg = JSON.parse($("lockstep-room").textContent);
(cfg.role === "presenter" ? new Presenter(cfg) : new Student(cfg)).start();
