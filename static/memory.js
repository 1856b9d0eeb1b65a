// memory.js is the part of the page only the c11 memory model needs: the
// writes a thread's next read may return, offered under its button, and
// their style sheet. app.js loads it when a state first offers a choice.

import { h } from "./dom.js";

const here = new URL(import.meta.url);
document.head.append(h("link", { rel: "stylesheet", href: new URL("./memory.css" + here.search, here).href }));

// words are this module's strings, by language.
const words = {
  en: { pick: "{thread} reads {cell}: choose the write", init: "initial value", stale: "stale", latest: "latest" },
  zh: { pick: "{thread} 读取 {cell}：选择要读的写", init: "初始值", stale: "过时", latest: "最新" },
};

// say is the string named k in the page's language, with {thread} and
// {cell} filled in.
function say(app, k, vars = {}) {
  const w = (words[app.lang] || words.en)[k];
  return w.replace(/\{(\w+)\}/g, (_, v) => vars[v] ?? "");
}

// switchMemory reloads the lesson under memory model mm ("sc" or "c11"),
// keeping the steps on screen; going back to sc drops the reads'
// choices, which only c11 has.
export function switchMemory(app, mm) {
  if (!app.lesson || !app.state) return;
  let schedule = app.state.schedule || "";
  if (mm === "sc") schedule = schedule.replace(/<[^\s]*/g, "");
  const cmd = { lesson: app.initial.lesson, lang: app.lang, variant: app.lesson.variant, params: app.lesson.params, memory: mm };
  if (app.initial.source) cmd.source = app.initial.source;
  if (schedule) Object.assign(cmd, { schedule, step: app.state.position });
  app.send("load", cmd);
}

// cell puts el, the button of thread p, above the writes its next read
// may return.
export function cell(app, p, el) {
  return h("div", { class: "thread-cell" }, el, readsBox(app, p));
}

// readsBox lists the writes p's next read may return: one button each,
// the stale ones marked; a click steps the thread with that write.
function readsBox(app, p) {
  const { send } = app;
  const r = p.reads;
  const box = h("div", { class: "reads", "data-reads": p.thread });
  box.append(h("span", { class: "reads-title" }, say(app, "pick", { thread: p.thread, cell: r.cell })));
  for (const c of r.candidates) {
    const who = c.from === "init" ? say(app, "init") : `${c.thread}${c.label ? "@" + c.label : ""} · #${c.step + 1}`;
    box.append(
      h(
        "button",
        {
          type: "button",
          class: "read-choice" + (c.latest ? " latest" : " stale"),
          "data-from": c.from,
          title: say(app, c.latest ? "latest" : "stale"),
          onclick: () => send("step", c.latest ? { thread: p.thread } : { thread: p.thread, from: c.from }),
        },
        h("b", {}, c.value),
        " ← " + who + (c.latest ? "" : " · " + say(app, "stale")),
      ),
    );
  }
  return box;
}
