// embed.js keeps the embed code and the "Open in Lockstep" link in step
// with the state the page shows. app.js records the state on #app's data
// attributes (data-variant, data-position, data-schedule); this script
// watches them and rebuilds the URLs, with the page's own origin, so that
// what is copied or opened is what is on the screen. It also copies the
// embed code to the clipboard.

const app = document.getElementById("app");

// named is the schedule the page was opened with, by name or as text, and
// the history it led to once loaded: while the history is still that one,
// the name is the shorter way to say it.
const named = app && app.dataset.opened !== undefined ? { schedule: app.dataset.openedName || "", history: app.dataset.opened } : { schedule: app ? app.dataset.schedule || "" : "", history: null };

// scheduleOf is the schedule that reopens the history d shows.
function scheduleOf(d) {
  const history = d.schedule || "";
  if (named.history === null && d.position !== undefined) named.history = history;
  return named.schedule && history === named.history ? named.schedule : history;
}

// stateQuery is the query that reopens the state shown: the variant, the
// lesson's parameters, the schedule, the position and the language. '@'
// is left readable: it is allowed in a query.
function stateQuery(d) {
  const q = [];
  const add = (k, v) => q.push(`${encodeURIComponent(k)}=${encodeURIComponent(v).replace(/%40/g, "@").replace(/%20/g, "+")}`);
  if (d.variant) add("variant", d.variant);
  try {
    const params = JSON.parse(d.params || "{}");
    for (const [k, v] of Object.entries(params || {})) add(k, String(v));
  } catch {
    // data-params is written by the server; a bad one just adds nothing.
  }
  const schedule = scheduleOf(d);
  if (schedule) add("schedule", schedule);
  const step = d.position !== undefined ? d.position : d.step;
  if (step !== undefined && step !== "") add("step", step);
  if (d.lang) add("lang", d.lang);
  if (d.fingerprint) add("h", d.fingerprint);
  return q.join("&");
}

// iframeCode is the HTML of an iframe showing src.
function iframeCode(src, title, height) {
  const attr = (s) => s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
  return `<iframe src="${attr(src)}" title="${attr(title)}" width="100%" height="${height}" style="border:0" loading="lazy"></iframe>`;
}

// refresh rewrites the embed codes and the open link from #app's state.
function refresh() {
  const d = app.dataset;
  const q = stateQuery(d);
  const id = encodeURIComponent(d.lesson);
  // An embed's code keeps the panels it shows; the open link, the full
  // playground, has them all.
  const panels = d.panels && d.panels !== "stage" ? `&panels=${encodeURIComponent(d.panels)}` : "";
  for (const ta of document.querySelectorAll("textarea.embed-code")) {
    ta.value = iframeCode(`${location.origin}/embed/${id}?${q}${panels}`, ta.dataset.title || "", ta.dataset.height || "600");
  }
  const open = document.getElementById("embed-open");
  if (open) open.href = `/lesson/${id}?${q}`;
}

// copy puts the embed code next to button on the clipboard and says so.
async function copy(button) {
  const body = button.closest(".embed-share-body");
  const ta = body.querySelector("textarea");
  const status = body.querySelector(".embed-copy-status");
  try {
    await navigator.clipboard.writeText(ta.value);
  } catch {
    // No clipboard API (an insecure origin, an old browser): select the
    // text so that Ctrl+C copies it.
    ta.focus();
    ta.select();
    return;
  }
  status.textContent = button.dataset.copied || "";
  setTimeout(() => (status.textContent = ""), 2000);
}

if (app && app.dataset.lesson) {
  new MutationObserver(refresh).observe(app, {
    attributes: true,
    attributeFilter: ["data-variant", "data-position", "data-schedule"],
  });
  refresh();
}
for (const b of document.querySelectorAll("button.embed-copy")) b.addEventListener("click", () => copy(b));
for (const ta of document.querySelectorAll("textarea.embed-code")) ta.addEventListener("focus", () => ta.select());
