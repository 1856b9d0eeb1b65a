// editor.js is the lab's code editor for Lockstep's primitive language: a
// textarea under a highlighted copy of its text, with line numbers and the
// errors the server found marked at their line and column. The textarea
// does all the editing (selection, undo, input methods, screen readers);
// this module only draws beside it. No framework.

// The words the highlighter knows, by class.
const KEYWORDS = new Set(["primitive", "const", "atomic", "if", "else", "while", "do", "for", "break",
  "continue", "return", "suspend", "void", "private", "true", "false", "nullptr", "this", "awaiter",
  "handle", "open", "free", "list", "as", "std", "spin"]);
const TYPES = new Set(["int32", "int32_t", "int", "int64", "int64_t", "long", "uint32", "uint32_t", "unsigned",
  "uint64", "uint64_t", "size_t", "bool", "pair", "go_state", "auto", "memory_order"]);
const BUILTINS = new Set(["register_wait", "unregister_wait", "sem_acquire", "sem_release", "registered", "atomic_thread_fence",
  "panic", "resume", "load", "store", "exchange", "fetch_add", "fetch_sub", "compare_exchange_weak",
  "compare_exchange_strong"]);
const ORDERS = /^(memory_order_)?(relaxed|consume|acquire|release|acq_rel|seq_cst)$/;

