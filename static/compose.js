// compose.js runs the page where a lesson is written in the browser. It
// fills the form from the draft in #compose-initial, keeps the rows
// (parameters, coroutines, schedules) and the primitive's settings in
// step, and has the server check the form as it is typed: POST
// /compose/check answers with the errors of each field, shown next to it,
// or with the lesson's link, which "Open in playground" then follows. The
// server decides everything; this script only collects and shows.

const $ = (id) => document.getElementById(id);
const initial = JSON.parse($("compose-initial").textContent);
const form = $("compose-form");
const texts = initial.texts || {};
const say = (key, vars = {}) => (texts[key] || key).replace(/\{(\w+)\}/g, (m, k) => (k in vars ? String(vars[k]) : m));

// primitive returns the description of the primitive named name.
function primitive(name) {
  return initial.primitives.find((p) => p.name === name) || initial.primitives[0];
}

// field returns the element of the head of the form for a draft field.
function field(name) {
  return form.querySelector(`[data-field="${name}"]`);
}

// --- rows -------------------------------------------------------------

// addRow appends a row to a section from its <template>, filled from
// values, and numbers the section's fields.
function addRow(section, values = {}) {
  const list = form.querySelector(`[data-rows="${section}"] .row-list`);
  const row = $(`row-${section}`).content.firstElementChild.cloneNode(true);
  for (const el of row.querySelectorAll("[data-sub]")) {
    const v = values[el.dataset.sub];
    if (el.type === "checkbox") el.checked = !!v;
    else if (v !== undefined) el.value = v;
  }
  if (section === "schedules") {
    fillExpect(row, { ...(values.expect || {}) }, { ...(values.by_variant || {}) });
    // The memory model the schedule runs under: c11 lets its steps choose
    // the writes reads return (S@S3<1).
    const mem = document.createElement("input");
    mem.type = "checkbox";
    mem.dataset.memory = "";
    mem.checked = values.memory === "c11";
    mem.addEventListener("change", () => changed());
    const label = document.createElement("label");
    label.className = "memory-sched";
    label.append(mem, " memory c11");
    row.append(label);
  }
  row.querySelector(".remove-row").addEventListener("click", () => {
    row.remove();
    number(section);
    changed();
  });
  list.append(row);
  number(section);
  return row;
}

// number gives every field of a section's rows its draft name
// ("coroutines.1.script"), which is how errors find it.
function number(section) {
  const rows = form.querySelectorAll(`[data-rows="${section}"] .row`);
  rows.forEach((row, i) => {
    for (const el of row.querySelectorAll("[data-sub]")) el.dataset.field = `${section}.${i}.${el.dataset.sub}`;
    for (const el of row.querySelectorAll("[data-error-sub]")) el.dataset.errorFor = `${section}.${i}.${el.dataset.errorSub}`;
    for (const el of row.querySelectorAll("select[data-variant]")) {
      el.dataset.field = `${section}.${i}.expect.${el.dataset.variant}`;
      el.nextElementSibling.dataset.errorFor = el.dataset.field;
    }
    for (const el of row.querySelectorAll("input[data-variant-steps]")) {
      el.dataset.field = `${section}.${i}.by_variant.${el.dataset.variantSteps}`;
      el.nextElementSibling.dataset.errorFor = el.dataset.field;
    }
  });
}

