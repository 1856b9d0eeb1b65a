// i18n.js holds the playground's own UI strings in English; the Chinese
// ones are in i18n-zh.js, loaded only by a Chinese page (loadLanguage).
// Lesson texts and narration come from the server already translated.

const en = {
  "status.connecting": "Connecting…",
  "status.closed": "Connection lost, reconnecting…",
  "status.error": "Error: {msg}",

  "ctl.start": "Start",
  "ctl.back": "Back",
  "ctl.forward": "Forward",
  "ctl.end": "End",
  "ctl.play": "Play",
  "ctl.pause": "Pause",
  "ctl.speed": "Speed",
  "ctl.replay": "Replay",
  "ctl.schedule": "Interleaving",
  "ctl.variant": "Variant",
  "ctl.expect": "{variant}: {kind}",
  "ctl.present": "Presentation mode: large type, the stage and the code fill the screen",
  "ctl.smaller": "Smaller text",
  "ctl.bigger": "Larger text",
  "ctl.fullscreen": "Full screen",
  "ctl.compare": "Compare: the other variant beside this one, on the same steps",
  "ctl.edit.title": "Edit the schedule as text and run it; change the lesson's parameters",
  "ctl.challenge": "Challenge",
  "ctl.challenge.title": "Play this lesson as a challenge: lead it to its bug yourself",
  "cmp.stage": "The other variant's memory",
  "cmp.diverges": "{variant} cannot take the same steps: {msg}",

  "threads.label": "Step a thread (you are the scheduler)",
  "thread.key": "key {n}",
  "thread.resume": "take {co} off the run queue",
  "thread.group_step": "Steps {first}: {group} stand at the same point",
  "thread.expand": "Show {group} one by one",
  "thread.collapse": "Group these threads again",

  "timeline.label": "Steps",
  "timeline.start": "start",
  "timeline.pos": "{pos} / {len} steps done",
  "timeline.goto": "Go to after step {n}: {thread} {label}",
  "timeline.fold": "{k} steps of {thread} that touch nothing shared",

  "stage.label": "Memory: the primitive, the coroutine frames and the worker threads",
  "stage.awaiter": "awaiter",
  "stage.ghost": "destroyed",
  "stage.dropped": "✗ dropped",
  "stage.freed_read": "read after free",
  "stage.holder": "holds the lock",
  "stage.in_op": "in {op}()",
  "stage.cycle": "cycle",
  "stage.queue": "run queue",

  "card.initial": "Initial state. Pick a thread to step.",
  "card.step": "Step {n}",
  "card.cas_ok": "CAS succeeded",
  "card.cas_fail": "CAS failed",
  "card.expected": "expected",
  "card.observed": "observed",
  "card.desired": "desired",
  "card.changed_by": "changed by step {step}: {thread} {label}",
  "card.retry": "retry {n}",
  "card.read": "read",
  "card.stale": "STALE: read {value}; the latest was {latest} (step {step})",
  "card.placed": "mo: placed before {value} (step {step}), not at the end",
  "memory.c11": "c11",
  "memory.title": "Weak memory: a read may return an older write",
  "card.wrote": "wrote",
  "card.add": "add",

  "status.running": "running",
  "status.runnable": "in run queue",
  "status.parked": "parked",
  "status.done": "finished",

  "code.label": "Code",
  "code.algorithm": "Algorithm",
  "code.go": "Go port",
  "code.variant": "vs {variant}",
  "code.on": "on {thread}",
  "code.ran": "just ran",

  "verdict.ok": "Finished correctly",
  "verdict.bug": "Bug {bugs}",
  "verdict.goto": "Go to the guilty step ({n})",
  "verdict.pending": "No verdict yet: the run goes on.",
  "glossary.more": "More in the docs",

  "keys.title": "Keyboard",
  "keys.step": "step the N-th thread button",
  "keys.backfwd": "back / forward",
  "keys.ends": "start / end",
  "keys.play": "play / pause",
  "keys.replay": "replay the interleaving",
  "keys.variant": "next variant",
  "keys.help": "show / hide keys",

  "kind.ok": "ok",
  "kind.lost-wakeup": "lost wakeup",
  "kind.deadlock": "deadlock",
  "kind.use-after-free": "use after free",
  "kind.double-resume": "double resume",
  "kind.premature-release": "premature release",
  "kind.data-race": "data race",
  "kind.mutual-exclusion": "mutual exclusion broken",
  "kind.panic": "panic",
  "kind.dropped-task": "dropped task",
  "kind.assertion": "assertion failed",
  "kind.step-limit": "step limit",
  "kind.bad-resume": "bad resume",

  "explore.find": "Find the bug",
  "explore.findTitle": "Search the interleavings, fewest preemptions first, and load the smallest bug found",
  "explore.verify": "Verify",
  "explore.verifyTitle": "Search every interleaving of this lesson at these parameters",
  "explore.searching": "Searching…",
  "explore.progress": "{states} states · {runs} executions · {secs} s",
  "explore.progressRuns": "{runs} executions · {secs} s",
  "explore.queued1": "Waiting: 1 search ahead of yours",
  "explore.queued": "Waiting: {n} searches ahead of yours",
  "explore.cancel": "Cancel",
  "explore.others": "Step through:",
  "explore.load": "Load the {kind} counterexample ({steps} steps) at its first step",
};



const tables = { en };

// loadLanguage loads the strings of lang, if they are not English, before
// a translator for it is made.
export async function loadLanguage(lang) {
  if (lang !== "zh" || tables.zh) return;
  const here = new URL(import.meta.url);
  tables.zh = (await import(new URL("./i18n-zh.js" + here.search, here).href)).zh;
}

// translator returns t(key, vars) for lang ("en" or "zh"): the string for
// key with each {name} replaced by vars[name]. A key missing from the
// Chinese table falls back to English; an unknown key shows as itself.
export function translator(lang) {
  const table = tables[lang] || en;
  return (key, vars = {}) =>
    (table[key] ?? en[key] ?? key).replace(/\{(\w+)\}/g, (m, name) =>
      name in vars ? String(vars[name]) : m,
    );
}

// opName names a step's operation: in English its name in the code
// ("load", "cas"), in Chinese a verb where the name is not an acronym.
export function opName(t, op) {
  const s = t("op." + op);
  return s === "op." + op ? op : s;
}

// kindName returns the translated name of an outcome kind.
export function kindName(t, kind) {
  const s = t("kind." + kind);
  return s === "kind." + kind ? kind : s;
}
