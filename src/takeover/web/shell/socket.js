// One WebSocket per table: says hello (with the seat token or as a spectator), keeps the
// connection alive, and reconnects with backoff when the server goes away, so a seat is
// never lost to a network blip or a server restart.

const PING_MS = 20000;
const BACKOFF_MS = [500, 1000, 2000, 4000, 8000, 15000];

export class TableSocket {
  /**
   * @param {string} tableId
   * @param {() => object} hello returns the hello message to send on each (re)connection
   * @param {{message: (m: object) => void, status: (s: string, info?: object) => void}} on
   */
  constructor(tableId, hello, on) {
    this.tableId = tableId;
    this.hello = hello;
    this.on = on;
    this.ws = null;
    this.closed = false;
    this.attempt = 0;
    this.refs = 0;
    this.timer = null;
    this.pinger = null;
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/ws/tables/${encodeURIComponent(this.tableId)}`;
  }

  connect() {
    if (this.closed) return;
    this.on.status("connecting", { attempt: this.attempt });
    let ws;
    try {
      ws = new WebSocket(this.url());
    } catch {
      this.retry();
      return;
    }
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      ws.send(JSON.stringify(this.hello()));
      this.on.status("open");
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), PING_MS);
    };
    ws.onmessage = (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (message && typeof message === "object" && message.type !== "pong") {
        this.on.message(message);
      }
    };
    ws.onclose = (event) => {
      clearInterval(this.pinger);
      if (this.ws !== ws) return;
      this.ws = null;
      if (this.closed) return;
      if (event.code === 1008) {
        this.on.status("refused", { reason: event.reason });
      }
      this.retry();
    };
    ws.onerror = () => {
      // onclose follows and schedules the retry.
    };
  }

  retry() {
    if (this.closed) return;
    const base = BACKOFF_MS[Math.min(this.attempt, BACKOFF_MS.length - 1)];
    const delay = Math.round(base * (0.8 + Math.random() * 0.4));
    this.attempt += 1;
    this.on.status("lost", { retryIn: delay, attempt: this.attempt });
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.connect(), delay);
  }

  /** Reconnect now (the "retry now" button), e.g. after the server came back. */
  reconnect() {
    clearTimeout(this.timer);
    if (this.ws) {
      const ws = this.ws;
      this.ws = null;
      ws.close();
    }
    this.attempt = 0;
    this.connect();
  }

  get isOpen() {
    return !!this.ws && this.ws.readyState === WebSocket.OPEN;
  }

  /** Send a message; returns its ref, or null when the connection is down. */
  send(message) {
    if (!this.isOpen) return null;
    const ref = ++this.refs;
    this.ws.send(JSON.stringify({ ...message, ref }));
    return ref;
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    clearInterval(this.pinger);
    if (this.ws) this.ws.close();
    this.ws = null;
  }
}
