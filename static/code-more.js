// code-more.js draws the tabs of #code (code.js) other than the
// algorithm: the variant's Go source, its lines marked as the steps run,
// and another variant's algorithms. The page loads it the first time one
// of those tabs is shown.

import { h, clear, put, marker, tc, styleSheet } from "./dom.js";
import { cppTokens, tokens, keepVisible, withCols } from "./code.js";

// The Go tab's style sheet comes with its code: nothing is drawn unstyled.
await styleSheet(new URL("./code-more.css" + new URL(import.meta.url).search, import.meta.url).href);

const GO_KEYWORDS = new Set(
  "break case chan const continue default defer else fallthrough for func go goto if import interface map package range return select struct switch type var".split(" "),
);

// drawOther draws another variant's algorithms, one column per
// operation, without marks.
export function drawOther(code, variant) {
  const ops = code.algos[variant] || [];
  put(
    code.otherBox,
    withCols(
      h(
        "div",
        { class: "cols" },
        ops.map((a) =>
        h(
          "section",
          { class: "col", "data-op": a.op },
          h("h3", { class: "col-head" }, h("b", {}, variant), " · ", h("code", {}, a.op + "()")),
          h(
            "ol",
            { class: "alines" },
            a.lines.map((l) => h("li", { class: "aline", "data-label": l.label, title: l.doc }, h("span", { class: "marks" }), h("span", { class: "lab" }, l.label), h("code", { class: "cpp" }, ...cppTokens(l.code)))),
          ),
        ),
      ),
      ),
      Math.min(ops.length, 3),
    ),
  );
}

// buildGo renders the variant's Go files and the lesson's scripts in the
// Go tab.
export function buildGo(code, lesson) {
  const { t } = code.app;
  code.lines.clear();
  const scripts = h("ul", { class: "scripts" });
  for (const c of lesson.coroutines) {
    const ti = lesson.threads.indexOf(c.thread);
    scripts.append(
      h("li", { class: tc(ti) }, marker(ti, 16), h("b", {}, c.name), c.thread !== c.name ? h("small", {}, " " + t("code.on", { thread: c.thread })) : null, h("code", {}, c.script)),
    );
  }
  code.src = h("div", { class: "src", tabindex: "0", "aria-label": t("code.go") });
  for (const f of lesson.source || []) {
    const pre = h("pre", {});
    f.text.replace(/\n$/, "").split("\n").forEach((text, i) => {
      const line = h("span", { class: "line" }, h("span", { class: "marks" }), h("span", { class: "ln", "aria-hidden": "true" }, String(i + 1)), ...goTokens(text), "\n");
      code.lines.set(`${f.file}:${i + 1}`, line);
      pre.append(line);
    });
    code.src.append(h("section", {}, h("h3", { class: "file" }, f.file), pre));
  }
  put(code.goBox, scripts, code.src);
}

// markGo marks the Go lines: each thread's next step, and the step that
// just ran.
export function markGo(code, state) {
  const { lesson, t } = code.app;
  for (const el of code.goBox.querySelectorAll(".line.next, .line.ran")) {
    el.classList.remove("next", "ran");
    el.style.removeProperty("--c");
    el.removeAttribute("title");
    clear(el.querySelector(".marks"));
  }
  let focus = null;
  const ran = state.step && state.step.loc && code.lines.get(`${state.step.loc.file}:${state.step.loc.line}`);
  if (ran) {
    ran.classList.add("ran");
    ran.title = t("code.ran");
    focus = ran;
  }
  for (const p of state.pending) {
    const line = p.can_move && p.loc && code.lines.get(`${p.loc.file}:${p.loc.line}`);
    if (!line) continue;
    const ti = lesson.threads.indexOf(p.thread);
    line.classList.add("next");
    if (!line.style.getPropertyValue("--c")) line.style.setProperty("--c", `var(--${tc(ti)})`);
    line.querySelector(".marks").append(h("span", { class: `mk ${tc(ti)}`, title: p.thread }, marker(ti, 15), h("span", { class: "sr-only" }, p.thread)));
    focus = focus || line;
  }
  if (focus && !code.goBox.hidden) keepVisible(code.src, focus);
}

// goTokens splits one line of Go into spans: comments, strings, keywords.
function goTokens(line) {
  return tokens(line, /(\/\/.*$)|("(?:[^"\\]|\\.)*"|`[^`]*`)|\b([a-z]+)\b/g, GO_KEYWORDS);
}
