// The replay viewer: steps through every move of a finished game, asking the server for the
// public position after move N (GET /api/games/{id}/steps/{n}, hands included). The controls
// and the move's log are the shell's; the position is drawn by the game module's
// `renderReplay`. Every key press counts: presses move a target step at once, and the viewer
// draws the newest target when its position arrives (positions in between may be skipped). A
// step refused as one too many (rate-limited, or the server busy) is asked for again a moment later.

import { gameOf, loadGame } from "../games/index.js";
import { AnalysisPanel } from "./analysis.js";
import { api } from "./api.js";
import { el, replace } from "./dom.js";
import { displayNames, seatLabel } from "./seats.js";
import { isTouch } from "./words.js";

const RETRY_MS = 1000; // after a step the server refused as too many at once (429, 503 busy)

const SPEEDS = [
  ["slow", 1500],
  ["normal", 700],
  ["fast", 250],
];

export class ReplayPage {
  constructor(gameId, step, app) {
    this.gameId = gameId;
    this.app = app;
    this.target = Number.isFinite(step) && step > 0 ? step : 0;
    this.shown = null; // the step drawn now
    this.total = null;
    this.table = null;
    this.game = null;
    this.cache = new Map();
    this.showing = null;
    this.timer = null;
    this.delay = SPEEDS[1][1];
    this.slider = el("input", {
      type: "range",
      min: 0,
      max: 0,
      value: 0,
      "aria-label": "move",
      class: "scrubber",
    });
    this.slider.addEventListener("input", () => this.go(Number(this.slider.value)));
    this.counter = el("span", { class: "counter" });
    this.playButton = el(
      "button",
      { onclick: () => this.toggle(), title: "Play / pause (space)" },
      "▶ Play",
    );
    const speed = el(
      "select",
      { "aria-label": "speed" },
      SPEEDS.map(([label, ms]) =>
        el("option", { value: ms, text: label, selected: ms === this.delay }),
      ),
    );
    speed.addEventListener("change", () => (this.delay = Number(speed.value)));
    this.controls = el(
      "div",
      { class: "replay-controls" },
      el("button", { onclick: () => this.go(0), title: "First (Home)" }, "|◀"),
      el(
        "button",
        { onclick: () => this.go(this.target - 1), title: "Previous (←)", id: "prev" },
        "◀",
      ),
      this.playButton,
      el("button", { onclick: () => this.go(this.target + 1), title: "Next (→)", id: "next" }, "▶"),
      el("button", { onclick: () => this.end(), title: "Last (End)" }, "▶|"),
      this.slider,
      this.counter,
      speed,
    );
    this.move = el("div", { class: "replay-move" });
    this.main = el("div", { class: "region region-main" });
    this.side = el("div", { class: "region region-decide" });
    this.sheet = el("div", { class: "sheet-box" });
    this.analysis = new AnalysisPanel(
      gameId,
      (n) => this.go(n),
      () => (this.table ? displayNames(this.table.seats) : []),
    );
    this.node = el(
      "div",
      { class: "page replay-page", dataset: { game: gameId } },
      el(
        "header",
        { class: "table-head" },
        el("h1", { text: `Replay of ${gameId}` }),
        el("a", { href: "#/games" }, "All finished games"),
      ),
      this.controls,
      this.move,
      this.analysis.node,
      el("div", { class: "layout replay-layout" }, this.main, this.side),
      this.sheet,
    );
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
    this.go(this.target);
  }

  destroy() {
    clearTimeout(this.timer);
    this.analysis.destroy();
    document.removeEventListener("keydown", this.onKey);
  }

