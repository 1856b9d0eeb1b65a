// code.js shows #code: the real Go source of the primitive variant, with
// each thread's next line marked in its colour and shape, the line that
// just ran underlined, and the lesson's coroutine scripts beside it.

import { h, clear, marker } from "./dom.js";

const KEYWORDS = new Set(
  "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var".split(" "),
);

// Code owns #code.
export class Code {
  constructor(root, app) {
    this.root = root;
    this.app = app;
    this.lines = new Map(); // "file:line" -> line element
  }

  // loaded renders the lesson's sources and scripts.
  loaded(lesson) {
    const { t } = this.app;
    this.lines.clear();
    this.scripts = h("ul", { class: "scripts" });
    this.coros = new Map();
    for (const c of lesson.coroutines) {
      const ti = lesson.threads.indexOf(c.thread);
      const li = h(
        "li",
        { class: `t${ti % 8}` },
        marker(ti, 16),
        h("b", {}, c.name),
        c.thread !== c.name ? h("small", {}, " " + t("code.on", { thread: c.thread })) : null,
        h("code", {}, c.script),
      );
      this.coros.set(c.name, li);
      this.scripts.append(li);
    }
    this.box = h("div", { class: "src", tabindex: "0", "aria-label": t("code.label") });
    for (const f of lesson.source || []) {
      const pre = h("pre", {});
      f.text.replace(/\n$/, "").split("\n").forEach((text, i) => {
        const line = h("span", { class: "line" }, h("span", { class: "marks" }), h("span", { class: "ln", "aria-hidden": "true" }, String(i + 1)), ...tokens(text), "\n");
        this.lines.set(`${f.file}:${i + 1}`, line);
        pre.append(line);
      });
      this.box.append(h("section", {}, h("h3", { class: "file" }, f.file), pre));
    }
    clear(this.root).append(h("h2", { class: "sr-only" }, t("code.label")), this.scripts, this.box);
  }

  // update marks the lines for state.
  update(state) {
    const { lesson, t } = this.app;
    for (const el of this.root.querySelectorAll(".line.next, .line.ran")) {
      el.classList.remove("next", "ran");
      el.style.removeProperty("--c");
      el.removeAttribute("title");
      clear(el.querySelector(".marks"));
    }
    let focus = null;
    const ran = state.step && state.step.loc && this.lines.get(`${state.step.loc.file}:${state.step.loc.line}`);
    if (ran) {
      ran.classList.add("ran");
      ran.title = t("code.ran");
      focus = ran;
    }
    for (const p of state.pending) {
      const line = p.can_move && p.loc && this.lines.get(`${p.loc.file}:${p.loc.line}`);
      if (!line) continue;
      const ti = lesson.threads.indexOf(p.thread);
      line.classList.add("next");
      if (!line.style.getPropertyValue("--c")) line.style.setProperty("--c", `var(--t${ti % 8})`);
      line.querySelector(".marks").append(h("span", { class: `mk t${ti % 8}`, title: p.thread }, marker(ti, 15), h("span", { class: "sr-only" }, p.thread)));
      focus = focus || line;
    }
    for (const c of state.snapshot.coroutines) {
      const li = this.coros.get(c.name);
      if (!li) continue;
      li.dataset.status = c.status;
      li.title = c.op ? `${c.op} · ${c.label}` : t("status." + c.status);
    }
    if (focus) keepVisible(this.box, focus);
  }
}

// tokens splits one line of Go into spans: comments, strings, keywords.
function tokens(line) {
  const out = [];
  const re = /(\/\/.*$)|("(?:[^"\\]|\\.)*"|`[^`]*`)|\b([a-z]+)\b/g;
  let last = 0;
  for (const m of line.matchAll(re)) {
    if (m[3] && !KEYWORDS.has(m[3])) continue;
    if (m.index > last) out.push(line.slice(last, m.index));
    out.push(h("span", { class: m[1] ? "cm" : m[2] ? "st" : "kw" }, m[0]));
    last = m.index + m[0].length;
  }
  out.push(line.slice(last));
  return out;
}

// keepVisible scrolls box (not the page) so that el sits in its upper third
// when it is out of view. box is positioned, so it is el's offsetParent.
function keepVisible(box, el) {
  const top = el.offsetTop;
  if (top < box.scrollTop + 8 || top + el.offsetHeight > box.scrollTop + box.clientHeight - 8) {
    box.scrollTop = Math.max(0, top - box.clientHeight / 3);
  }
}
