// toolarea.js gives the lesson page's tools (challenge.js, edit.js) their
// place: #tools, under the code in the narration's place (tools.css),
// while a tool is open. With both open, the one in use is whole and the
// other is folded to its first line (data-collapsed), so that the code
// keeps its room at 1280x720: a click in a folded panel, or the
// focus entering it, makes it the one in use. Its style sheet (tools.css)
// is loaded first, so that nothing is drawn unstyled.

import { styleSheet } from "./dom.js";

// loadSheet loads tools.css with the page's version, once.
function loadSheet() {
  const here = new URL(import.meta.url);
  return styleSheet(new URL("./tools.css" + here.search, here).href);
}

// openPanel puts panel in #tools, making the row if there is none; panels
// keep the order of their data-order. The panel opened is the one in use.
export async function openPanel(root, panel) {
  await loadSheet();
  let area = document.getElementById("tools");
  if (!area) {
    area = document.createElement("section");
    area.id = "tools";
    area.dataset.testid = "tools";
    const used = (e) => {
      const p = e.target.closest(".tool-panel");
      if (p && p.hasAttribute("data-collapsed")) use(area, p);
    };
    area.addEventListener("pointerdown", used);
    area.addEventListener("focusin", used);
    document.getElementById("threads").after(area);
  }
  const next = [...area.children].find((p) => Number(p.dataset.order) > Number(panel.dataset.order));
  area.insertBefore(panel, next || null);
  use(area, panel);
  root.classList.add("tooled");
}

// closePanel takes panel away, and the row with its last panel.
export function closePanel(root, panel) {
  panel.remove();
  const area = document.getElementById("tools");
  if (area && !area.children.length) {
    area.remove();
    root.classList.remove("tooled");
  } else if (area) {
    use(area, area.firstElementChild);
  }
}

// use makes panel the one in use: the others in area are folded.
function use(area, panel) {
  for (const p of area.children) p.toggleAttribute("data-collapsed", p !== panel);
}

// fill puts vars into a template's {name} holes.
export function fill(text, vars) {
  return text.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""));
}
