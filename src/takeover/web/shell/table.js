// The table page, the same for every game: the waiting room before the start, then the live
// game and the score sheet at the end. The shell owns the connection, the prompt's mechanics,
// the log, the chat and the layout; the game module (games/index.js, picked by the table's
// `game`) draws its panels, its prompts and its log lines. Everything drawn comes from the
// server's messages; the seat token (localStorage) resumes the seat.

import { gameOf, gameTitle, loadGame, UnknownGame } from "../games/index.js";
import { api, prefs, seats } from "./api.js";
import { Chat } from "./chat.js";
import { awayNotice, clockNote, TurnClock } from "./clock.js";
import { el, replace } from "./dom.js";
import { endVoteNodes } from "./endvote.js";
import { GameLog } from "./log.js";
import { TurnNotice } from "./notify.js";
import { applyPatch } from "./patch.js";
import { Prompt } from "./prompt.js";
import { displayNames, seatLabel } from "./seats.js";
import { undoNodes } from "./undo.js";
import { settingsLine } from "./settings.js";
import { TableSocket } from "./socket.js";
import { renderWaitingRoom } from "./waiting.js";
import { plural } from "./words.js";

/** How many earlier actions one "Load earlier moves" asks for. */
const HISTORY_PAGE = 200;
const HISTORY_TIMEOUT_MS = 15000;

