// room-poll.js draws a room's poll (web/classroom/room.md). The server
// derives the question, counts the votes and reveals; this module only
// draws what it is sent.

import { h, clear } from "./dom.js";

// SHOWN_AFTER is how many positions the result of a poll stays for: the
// step the reveal performs, and then the card goes at the next one.
const SHOWN_AFTER = 2;

// PollCard draws the open poll, its live tally and its result in
// #room-poll. Students vote by clicking an option and see how many voted;
// the presenter sees the count of each option as it comes, then reveals
// or withdraws. After the reveal everyone sees the split, until the
// presenter moves on.
export class PollCard {
  // constructor takes the card's element, whether the page presents, the
  // page's translator and what the buttons do.
  constructor(root, presenter, t, actions) {
    this.root = root;
    this.presenter = presenter;
    this.t = t;
    this.actions = actions; // {vote(poll, i), reveal(i), cancel()}
    this.poll = null;
    this.vote = null;
    this.rows = [];
    this.moves = -1; // positions seen since the reveal; -1 when none is shown
  }

  // open shows poll. Nobody, not even the presenter's page on the
  // projector, knows the answer before the reveal.
  open(poll, tally) {
    this.poll = poll;
    this.vote = null;
    this.moves = -1;
    this.root.hidden = false;
    this.root.dataset.poll = String(poll.id);
    this.root.dataset.state = "open";
    this.root.dataset.kind = poll.kind || "";
    this.root.toggleAttribute("data-many", poll.options.length > 4);
    this.rows = poll.options.map((o, i) => {
      const count = h("span", { class: "count", "data-count": "0" });
      const bar = h("span", { class: "bar" });
      const body = [h("span", { class: "label" }, o.label), o.detail ? h("span", { class: "detail" }, o.detail) : null];
      const row = this.presenter
        ? h("div", { class: "option", "data-option": i }, h("span", { class: "choice" }, ...body), bar, count,
            poll.kind === "thread" ? h("button", { type: "button", class: "pick", onclick: () => this.actions.reveal(i) }, this.t("revealthis", { x: o.label })) : null)
        : h("button", { type: "button", class: "option", "data-option": i, onclick: () => this.actions.vote(poll.id, i) }, h("span", { class: "choice" }, ...body), bar, count);
      return { row, bar, count };
    });
    this.summary = h("p", { class: "summary", role: "status" });
    const buttons = this.presenter
      ? h("p", { class: "buttons" },
          h("button", { type: "button", class: "reveal", "data-testid": "poll-reveal", onclick: () => this.actions.reveal(-1) }, this.t("reveal")),
          h("button", { type: "button", class: "cancel", onclick: () => this.actions.cancel() }, this.t("cancel")))
      : null;
    clear(this.root).append(
      ...[
        h("h2", {}, this.t("poll")),
        h("p", { class: "question" }, poll.question),
        h("div", { class: "options" }, this.rows.map((r) => r.row)),
        this.summary,
        buttons,
      ].filter(Boolean),
    );
    this.tally(tally);
  }

  // tally draws the counts of the open poll: every option's on the
  // presenter's page, only how many voted on a student's.
  tally(tl) {
    if (!this.poll || !tl || tl.poll !== this.poll.id) return;
    this.drawCounts(tl.counts, tl.votes, false);
    this.root.dataset.votes = String(tl.votes);
    this.summary.textContent = [this.votes(tl.votes), this.vote !== null ? this.t("yourvote", { x: this.poll.options[this.vote].label }) : ""].filter(Boolean).join(" · ");
  }

  // drawCounts writes each option's count and bar; split adds its share
  // of the votes. Without counts (a student's tally) they stay empty.
  drawCounts(counts, votes, split) {
    this.rows.forEach((r, i) => {
      const n = counts ? counts[i] : undefined;
      r.bar.toggleAttribute("data-hidden", n === undefined);
      if (n === undefined) {
        r.count.textContent = "";
        return;
      }
      const share = votes ? n / votes : 0;
      r.count.textContent = split ? `${n} · ${Math.round(share * 100)}%` : String(n);
      r.count.dataset.count = String(n);
      r.bar.style.setProperty("--share", share);
    });
  }

  votes(n) {
    return this.t(n === 1 ? "vote1" : "votes", { n });
  }

  // voted marks the student's own counted vote.
  voted(pollID, option) {
    if (!this.poll || pollID !== this.poll.id) return;
    this.vote = option;
    this.rows.forEach((r, i) => r.row.setAttribute("aria-pressed", String(i === option)));
    this.summary.textContent = [this.votes(Number(this.root.dataset.votes || 0)), this.t("yourvote", { x: this.poll.options[option].label })].join(" · ");
  }

  // reveal shows the result, the split of the votes included, and closes
  // the poll. Only a poll with a right answer says whether a vote was
  // right: a thread poll's outcome is the presenter's choice.
  reveal(res) {
    if (!this.poll || res.poll !== this.poll.id) return;
    this.root.dataset.state = "revealed";
    this.root.dataset.votes = String(res.votes);
    this.drawCounts(res.counts, res.votes, true);
    this.rows.forEach((r, i) => {
      r.row.classList.toggle("answer", i === res.answer);
      r.row.classList.toggle("chosen", i === res.chosen);
      if (r.row.tagName === "BUTTON") r.row.disabled = true;
      const pick = r.row.querySelector("button.pick");
      if (pick) pick.disabled = true;
    });
    const label = (i) => this.poll.options[i].label;
    const words = [res.answer >= 0 ? this.t("answer", { x: label(res.answer) }) : this.t("moves", { x: label(res.chosen) })];
    if (!this.presenter && this.vote !== null && res.answer >= 0) words.push(this.vote === res.answer ? this.t("right") : this.t("wrong"));
    words.push(this.votes(res.votes));
    this.summary.textContent = words.join(" ");
    for (const b of this.root.querySelectorAll(".buttons button")) b.disabled = true;
    this.poll = null;
    this.moves = 0;
  }

  // moved tells the card the presenter's position changed: a result is
  // shown for the step the reveal performs, and goes at the next one.
  moved() {
    if (this.moves < 0 || this.poll) return;
    this.moves++;
    if (this.moves >= SHOWN_AFTER) this.hide();
  }

  // hide takes the card away.
  hide() {
    this.moves = -1;
    this.root.hidden = true;
    this.root.dataset.state = "";
    clear(this.root);
  }

  // cancel withdraws the poll.
  cancel(pollID) {
    if (!this.poll || pollID !== this.poll.id) return;
    this.root.dataset.state = "cancelled";
    this.poll = null;
    this.moves = 1; // gone at the next position
    clear(this.root).append(h("p", { class: "summary" }, this.t("cancelled")));
  }
}