// fillExpect puts in a schedule row, for each chosen variant, a menu of
// the expected outcome and a field for the variant's own steps, keeping
// what was there.
function fillExpect(row, expect, byVariant) {
  const box = row.querySelector("[data-expect]");
  for (const sel of box.querySelectorAll("select[data-variant]")) expect[sel.dataset.variant] ??= sel.value;
  for (const el of box.querySelectorAll("input[data-variant-steps]")) byVariant[el.dataset.variantSteps] ??= el.value;
  for (const el of box.querySelectorAll(".expect-one")) el.remove();
  const errorSpan = () => {
    const err = document.createElement("span");
    err.className = "field-error";
    err.setAttribute("role", "alert");
    return err;
  };
  for (const v of chosenVariants()) {
    const sel = document.createElement("select");
    sel.dataset.variant = v;
    sel.setAttribute("aria-label", say("expect.on", { v }));
    sel.append(new Option(say("expect.none"), ""));
    for (const k of initial.kinds) sel.append(new Option(k.name === k.kind ? k.kind : `${k.name} (${k.kind})`, k.kind));
    sel.value = expect[v] || "";
    const own = document.createElement("input");
    own.type = "text";
    own.spellcheck = false;
    own.dataset.variantSteps = v;
    own.placeholder = say("steps.same");
    own.setAttribute("aria-label", say("steps.on", { v }));
    own.value = byVariant[v] || "";
    const found = document.createElement("small");
    found.className = "found";
    found.dataset.variant = v;
    const one = document.createElement("div");
    one.className = "expect-one";
    const name = document.createElement("b");
    name.textContent = v;
    one.append(name, sel, errorSpan(), own, errorSpan(), found);
    box.append(one);
  }
}

// --- the primitive's settings -----------------------------------------

// chosenVariants are the variants ticked, in the primitive's order.
function chosenVariants() {
  return [...field("variants").querySelectorAll("input:checked")].map((c) => c.value);
}

// showPrimitive draws what depends on the primitive: its variants, its
// initial setting, its operations, and the schedules' expectations.
function showPrimitive(variants) {
  const p = primitive(field("primitive").value);
  const box = field("variants");
  const keep = variants || chosenVariants();
  box.replaceChildren();
  for (const v of p.variants) {
    const c = document.createElement("input");
    c.type = "checkbox";
    c.value = v;
    c.checked = keep.length === 0 || keep.includes(v);
    const l = document.createElement("label");
    l.append(c, " " + v);
    box.append(l);
  }
  for (const el of form.querySelectorAll("[data-init]")) {
    el.hidden = !(el.dataset.init === p.init || (el.dataset.init === "lock" && p.name === "mutex"));
  }
  const ops = p.ops.map((o) => (p.arg_ops.includes(o) ? `${o} N` : o));
  $("compose-ops").textContent = `${$("compose-ops").dataset.prefix} ${ops.join(", ")}`;
  refreshExpect();
}

// refreshExpect redraws the schedules' expectations for the variants.
function refreshExpect() {
  for (const row of form.querySelectorAll('[data-rows="schedules"] .row')) fillExpect(row, {}, {});
  number("schedules");
}

// --- the draft ---------------------------------------------------------

// load fills the form from a draft.
function load(d) {
  for (const k of ["title", "title_zh", "summary", "narrative", "init_count"]) field(k).value = d[k] || "";
  for (const k of ["init_set", "value", "fifo"]) field(k).checked = !!d[k];
  field("primitive").value = d.primitive || initial.primitives[0].name;
  field("submit").value = d.submit || "enqueue";
  showPrimitive(d.variants || []);
  for (const s of ["params", "coroutines", "schedules"]) {
    form.querySelector(`[data-rows="${s}"] .row-list`).replaceChildren();
    for (const values of d[s] || []) addRow(s, values);
  }
}

// collect reads the draft from the form.
function collect() {
  const d = { lang: initial.lang, variants: chosenVariants() };
  for (const k of ["title", "title_zh", "summary", "narrative", "init_count", "primitive", "submit"]) d[k] = field(k).value;
  for (const k of ["init_set", "value", "fifo"]) d[k] = field(k).checked;
  const rows = (s) => [...form.querySelectorAll(`[data-rows="${s}"] .row`)];
  const subs = (row) =>
    Object.fromEntries([...row.querySelectorAll("[data-sub]")].map((el) => [el.dataset.sub, el.type === "checkbox" ? el.checked : el.value]));
  d.params = rows("params").map(subs);
  d.coroutines = rows("coroutines").map(subs);
  d.schedules = rows("schedules").map((row) => {
    const s = subs(row);
    s.expect = {};
    for (const sel of row.querySelectorAll("select[data-variant]")) if (sel.value) s.expect[sel.dataset.variant] = sel.value;
    s.by_variant = {};
    for (const el of row.querySelectorAll("input[data-variant-steps]")) if (el.value.trim()) s.by_variant[el.dataset.variantSteps] = el.value;
    if (row.querySelector("input[data-memory]")?.checked) s.memory = "c11";
    return s;
  });
  return d;
}

