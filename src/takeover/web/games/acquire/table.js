// Acquire's panels on the live table page: the board (with its legend) and your hand in the
// main column; the trade form and the chains table beside the prompt; the players with the
// log and chat. The shell places the panels and calls `update` with every `state` message.

import { el, replace } from "../../shell/dom.js";
import { renderBoard, renderLegend } from "./board.js";
import { renderChains } from "./chains.js";
import { learnColours, openingWords } from "./events.js";
import { renderHand } from "./hand.js";
import { renderPlayers } from "./players.js";
import { renderTradeForm } from "./trade.js";

export class AcquireTable {
  /** @param {object} ctx the shell's table context (docs/web-client.md) */
  constructor(ctx) {
    this.ctx = ctx;
    this.boardBox = el("section", { class: "board-box" });
    this.handBox = el("section", { class: "hand-box" });
    this.tradeBox = el("div", { class: "trade-box" });
    this.chainsBox = el("section", { class: "chains-box" });
    this.playersBox = el("section", { class: "players-box" });
    this.panels = {
      main: [this.boardBox, this.handBox],
      decide: [this.tradeBox, this.chainsBox],
      aside: [this.playersBox],
    };
  }

  update(state) {
    const ctx = this.ctx;
    const view = state.view;
    learnColours(view); // the log's lines, drawn after this, mark chains in their colours
    const names = ctx.names();
    // the draw that decided who begins heads the log (again after a reload)
    if (ctx.opening) ctx.opening(openingWords(view, (seat) => names[seat]));
    const placeable = new Map(
      state.legal.filter((a) => a.type === "place_tile").map((a) => [a.tile, a]),
    );
    const place = (action) => ctx.act(action);
    replace(
      this.boardBox,
      // after the end the hand is no longer a move to make: the board shows none of it
      renderBoard(view, { placeable, hand: view.finished ? [] : view.hand || [], onPlace: place }),
      renderLegend(!!view.hand && !view.finished),
    );
    if (view.hand) {
      replace(
        this.handBox,
        el("h3", { text: view.finished ? "Your tiles, left unplaced" : "Your tiles" }),
        renderHand(view.hand, placeable, place, !!view.finished),
      );
    } else {
      replace(
        this.handBox,
        el("p", { class: "muted", text: view.finished ? "" : "You are watching this game." }),
      );
    }
    replace(
      this.tradeBox,
      state.trading_open ? renderTradeForm(view, (a) => ctx.send(a), names) : null,
    );
    replace(this.chainsBox, el("h3", { text: "Chains" }), renderChains(view, names));
    this.refreshSeats(state);
  }

  /** Only the players (names, presence), e.g. when someone connects: forms keep their input. */
  refreshSeats(state) {
    replace(
      this.playersBox,
      el("h3", { text: "Players" }),
      renderPlayers(state.view, (seat, o) => this.ctx.seatLabel(seat, o)),
    );
  }

  destroy() {}
}
