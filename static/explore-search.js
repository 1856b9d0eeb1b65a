// explore-search.js draws a search of the explorer (explore.js) once one
// has started: its progress and Cancel button beside Find the bug, then
// the server's verdict in #verdict and a button for each counterexample
// found. The page loads it, with its style sheet, when the button is
// first pressed: before that there is nothing of a search to draw.

import { h, put, styleSheet } from "./dom.js";
import { kindName } from "./i18n.js";

await styleSheet(new URL("./explore-search.css" + new URL(import.meta.url).search, import.meta.url).href);

// draw shows the search's progress or its verdict in ex's row.
export function draw(ex) {
  const w = ex.w;
  const line = ex.line;
  for (const k of ["verdict", "loaded", "executions", "queued"]) delete line.dataset[k];
  if (ex.running) {
    // The Cancel button and the line stay while the numbers change, so
    // that a click on Cancel is never lost to a redraw.
    const p = ex.progress || { states: 0, executions: 0, elapsed_ms: 0 };
    const vars = { states: count(p.states), runs: count(p.executions), secs: (p.elapsed_ms / 1000).toFixed(1) };
    if (ex.aside.firstChild !== ex.cancel) put(ex.aside, ex.cancel, ex.numbers);
    // A search that waits in the server's queue says how many are ahead,
    // in place of "Searching…", and has no numbers yet.
    put(line, p.queued ? fill(p.queued === 1 ? w.queued1 : w.queued, { n: p.queued }) : w.searching);
    ex.numbers.textContent = p.queued ? "" : fill(p.strategy === "random" ? w.progressRuns : w.progress, vars);
    line.dataset.queued = String(p.queued || 0);
    return;
  }
  const r = ex.result;
  put(ex.aside);
  put(ex.chips, r && r.counterexamples.length > 1 ? choices(ex, r) : null);
  put(line);
  if (!r) return;
  line.dataset.verdict = r.counterexamples.length ? "found" : r.complete ? "verified" : "incomplete";
  line.dataset.loaded = r.loaded || "";
  line.dataset.executions = String(r.executions);
  put(line, r.verdict);
  if (ex.app.state) markLoaded(ex, ex.app.state);
}

// choices are buttons that load each counterexample found.
function choices(ex, r) {
  const { t } = ex.app;
  return h(
    "span",
    { class: "choices" },
    h("span", { class: "sr-only" }, ex.w.others),
    r.counterexamples.map((c) =>
      h(
        "button",
        {
          type: "button",
          class: "chip",
          "data-kind": c.kind,
          title: fill(ex.w.load, { kind: kindName(t, c.kind), steps: c.steps }),
          onclick: () => ex.app.send("run", { schedule: c.schedule, step: 0 }),
        },
        kindName(t, c.kind),
      ),
    ),
  );
}

// markLoaded marks the counterexample the history runs.
export function markLoaded(ex, state) {
  if (!ex.result || !ex.chips) return;
  for (const b of ex.chips.querySelectorAll("button.chip")) {
    const c = ex.result.counterexamples.find((x) => x.kind === b.dataset.kind);
    b.setAttribute("aria-pressed", String(!!c && c.schedule === state.schedule));
  }
}

// count writes n with its thousands grouped, as the server's verdict does.
function count(n) {
  return Number(n || 0).toLocaleString("en-US");
}

// fill puts vars into a template's {name} holes.
function fill(text, vars) {
  return text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""));
}