// --- checking -----------------------------------------------------------

let timer = 0;
let asked = 0; // the number of the last check asked for

// changed schedules a check of the form.
function changed() {
  clearTimeout(timer);
  timer = setTimeout(check, 350);
}

// check sends the form to the server and shows its answer; an answer to
// an older check than the last one is dropped.
async function check() {
  clearTimeout(timer);
  const n = ++asked;
  const status = $("compose-status");
  status.textContent = say("checking");
  status.className = "cstatus";
  let reply;
  try {
    const res = await fetch(initial.check, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(collect()),
    });
    reply = await res.json();
  } catch (e) {
    if (n !== asked) return;
    status.textContent = say("failed", { msg: e.message });
    status.className = "cstatus error";
    return;
  }
  if (n !== asked) return;
  show(reply);
}

// show draws a check's reply: every error next to its field, what each
// schedule ends in, the lesson file and the link.
function show(reply) {
  for (const el of form.querySelectorAll(".field-error")) el.textContent = "";
  for (const el of form.querySelectorAll("[aria-invalid]")) el.removeAttribute("aria-invalid");
  for (const el of form.querySelectorAll("small.found")) el.textContent = "";
  for (const e of reply.errors || []) {
    let target = form.querySelector(`.field-error[data-error-for="${e.field}"]`);
    // A field of a row without its own place shows in its section.
    if (!target) target = form.querySelector(`.field-error[data-error-for="${e.field.split(".")[0]}"]`);
    if (!target) target = form.querySelector('.field-error[data-error-for=""]');
    target.textContent = target.textContent ? `${target.textContent} ${e.message}` : e.message;
    const input = form.querySelector(`[data-field="${e.field}"]`);
    if (input) input.setAttribute("aria-invalid", "true");
  }
  const rows = form.querySelectorAll('[data-rows="schedules"] .row');
  for (const o of reply.outcomes || []) {
    const el = rows[o.schedule] && rows[o.schedule].querySelector(`small.found[data-variant="${o.variant}"]`);
    if (el) {
      el.textContent = `${say("found")}: ${o.name}`;
      el.dataset.kind = o.kind;
    }
  }
  const open = $("compose-open");
  const status = $("compose-status");
  if (reply.ok) {
    open.href = reply.link;
    open.removeAttribute("aria-disabled");
    status.textContent = say("ok", { size: reply.size, limit: reply.limit });
    status.className = "cstatus good";
  } else {
    open.removeAttribute("href");
    open.setAttribute("aria-disabled", "true");
    const n = (reply.errors || []).length;
    status.textContent = say(n === 1 ? "error" : "errors", { n });
    status.className = "cstatus error";
  }
  $("compose-source").textContent = reply.source || "";
  form.dataset.checked = reply.ok ? "ok" : "errors";
}

// --- wiring -------------------------------------------------------------

form.addEventListener("input", changed);
form.addEventListener("change", (e) => {
  if (e.target === field("primitive")) showPrimitive([]);
  else if (e.target.closest('[data-field="variants"]')) refreshExpect();
  changed();
});
form.addEventListener("submit", (e) => {
  e.preventDefault();
  check();
});
for (const b of form.querySelectorAll("button[data-add]")) {
  b.addEventListener("click", () => {
    const row = addRow(b.dataset.add);
    row.querySelector("[data-sub]").focus();
    changed();
  });
}
$("compose-from").addEventListener("change", (e) => {
  const q = new URLSearchParams({ lang: initial.lang });
  if (e.target.value) q.set("from", e.target.value);
  location.href = `/compose?${q}`;
});
$("compose-open").addEventListener("click", (e) => {
  if (!$("compose-open").getAttribute("href")) e.preventDefault();
});

load(initial.draft);
check();
