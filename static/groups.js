// groups.js sorts a state's threads into groups of interchangeable threads
// standing at the same point, so that thirteen threads of which six wait
// and seven are about to call done() read as two rows, not thirteen:
// "W1–W6 · wait · G1". Two threads share a group when their coroutines
// were expanded from the same declaration (a lesson's "count"), and their
// next steps, their coroutines' states and fields (an awaiter's m_next),
// their contexts and their places in memory look the same. A thread that just stepped, that a finding names,
// or whose awaiter is on a list stands alone. The page may expand a group
// (expanded holds the declarations whose threads are always shown one by
// one); the picker, the code columns and the stage all group alike.

// groupThreads returns the groups of state's threads, in thread order: each
// {key, threads: [names], indexes: [thread indexes], label}.
export function groupThreads(lesson, state, expanded = new Set()) {
  const groups = [];
  const byKey = new Map();
  lesson.threads.forEach((name, i) => {
    const key = threadKey(lesson, state, name, expanded);
    let g = key && byKey.get(key);
    if (!g) {
      g = { key: key || "thread:" + name, threads: [], indexes: [] };
      if (key) byKey.set(key, g);
      groups.push(g);
    }
    g.threads.push(name);
    g.indexes.push(i);
  });
  for (const g of groups) g.label = rangeName(g.threads);
  return groups;
}

// declOf is the declaration thread name's coroutines were expanded from,
// or "" when any of them was declared alone.
export function declOf(lesson, name) {
  const cs = lesson.coroutines.filter((c) => c.thread === name);
  if (!cs.length || cs.some((c) => !c.group)) return "";
  return [...new Set(cs.map((c) => c.group))].join("+");
}

// threadKey is what thread name shows, without its name; "" when the
// thread must stand alone.
function threadKey(lesson, state, name, expanded) {
  const decl = declOf(lesson, name);
  if (!decl || expanded.has(decl)) return "";
  const st = state.step;
  if (st && st.thread === name) return "";
  const named = (f) => f && f.thread === name;
  if (named(state.outcome) || (state.findings || []).some(named)) return "";
  const snap = state.snapshot;
  const th = snap.threads.find((t) => t.name === name);
  const coros = snap.coroutines.filter((c) => c.thread === name);
  const linked = new Set(snap.lists.flatMap((l) => l.nodes.map((n) => n.coroutine)));
  if (coros.some((c) => linked.has(c.name))) return "";
  const p = state.pending.find((x) => x.thread === name) || {};
  const mine = (s) => String(s || "").split(name).join("#");
  // The fields of a live frame count; a destroyed one's are not shown.
  const own = (c) => coros.some((k) => k.frame_live && c.object.startsWith(k.name + "."));
  const parts = [
    decl,
    p.can_move ? `move ${p.label} ${p.op}` : `wait ${mine(p.why)}`,
    th ? `${th.num_wait} ${th.stack.length} ${th.queue.length}` : "",
    ...coros.map((c) => [c.status, c.op, c.label, c.frame_live, c.awaiter_live, c.dropped, c.holder, mine((c.locals || []).map((l) => l.value).join(","))].join(" ")),
    ...snap.cells.filter(own).map((c) => `${mine(c.name)}=${mine(c.value)}`),
  ];
  return parts.join("|");
}

// rangeName names a group's threads: "W1–W6" for a run of numbers, else
// the names joined ("W1, W3").
export function rangeName(names) {
  if (names.length === 1) return names[0];
  const parsed = names.map((n) => n.match(/^(.*?)(\d+)$/));
  const run = parsed.every((m, i) => m && m[1] === parsed[0][1] && Number(m[2]) === Number(parsed[0][2]) + i);
  if (run) return `${names[0]}–${names[names.length - 1]}`;
  return names.join(", ");
}
