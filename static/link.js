// link.js runs the playground's "Copy link" button and Export menu. The page's address
// always reopens the state on screen (app.js keeps it so with
// history.replaceState), so the link is the address at the moment of the
// click. It goes to the clipboard, and into a field next to the button,
// selected, for a browser that gives the page no clipboard.

const button = document.getElementById("copy-link");

// copyLink copies the address of the state on screen and says so.
async function copyLink() {
  const box = button.closest(".copy-link");
  const status = box.querySelector(".copy-link-status");
  const field = box.querySelector(".copy-link-url");
  const url = location.href;
  button.dataset.url = url;
  field.value = url;
  field.hidden = false;
  try {
    await navigator.clipboard.writeText(url);
    status.textContent = button.dataset.copied || "";
  } catch {
    // No clipboard here (an insecure origin, a denied permission): the
    // field is selected, so Ctrl+C copies it.
    field.focus();
    field.select();
    status.textContent = button.dataset.select || "";
  }
  clearTimeout(copyLink.timer);
  copyLink.timer = setTimeout(() => {
    status.textContent = "";
    field.hidden = true;
  }, 4000);
}

if (button) {
  button.addEventListener("click", copyLink);
  const field = button.closest(".copy-link").querySelector(".copy-link-url");
  field.addEventListener("focus", () => field.select());
}

// The Export menu (templates/export.templ): the handout is of the state
// on screen, whose query the page's address keeps; export.js draws the
// stage, loaded on first use.
const menu = document.getElementById("export");
if (menu) {
  const a = menu.querySelector("a");
  const set = () => (a.href = location.pathname.replace("/lesson/", "/handout/") + location.search);
  for (const ev of ["pointerdown", "focus", "click"]) a.addEventListener(ev, set);
  menu.addEventListener("click", async (e) => {
    const f = e.target.dataset.format;
    if (!f) return;
    const u = new URL(import.meta.url);
    await (await import(new URL("export.js" + u.search, u).href)).saveStage(f);
    menu.open = false;
  });
}

// The embed code's script (embed.js) loads when its disclosure first
// opens, with the page's version.
const share = document.querySelector("details.embed-share");
if (share) {
  share.addEventListener("toggle", () => import(new URL("./embed.js" + new URL(import.meta.url).search, import.meta.url).href), { once: true });
}
