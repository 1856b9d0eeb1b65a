// catalog.js marks, on the list of lessons, the challenges this browser
// played to their goal, and those whose fix it proved (progress.js). The
// words are the page's own, in its language (data-done-text,
// data-fix-text).

import { readProgress } from "./progress.js";

const done = readProgress();
for (const mark of document.querySelectorAll("[data-challenge]")) {
  const level = done[mark.dataset.challenge];
  if (!level) continue;
  mark.dataset.done = level;
  mark.textContent = level === "fix" ? mark.dataset.fixText : mark.dataset.doneText;
}
