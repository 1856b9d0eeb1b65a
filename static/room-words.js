// room-words.js holds the words of a room's page (room.js), in English
// and Chinese, and says them in the page's language.

export const STRINGS = {
  en: {
    following: "Following the presenter",
    exploring: "Exploring on your own: the presenter's steps are not shown",
    explore: "Explore on my own",
    back: "Back to the presenter",
    waiting: "Waiting for the presenter…",
    students: "{n} students · {k} following",
    student1: "1 student · {k} following",
    inroom: "{n} in the room",
    nopresenter: "the presenter is not connected",
    connecting: "Connecting to the room…",
    lost: "Connection to the room lost, reconnecting…",
    poll: "Predict the next step",
    votes: "{n} votes",
    vote1: "1 vote",
    yourvote: "Your vote: {x}",
    answer: "The answer: {x}.",
    moves: "{x} moves next.",
    right: "You were right.",
    wrong: "Not this time.",
    cancelled: "The poll was withdrawn.",
    reveal: "Reveal and step",
    revealthis: "Step {x}",
    cancel: "Withdraw",
    ask: "Ask the class",
    asknext: "Who moves next?",
    askread: "{thread}: what will it read from {cell}?",
    askhold: "{thread}: what will {cell} hold after its step?",
    close: "Close the room",
    drawer: "Room",
    confirmclose: "Close the room for every student?",
    error: "⚠ {msg}",
    "closed-no-room": "There is no open room with that code: check the code, or ask the presenter whether the room is still open.",
    "closed-full": "The room is full.",
    "closed-token": "The presenter token does not match this room.",
    "closed-closed": "The presenter closed the room.",
    "closed-idle": "The room was closed because its presenter was idle for too long.",
    "closed-unclaimed": "The room was closed because its presenter never opened it.",
    "closed-slow": "Your connection fell behind the room and was dropped: reconnecting to catch up.",
    "closed-replaced": "The presenter view was opened somewhere else.",
    "closed-left": "You left the room.",
  },
  zh: {
    following: "正在跟随讲师",
    exploring: "正在自行探索：不再显示讲师的步骤",
    explore: "自己探索",
    back: "回到讲师",
    waiting: "等待讲师……",
    students: "{n} 名学生 · {k} 人跟随",
    student1: "1 名学生 · {k} 人跟随",
    inroom: "课堂中 {n} 人",
    nopresenter: "讲师未连接",
    connecting: "正在连接课堂……",
    lost: "与课堂的连接中断，正在重连……",
    poll: "预测下一步",
    votes: "{n} 票",
    vote1: "1 票",
    yourvote: "你的选择：{x}",
    answer: "答案：{x}。",
    moves: "下一步：{x}。",
    right: "你答对了。",
    wrong: "这次没猜中。",
    cancelled: "投票已撤回。",
    reveal: "揭晓并执行",
    revealthis: "执行 {x}",
    cancel: "撤回",
    ask: "向全班提问",
    asknext: "下一步谁执行？",
    askread: "{thread}：会从 {cell} 读到什么？",
    askhold: "{thread}：这一步之后 {cell} 的值是什么？",
    close: "关闭课堂",
    drawer: "课堂",
    confirmclose: "要为所有学生关闭课堂吗？",
    error: "⚠ {msg}",
    "closed-no-room": "没有使用这个代码的课堂：请检查代码，或者问问讲师课堂是否还开着。",
    "closed-full": "课堂已满。",
    "closed-token": "讲师令牌与这个课堂不符。",
    "closed-closed": "讲师关闭了课堂。",
    "closed-idle": "讲师太久没有操作，课堂已关闭。",
    "closed-unclaimed": "讲师一直没有打开课堂，课堂已关闭。",
    "closed-slow": "你的连接跟不上课堂，已被断开：正在重连以赶上进度。",
    "closed-replaced": "讲师视图在别处打开了。",
    "closed-left": "你已离开课堂。",
  },
};

// lang is the page's language.
export const lang = document.documentElement.lang === "zh" ? "zh" : "en";

// t is the UI string key with {name} placeholders filled from vars.
export function t(key, vars = {}) {
  const s = STRINGS[lang][key] ?? STRINGS.en[key] ?? key;
  return s.replace(/\{(\w+)\}/g, (_, k) => String(vars[k] ?? ""));
}

// said is the message of an error or closed event in the page's language:
// the server says each in English and in Chinese.
export const said = (ev) => (lang === "zh" && ev.message_zh) || ev.message;
