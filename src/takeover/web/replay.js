// The replay viewer: steps through every move of a finished game, asking the server for
// the public position after move N (GET /api/games/{id}/steps/{n}, hands included).

import { api } from "./api.js";
import { renderBoard } from "./board.js";
import { renderChains } from "./chains.js";
import { el, replace } from "./dom.js";
import { describe } from "./log.js";
import { displayNames, renderPlayers } from "./players.js";
import { renderScoreSheet } from "./scoresheet.js";

const SPEEDS = [
  ["slow", 1500],
  ["normal", 700],
  ["fast", 250],
];

export class ReplayPage {
  constructor(gameId, step, app) {
    this.gameId = gameId;
    this.app = app;
    this.n = Number.isFinite(step) ? step : 0;
    this.total = null;
    this.cache = new Map();
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
      el("button", { onclick: () => this.go(this.n - 1), title: "Previous (←)", id: "prev" }, "◀"),
      this.playButton,
      el("button", { onclick: () => this.go(this.n + 1), title: "Next (→)", id: "next" }, "▶"),
      el("button", { onclick: () => this.go(this.total), title: "Last (End)" }, "▶|"),
      this.slider,
      this.counter,
      speed,
    );
    this.move = el("div", { class: "replay-move" });
    this.boardBox = el("section", { class: "board-box" });
    this.side = el("div", { class: "col-side" });
    this.sheet = el("div", { class: "sheet-box" });
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
      el("div", { class: "layout" }, el("div", { class: "col-main" }, this.boardBox), this.side),
      this.sheet,
    );
    this.onKey = (event) => this.key(event);
    document.addEventListener("keydown", this.onKey);
    this.go(this.n);
  }

  destroy() {
    clearTimeout(this.timer);
    document.removeEventListener("keydown", this.onKey);
  }

  key(event) {
    const tag = event.target && event.target.tagName;
    if (["INPUT", "SELECT", "TEXTAREA"].includes(tag) && event.target !== this.slider) return;
    const moves = { ArrowLeft: this.n - 1, ArrowRight: this.n + 1, Home: 0, End: this.total };
    if (event.key in moves) {
      event.preventDefault();
      this.go(moves[event.key]);
    } else if (event.key === " ") {
      event.preventDefault();
      this.toggle();
    }
  }

  toggle() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
      this.playButton.textContent = "▶ Play";
      return;
    }
    if (this.total !== null && this.n >= this.total) this.n = 0;
    this.playButton.textContent = "Pause";
    const tick = async () => {
      if (this.total !== null && this.n >= this.total) {
        this.toggle();
        return;
      }
      await this.go(this.n + 1);
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

  async go(n) {
    if (this.total !== null) n = Math.max(0, Math.min(this.total, n));
    if (n < 0) n = 0;
    let data;
    try {
      data = await this.fetch(n);
      this.app.connection("ok");
    } catch (err) {
      if (err.code === "offline") this.app.connection("lost", err.message, () => this.go(n));
      replace(this.move, el("p", { class: "error", text: err.message }));
      return;
    }
    this.n = data.step;
    this.total = data.total;
    this.draw(data);
    history.replaceState(null, "", `#/replay/${encodeURIComponent(this.gameId)}/${this.n}`);
    if (this.n < this.total) this.fetch(this.n + 1).catch(() => {});
  }

  draw(data) {
    const view = data.view;
    this.slider.max = String(data.total);
    this.slider.value = String(data.step);
    this.counter.textContent = `move ${data.step} of ${data.total}`;
    this.node.dataset.step = String(data.step);
    const names = displayNames(view);
    const who = (seat) => names[seat] || `seat ${seat}`;
    if (data.step === 0) {
      replace(
        this.move,
        el("p", {
          class: "muted",
          text: "The start: the deal. Step through the moves with ◀ ▶ or the arrow keys.",
        }),
      );
    } else {
      replace(
        this.move,
        el("p", {}, el("strong", { text: `${who(data.action.player)}: ${data.text}` })),
        el(
          "ol",
          { class: "log" },
          (data.events || [])
            .map((e) => describe(e, who))
            .filter(Boolean)
            .map((t) => el("li", { text: t })),
        ),
      );
    }
    replace(this.boardBox, renderBoard(view, {}));
    const players = renderPlayers(view, null);
    (data.hands || []).forEach((hand, seat) => {
      const item = players.querySelector(`[data-seat="${seat}"]`);
      if (item)
        item.appendChild(
          el(
            "div",
            { class: "replay-hand" },
            el("span", { class: "muted", text: "tiles: " }),
            hand.join(" "),
          ),
        );
    });
    replace(
      this.side,
      el("section", { class: "players-box" }, el("h3", { text: "Players" }), players),
      el("section", { class: "chains-box" }, el("h3", { text: "Chains" }), renderChains(view)),
    );
    replace(this.sheet, view.finished ? renderScoreSheet(view, data.events || []) : null);
  }
}
