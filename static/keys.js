// keys.js binds the keyboard shortcuts and lists them in #shortcuts.

import { h, clear } from "./dom.js";

// SHORTCUTS are the keys shown on the page, with their i18n keys.
const SHORTCUTS = [
  ["1…9", "keys.step"],
  ["← →", "keys.backfwd"],
  ["Home End", "keys.ends"],
  ["Space", "keys.play"],
  ["R", "keys.replay"],
  ["V", "keys.variant"],
  ["?", "keys.help"],
];

// bindKeys lists the shortcuts in root and makes them work. Keys typed
// into a form field, or with Ctrl, Alt or Meta held, are left alone.
export function bindKeys(root, app) {
  const { t } = app;
  if (root) clear(root).append(
    h("h2", {}, t("keys.title")),
    h(
      "dl",
      {},
      SHORTCUTS.map(([k, what]) => h("div", {}, h("dt", {}, ...k.split(" ").map((x) => h("kbd", {}, x))), h("dd", {}, t(what)))),
    ),
  );
  document.addEventListener("keydown", (e) => {
    if (e.ctrlKey || e.altKey || e.metaKey || e.defaultPrevented) return;
    const tag = e.target instanceof Element ? e.target.tagName : "";
    if (tag === "INPUT" || tag === "SELECT" || tag === "TEXTAREA") return;
    const action = actionFor(e.key, app);
    if (!action) return;
    e.preventDefault();
    action();
  });
}

// actionFor returns what key does, or null.
function actionFor(key, app) {
  const { send, state } = app;
  if (!state) return null;
  if (/^[1-9]$/.test(key)) {
    const name = app.controls.keyThread(Number(key));
    const p = state.pending.find((x) => x.thread === name);
    return p && p.can_move ? () => send("step", { thread: name }) : () => {};
  }
  switch (key) {
    case "ArrowLeft":
      return () => send("back");
    case "ArrowRight":
      return () => send("forward");
    case "Home":
      return () => send("goto", { step: 0 });
    case "End":
      return () => send("goto", { step: state.length });
    case " ":
      return () => app.togglePlay();
    case "r":
    case "R":
      return () => app.replay();
    case "v":
    case "V":
      return () => app.nextVariant();
    case "?":
      return () => app.toggleHelp();
  }
  return null;
}
