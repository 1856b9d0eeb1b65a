// progress.js remembers, in this browser only, which challenges were
// played to their goal and which fixes were proved (localStorage; no
// account, nothing sent). static/challenge.js writes it and
// static/catalog.js shows it.

const KEY = "lockstep.challenges";

// readProgress returns {lessonID: "goal" | "fix"}: "fix" is a challenge
// whose goal was reached and whose fix was then proved.
export function readProgress() {
  try {
    const v = JSON.parse(localStorage.getItem(KEY) || "{}");
    return v && typeof v === "object" ? v : {};
  } catch {
    return {};
  }
}

// markProgress records that lesson reached level ("goal" or "fix"); a
// level is never lowered.
export function markProgress(lesson, level) {
  const all = readProgress();
  if (all[lesson] === "fix" || all[lesson] === level) return;
  all[lesson] = level;
  try {
    localStorage.setItem(KEY, JSON.stringify(all));
  } catch {
    // Storage is full or refused: the progress is not remembered.
  }
}
