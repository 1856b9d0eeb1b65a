// room-poll.js draws a room's poll (web/classroom/room.md). The server
// derives the question, counts the votes and reveals; this module only
// draws what it is sent.

import { h, clear } from "./dom.js";

// PollCard draws the open poll, its live tally and its result in
// #room-poll. Students vote by clicking an option; the presenter watches
// the tally, then reveals or withdraws.
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
  }

  // open shows poll. Nobody, not even the presenter's page on the
  // projector, knows the answer before the reveal.
  open(poll, tally) {
    this.poll = poll;
    this.vote = null;
    this.root.hidden = false;
    this.root.dataset.poll = String(poll.id);
    this.root.dataset.state = "open";
    this.rows = poll.options.map((o, i) => {
      const count = h("span", { class: "count", "data-count": "0" }, "0");
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

  // tally draws the counts of the open poll.
  tally(tl) {
    if (!this.poll || !tl || tl.poll !== this.poll.id) return;
    this.drawCounts(tl.counts, tl.votes);
  }

  drawCounts(counts, votes) {
    counts.forEach((n, i) => {
      const r = this.rows[i];
      if (!r) return;
      r.count.textContent = String(n);
      r.count.dataset.count = String(n);
      r.bar.style.setProperty("--share", votes ? n / votes : 0);
    });
    this.root.dataset.votes = String(votes);
    this.summary.textContent = [this.t(votes === 1 ? "vote1" : "votes", { n: votes }), this.vote !== null ? this.t("yourvote", { x: this.poll.options[this.vote].label }) : ""].filter(Boolean).join(" · ");
  }

  // voted marks the student's own counted vote.
  voted(pollID, option) {
    if (!this.poll || pollID !== this.poll.id) return;
    this.vote = option;
    this.rows.forEach((r, i) => r.row.setAttribute("aria-pressed", String(i === option)));
  }

  // reveal shows the result and closes the poll.
  reveal(res) {
    if (!this.poll || res.poll !== this.poll.id) return;
    this.root.dataset.state = "revealed";
    this.drawCounts(res.counts, res.votes);
    this.rows.forEach((r, i) => {
      r.row.classList.toggle("answer", i === res.answer);
      r.row.classList.toggle("chosen", i === res.chosen);
      if (r.row.tagName === "BUTTON") r.row.disabled = true;
      const pick = r.row.querySelector("button.pick");
      if (pick) pick.disabled = true;
    });
    const label = (i) => this.poll.options[i].label;
    const words = [res.answer >= 0 ? this.t("answer", { x: label(res.answer) }) : this.t("chosen", { x: label(res.chosen) })];
    if (!this.presenter && this.vote !== null) words.push(this.vote === (res.answer >= 0 ? res.answer : res.chosen) ? this.t("right") : this.t("wrong"));
    this.summary.textContent = words.join(" ");
    for (const b of this.root.querySelectorAll(".buttons button")) b.disabled = true;
    this.poll = null;
  }

  // cancel withdraws the poll.
  cancel(pollID) {
    if (!this.poll || pollID !== this.poll.id) return;
    this.root.dataset.state = "cancelled";
    this.poll = null;
    clear(this.root).append(h("p", { class: "summary" }, this.t("cancelled")));
  }
}