// tokens splits one line into [class, text] pieces; class "" is plain.
// inComment says the line starts inside a /* comment; the returned state
// says whether the next one does.
export function tokens(line, inComment) {
  const out = [];
  let i = 0;
  const push = (cls, text) => {
    if (text) out.push([cls, text]);
  };
  if (inComment) {
    const end = line.indexOf("*/");
    if (end < 0) return { out: [["comment", line]], inComment: true };
    push("comment", line.slice(0, end + 2));
    i = end + 2;
  }
  // A label starts a statement: NAME: (not NAME::).
  const label = /^(\s*)([A-Za-z_]\w*)(:)(?!:)/.exec(line.slice(i));
  if (label && !KEYWORDS.has(label[2])) {
    push("", label[1]);
    push("label", label[2] + label[3]);
    i += label[0].length;
  }
  while (i < line.length) {
    const rest = line.slice(i);
    let m;
    if (rest.startsWith("//")) {
      push("comment", rest);
      break;
    }
    if (rest.startsWith("/*")) {
      const end = rest.indexOf("*/", 2);
      if (end < 0) {
        push("comment", rest);
        return { out, inComment: true };
      }
      push("comment", rest.slice(0, end + 2));
      i += end + 2;
      continue;
    }
    if ((m = /^"(\\.|[^"\\])*"?/.exec(rest))) {
      push("string", m[0]);
    } else if ((m = /^(0[xX][0-9a-fA-F']+|[0-9][0-9']*)[uUlL]*/.exec(rest))) {
      push("number", m[0]);
    } else if ((m = /^\[\[|^\]\]/.exec(rest))) {
      push("attr", m[0]);
    } else if ((m = /^[A-Za-z_]\w*/.exec(rest))) {
      const w = m[0];
      const cls = KEYWORDS.has(w) ? "keyword" : TYPES.has(w) ? "type" : BUILTINS.has(w) ? "builtin" : ORDERS.test(w) ? "order" : "";
      push(cls, w);
    } else {
      m = /^(\s+|[^\s\w"/[\]]+|.)/.exec(rest);
      push("", m[0]);
    }
    i += m[0].length;
  }
  return { out, inComment: false };
}

// createEditor makes an editor inside root (an empty element). label names
// the textarea for screen readers; onChange is called with the text after
// every edit. It returns the editor's controls.
export function createEditor(root, { value = "", label = "", hint = "", onChange = () => {} } = {}) {
  root.classList.add("editor");
  const gutter = el("div", "ed-gutter");
  gutter.setAttribute("aria-hidden", "true");
  const code = el("div", "ed-code");
  const pre = el("pre", "ed-highlight");
  pre.setAttribute("aria-hidden", "true");
  const area = el("textarea", "ed-source");
  Object.assign(area, { spellcheck: false, value });
  area.setAttribute("wrap", "off");
  area.setAttribute("autocapitalize", "off");
  area.setAttribute("autocomplete", "off");
  area.setAttribute("aria-label", label);
  area.dataset.testid = "lab-source";
  if (hint) {
    const h = el("p", "sr-only");
    h.id = "editor-hint";
    h.textContent = hint;
    root.append(h);
    area.setAttribute("aria-describedby", "editor-hint");
  }
  code.append(pre, area);
  root.append(gutter, code);

  let errors = [];
  let escaped = false; // Escape was pressed: the next Tab leaves the editor

  // draw renders the highlighted copy and the line numbers.
  function draw() {
    const lines = area.value.split("\n");
    const frag = document.createDocumentFragment();
    const nums = document.createDocumentFragment();
    let inComment = false;
    lines.forEach((line, n) => {
      const r = tokens(line, inComment);
      inComment = r.inComment;
      const errs = errors.filter((e) => e.line === n + 1);
      const row = el("span", errs.length ? "ed-line has-error" : "ed-line");
      let col = 1;
      for (const [cls, text] of r.out) {
        appendMarked(row, cls, text, col, errs);
        col += [...text].length;
      }
      if (errs.some((e) => e.col >= col)) row.append(el("span", "ed-err", " "));
      row.append("\n");
      frag.append(row);
      const num = el("span", errs.length ? "ed-num has-error" : "ed-num", String(n + 1));
      if (errs.length) num.title = errs.map((e) => `${e.line}:${e.col}: ${e.message}`).join("\n");
      nums.append(num);
    });
    pre.replaceChildren(frag);
    gutter.replaceChildren(nums);
    sync();
  }

  // sync keeps the highlighted copy and the gutter scrolled with the
  // textarea.
  function sync() {
    pre.style.transform = `translate(${-area.scrollLeft}px, ${-area.scrollTop}px)`;
    gutter.scrollTop = area.scrollTop;
  }

  area.addEventListener("input", () => {
    draw();
    onChange(area.value);
  });
  area.addEventListener("scroll", sync);
  area.addEventListener("keydown", (ev) => {
    if (ev.key === "Escape") {
      escaped = true;
      return;
    }
    if (ev.key === "Tab" && !escaped && !ev.ctrlKey && !ev.altKey && !ev.metaKey) {
      ev.preventDefault();
      indent(ev.shiftKey);
    }
    escaped = false;
  });

  // indent inserts four spaces at the caret, or takes up to four away
  // before it (Shift+Tab), through the textarea's own undo.
  function indent(out) {
    const { selectionStart: s, value: v } = area;
    if (!out) {
      insert("    ");
      return;
    }
    const lineStart = v.lastIndexOf("\n", s - 1) + 1;
    const n = /^ {0,4}/.exec(v.slice(lineStart))[0].length;
    if (n === 0) return;
    area.setSelectionRange(lineStart, lineStart + n);
    insert("");
  }

  function insert(text) {
    if (!document.execCommand || !document.execCommand("insertText", false, text)) {
      area.setRangeText(text, area.selectionStart, area.selectionEnd, "end");
      area.dispatchEvent(new Event("input"));
    }
  }

  draw();
  return {
    get value() {
      return area.value;
    },
    set value(v) {
      area.value = v;
      draw();
    },
    // setErrors marks errors, [{line, col, message}], and redraws.
    setErrors(list) {
      errors = list || [];
      draw();
    },
    // goTo puts the caret at line:col and focuses the editor.
    goTo(line, col) {
      const lines = area.value.split("\n");
      let off = 0;
      for (let i = 0; i < line - 1 && i < lines.length; i++) off += lines[i].length + 1;
      off += Math.max(0, Math.min(col - 1, (lines[line - 1] || "").length));
      area.focus();
      area.setSelectionRange(off, off);
    },
    textarea: area,
  };
}

// appendMarked appends a token to row, wrapping the characters that an
// error points at. Token classes are drawn as ed-CLASS.
function appendMarked(row, kind, text, col, errs) {
  const cls = kind ? `ed-${kind}` : "";
  const chars = [...text];
  const at = errs.map((e) => e.col - col).filter((c) => c >= 0 && c < chars.length);
  if (at.length === 0) {
    row.append(cls ? el("span", cls, text) : text);
    return;
  }
  let start = 0;
  for (const c of [...new Set(at)].sort((a, b) => a - b)) {
    if (c > start) row.append(cls ? el("span", cls, chars.slice(start, c).join("")) : chars.slice(start, c).join(""));
    row.append(el("span", `ed-err ${cls}`.trim(), chars[c]));
    start = c + 1;
  }
  if (start < chars.length) row.append(cls ? el("span", cls, chars.slice(start).join("")) : chars.slice(start).join(""));
}

function el(tag, cls, text) {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text !== undefined) e.textContent = text;
  return e;
}
