// lab.js runs the lab, where a primitive is written in Lockstep's
// language: the editor, the server's check as you type (POST
// /lab/check: errors at their line and column, or the outcome of every
// schedule of the lesson), the explorer (POST /lab/explore: "Find the
// bug", or "Verify" for an assignment), the link into the playground and
// the link that shares the lab. The server decides everything; this
// script only collects and shows.

import { createEditor } from "./editor.js";

const $ = (id) => document.getElementById(id);
const initial = JSON.parse($("lab-initial").textContent);
const texts = initial.texts || {};
const say = (key, vars = {}) => (texts[key] || key).replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));

const status = $("lab-status");
const runs = $("lab-runs");
const verdict = $("lab-verdict");
const play = $("lab-play");
const explore = $("lab-explore");
const share = $("lab-share");
const variant = $("lab-variant");

let reply = null; // the last check's answer
let seq = 0; // numbers the checks, so a late answer is dropped
let timer = 0;

const editor = createEditor($("lab-editor"), {
  value: initial.source,
  label: say("editor.label"),
  hint: say("editor.hint"),
  onChange: () => {
    // Until the server has checked the new text, nothing may run it.
    clearTimeout(timer);
    timer = setTimeout(check, 250);
    status.dataset.state = "checking";
    explore.disabled = true;
    play.setAttribute("aria-disabled", "true");
    verdict.replaceChildren();
    delete verdict.dataset.state;
  },
});

// post sends body to url as JSON and returns the JSON answer.
async function post(url, body) {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) throw new Error(data.error || res.statusText);
  return data;
}

function request() {
  return { lang: initial.lang, lesson: initial.lesson.id, variant: variant.value, source: editor.value };
}

// check has the server compile the source and replay the lesson with it.
async function check() {
  const n = ++seq;
  status.dataset.state = "checking";
  status.textContent = say("checking");
  let r;
  try {
    r = await post(initial.check, request());
  } catch (err) {
    if (n === seq) showFailure(err);
    return;
  }
  if (n !== seq) return;
  reply = r;
  editor.setErrors(r.errors);
  showStatus(r);
  showRuns(r);
  play.href = r.playground || "#";
  play.setAttribute("aria-disabled", r.ok ? "false" : "true");
  explore.disabled = !r.ok;
  // The address carries the source, so a reload keeps it; not when the
  // source is too large for it.
  if (r.share && !r.share_error) history.replaceState(null, "", r.share);
}

function showFailure(err) {
  status.dataset.state = "error";
  status.textContent = say("failed", { msg: err.message });
}

// showStatus says whether the source compiles, and lists the errors as
// buttons that put the caret where each is.
function showStatus(r) {
  status.replaceChildren();
  if (r.ok) {
    status.dataset.state = "ok";
    status.textContent = say("ok", { labels: r.labels, ops: r.ops.join(", ") });
    return;
  }
  status.dataset.state = "error";
  const head = el("p", "", say(r.errors.length === 1 ? "errors.one" : "errors", { n: r.errors.length }));
  const list = el("ul", "errors");
  for (const e of r.errors) {
    const li = el("li");
    li.dataset.testid = "lab-error";
    if (e.line > 0) {
      const b = el("button", "error-at", `${e.line}:${e.col}`);
      b.type = "button";
      b.addEventListener("click", () => editor.goTo(e.line, e.col));
      li.append(b, " ");
    }
    li.append(e.message);
    list.append(li);
  }
  status.append(head, list);
}

// showRuns lists the lesson's schedules and what each leads to with the
// written primitive.
function showRuns(r) {
  runs.replaceChildren();
  if (!r.ok) return;
  const table = el("table");
  const head = el("tr");
  for (const h of ["runs.schedule", "runs.expect", "runs.got"]) head.append(el("th", "", say(h)));
  table.append(head);
  for (const run of r.runs || []) {
    const tr = el("tr", run.match ? "match" : "differs");
    tr.dataset.testid = "lab-run";
    const name = el("td");
    const a = el("a", "", run.title || run.name);
    a.href = run.link;
    name.append(a);
    tr.append(name, el("td", "", run.expect_name || "–"), el("td", "kind", run.kind_name + (run.match ? "" : " ≠")));
    table.append(tr);
    if (!run.match && run.message) {
      // What went wrong, under the run it went wrong in.
      const why = el("tr", "why");
      const td = el("td", "", run.message);
      td.colSpan = 3;
      td.dataset.testid = "lab-run-why";
      why.append(td);
      table.append(why);
    }
  }
  runs.append(table);
}

// runExplore runs the explorer on the written primitive: the
// assignment's grade, or a search for the first bug.
async function runExplore() {
  if (!reply || !reply.ok) return;
  explore.disabled = true;
  verdict.dataset.state = "running";
  verdict.textContent = say("exploring");
  let r;
  try {
    r = await post(initial.explore, request());
  } catch (err) {
    verdict.dataset.state = "error";
    verdict.textContent = say("failed", { msg: err.message });
    explore.disabled = false;
    return;
  }
  explore.disabled = false;
  verdict.replaceChildren();
  verdict.dataset.state = r.passed ? "passed" : "failed";
  let text = say("unfinished");
  if (r.passed) text = say(r.assignment ? "passed" : "verified");
  else if (r.found) text = say(r.assignment ? "notpassed" : "found");
  const head = el("p", "headline", text);
  head.dataset.testid = "lab-verdict-head";
  verdict.append(head);
  for (const c of r.checks) {
    const p = el("p", "check");
    p.dataset.testid = "lab-check";
    p.textContent = c.verdict;
    if (c.kind) {
      p.append(say("check.end"));
      const a = el("a", "", say("check.open"));
      a.href = c.link;
      a.dataset.testid = "lab-counterexample";
      p.append(a, el("br"), el("code", "", shortSchedule(c.schedule)), el("br"), c.message);
    }
    verdict.append(p);
  }
}

explore.addEventListener("click", runExplore);
variant.addEventListener("change", check);

// Start from: replace the source with an example, once confirmed when the
// text was edited.
$("lab-load").addEventListener("click", () => {
  const ex = initial.examples.find((e) => e.file === $("lab-from").value);
  if (!ex || ex.source === editor.value) return;
  if (editor.value !== initial.source && !confirm(say("load.confirm", { file: ex.file }))) return;
  editor.value = ex.source;
  initial.source = ex.source;
  check();
});

// Copy link: the lab's own link, which carries the source. Where the
// clipboard is refused, the link is shown to copy by hand.
share.addEventListener("click", async () => {
  if (reply && reply.share_error) {
    // The source is too large for a link: say so rather than copy a link
    // that would lose it.
    const field = $("lab-share-url");
    field.value = reply.share_error;
    field.hidden = false;
    return;
  }
  const url = new URL(reply && reply.share ? reply.share : location.href, location.href).href;
  share.dataset.url = url;
  try {
    await navigator.clipboard.writeText(url);
    share.textContent = say("share.copied");
    setTimeout(() => (share.textContent = say("share")), 2000);
  } catch {
    const field = $("lab-share-url");
    field.value = url;
    field.hidden = false;
    field.select();
  }
});

// shortSchedule is a schedule as the page shows it: a long one (a spin
// the step limit stopped) cut after its first steps; the link carries it
// whole.
function shortSchedule(text) {
  const tokens = text.split(" ");
  if (tokens.length <= 40) return text;
  return tokens.slice(0, 40).join(" ") + " " + say("schedule.more", { n: tokens.length - 40 });
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}

check();
