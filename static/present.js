// present.js is how the page is shown: presentation mode (?present=1, or
// the ▣ button), in which type is sized to the screen and the stage and
// the code take the room; the reader's font scale (A− A+), remembered in
// this browser; and full screen.

const KEY = "lockstep.fontScale";
const STEPS = [0.8, 0.9, 1, 1.1, 1.25, 1.4, 1.6];

// View owns the <html> element's presentation class and font scale.
export class View {
  constructor(onChange) {
    this.onChange = onChange || (() => {});
    this.scale = readScale();
    // A room's presenter presents unless the address says present=0.
    const q = new URLSearchParams(location.search).get("present");
    this.presenter = !!document.querySelector(".room.presenting");
    this.present = q === "1" || (this.presenter && q !== "0");
    this.apply();
  }

  // setPresent turns presentation mode on or off and keeps it in the URL.
  setPresent(on) {
    this.present = on;
    const q = new URLSearchParams(location.search);
    if (on && !this.presenter) q.set("present", "1");
    else if (!on && this.presenter) q.set("present", "0");
    else q.delete("present");
    const qs = q.toString();
    history.replaceState(null, "", location.pathname + (qs ? "?" + qs : ""));
    this.apply();
  }

  // bigger and smaller step the font scale.
  bigger() {
    this.setScale(STEPS[Math.min(STEPS.length - 1, STEPS.findIndex((s) => s >= this.scale) + 1)]);
  }

  smaller() {
    const i = STEPS.findIndex((s) => s >= this.scale);
    this.setScale(STEPS[Math.max(0, (i < 0 ? STEPS.length : i) - 1)]);
  }

  setScale(s) {
    this.scale = s;
    try {
      localStorage.setItem(KEY, String(s));
    } catch {
      // Storage may be off; the scale then lasts as long as the page.
    }
    this.apply();
  }

  // fullScreen enters or leaves full screen.
  fullScreen() {
    if (document.fullscreenElement) document.exitFullscreen().catch(() => {});
    else document.documentElement.requestFullscreen().catch(() => {});
  }

  apply() {
    const root = document.documentElement;
    root.classList.toggle("present", this.present);
    if (this.scale === 1) root.style.removeProperty("--fs");
    else root.style.setProperty("--fs", String(this.scale));
    this.onChange();
  }
}

// readScale is the remembered font scale, or 1.
function readScale() {
  try {
    const v = Number(localStorage.getItem(KEY));
    return STEPS.includes(v) ? v : 1;
  } catch {
    return 1;
  }
}
