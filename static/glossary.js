// glossary.js opens a lesson's glossary entry (a bug code or an outcome
// kind) beside the button in the verdict that names it (narration.js):
// its name, its text and a link to its page in the docs. The page loads
// it, with its style sheet, the first time an entry is opened.

import { h, styleSheet } from "./dom.js";

await styleSheet(new URL("./glossary.css" + new URL(import.meta.url).search, import.meta.url).href);

// openEntry shows the entry of key by button b, above it if there is room
// and else below, inside the window; it returns the entry's element.
export function openEntry(app, b, key) {
  const { t } = app;
  const e = app.lesson.glossary[key];
  const pop = h(
    "div",
    { class: "glossary", role: "dialog", "aria-label": e.name, "data-term": key },
    h("h3", {}, e.name),
    h("p", {}, e.text),
    e.doc ? h("p", {}, h("a", { href: e.doc, target: "_blank", rel: "noopener" }, t("glossary.more") + " ↗")) : null,
  );
  document.body.append(pop);
  b.setAttribute("aria-expanded", "true");
  const r = b.getBoundingClientRect();
  const w = pop.offsetWidth;
  const hgt = pop.offsetHeight;
  pop.style.left = `${Math.max(8, Math.min(r.left, innerWidth - w - 8))}px`;
  pop.style.top = `${r.top - hgt - 6 > 8 ? r.top - hgt - 6 : r.bottom + 6}px`;
  return pop;
}