export class TablePage {
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
    this.game = null;
    this.view = null; // the game module's panels
    this.prompt = null;
    this.log = null;
    this.presenceKnown = false; // whether the seats' presence is what the server says now
    this.requests = new Map(); // ref -> {resolve, reject} of history requests
    this.notes = []; // the game's log lines for the state being drawn (ctx.note)
    this.inbox = Promise.resolve();
    this.chat = new Chat((text) => !!this.socket.send({ type: "chat", text }));
    this.clock = new TurnClock(this.who, () => this.mySeat);
    this.turnNotice = new TurnNotice(tableId);
    this.away = el("p", { class: "away-notice", role: "status", hidden: true });
    this.endVote = el("div", { class: "end-vote", role: "status", hidden: true });
    this.hintText = el("span", { class: "hint-text", role: "status" });
    this.hintBox = el(
      "div",
      { class: "hint-box", hidden: true },
      el("button", {
        type: "button",
        class: "hint-button",
        onclick: () => this.askHint(),
        text: "Hint",
        title: "What would the bot play here?",
      }),
      this.hintText,
    );
    this.hintFor = null; // the seq the hint shown is for
    this.undoBox = el("div", { class: "undo-box", role: "status", hidden: true });
    this.node = el("div", { class: "page game-page", dataset: { table: tableId } });
    this.head = el("header", { class: "table-head" });
    this.notice = el("div", { class: "notice", role: "status" });
    this.waiting = el("section", { class: "waiting-room" });
    this.sheetBox = el("div", { class: "sheet-box" });
    this.main = el("div", { class: "region region-main" });
    this.decide = el("div", { class: "region region-decide" });
    this.aside = el("div", { class: "region region-aside" });
    this.layout = el("div", { class: "layout", hidden: true }, this.main, this.decide, this.aside);
    this.node.append(
      this.head,
      this.notice,
      this.turnNotice.node,
      this.waiting,
      this.sheetBox,
      this.layout,
    );
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
        // legal_pending: this page takes a slow position's legal actions in a `legal` message
        return s
          ? { type: "hello", token: s.token, legal_pending: true, patches: true }
          : { type: "hello", spectate: true, patches: true };
      },
      {
        // Messages are handled one after another: the first may have to load the game module.
        message: (m) => {
          this.inbox = this.inbox.then(() => this.message(m)).catch((err) => this.fail(err));
        },
        status: (status, info) => this.connection(status, info),
      },
    );
    this.mySeat = saved ? saved.seat : null;
  }

  destroy() {
    document.removeEventListener("keydown", this.onKey);
    this.clock.destroy();
    this.socket.close();
    if (this.view) this.view.destroy();
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
    if (status !== "open") {
      // Until the server speaks again, who is connected is not known: say so.
      this.setPresence(false);
      for (const { reject } of this.requests.values()) reject(new Error("the connection was lost"));
      this.requests.clear();
    }
  }

  setPresence(known) {
    if (this.presenceKnown === known) return;
    this.presenceKnown = known;
    if (this.table && this.table.status === "open") this.drawTable();
    this.redrawSeats();
  }

  /** Redraw what shows the seats (names, presence) after a `table` message or a lost socket. */
  redrawSeats() {
    if (!this.view || !this.state) return;
    if (this.view.refreshSeats) this.view.refreshSeats(this.state);
    else this.view.update(this.state);
  }

  // ------------------------------------------------------------------ messages
  async message(m) {
    switch (m.type) {
      case "welcome":
        this.mySeat = m.seat;
        this.chat.setWriter(m.seat !== null);
        if (m.seat === null) {
          api
            .options()
            .then((o) => this.chat.setWriter(Boolean(o.limits && o.limits.spectator_chat)))
            .catch(() => {});
        }
        this.table = m.table;
        this.presenceKnown = true;
        if (m.seat !== null && m.name) prefs.name = prefs.name || m.name;
        if (!(await this.useGame(gameOf(m.table)))) return;
        this.drawTable();
        this.drawAway();
        break;
      case "table":
        this.table = m.table;
        this.presenceKnown = true;
        if (!(await this.useGame(gameOf(m.table)))) return;
        this.drawTable();
        this.redrawSeats();
        this.drawAway();
        break;
      case "state":
        if (m.view_patch) {
          // what changed since the last state (the hello asked for patches)
          m.view = applyPatch(this.state.view, m.view_patch);
          delete m.view_patch;
        }
        if (!(await this.useGame(gameOf(this.table, m, m.view)))) return;
        this.onState(m);
        break;
      case "legal":
      case "legal_error":
        this.onLegal(m);
        break;
      case "clock":
        this.onClock(m);
        break;
      case "history":
        this.answered(m.ref, null, m.actions || []);
        break;
      case "chat":
        this.chat.add(m);
        break;
      case "hint":
        this.showHint(m);
        break;
      case "error":
        if (this.requests.has(m.ref)) this.answered(m.ref, m);
        else if (m.ref !== undefined && m.ref === this.hintRef) this.hintText.textContent = m.message;
        else this.onError(m);
        break;
      default:
        break;
    }
  }

  /** Load the table's game module once; false (and a message) when this page cannot draw it. */
  async useGame(name) {
    if (this.game) return true;
    if (this.unsupported) return false;
    let game;
    try {
      game = await loadGame(name);
    } catch (err) {
      if (!(err instanceof UnknownGame)) throw err;
      this.unsupported = true;
      this.socket.close();
      this.app.connection("ok");
      this.say(`This table plays ${gameTitle(name)}: ${err.message}`, "error");
      return false;
    }
    this.game = game;
    this.node.dataset.game = game.name;
    this.prompt = new Prompt(
      game,
      (action) => this.sendAction(action),
      () => this.names(),
      () => this.mySeat,
    );
    this.log = new GameLog(game.describe, (before) => this.history(before), this.who);
    this.view = game.createTable({
      act: (action) => this.prompt.act(action),
      send: (action) => this.sendAction(action),
      names: () => this.names(),
      seatLabel: (seat, o = {}) => this.seatLabel(seat, o),
      mySeat: () => this.mySeat,
      // a line of the game's own in the log, after this state's actions ("Stock round 2")
      note: (text) => this.notes.push(text),
      // the line that heads the log before the first action, kept across reloads
      opening: (text) => this.log.setOpening(text),
    });
    replace(this.main, this.view.panels.main || []);
    const decide = this.view.panels.decide || [];
    replace(
      this.decide,
      this.clock.node,
      this.away,
      this.endVote,
      this.undoBox,
      this.hintBox,
      this.prompt.node,
      decide,
    );
    replace(this.aside, this.view.panels.aside || [], this.log.node);
    return true;
  }

  fail(err) {
    console.warn(err);
    this.say(`Something went wrong on this page: ${err.message}`, "error");
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
      this.prompt?.error("Someone else decided first; here is the latest position.");
      return;
    }
    if (this.prompt && this.prompt.pending) this.prompt.error(m.message || m.code);
    else this.say(m.message || m.code, "error");
  }

  /** A table that is no longer live: a finished game is shown from the archive. */
  async showArchived(message) {
    try {
      const table = await api.table(this.tableId);
      this.table = table;
      if (!(await this.useGame(gameOf(table)))) return;
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

  /**
   * The actions before action number `before`, as this seat saw them: the `history` request
   * (docs/web-client.md). Rejects with a sentence when the server cannot answer.
   */
  history(before) {
    return new Promise((resolve, reject) => {
      const ref = this.socket.send({ type: "history", before, limit: HISTORY_PAGE });
      if (ref === null) {
        reject(new Error("not connected to the server"));
        return;
      }
      const timer = setTimeout(() => {
        this.requests.delete(ref);
        reject(new Error("the server did not answer"));
      }, HISTORY_TIMEOUT_MS);
      this.requests.set(ref, {
        resolve: (v) => (clearTimeout(timer), resolve(v)),
        reject: (e) => (clearTimeout(timer), reject(e)),
      });
    });
  }

  answered(ref, error, actions) {
    const request = this.requests.get(ref);
    if (!request) return;
    this.requests.delete(ref);
    if (!error) request.resolve(actions);
    else if (error.code === "bad_request")
      request.reject(new Error("this server does not send them yet"));
    else request.reject(new Error(error.message || error.code));
  }

  /** Display names by seat: the table's seats (short names), else the view's players. */
  names() {
    if (this.table) return displayNames(this.table.seats);
    if (this.state && this.game) return displayNames(this.game.players(this.state.view));
    return [];
  }

  who = (seat) => {
    const name = this.names()[seat];
    if (!name) return `seat ${seat + 1}`;
    return seat === this.mySeat ? `${name} (you)` : name;
  };

  seatLabel(seat, o) {
    const names = this.names();
    const info = (this.table && this.table.seats.find((s) => s.seat === seat)) || {
      seat,
      name: names[seat],
    };
    return seatLabel(info, {
      name: names[seat] || `seat ${seat + 1}`,
      presence: !!this.table,
      known: this.presenceKnown,
      me: seat === this.mySeat,
      toMove: !!o.toMove,
    });
  }

  /** The turn timer changed without a move: a seat ran out of time or came back. */
  onClock(m) {
    this.clock.set(m.clock);
    const note = clockNote(m.event, this.who);
    if (note && this.log) this.log.note(note, "note clock");
  }

  /** For a person whose time ran out: who plays for them, and "I'm back". */
  drawAway() {
    const t = this.table;
    const seat = t && this.mySeat !== null ? t.seats.find((s) => s.seat === this.mySeat) : null;
    const back = () => this.socket.send({ type: "back" });
    const nodes = t && t.status === "playing" ? awayNotice(seat, t.on_timeout, back) : [];
    this.away.hidden = !nodes.length;
    replace(this.away, nodes);
    const vote = endVoteNodes(t, this.mySeat, (m) => this.socket.send(m));
    this.endVote.hidden = !vote.length;
    replace(this.endVote, vote);
    this.drawHint();
    this.drawUndo();
  }

  /** The hint button: for the seat to move, where the table allows hints (docs/server-protocol.md,
   * "hint"): against bots, or at a table made with hints on. */
  drawHint() {
    const t = this.table;
    const s = this.state;
    const mine =
      !!s && !!s.decision && this.mySeat !== null && s.decision.seats.includes(this.mySeat);
    this.hintBox.hidden = !(t && t.hints && t.status === "playing" && mine);
    if (!s || this.hintFor !== s.seq) {
      this.hintFor = null;
      this.hintText.textContent = "";
    }
  }

  askHint() {
    if (!this.state) return;
    this.hintText.textContent = "Thinking…";
    this.hintFor = this.state.seq;
    this.hintRef = this.socket.send({ type: "hint", seq: this.state.seq });
  }

  showHint(m) {
    if (!this.state || m.seq !== this.state.seq) return; // the game moved on meanwhile
    this.hintFor = m.seq;
    this.hintText.textContent = `The bot would play: ${m.text}`;
  }

  /** The undo button, or another seat's request to vote on (./undo.js). */
  drawUndo() {
    const nodes = undoNodes(this.table, this.state, this.mySeat, (m) => this.socket.send(m));
    this.undoBox.hidden = !nodes.length;
    replace(this.undoBox, nodes);
  }

  onState(m) {
    if (this.notice.querySelector(".error")) this.say("");
    this.state = m;
    this.clock.set(m.clock);
    this.drawHint();
    this.turnNotice.update(m, this.mySeat, gameTitle(gameOf(this.table, m)));
    if (m.status === "finished" && (m.events || []).some((e) => e.type === "final_scores")) {
      this.finalEvents = m.events;
    }
    // The position first, then its log lines: a game's words may use what the position
    // showed (1817 names privates from its latest view).
    this.draw();
    if (Array.isArray(m.recent) && m.recent.length) {
      // The last actions before this page (re)joined, as this seat saw them live.
      this.log.append(m.recent);
    } else if (!m.last) {
      this.log.startAfter(m.seq);
    }
    if (m.last) this.log.append([{ seq: m.seq, ...m.last, events: m.events }]);
    for (const text of this.notes.splice(0)) this.log.note(text, "note game-note");
    if (m.legal_pending) this.say("Working out your possible moves…", "pending");
    else if (m.legal_error) this.say(m.legal_error, "warn");
  }

  /**
   * The legal actions of a position whose `state` said `legal_pending` (the server listed
   * them away from the table: 1817's route decisions), or, after `legal_error`, the quick
   * ones it offers instead. A listing for an older position is stale: ignored.
   */
  onLegal(m) {
    if (!this.state || m.seq !== this.state.seq) return;
    this.state = { ...this.state, legal: m.legal, legal_text: m.legal_text, legal_pending: false };
    this.draw();
    if (m.type === "legal_error") this.say(m.message, "warn");
    else if (this.notice.querySelector(".pending")) this.say("");
  }

  // ------------------------------------------------------------------ drawing
  drawTable() {
    const t = this.table;
    if (!t) return;
    const link = `${location.origin}${location.pathname}#/table/${encodeURIComponent(t.id)}`;
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
      el("span", {
        class: "muted",
        text: `${gameTitle(gameOf(t))} · ${plural(t.seats.length, "seat")} ·`,
      }),
      settingsLine(t, "settings muted"),
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
      replace(
        this.waiting,
        renderWaitingRoom(t, this.mySeat, this, this.presenceKnown),
        this.chat.node,
      );
    } else {
      this.waiting.hidden = true;
    }
  }

  draw() {
    const m = this.state;
    this.layout.hidden = false;
    this.waiting.hidden = true;
    if (this.chat.node.parentNode !== this.aside) this.aside.appendChild(this.chat.node);
    this.prompt.update(m);
    this.view.update(m);
    this.drawUndo();
    document.title = m.legal.length ? "● Your move – Takeover" : "Takeover";
    this.node.dataset.seq = String(m.seq);
    this.node.dataset.legalPending = m.legal_pending ? "yes" : "no";
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
      this.game.renderScoreSheet(view, this.finalEvents, { names: () => this.names() }),
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
    if (this.prompt && this.prompt.key(event)) event.preventDefault();
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
