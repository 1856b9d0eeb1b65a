// room-members.js is the presenter's list of who is in the room
// (#room-members): each browser that joined is "Student N", here (with
// how many of its pages, and whether it explores on its own) or away. "Remove"
// asks once more, then removes the student: its pages are told, its votes
// stop counting, and it cannot join again (web/classroom/room.md).

import { h, clear } from "./dom.js";

// MemberList draws the list in details; remove(n) sends the command; t
// says the words.
export class MemberList {
  constructor(details, remove, t) {
    this.details = details;
    this.list = details.querySelector("ol");
    this.summary = details.querySelector("summary");
    this.label = this.summary.textContent;
    this.remove = remove;
    this.t = t;
    this.asking = 0; // the student whose removal waits for a second click
  }

  // draw shows seats, the members event's list.
  draw(seats) {
    const t = this.t;
    const here = seats.filter((s) => s.here).length;
    this.summary.textContent = this.label + t("colon") + (seats.length ? t("herecount", { n: here, k: seats.length }) : t("nobody"));
    this.details.dataset.here = String(here);
    this.details.dataset.seats = String(seats.length);
    if (!seats.some((s) => s.n === this.asking)) this.asking = 0;
    const rows = seats.map((s) => {
      // Following is the rule; a student exploring on their own is said.
      const state = !s.here ? t("away") : (s.tabs > 1 ? t("heretabs", { n: s.tabs }) : t("here")) + (s.following ? "" : " · " + t("explores"));
      const button = h("button", { type: "button", class: "remove", "data-seat": String(s.n) }, s.n === this.asking ? t("removesure", { n: s.n }) : t("remove"));
      button.addEventListener("click", () => {
        if (this.asking !== s.n) {
          this.asking = s.n;
          return this.draw(seats);
        }
        this.asking = 0;
        this.remove(s.n);
      });
      return h("li", { "data-seat": String(s.n), "data-here": String(s.here) },
        h("span", { class: "who" }, t("student", { n: s.n })),
        h("span", { class: "state" }, state),
        button);
    });
    clear(this.list).append(...rows);
  }
}
