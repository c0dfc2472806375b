// The table page: the waiting room before the start, then the live game (board, hand,
// prompt, chains, players, log, chat) and the score sheet at the end. Everything drawn
// comes from the server's messages; the seat token (localStorage) resumes the seat.

import { api, prefs, seats } from "./api.js";
import { renderBoard } from "./board.js";
import { renderChains } from "./chains.js";
import { Chat } from "./chat.js";
import { el, replace } from "./dom.js";
import { renderHand } from "./hand.js";
import { GameLog } from "./log.js";
import { displayNames, renderPlayers } from "./players.js";
import { Prompt } from "./prompts.js";
import { renderScoreSheet } from "./scoresheet.js";
import { TableSocket } from "./socket.js";
import { renderTradeForm } from "./trade.js";
import { renderWaitingRoom } from "./waiting.js";

export class GamePage {
  /**
   * @param {string} tableId
   * @param {{connection: (state: string, text?: string, retry?: () => void) => void}} app
   */
  constructor(tableId, app) {
    this.tableId = tableId;
    this.app = app;
    this.table = null;
    this.state = null;
    this.mySeat = null;
    this.finalEvents = null;
    this.prompt = new Prompt((action) => this.sendAction(action));
    this.log = new GameLog();
    this.chat = new Chat((text) => !!this.socket.send({ type: "chat", text }));
    this.node = el("div", { class: "page game-page", dataset: { table: tableId } });
    this.head = el("header", { class: "table-head" });
    this.notice = el("div", { class: "notice", role: "status" });
    this.waiting = el("section", { class: "waiting-room" });
    this.boardBox = el("section", { class: "board-box" });
    this.handBox = el("section", { class: "hand-box" });
    this.tradeBox = el("div", { class: "trade-box" });
    this.playersBox = el("section", { class: "players-box" });
    this.chainsBox = el("section", { class: "chains-box" });
    this.sheetBox = el("div", { class: "sheet-box" });
    this.logBox = el(
      "section",
      { class: "log-box" },
      el("h3", { text: "Game log" }),
      this.log.node,
    );
    this.talk = el("div", { class: "talk" }, this.logBox, this.chat.node);
    this.layout = el(
      "div",
      { class: "layout", hidden: true },
      el("div", { class: "col-main" }, this.boardBox, this.handBox, this.talk),
      el(
        "div",
        { class: "col-side" },
        this.prompt.node,
        this.tradeBox,
        this.playersBox,
        this.chainsBox,
      ),
    );
    this.node.append(this.head, this.notice, this.waiting, this.sheetBox, this.layout);
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
    this.connect();
  }

  connect() {
    const saved = seats.get(this.tableId);
    this.socket = new TableSocket(
      this.tableId,
      () => {
        const s = seats.get(this.tableId);
        return s ? { type: "hello", token: s.token } : { type: "hello", spectate: true };
      },
      {
        message: (m) => this.message(m),
        status: (status, info) => this.connection(status, info),
      },
    );
    this.mySeat = saved ? saved.seat : null;
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    this.socket.close();
  }

  connection(status, info = {}) {
    if (status === "open") this.app.connection("ok");
    else if (status === "lost")
      this.app.connection(
        "lost",
        `The server is away. Reconnecting in ${Math.ceil(info.retryIn / 1000)} s… (your seat is kept)`,
        () => this.socket.reconnect(),
      );
    else if (status === "connecting" && info.attempt)
      this.app.connection("lost", "The server is away. Reconnecting now…", () =>
        this.socket.reconnect(),
      );
  }

  // ------------------------------------------------------------------ messages
  message(m) {
    switch (m.type) {
      case "welcome":
        this.mySeat = m.seat;
        this.table = m.table;
        if (m.seat !== null && m.name) prefs.name = prefs.name || m.name;
        this.drawTable();
        break;
      case "table":
        this.table = m.table;
        this.drawTable();
        if (this.state) this.drawPlayers();
        break;
      case "state":
        this.onState(m);
        break;
      case "chat":
        this.chat.add(m);
        break;
      case "error":
        this.onError(m);
        break;
      default:
        break;
    }
  }

  onError(m) {
    if (m.code === "unauthorized" && seats.get(this.tableId)) {
      // The stored token no longer opens a seat (e.g. the table was recreated): watch instead.
      seats.forget(this.tableId);
      this.mySeat = null;
      this.say("Your saved seat at this table is no longer valid; you are watching.", "warn");
      this.socket.reconnect();
      return;
    }
    if (m.code === "not_found") {
      this.socket.close();
      this.app.connection("ok");
      this.showArchived(m.message);
      return;
    }
    if (m.code === "stale") {
      this.prompt.error("Someone else decided first; here is the latest position.");
      return;
    }
    if (this.prompt.pending) this.prompt.error(m.message || m.code);
    else this.say(m.message || m.code, "error");
  }

  /** A table that is no longer live: a finished game is shown from the archive. */
  async showArchived(message) {
    try {
      const table = await api.table(this.tableId);
      this.table = table;
      this.drawTable();
      if (table.status !== "finished") throw new Error(message);
      const step = await api.step(this.tableId, table.seq);
      this.finalEvents = step.events || [];
      this.state = {
        seq: step.step,
        status: "finished",
        view: step.view,
        legal: [],
        legal_text: [],
        trading_open: false,
        last: null,
        events: [],
      };
      this.draw();
    } catch {
      this.say(message || "This table does not exist.", "error");
    }
  }

  say(text, kind = "info") {
    replace(this.notice, text ? el("p", { class: kind, text }) : null);
  }

  sendAction(action) {
    if (!this.state) return;
    const ref = this.socket.send({ type: "action", seq: this.state.seq, action });
    if (ref === null) this.prompt.error("Not connected to the server: wait for the reconnection.");
  }

