// reads.js draws, under a thread's button, the writes its next read may
// return under the c11 memory model (controls.js loads it when a read
// first has a choice).

import { h } from "./dom.js";

// readChoices lists the writes a thread's next read may return (c11): one
// button each, the stale ones marked; a click steps the thread with that
// write. p's read has a choice (p.reads).
export function readChoices(app, p) {
  const { t, send } = app;
  const r = p.reads;
  const box = h("div", { class: "reads", "data-reads": p.thread });
  box.append(h("span", { class: "reads-title" }, t("read.pick", { thread: p.thread, cell: r.cell })));
  for (const c of r.candidates) {
    const who = c.from === "init" ? t("read.init") : `${c.thread}${c.label ? "@" + c.label : ""} · #${c.step + 1}`;
    box.append(
      h(
        "button",
        {
          type: "button",
          class: "read-choice" + (c.latest ? " latest" : " stale"),
          "data-from": c.from,
          title: c.latest ? t("read.latest") : t("read.stale"),
          onclick: () => send("step", c.latest ? { thread: p.thread } : { thread: p.thread, from: c.from }),
        },
        h("b", {}, c.value),
        " ← " + who + (c.latest ? "" : " · " + t("read.stale")),
      ),
    );
  }
  return box;
}
