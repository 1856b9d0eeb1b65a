// protocol.js speaks Lockstep's WebSocket protocol, version 1 (see
// web/protocol.md). The server is authoritative: this module only carries
// commands out and events in; it never computes a step.

// VERSION is the protocol version every message carries.
export const VERSION = 1;

// Connection is one WebSocket to /ws that reconnects after a drop. Each
// (re)opened socket is announced by a hello event; the owner then sends
// load again, so a reconnect restores the session from the schedule and
// position it last saw.
export class Connection {
  // constructor takes the socket URL and handlers: onEvent(msg) for every
  // event, onStatus(status) with "connecting", "open" or "closed".
  constructor(url, { onEvent, onStatus }) {
    this.url = url;
    this.onEvent = onEvent;
    this.onStatus = onStatus;
    this.nextID = 1;
    this.delay = 250; // ms before the next reconnect; doubles up to 8 s
    this.ws = null;
    this.stopped = false;
  }

  // open starts the first connection.
  open() {
    this.onStatus("connecting");
    const ws = new WebSocket(this.url);
    this.ws = ws;
    ws.addEventListener("message", (e) => this.receive(e.data));
    ws.addEventListener("close", () => this.dropped(ws));
  }

  // receive decodes one frame; frames of another version are ignored.
  receive(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (msg.v !== VERSION) return;
    if (msg.type === "hello") {
      this.delay = 250;
      this.onStatus("open");
    }
    this.onEvent(msg);
  }

  // dropped schedules a reconnect after ws closed.
  dropped(ws) {
    if (ws !== this.ws || this.stopped) return;
    this.ws = null;
    this.onStatus("closed");
    setTimeout(() => this.open(), this.delay);
    this.delay = Math.min(this.delay * 2, 8000);
  }

  // ready reports whether a command can be sent now.
  ready() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  // send sends command type with its fields and returns its id, or 0 when
  // the socket is not open (the command is dropped, not queued: the page
  // is redrawn from the server's answer to the next load).
  send(type, fields = {}) {
    if (!this.ready()) return 0;
    const id = this.nextID++;
    this.ws.send(JSON.stringify({ v: VERSION, id, type, ...fields }));
    return id;
  }
}

// socketURL returns the URL of the WebSocket at path (default /ws) on the
// page's own origin.
export function socketURL(loc, path = "/ws") {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}${path && path.startsWith("/") ? path : "/ws"}`;
}