  who = (seat) => {
    const name = this.state && displayNames(this.state.view)[seat];
    if (!name) return `seat ${seat}`;
    return seat === this.mySeat ? `${name} (you)` : name;
  };

  onState(m) {
    const first = !this.state;
    if (this.notice.querySelector(".error")) this.say("");
    this.state = m;
    if (first && Array.isArray(m.recent) && m.recent.length) {
      // The last actions before this page joined, as this seat saw them live.
      for (const r of m.recent) this.logAction(r);
    } else if (first && !m.events.length && m.view.turn) {
      this.log.note(`Joined at turn ${m.view.turn}.`);
    }
    if (m.last) this.logAction({ ...m.last, events: m.events });
    if (m.status === "finished" && m.events.some((e) => e.type === "final_scores")) {
      this.finalEvents = m.events;
    }
    this.draw();
  }

  /** One action in the log: its events in words, or its own words when it caused none. */
  logAction(r) {
    const events = r.events || [];
    if (!events.length) this.log.note(`${this.who(r.player)}: ${r.text}`);
    this.log.add(events, this.who);
  }

  // ------------------------------------------------------------------ drawing
  drawTable() {
    const t = this.table;
    if (!t) return;
    const link = `${location.origin}${location.pathname}#/table/${encodeURIComponent(t.id)}`;
    const ruleset = typeof t.ruleset === "string" ? t.ruleset : `${t.ruleset.preset} (custom)`;
    const copy = el("button", { class: "small", type: "button" }, "Copy invite link");
    copy.addEventListener("click", async () => {
      try {
        await navigator.clipboard.writeText(link);
        copy.textContent = "Copied!";
      } catch {
        copy.textContent = "Select the link to copy";
      }
    });
    replace(
      this.head,
      el("h1", { text: `Table ${t.id}` }),
      el("span", { class: "badge status-" + t.status, text: t.status }),
      el("span", { class: "muted", text: `${t.seats.length} seats · ${ruleset} rules` }),
      t.status !== "finished"
        ? el(
            "span",
            { class: "invite" },
            el("input", {
              class: "invite-link",
              readonly: true,
              value: link,
              "aria-label": "invite link",
              onfocus: (e) => e.target.select(),
            }),
            copy,
          )
        : null,
    );
    if (t.status === "open") {
      this.waiting.hidden = false;
      replace(this.waiting, renderWaitingRoom(t, this.mySeat, this), this.chat.node);
    } else {
      this.waiting.hidden = true;
    }
  }

  drawPlayers() {
    replace(
      this.playersBox,
      el("h3", { text: "Players" }),
      renderPlayers(this.state.view, this.table),
    );
  }

  draw() {
    const m = this.state;
    const view = m.view;
    this.layout.hidden = false;
    this.waiting.hidden = true;
    if (this.chat.node.parentNode !== this.talk) this.talk.appendChild(this.chat.node);
    const placeable = new Map(
      m.legal.filter((a) => a.type === "place_tile").map((a) => [a.tile, a]),
    );
    const hand = view.hand || [];
    const place = (action) => this.prompt.act(action);
    replace(this.boardBox, renderBoard(view, { placeable, hand, onPlace: place }));
    if (view.hand) {
      replace(
        this.handBox,
        el("h3", { text: "Your tiles" }),
        renderHand(view.hand, placeable, place),
      );
    } else {
      replace(
        this.handBox,
        el("p", { class: "muted", text: view.finished ? "" : "You are watching this game." }),
      );
    }
    this.prompt.update(m);
    replace(
      this.tradeBox,
      m.trading_open ? renderTradeForm(view, (a) => this.sendAction(a)) : null,
    );
    this.drawPlayers();
    replace(this.chainsBox, el("h3", { text: "Chains" }), renderChains(view));
    document.title = m.legal.length ? "● Your move – Takeover" : "Takeover";
    this.node.dataset.seq = String(m.seq);
    this.node.dataset.status = m.status;
    if (m.status === "finished") this.drawSheet();
    else replace(this.sheetBox);
  }

  async drawSheet() {
    const view = this.state.view;
    if (!this.finalEvents) {
      // A reload after the end: the last action's events (the final scoring) come from the archive.
      try {
        const step = await api.step(this.tableId, this.state.seq);
        this.finalEvents = step.events || [];
      } catch {
        this.finalEvents = [];
      }
    }
    replace(
      this.sheetBox,
      renderScoreSheet(view, this.finalEvents),
      el(
        "p",
        {},
        el(
          "a",
          { href: `#/replay/${encodeURIComponent(this.tableId)}` },
          "Replay this game move by move",
        ),
        " · ",
        el("a", { href: "#/" }, "Back to the lobby"),
      ),
    );
  }

  key(event) {
    const target = event.target;
    if (
      target &&
      (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName))
    )
      return;
    if (event.ctrlKey || event.metaKey || event.altKey) return;
    if (this.prompt.key(event)) event.preventDefault();
  }

  // ------------------------------------------------------------------ the waiting room's actions
  async join(seat, name) {
    const reply = await api.join(this.tableId, name, seat);
    prefs.name = name;
    seats.set(this.tableId, reply.seat, reply.token, name);
    this.mySeat = reply.seat;
    this.table = reply.table;
    this.socket.reconnect();
  }

  async leave() {
    const saved = seats.get(this.tableId);
    if (!saved) return;
    await api.leave(this.tableId, saved.token);
    seats.forget(this.tableId);
    this.mySeat = null;
    this.socket.reconnect();
  }

  async start(fill) {
    const saved = seats.get(this.tableId);
    const reply = await api.start(this.tableId, saved ? saved.token : null, fill || null);
    this.table = reply.table || reply;
  }
}
