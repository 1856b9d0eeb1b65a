// i18n.js holds the playground's own UI strings in English and Chinese.
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

  "threads.label": "Step a thread (you are the scheduler)",
  "thread.key": "key {n}",
  "thread.resume": "take {co} off the run queue",

  "timeline.label": "Steps",
  "timeline.start": "start",
  "timeline.pos": "{pos} / {len} steps done",
  "timeline.goto": "Go to after step {n}: {thread} {label}",

  "stage.label": "Memory: the primitive, the coroutine frames and the worker threads",
  "stage.awaiter": "awaiter",
  "stage.ghost": "destroyed",
  "stage.dropped": "✗ dropped",
  "stage.freed_read": "read after free",
  "stage.holder": "holds the lock",
  "stage.in_op": "in {op}()",
  "stage.cycle": "cycle",

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
  "memory.c11": "c11 memory",
  "memory.title": "Weak memory (RC11): a read may return an older write; choose which under a thread",
  "read.pick": "{thread} reads {cell}: choose the write",
  "read.init": "initial value",
  "read.stale": "stale",
  "read.latest": "latest",
  "card.wrote": "wrote",
  "card.add": "add",

  "status.running": "running",
  "status.runnable": "in run queue",
  "status.parked": "parked",
  "status.done": "finished",

  "code.label": "Source",
  "code.on": "on {thread}",
  "code.ran": "just ran",

  "verdict.ok": "Finished correctly",
  "verdict.bug": "Bug {bugs}",
  "verdict.goto": "Go to the guilty step ({n})",

  "keys.title": "Keyboard",
  "keys.step": "step thread N",
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
};

const zh = {
  "status.connecting": "正在连接…",
  "status.closed": "连接已断开，正在重连…",
  "status.error": "错误：{msg}",

  "ctl.start": "开头",
  "ctl.back": "后退",
  "ctl.forward": "前进",
  "ctl.end": "结尾",
  "ctl.play": "播放",
  "ctl.pause": "暂停",
  "ctl.speed": "速度",
  "ctl.replay": "重放",
  "ctl.schedule": "交错",
  "ctl.variant": "版本",
  "ctl.expect": "{variant}：{kind}",

  "threads.label": "单步执行一个线程（你就是调度器）",
  "thread.key": "按键 {n}",
  "thread.resume": "从运行队列取出 {co}",

  "timeline.label": "步骤",
  "timeline.start": "开始",
  "timeline.pos": "已执行 {pos} / {len} 步",
  "timeline.goto": "转到第 {n} 步之后：{thread} {label}",

  "stage.label": "内存：原语对象、协程帧和工作线程",
  "stage.awaiter": "awaiter",
  "stage.ghost": "已销毁",
  "stage.dropped": "✗ 被丢弃",
  "stage.freed_read": "释放后读取",
  "stage.holder": "持有锁",
  "stage.in_op": "在 {op}() 中",
  "stage.cycle": "成环",

  "card.initial": "初始状态。选择一个线程单步执行。",
  "card.step": "第 {n} 步",
  "card.cas_ok": "CAS 成功",
  "card.cas_fail": "CAS 失败",
  "card.expected": "期望值",
  "card.observed": "实际值",
  "card.desired": "新值",
  "card.changed_by": "被第 {step} 步改变：{thread} {label}",
  "card.retry": "第 {n} 次重试",
  "card.read": "读到",
  "card.stale": "过时：读到 {value}；最新的是 {latest}（第 {step} 步）",
  "memory.c11": "c11 内存",
  "memory.title": "弱内存（RC11）：读可以返回较旧的写；在线程下方选择返回哪一个",
  "read.pick": "{thread} 读取 {cell}：选择要读的写",
  "read.init": "初始值",
  "read.stale": "过时",
  "read.latest": "最新",
  "card.wrote": "写入",
  "card.add": "加上",

  "status.running": "运行中",
  "status.runnable": "在运行队列中",
  "status.parked": "挂起",
  "status.done": "已结束",

  "code.label": "源代码",
  "code.on": "在 {thread} 上",
  "code.ran": "刚执行",

  "verdict.ok": "正确结束",
  "verdict.bug": "缺陷 {bugs}",
  "verdict.goto": "转到出错的一步（{n}）",

  "keys.title": "键盘",
  "keys.step": "单步执行第 N 个线程",
  "keys.backfwd": "后退 / 前进",
  "keys.ends": "开头 / 结尾",
  "keys.play": "播放 / 暂停",
  "keys.replay": "重放交错",
  "keys.variant": "下一个版本",
  "keys.help": "显示 / 隐藏快捷键",

  "kind.ok": "正常",
  "kind.lost-wakeup": "丢失的唤醒",
  "kind.deadlock": "死锁",
  "kind.use-after-free": "释放后使用",
  "kind.double-resume": "重复恢复",
  "kind.premature-release": "过早释放",
  "kind.data-race": "数据竞争",
  "kind.mutual-exclusion": "互斥被破坏",
  "kind.panic": "panic",
  "kind.dropped-task": "任务被丢弃",
  "kind.assertion": "断言失败",
  "kind.step-limit": "步数上限",
};

const tables = { en, zh };

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

// kindName returns the translated name of an outcome kind.
export function kindName(t, kind) {
  const s = t("kind." + kind);
  return s === "kind." + kind ? kind : s;
}
