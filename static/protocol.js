// protocol.js speaks Lockstep's WebSocket protocol, version 1 (see
// web/playground/protocol/protocol.md). The server is authoritative: this
// module only carries commands out and events in; it never computes a
// step.

// VERSION is the protocol version every message carries.
export const VERSION = 1;

// Connection is one WebSocket that reconnects after a drop: the
// playground's /ws, or a classroom's room socket. Each (re)opened socket is
// announced by a greeting event (hello on /ws); the owner then sends load
// again, so a reconnect restores the session from the schedule and position
// it last saw.
export class Connection {
  // constructor takes the socket URL and handlers: onEvent(msg) for every
  // event, onStatus(status) with "connecting", "open", "closed" or
  // "stopped". Options: version, the protocol version of its messages
  // (default VERSION); greeting, the type of the event that says the socket
  // is open (default "hello"); final(msg, code), true for an event (or,
  // with msg null, a close status) after which it must not reconnect.
  constructor(url, { onEvent, onStatus, version = VERSION, greeting = "hello", final = () => false }) {
    this.url = url;
    this.version = version;
    this.onEvent = onEvent;
    this.onStatus = onStatus;
    this.greeting = greeting;
    this.final = final;
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
    ws.addEventListener("close", (e) => this.dropped(ws, e.code));
  }

  // receive decodes one frame; frames of another version are ignored.
  receive(data) {
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (msg.v !== this.version) return;
    if (msg.type === this.greeting) {
      this.delay = 250;
      this.onStatus("open");
    }
    if (this.final(msg, 0)) this.stopped = true;
    this.onEvent(msg);
  }

  // dropped schedules a reconnect after ws closed, unless the connection
  // was told to stop.
  dropped(ws, code) {
    if (ws !== this.ws) return;
    this.ws = null;
    if (this.final(null, code)) this.stopped = true;
    if (this.stopped) {
      this.onStatus("stopped");
      return;
    }
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
    this.ws.send(JSON.stringify({ v: this.version, id, type, ...fields }));
    return id;
  }
}

// socketURL returns the URL of the WebSocket at path (default /ws) on the
// page's own origin.
export function socketURL(loc, path = "/ws") {
  const scheme = loc.protocol === "https:" ? "wss:" : "ws:";
  return `${scheme}//${loc.host}${path && path.startsWith("/") ? path : "/ws"}`;
}
