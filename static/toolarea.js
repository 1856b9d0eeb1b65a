// toolarea.js gives the lesson page's tools (challenge.js, edit.js) their
// place: #tools, a row under the thread buttons, which the stage gives up
// room for while a tool is open. Its style sheet (tools.css) is loaded
// first, so that nothing is drawn unstyled.

import { styleSheet } from "./dom.js";

// loadSheet loads tools.css with the page's version, once.
function loadSheet() {
  const here = new URL(import.meta.url);
  return styleSheet(new URL("./tools.css" + here.search, here).href);
}

// openPanel puts panel in #tools, making the row if there is none; panels
// keep the order of their data-order.
export async function openPanel(root, panel) {
  await loadSheet();
  let area = document.getElementById("tools");
  if (!area) {
    area = document.createElement("section");
    area.id = "tools";
    area.dataset.testid = "tools";
    document.getElementById("threads").after(area);
  }
  const next = [...area.children].find((p) => Number(p.dataset.order) > Number(panel.dataset.order));
  area.insertBefore(panel, next || null);
  root.classList.add("tooled");
}

// closePanel takes panel away, and the row with its last panel.
export function closePanel(root, panel) {
  panel.remove();
  const area = document.getElementById("tools");
  if (area && !area.children.length) {
    area.remove();
    root.classList.remove("tooled");
  }
}

// fill puts vars into a template's {name} holes.
export function fill(text, vars) {
  return text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""));
}