  key(event) {
    const tag = event.target && event.target.tagName;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) && event.target !== this.slider) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) {
      event.preventDefault();
      this.go(this.target + moves[event.key]);
    } else if (event.key === "Home") {
      event.preventDefault();
      this.go(0);
    } else if (event.key === "End") {
      event.preventDefault();
      this.end();
    } else if (event.key === " ") {
      event.preventDefault();
      this.toggle();
    }
  }

  async end() {
    if (this.total === null) await this.showing;
    if (this.total !== null) this.go(this.total);
  }

  toggle() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.playButton.textContent = "▶ Play";
      return;
    }
    if (this.total !== null && this.target >= this.total) this.target = 0;
    this.playButton.textContent = "Pause";
    const tick = async () => {
      if (this.total !== null && this.target >= this.total) {
        this.toggle();
        return;
      }
      await this.go(this.target + 1);
      if (this.timer) this.timer = setTimeout(tick, this.delay);
    };
    this.timer = setTimeout(tick, 0);
  }

  fetch(n) {
    if (!this.cache.has(n)) {
      const p = api.step(this.gameId, n);
      p.catch(() => this.cache.delete(n));
      this.cache.set(n, p);
    }
    return this.cache.get(n);
  }

  clamp(n) {
    n = Math.max(0, n);
    return this.total === null ? n : Math.min(this.total, n);
  }

  /** Move to step `n` at once; resolves when the newest target is drawn. */
  go(n) {
    this.target = this.clamp(n);
    if (this.total !== null) this.counter.textContent = `move ${this.target} of ${this.total}`;
    if (!this.showing) this.showing = this.showLoop().finally(() => (this.showing = null));
    return this.showing;
  }

  /** Fetch and draw until the step drawn is the newest target (presses during a fetch count). */
  async showLoop() {
    if (!this.game) await this.loadGame();
    for (;;) {
      const n = this.target;
      let data;
      try {
        data = await this.fetch(n);
        this.app.connection("ok");
      } catch (err) {
        if (err.code === "rate_limited" || err.code === "busy") {
          // too many steps asked at once (a key held down): ask again in a moment
          await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
          continue;
        }
        if (err.code === "offline") this.app.connection("lost", err.message, () => this.go(n));
        replace(this.move, el("p", { class: "error", text: err.message }));
        return;
      }
      this.total = data.total;
      this.target = this.clamp(this.target);
      if (n !== this.target) continue;
      this.draw(data);
      history.replaceState(null, "", `#/replay/${encodeURIComponent(this.gameId)}/${n}`);
      if (n < this.total) this.fetch(n + 1).catch(() => {});
      return;
    }
  }

  /** The game's module (from the table's `game`) and its seats, for names. */
  async loadGame() {
    try {
      this.table = await api.table(this.gameId);
    } catch {
      this.table = null; // names then come from the view
    }
    const first = await this.fetch(this.target).catch(() => null);
    this.game = await loadGame(gameOf(this.table, first, first && first.view));
    this.node.dataset.gameName = this.game.name;
  }

  names(view) {
    if (this.table) return displayNames(this.table.seats);
    return displayNames(this.game.players(view));
  }

  draw(data) {
    const view = data.view;
    this.shown = data.step;
    this.slider.max = String(data.total);
    this.slider.value = String(data.step);
    this.counter.textContent = `move ${data.step} of ${data.total}`;
    this.node.dataset.step = String(data.step);
    const names = this.names(view);
    const who = (seat) => names[seat] || `seat ${seat + 1}`;
    const ctx = {
      names: () => names,
      seatLabel: (seat, o = {}) => {
        const info = (this.table && this.table.seats.find((s) => s.seat === seat)) || {
          seat,
          name: names[seat],
        };
        return seatLabel(info, { name: who(seat), presence: false, toMove: !!o.toMove });
      },
    };
    if (data.step === 0) {
      replace(
        this.move,
        el("p", {
          class: "muted",
          text: isTouch()
            ? "The start: the deal. Step through the moves with ◀ ▶."
            : "The start: the deal. Step through the moves with ◀ ▶ or the arrow keys.",
        }),
      );
    } else {
      const entry = { player: data.action.player, action: data.action, text: data.text };
      // a game may say the move in its own words (optional `actionText`); else the server's
      const head = (this.game.actionText && this.game.actionText(entry, who)) || null;
      const lines = (data.events || [])
        .map((e) => this.game.describe(e, who, entry))
        .filter((line) => line && line !== head);
      replace(
        this.move,
        el("p", {}, el("strong", { text: head || `${who(data.action.player)}: ${data.text}` })),
        this.analysis.choice,
        el(
          "ol",
          { class: "log" },
          lines.map((line) => el("li", {}, line)),
        ),
      );
    }
    this.analysis.show(data.step);
    const drawn = this.game.renderReplay(data, ctx);
    replace(this.main, drawn.main || []);
    replace(this.side, drawn.side || []);
    replace(
      this.sheet,
      data.step === data.total ? this.game.renderScoreSheet(view, data.events || [], ctx) : null,
    );
  }
}
